import Foundation
import Testing
import TestSupport

/// `advance` lives each moment that falls due on the way in turn: the clock stops at a renewal,
/// the end of a grace period or of the billing retry, an Ask to Buy request's expiry, a
/// notification's attempt, and what happens there is stamped with that moment in `storesim
/// timeline --format json`, not with the end of the advance.
@Suite struct AdvanceMomentsTests {
    /// The `timeMillis` of each event of the world's timeline whose text starts with `prefix`,
    /// with its kind.
    private static func stamps(_ world: String, _ prefix: String) throws -> [(kind: String, millis: Int64)] {
        let result = try StoreSimProcess.run(["timeline", "--data-dir", world, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let events = try #require(object?["events"] as? [[String: Any]])
        return events.compactMap { event in
            guard let text = event["text"] as? String, text.hasPrefix(prefix), let kind = event["kind"] as? String,
                  let millis = (event["timeMillis"] as? NSNumber)?.int64Value else { return nil }
            return (kind, millis)
        }
    }

    private static func run(_ script: String, in folder: TemporaryFolder) throws -> String {
        let world = folder.file("world")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, try folder.write("s.scenario", script)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return world
    }

    /// 2026-01-01 00:00:00 UTC, where every world's clock starts, in milliseconds.
    private static let start: Int64 = 1_767_225_600_000
    private static let day: Int64 = 86_400_000

    /// Apple, Enable Billing Grace Period: subscribers "continue accessing your app's paid content
    /// for a period of time while Apple continues to attempt to collect payment"; Apple, Handle
    /// Lapsed Subscriptions: "the App Store attempts to renew the subscription for up to 60 days".
    /// The failed renewal, the grace period's end 16 days later and the expiry 60 days after the
    /// failed renewal are each told to the Server when they happen, and the Server acknowledges
    /// each then.
    @Test func aFailedRenewalItsGraceEndAndItsExpiryAreStampedWhenTheyFallDue() throws {
        let folder = try TemporaryFolder()
        let world = try Self.run("""
            server notifications on
            store grace-period on 16d
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly billing fail
            advance 70d
            """, in: folder)
        let failed = try Self.stamps(world, "notification DID_FAIL_TO_RENEW")
        let grace = try Self.stamps(world, "notification GRACE_PERIOD_EXPIRED")
        let expired = try Self.stamps(world, "notification EXPIRED")
        let advanced = try Self.stamps(world, "clock advanced to")
        // The first period (a week's free trial) ends 40 ms into the first day's purchase + 7 days.
        let renewalDue = Self.start + 7 * Self.day + 40
        #expect(failed.map(\.kind) == ["message", "delivered"])
        #expect(failed.first?.millis == renewalDue)
        #expect(grace.first?.millis == renewalDue + 16 * Self.day)
        #expect(expired.first?.millis == renewalDue + 60 * Self.day)
        #expect(expired.last?.millis == renewalDue + 60 * Self.day + 10, "delivered 10 ms after it was sent, not at the end")
        #expect(advanced.map(\.millis) == [Self.start + 70 * Self.day + 150])
        #expect(try Self.stamps(world, "notification").allSatisfy { $0.millis < advanced[0].millis })
    }

    /// Apple (Developer Forums, a StoreKit engineer on pending Ask to Buy purchases): "There is
    /// no need to manage in your UI pending In-app purchases for the 24-hour period". A request
    /// nobody answers fails 24 hours after it was made, not when the advance that passes it ends.
    @Test func anAskToBuyRequestExpiresTwentyFourHoursAfterItWasMade() throws {
        let folder = try TemporaryFolder()
        let world = try Self.run("""
            store ask-to-buy on
            buy com.storesim.coins.100
            advance 25h
            """, in: folder)
        let requested = try Self.stamps(world, "deferred com.storesim.coins.100")
        let expired = try Self.stamps(world, "failed com.storesim.coins.100")
        #expect(expired.first?.kind == "message")
        #expect(expired.first?.millis == (requested.first?.millis ?? 0) + Self.day)
    }

    /// Monthly renewals over a year: each renewal is stamped at its own due moment, a month apart.
    @Test func eachRenewalIsStampedAtItsOwnMoment() throws {
        let folder = try TemporaryFolder()
        let world = try Self.run("""
            buy com.storesim.premium.monthly
            wait
            quit
            advance 365d
            """, in: folder)
        let stamps = try Self.stamps(world, "purchased com.storesim.premium.monthly").filter { $0.kind == "message" }.map(\.millis)
        #expect(stamps.count >= 12, "\(stamps)")
        #expect(Set(stamps).count == stamps.count, "no two renewals share a moment: \(stamps)")
        #expect(stamps == stamps.sorted())
        #expect(stamps.last ?? .max < Self.start + 365 * Self.day, "the last renewal is not stamped at the advance's end")
    }
}
