/// A kind of moment that falls due at Google Play, as `play.sqlite` finds it: the purchases it
/// concerns (the condition its partial index reads) and the column that says when. The clock
/// stops at the earliest such moment; what is due by then is done in the order it fell due.
struct PlayDue: Sendable {
    /// The purchases it concerns, as its index's `WHERE` reads them.
    let condition: String
    /// The column holding the moment each falls due.
    let column: String

    /// A PURCHASED purchase nobody acknowledged: its three days run from `purchased_millis`
    /// (`purchases_due`).
    static let threeDays = PlayDue(condition: "state = 'purchased' AND acknowledged_millis IS NULL AND voided_millis IS NULL",
                                   column: "purchased_millis")
    /// A PENDING purchase paid with a slow test card, which resolves itself (`purchases_slow_card_due`).
    static let slowCard = PlayDue(condition: "state = 'pending' AND slow_card_due_millis IS NOT NULL", column: "slow_card_due_millis")
    /// An active, auto-renewing subscription, which renews at the end of its period (`purchases_renewal_due`).
    static let renewal = PlayDue(condition: "state = 'purchased' AND auto_renewing = 1 AND voided_millis IS NULL AND expiry_millis IS NOT NULL "
                                 + "AND billing_issue IS NULL", column: "expiry_millis")
    /// A subscription that no longer renews, which expires at the end of its period (`purchases_expiry_due`).
    static let expiry = PlayDue(condition: "state = 'purchased' AND auto_renewing = 0 AND voided_millis IS NULL AND ended_millis IS NULL "
                                + "AND expiry_millis IS NOT NULL", column: "expiry_millis")
    /// A subscription in a grace period or on account hold, whose stage ends (`purchases_recovery_due`).
    static let recovery = PlayDue(condition: "billing_issue IS NOT NULL AND auto_renewing = 1 AND voided_millis IS NULL AND ended_millis IS NULL "
                                  + "AND issue_ends_millis IS NOT NULL", column: "issue_ends_millis")

    /// The query of the purchases due at or before the value, in the order they fall due (then
    /// issued): the order of the index, which SQLite then reads rather than walk every purchase.
    var dueQuery: String {
        "SELECT \(PlayPurchaseRecord.columns) FROM purchases WHERE \(condition) AND \(column) <= ? ORDER BY \(column), sequence"
    }

    /// The query of the earliest moment one falls due after the value.
    var earliestQuery: String {
        "SELECT MIN(\(column)) AS earliest FROM purchases WHERE \(condition) AND \(column) > ?"
    }
}
