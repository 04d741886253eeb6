import ReadSide

/// One launch that found `pending` orders and credited them all, in milliseconds.
public struct RecoveryRow: Sendable {
    public let pending: Int
    public let millis: Double

    public init(pending: Int, millis: Double) {
        self.pending = pending
        self.millis = millis
    }

    var json: JSONText {
        .object([("pending", .int(pending)), ("millis", Ratio.rounded(millis))])
    }
}
