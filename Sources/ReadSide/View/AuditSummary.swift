import WorldCore

/// The audit's counts as a face shows them (a header badge, a report): what was paid, credited,
/// is still recoverable, was lost or credited twice.
public struct AuditSummary: Sendable, Equatable {
    public var paid: Int
    public var credited: Int
    public var recoverable: Int
    public var lost: Int
    public var doubleCredited: Int
    public var orphanCredits: Int

    public init(paid: Int = 0, credited: Int = 0, recoverable: Int = 0, lost: Int = 0, doubleCredited: Int = 0,
                orphanCredits: Int = 0) {
        self.paid = paid
        self.credited = credited
        self.recoverable = recoverable
        self.lost = lost
        self.doubleCredited = doubleCredited
        self.orphanCredits = orphanCredits
    }

    /// The counts of an audit.
    public init(_ audit: Audit) {
        self.init(paid: audit.paid, credited: audit.credited, recoverable: audit.recoverable, lost: audit.lost,
                  doubleCredited: audit.doubleCredited, orphanCredits: audit.orphanCredits)
    }

    /// Nothing lost, nothing credited twice, no credit without a payment.
    public var ok: Bool { lost == 0 && doubleCredited == 0 && orphanCredits == 0 }
}
