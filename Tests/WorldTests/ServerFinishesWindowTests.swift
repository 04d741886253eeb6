import IAPCore
@testable import ReadSide
import Testing
@testable import WorldCore

/// server-finishes, window by window: the app never finishes, the Server calls Finish Transaction
/// only once its credit is durable, and the audit says at each moment what is credited, what is
/// still unfinished in the Store's queue, and that nothing is lost or credited twice. Apple,
/// Finish Transaction: "If you manage entitlement logic on your server, your server can call
/// Finish Transaction after it finishes providing the customer with the new content."
@Suite struct ServerFinishesWindowTests {
    static let coins = "com.storesim.coins.550"
    static let tx: TransactionID = 1_000_000_000_000_001

    static let crashes: [(StoreKitAPI, CrashPoint, Bool)] = [StoreKitAPI.storekit1, .storekit2].flatMap { api in
        StrategyFlow.points(.serverFinishes).flatMap { point in [(api, point, false), (api, point, true)] }
    }

    private func fixture(_ api: StoreKitAPI, notifications: Bool = false) throws -> WorldFixture {
        let fixture = try WorldFixture(strategy: .serverFinishes)
        if api == .storekit2 { try fixture.run(.api(.storekit2)) }
        if notifications { try fixture.run(.serverNotifications(on: true)) }
        return fixture
    }

    /// The Server's Finish Transaction calls for the purchase, in order: delivered or dropped.
    private func finishCalls(_ fixture: WorldFixture) -> [Event.Kind] {
        let call = MessageSaid.serverFinishTransaction(Self.tx)
        return fixture.events.filter { event in
            (event.kind == .delivered && event.what == .message(call)) || event.what == .notDelivered(call, reason: .callLost)
        }.map(\.kind)
    }

    /// Whether the app ever finished a transaction itself.
    private func appFinished(_ fixture: WorldFixture) -> Bool {
        fixture.events.contains { event in
            guard event.kind == .message, case .message(let said) = event.what else { return false }
            switch said {
            case .finishTransaction, .finish: return true
            default: return false
            }
        }
    }

    @Test(arguments: crashes)
    func aCrashOrPowerCutAtAnyPointTheFlowReachesLosesNothing(_ api: StoreKitAPI, _ point: CrashPoint, _ powerCut: Bool) throws {
        let fixture = try fixture(api)
        try fixture.run(powerCut ? .powerCutAt(point) : .crashAt(point), .buy(productId: Self.coins, answer: .confirm))
        #expect(!fixture.world.appStatus.isRunning)
        try fixture.run(.launch)
        let audit = try fixture.audit()
        #expect((audit.paid, audit.credited, audit.lost, audit.doubleCredited, audit.unfinished, audit.pending) == (1, 1, 0, 0, 0, 0))
        #expect(audit.ok)
        #expect(!appFinished(fixture), "the app never finishes")
        #expect(finishCalls(fixture).last == .delivered, "the Server's call finished it")
    }

    @Test(arguments: [StoreKitAPI.storekit1, .storekit2])
    func aCallLostWithTheRepliesLeavesItCreditedAndUnfinishedUntilTheNextLaunchCallsAgain(_ api: StoreKitAPI) throws {
        let fixture = try fixture(api)
        try fixture.run(.server(.dropResponse), .buy(productId: Self.coins, answer: .confirm))
        let between = try fixture.audit()
        #expect((between.credited, between.unfinished, between.lost, between.recoverable) == (1, 1, 0, 0),
                "credited, so owed nothing; unfinished, so the queue will bring it back")
        #expect(between.ok)
        #expect(finishCalls(fixture) == [.dropped])
        try fixture.run(.crash, .server(.up), .launch)
        let after = try fixture.audit()
        #expect((after.credited, after.unfinished, after.lost, after.doubleCredited) == (1, 0, 0, 0))
        #expect(finishCalls(fixture) == [.dropped, .delivered], "called again when the relaunch asked")
        #expect(fixture.world.lastRecoveryReport?.items.map(\.outcome) == [.alreadyCredited])
        #expect(!appFinished(fixture))
    }

    @Test func aCrashWhileTheCallIsInFlightStillFinishesIt() throws {
        let fixture = try fixture(.storekit1)
        try fixture.world.performInTurn(.buy(productId: Self.coins, answer: .confirm))
        while !fixture.events.contains(where: { $0.kind == .message && $0.what == .message(.serverFinishTransaction(Self.tx)) }) {
            try fixture.world.performInTurn(.deliver(1))
        }
        try fixture.run(.crash)
        #expect(finishCalls(fixture) == [.delivered], "the Store is another machine: the call still arrives")
        try fixture.run(.launch)
        #expect(fixture.world.lastRecoveryReport == nil, "nothing left to recover")
        let audit = try fixture.audit()
        #expect((audit.credited, audit.unfinished, audit.lost, audit.doubleCredited) == (1, 0, 0, 0))
    }

    @Test func aServerThatCannotSaveCreditsNothingAndFinishesNothing() throws {
        let fixture = try fixture(.storekit1)
        try fixture.run(.serverDisk(full: true), .buy(productId: Self.coins, answer: .confirm))
        let full = try fixture.audit()
        #expect((full.credited, full.unfinished, full.lost) == (0, 1, 0))
        #expect(full.uncredited.map(\.routes) == [[.queue]], "recoverable: unfinished in the Store's queue")
        #expect(finishCalls(fixture).isEmpty, "no finish before a durable credit")
        try fixture.run(.serverDisk(full: false), .quit, .launch)
        let after = try fixture.audit()
        #expect((after.credited, after.unfinished, after.lost) == (1, 0, 0))
        #expect(finishCalls(fixture) == [.delivered])
    }

    @Test func aNotifiedCreditIsFinishedWhenTheAppAsks() throws {
        let fixture = try fixture(.storekit2, notifications: true)
        try fixture.run(.crashAt(.paymentSent), .buy(productId: Self.coins, answer: .confirm))
        let notified = try fixture.audit()
        #expect((notified.credited, notified.unfinished) == (1, 1), "credited from the notification; the Server was not asked to finish it")
        #expect(finishCalls(fixture).isEmpty)
        try fixture.run(.launch)
        let after = try fixture.audit()
        #expect((after.credited, after.unfinished, after.doubleCredited, after.lost) == (1, 0, 0, 0))
        #expect(finishCalls(fixture) == [.delivered])
    }
}
