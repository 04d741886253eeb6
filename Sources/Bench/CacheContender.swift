/// One way of keeping pending orders durably, timed on the same save-then-remove pair.
protocol CacheContender: AnyObject {
    /// Saves `change.order` durably, then removes it durably.
    func saveAndRemove(_ change: CacheChange) throws(BenchError)
}
