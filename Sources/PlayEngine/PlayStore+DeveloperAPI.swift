import Foundation
import IAPCore
import Storage

/// The Developer API's reads: `purchases.products.get` and the Voided Purchases API.
extension PlayStore {
    /// How far back the Voided Purchases API looks: 30 days. Google, of `startTime`: "The value of
    /// this parameter cannot be older than 30 days … Default value is current time minus 30 days."
    public static let voidedWindowMillis: Int64 = 30 * 86_400_000

    /// `purchases.products.get`: Google, "Checks the purchase and consumption status of an inapp
    /// item." Refused when no purchase has the token.
    public func productPurchase(token: String) throws(PlayError) -> ProductPurchase {
        guard let record = try read({ () throws(StorageError) in try database.record(token: token) }) else {
            throw .refused(.tokenNotFound(token))
        }
        return record.productPurchase
    }

    /// `purchases.voidedpurchases.list`: the purchases voided from `since` through `until`, by
    /// when they were voided. Google applies the filter "on the time at which the record is seen
    /// as voided by our systems". `since` defaults to 30 days before `now` and may not be older
    /// (refused); `until` defaults to `now`.
    public func voidedPurchases(since: Date?, until: Date?, now: Date) throws(PlayError) -> [VoidedPurchase] {
        let oldest = SimulatedTime.millis(now) - Self.voidedWindowMillis
        let start = since.map(SimulatedTime.millis) ?? oldest
        guard start >= oldest else { throw .refused(.startTimeTooOld(startMillis: start, oldestMillis: oldest)) }
        let end = until.map(SimulatedTime.millis) ?? SimulatedTime.millis(now)
        return try read { () throws(StorageError) in try database.voided(from: start, through: end) }.compactMap(\.voidedPurchase)
    }
}
