import Foundation
import Glibc
import IAPClient
import IAPCore
import Storage

/// The device the app runs on: it launches the app with recovery, closes it, crashes it or cuts
/// its power (now, or when a flow reaches an armed point), reinstalls it, signs it into an App
/// Store account, hands it the user's taps and the messages addressed to it, and keeps what
/// only the device knows: whether the app runs, what is armed, whether its disk is full, how a
/// crash ends the process, and what the launches recovered.
final class AppHost {
    /// The world the device is in; the world owns the host.
    private unowned let world: World
    private(set) var app: PurchaseService?
    private(set) var status: AppStatus = .notLaunched
    private(set) var armedCrash: CrashPoint?
    /// Whether the armed crash is a power cut rather than a process death.
    private(set) var armedPowerCut = false
    /// When true the device's disk is full: the app's cache writes fail.
    var diskFull = false {
        didSet { app?.cache.diskFull = diskFull }
    }
    /// When true the app's cache skips fsync: a teaching aid that a power cut punishes.
    let unsafeCache: Bool
    /// How a crash ends the app: in this process, or by killing it.
    var crashMode: CrashMode = .inProcess
    /// Counts of crashes and of what launches recovered since the world was opened.
    private(set) var statistics = WorldStatistics()
    /// The report of the last launch that recovered anything.
    private(set) var lastRecoveryReport: RecoveryReport?
    /// A crash point a Store or Server flow passed: the app dies once the message is handled.
    private var pendingCrash: AppCrash?

    init(world: World, unsafeCache: Bool) {
        self.world = world
        self.unsafeCache = unsafeCache
    }

    // MARK: The app's life

    /// Starts the app with launch recovery.
    func launch() throws(WorldError) {
        let cache: PendingOrderCache
        do {
            cache = try PendingOrderCache(path: world.directory.pendingOrders, syncs: !unsafeCache)
        } catch {
            throw .file(path: error.path, problem: error.placedProblem)
        }
        try world.record(.command, from: .user, to: .app, what: .user(.launch(world.settings.strategy, world.settings.api)), transactionId: nil)
        for warning in cache.warnings {
            try world.record(.note, from: .cache, to: .app, what: .cache(warning), transactionId: nil)
        }
        let service = PurchaseService(catalog: world.catalog, strategy: world.settings.strategy, cache: cache,
                                      receipt: AppReceipt(path: world.directory.receipt), link: world,
                                      api: world.settings.api, trustedRoot: world.store.rootCertificate)
        service.account = world.store.account
        let timeline = world.timeline
        service.willWrite = { timeline.writeHeldKeepingFailure() }
        service.cache.diskFull = diskFull
        app = service
        status = .running
        service.launch()
    }

    /// Closes the app normally, once it has nothing in flight.
    func quit() throws(WorldError) {
        try world.settle()
        app = nil
        status = .quit
        try world.record(.command, from: .user, to: .app, what: .user(.quit), transactionId: nil)
    }

    /// Deletes the app and its data (the cache); the Store and the Server keep theirs; then
    /// launches the new install.
    func reinstall() throws {
        if status.isRunning {
            try quit()
        }
        try world.record(.command, from: .user, to: .app, what: .user(.reinstall), transactionId: nil)
        let folder = world.directory.appFolder
        if FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.removeItem(atPath: folder)
            try DurableFile.syncDirectory(containing: folder)
        }
        try world.directory.create()
        try launch()
        try world.settle()
    }

    /// Signs the device into another App Store account: the Store's, and the app's for its
    /// verifications.
    func signIn(_ name: String) throws {
        try world.store.signIn(account: name)
        app?.account = name
        try world.record(.command, from: .user, to: .store, what: .user(.signedIn(account: name)), transactionId: nil)
    }

    /// The device's disk fills up, or has room again.
    func fillDisk(_ full: Bool) throws {
        diskFull = full
        try world.record(.command, from: .user, to: .app, what: .user(.deviceDisk(full: full)), transactionId: nil)
    }

    /// The app, when it runs; commands that need it are refused while it is down.
    @discardableResult
    func runningApp(_ command: String) throws(WorldActionError) -> PurchaseService {
        guard let app, status.isRunning else {
            throw .refused(.needsRunningApp(command: command, status))
        }
        return app
    }

    // MARK: Taps

    /// The user taps Buy and answers the sheet; a purchase the app declines is told, not thrown.
    func buy(_ productId: String, _ answer: SheetAnswer) throws {
        let app = try runningApp("buy")
        try world.record(.command, from: .user, to: .app, what: .user(.tapBuy(productId: productId, answer)), transactionId: nil)
        do {
            if let refusal = try app.buy(productId: productId, answer: answer, canMakePayments: world.store.canMakePayments) {
                try world.record(.note, from: .app, to: .user, what: .app(.buyRefused(refusal)), transactionId: nil)
            }
        } catch let appCrash as AppCrash {
            try crash(appCrash)
        }
    }

    /// The user taps an offer of a subscription (promotional or win-back).
    func buy(_ productId: String, offer offerId: String) throws {
        let app = try runningApp("buy")
        try world.record(.command, from: .user, to: .app, what: .user(.tapOffer(offerId: offerId, productId: productId)), transactionId: nil)
        do {
            if let refusal = try app.buy(productId: productId, offerId: offerId, canMakePayments: world.store.canMakePayments) {
                try world.record(.note, from: .app, to: .user, what: .app(.buyRefused(refusal)), transactionId: nil)
            }
        } catch let appCrash as AppCrash {
            try crash(appCrash)
        }
    }

    /// The user redeems an offer code in the app.
    func redeem(_ code: String) throws {
        let app = try runningApp("redeem")
        try world.record(.command, from: .user, to: .app, what: .user(.redeemOfferCode(code)), transactionId: nil)
        app.redeem(code: code)
    }

    /// The user taps Restore Purchases.
    func restore() throws {
        let app = try runningApp("restore")
        try world.record(.command, from: .user, to: .app, what: .user(.tapRestore), transactionId: nil)
        app.restore()
    }

    // MARK: Messages

    /// Hands a message to the app; one for an app that is not running is dropped, and one the
    /// app dies of crashes it.
    func deliver(_ sent: SentMessage) throws(WorldError) {
        guard let app, status.isRunning else {
            try world.record(.dropped, sent, reason: .appNotRunning)
            return
        }
        try world.record(.delivered, sent)
        do {
            try app.receive(sent.message)
        } catch {
            try crash(error)
        }
    }

    /// Whether a Store or Server flow passed the armed crash point: the app dies after this delivery.
    var crashIsPending: Bool { pendingCrash != nil }

    /// Begins a run of messages to the app: the cache removals it makes wait for one fsync.
    func beginRun() {
        app?.cache.defersRemovalSync = true
    }

    /// Ends the app's run: its cache removals are made durable with one fsync.
    func endRun() throws(WorldError) {
        guard let cache = app?.cache, cache.defersRemovalSync else { return }
        cache.defersRemovalSync = false
        do {
            try cache.syncRemovals()
        } catch {
            throw .file(path: error.path, problem: error.placedProblem)
        }
    }

    /// After each delivery: the app dies of a crash point a party passed, and once nothing is in
    /// flight the launch's recovery report, when it has one, is recorded.
    func afterDelivery() throws(WorldError) {
        if let crash = pendingCrash {
            pendingCrash = nil
            try self.crash(crash)
        }
        guard world.isQuiet, let report = app?.takeRecoveryReport() else { return }
        lastRecoveryReport = report
        statistics.recovered += report.items.count
        statistics.duplicatesSuppressed += report.items.filter { $0.outcome == .alreadyCredited }.count
        try world.record(.report, from: .app, to: nil, what: .recovery(RecoveryReportText.told(report, catalog: world.catalog)), transactionId: nil)
    }
}

/// How the app dies: now, between two messages, or when a flow reaches an armed point; by a
/// crash, which keeps the operating system's page cache, or a power cut, which does not.
extension AppHost {
    /// The app crashes now, between two messages; with `powerCut`, the device loses power.
    func crashNow(powerCut: Bool = false) throws(WorldError) {
        try crash(AppCrash(point: nil, powerCut: powerCut))
    }

    /// Arms a crash point: the app crashes (or the power is cut) when a flow next reaches it.
    func arm(_ point: CrashPoint?, powerCut: Bool = false) throws(WorldError) {
        armedCrash = point
        armedPowerCut = powerCut
        try world.record(.command, from: .user, to: nil, what: .user(.armCrash(point, powerCut: powerCut)), transactionId: nil)
    }

    /// The app's own flow reached a crash point; throws when it is to crash there.
    func reached(_ point: CrashPoint) throws(AppCrash) {
        guard armedCrash == point else { return }
        armedCrash = nil
        throw AppCrash(point: point, powerCut: armedPowerCut)
    }

    /// A Store or Server flow passed a crash point: when the app is to crash there, it dies as
    /// soon as the current message has been handled.
    func passed(_ point: CrashPoint) {
        guard armedCrash == point, status.isRunning else { return }
        armedCrash = nil
        pendingCrash = AppCrash(point: point, powerCut: armedPowerCut)
    }

    /// The app dies: what was already sent to the Store or the Server (other machines) is
    /// delivered, what was on its way to the app is dropped; a power cut also loses the cache's
    /// writes not yet fsynced. Under `realKill` the process then kills itself.
    func crash(_ crash: AppCrash) throws(WorldError) {
        let crashed = Happening.crash(crash.point, powerCut: crash.powerCut)
        let cache = app?.cache
        app = nil
        status = .crashed(crash.point?.rawValue ?? "now")
        statistics.crashes += 1
        try world.record(.crash, from: .app, to: nil, what: crashed, transactionId: nil)
        // The crash is on the log before the power cut changes the cache, and before a kill.
        try world.timeline.release()
        // The removals the app kept in this run stand for writes it made before it died: they
        // reach the page cache, which a crash keeps and a power cut may not. One that cannot be
        // written (a full disk) leaves its order to come back, as a removal that failed does.
        try? cache?.writeKeptRemovals()
        if crash.powerCut, let cache {
            let lost: Int
            do {
                lost = try cache.loseUnsyncedWrites()
            } catch {
                throw .file(path: error.path, problem: error.problem)
            }
            try world.record(.note, from: .app, to: .cache, what: .app(.powerCut(lostBytes: lost)), transactionId: nil)
        }
        try world.settle()
        if case .realKill(let beforeKill) = crashMode {
            try world.timeline.release()
            beforeKill(crashed)
            kill(getpid(), SIGKILL)
        }
    }
}
