extension Audit {
    /// What makes the audit not ok, as `expect audit ok` and `chaos` say it: the outside server's
    /// credits unread, or the count of each kind of finding.
    public var notOkReason: String {
        if let problem = outsideServer?.problem { return "the outside server's credits could not be read: \(problem)" }
        return "lost \(lost), double-credited \(doubleCredited), orphan credits \(orphanCredits)"
            + ", overcharged \(overcharged), balance mismatches \(balanceMismatches.count)"
            + (play.map { ", auto-refunded \($0.autoRefunded)" } ?? "")
    }
}
