import IAPCore

/// An applied offer as `store.sqlite` keeps it: a setting `offer:ID` = `TYPE PERIOD OFFERID`.
extension AppliedOffer {
    /// The offer as its setting keeps it.
    var stored: String { "\(type.rawValue) \(period) \(id ?? "")" }

    /// The offer a setting keeps; nil for text that is not one.
    init?(stored: String) {
        let parts = stored.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let raw = Int(parts[0]), let type = OfferType(rawValue: raw), let period = Int(parts[1]), period >= 1
        else { return nil }
        self.init(type: type, id: parts[2].isEmpty ? nil : String(parts[2]), period: period)
    }
}
