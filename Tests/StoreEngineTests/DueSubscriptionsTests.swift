import Foundation
import IAPCore
import TestSupport
import Testing
@testable import StoreEngine

/// The clock stops at each moment something falls due; among many subscribers each stop renews
/// what fell due, each renewal a real transaction dated when the period before it ended, in the
/// order the periods end, and the period ends kept between stops follow every early end.
@Suite struct DueSubscriptionsTests {
    private let folder: TemporaryFolder
    private let store: Store
    private let link = RecordingLink()

    init() throws {
        folder = try TemporaryFolder()
        store = try Store(path: folder.file("store.sqlite"), catalog: BuiltInCatalog.catalog(), seed: 42)
    }

    private func renewalsSent() -> [StoreTransaction] {
        link.take().compactMap { if case .transactionUpdated(let transaction) = $0 { transaction } else { nil } }
    }

    @Test func amongManySubscribersEachStopRenewsWhatFellDueInTheOrderThePeriodsEnd() throws {
        for account in (1...6).map({ "subscriber\($0)" }) {
            try store.signIn(account: account)
            try store.receive(.addPayment(PaymentRequest(productId: Products.monthly, answer: .confirm)), link: link)
            link.now = link.now.addingTimeInterval(3600)
        }
        _ = link.take()
        let end = SimulatedTime.millis(SimulatedTime.epoch.addingTimeInterval(70 * 86_400))
        var stops: [Int64] = []
        var renewals: [StoreTransaction] = []
        while let due = try store.nextDue(after: SimulatedTime.millis(link.now)), due <= end {
            link.now = SimulatedTime.date(millis: due)
            try store.renewDueSubscriptions(link: link)
            let sent = renewalsSent()
            #expect(sent.map { SimulatedTime.millis($0.date) } == Array(repeating: due, count: sent.count),
                    "a stop renews what fell due then, and nothing else")
            stops.append(due)
            renewals += sent
        }
        #expect(renewals.count >= 12 && stops.count == renewals.count, "at least two renewals each, each at a stop of its own")
        #expect(stops == stops.sorted())
        let kept = try store.transactions()
        for renewal in renewals {
            let chain = kept.filter { $0.originalId == renewal.originalId }
            let index = try #require(chain.firstIndex { $0.id == renewal.id })
            #expect(chain[index].kind == .renewal && index > 0)
            #expect(renewal.date == store.expiry(of: chain[index - 1]), "each renewal starts when the period before it ends")
        }
    }

    @Test func aPeriodEndKeptBetweenStopsFollowsAnEarlyEndAndAnOffer() throws {
        try store.receive(.addPayment(PaymentRequest(productId: Products.monthly, answer: .confirm)), link: link)
        let bought = try #require(try store.transactions().last)
        let regular = try #require(store.expiry(of: bought))
        #expect(store.periods.dueExpiry(of: bought, ended: nil) == regular)
        let early = SimulatedTime.millis(link.now.addingTimeInterval(86_400))
        #expect(store.periods.dueExpiry(of: bought, ended: early) == SimulatedTime.date(millis: early))
        #expect(store.periods.dueExpiry(of: bought, ended: nil) == regular)
        store.appliedOffers[bought.id] = AppliedOffer(type: .introductory, id: nil)
        #expect(store.periods.dueExpiry(of: bought, ended: nil) == store.expiry(of: bought))
    }
}
