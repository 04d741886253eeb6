import Foundation
import IAPCore
import PlayEngine
import TestSupport

/// A Google Play in a fresh folder, made from a fixed seed, and the simulated clock's moments the
/// tests name: hours and milliseconds after the epoch every world starts at.
final class PlayWorld {
    let folder: TemporaryFolder
    private(set) var play: PlayStore
    var path: String { folder.file("play.sqlite") }

    static let seed: UInt64 = 7
    static let coins = "com.storesim.coins.100"
    static let pro = "com.storesim.pro"

    init() throws {
        folder = try TemporaryFolder()
        play = try PlayStore(path: folder.file("play.sqlite"), seed: Self.seed)
    }

    /// A Play selling the built-in catalog's subscriptions as base plans, with its Real-time
    /// developer notifications on or off: what the subscription suites start from.
    static func sellingSubscriptions(notifications: Bool = true) throws -> PlayWorld {
        let world = try PlayWorld()
        world.play.basePlans = PlayBasePlan.plans(of: BuiltInCatalog.catalog())
        if notifications { try world.play.setRTDN(true) }
        return world
    }

    /// Lets go of the open Play and opens the file again, as the next run of the world does.
    func reopen(seed: UInt64? = PlayWorld.seed) throws {
        play = try PlayStore(path: path, seed: seed)
    }

    /// The moment `hours` and `millis` after the epoch.
    static func at(hours: Int64 = 0, millis: Int64 = 0) -> Date {
        SimulatedTime.date(millis: SimulatedTime.millis(SimulatedTime.epoch) + hours * 3_600_000 + millis)
    }

    /// The moment `days` days after the epoch.
    static func day(_ days: Int64) -> Date {
        at(hours: 24 * days)
    }

    /// `account` buys `productId` (`mode`, with the offer `offer`) at `now`; the one purchase the flow made.
    @discardableResult
    func buy(_ productId: String, offer: String? = nil, account: String = "demo", mode: BillingFlowMode = .confirm,
             obfuscatedAccountId: String? = nil, at now: Date = PlayWorld.at()) throws -> PlayPurchase {
        let updated = try play.launchBillingFlow(productId: productId, offerId: offer, account: account,
                                                 obfuscatedAccountId: obfuscatedAccountId, mode: mode, now: now)
        guard updated.billingResult.responseCode == .ok, let purchase = updated.purchases.first else {
            throw PlayWorldError.notBought(updated.billingResult)
        }
        return purchase
    }

    /// The purchase of `token` as Play keeps it.
    func record(_ token: String) throws -> PlayPurchaseRecord? {
        try play.records().first { $0.token == token }
    }
}

/// A purchase the tests expected to be made was not.
enum PlayWorldError: Error {
    case notBought(BillingResult)
}
