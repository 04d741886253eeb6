import WorldCore

extension Duration {
    /// The duration as a number of seconds, with its fraction (what reports write).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
