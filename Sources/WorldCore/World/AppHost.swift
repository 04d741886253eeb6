import Foundation
import IAPClient
import IAPCore
import Storage
import StoreEngine

/// The device the app runs on: it launches the app with recovery, closes it, crashes it or cuts
/// its power, deletes it, signs it into an App Store account, hands it the user's taps and the
/// messages addressed to it, and keeps what only the device knows: whether the app runs,
/// whether its disk is full, how a crash ends the process, and what the launches recovered. It
/// holds the link the parties share, not the world: what must follow a step (delivering what
/// is in flight after a crash or before a quit) is the world's to do (`World+Device`).
package final class AppHost {
    /// The link the app sends, notes and reaches crash points through.
    private let link: WorldLink
    private let directory: DataDirectory
    private let catalog: Catalog
    /// The App Store the device is signed into.
    private let store: Store
    /// The store the world sells on: the app's library and the timeline's words follow it.
    private let sellsOn: StoreKind
    package private(set) var app: PurchaseService?
    private(set) var status: AppStatus = .notLaunched {
        didSet { link.arming.appIsRunning = status.isRunning }
    }
    /// Whether the running app is in the foreground (Google Play: only then does
    /// `onPurchasesUpdated` reach it). A launch, a quit and a crash bring it back.
    private(set) var inForeground = true
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

    init(link: WorldLink, directory: DataDirectory, catalog: Catalog, store: Store, sellsOn: StoreKind, unsafeCache: Bool) {
        self.sellsOn = sellsOn
        self.link = link
        self.directory = directory
        self.catalog = catalog
        self.store = store
        self.unsafeCache = unsafeCache
    }

    // MARK: The app's life

    /// Starts the app with launch recovery, under a strategy and a generation of StoreKit.
    func launch(_ strategy: Strategy, _ api: StoreKitAPI) throws(WorldError) {
        let cache: PendingOrderCache
        do {
            cache = try PendingOrderCache(path: directory.pendingOrders, syncs: !unsafeCache)
        } catch {
            throw .file(path: error.path, problem: error.placedProblem)
        }
        let launched: Happening = sellsOn == .play ? .play(.launch(strategy)) : .user(.launch(strategy, api))
        try link.record(.command, from: .user, to: .app, what: launched, transactionId: nil)
        for warning in cache.warnings {
            try link.record(.note, from: .cache, to: .app, what: .cache(warning), transactionId: nil)
        }
        let service = PurchaseService(catalog: catalog, strategy: strategy, cache: cache,
                                      receipt: AppReceipt(path: directory.receipt), link: link,
                                      api: api, trustedRoot: store.rootCertificate, store: sellsOn)
        service.account = store.account
        let timeline = link.timeline
        service.willWrite = { timeline.writeHeldKeepingFailure() }
        service.cache.diskFull = diskFull
        app = service
        status = .running
        inForeground = true
        service.launch()
    }

    /// Closes the app normally; the world first delivers what it has in flight.
    func quit() throws(WorldError) {
        app = nil
        status = .quit
        inForeground = true
        try link.record(.command, from: .user, to: .app, what: .user(.quit), transactionId: nil)
    }

    /// Deletes the app's data (the cache and the receipt) from the closed app's device; the
    /// Store and the Server keep theirs.
    func deleteApp() throws {
        try link.record(.command, from: .user, to: .app, what: .user(.reinstall), transactionId: nil)
        let folder = directory.appFolder
        if FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.removeItem(atPath: folder)
            try DurableFile.syncDirectory(containing: folder)
        }
        try directory.create()
    }

    /// Signs the device into another App Store account: the Store's, and the app's for its
    /// verifications.
    func signIn(_ name: String) throws {
        try store.signIn(account: name)
        app?.account = name
        try link.record(.command, from: .user, to: .store, what: .user(.signedIn(account: name)), transactionId: nil)
    }

    /// The device's disk fills up, or has room again.
    func fillDisk(_ full: Bool) throws {
        diskFull = full
        try link.record(.command, from: .user, to: .app, what: .user(.deviceDisk(full: full)), transactionId: nil)
    }

    /// The app, when it runs; commands that need it are refused while it is down.
    @discardableResult
    func runningApp(_ command: String) throws(WorldActionError) -> PurchaseService {
        guard let app, status.isRunning else {
            throw .refused(.needsRunningApp(command: command, status))
        }
        return app
    }

    /// The running app in the foreground, for a tap; refused while it is in the background.
    private func foregroundApp(_ command: String) throws(WorldActionError) -> PurchaseService {
        let app = try runningApp(command)
        guard inForeground else { throw .refused(.appInBackground(command: command)) }
        return app
    }

    /// The app leaves the foreground: Play calls no `onPurchasesUpdated` until it resumes.
    func background() throws {
        _ = try foregroundApp("background")
        inForeground = false
        try link.record(.command, from: .user, to: .app, what: .play(.background), transactionId: nil)
    }

    /// The app returns to the foreground and calls `queryPurchasesAsync`, as Google recommends.
    func resume() throws {
        let app = try runningApp("resume")
        guard !inForeground else { throw WorldActionError.refused(.appInForeground) }
        inForeground = true
        try link.record(.command, from: .user, to: .app, what: .play(.resume), transactionId: nil)
        app.resume()
    }

    // MARK: Taps

    /// The user taps Buy and answers the sheet; a purchase the app declines is told, not
    /// thrown. Returns the crash the app died of on the way, for the world to carry out.
    func buy(_ productId: String, _ answer: SheetAnswer) throws -> AppCrash? {
        let app = try foregroundApp("buy")
        try link.record(.command, from: .user, to: .app, what: .user(.tapBuy(productId: productId, answer)), transactionId: nil)
        do {
            if let refusal = try app.buy(productId: productId, answer: answer, canMakePayments: store.canMakePayments) {
                try link.record(.note, from: .app, to: .user, what: .app(.buyRefused(refusal)), transactionId: nil)
            }
        } catch let appCrash as AppCrash {
            return appCrash
        }
        return nil
    }

    /// The user taps an offer of a subscription (promotional or win-back); returns the crash the
    /// app died of on the way.
    func buy(_ productId: String, offer offerId: String) throws -> AppCrash? {
        let app = try foregroundApp("buy")
        try link.record(.command, from: .user, to: .app, what: .user(.tapOffer(offerId: offerId, productId: productId)), transactionId: nil)
        do {
            if let refusal = try app.buy(productId: productId, offerId: offerId, canMakePayments: store.canMakePayments) {
                try link.record(.note, from: .app, to: .user, what: .app(.buyRefused(refusal)), transactionId: nil)
            }
        } catch let appCrash as AppCrash {
            return appCrash
        }
        return nil
    }

    /// The user redeems an offer code in the app.
    func redeem(_ code: String) throws {
        let app = try foregroundApp("redeem")
        try link.record(.command, from: .user, to: .app, what: .user(.redeemOfferCode(code)), transactionId: nil)
        app.redeem(code: code)
    }

    /// The user taps Restore Purchases.
    func restore() throws {
        let app = try foregroundApp("restore")
        try link.record(.command, from: .user, to: .app, what: .user(.tapRestore), transactionId: nil)
        app.restore()
    }

    // MARK: Messages

    /// Hands a message to the app, which the world recorded as delivered; returns the crash the
    /// app died of handling it, for the world to carry out.
    func deliver(_ message: Message, to app: PurchaseService) -> AppCrash? {
        do {
            try app.receive(message)
        } catch {
            return error
        }
        return nil
    }

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

    /// Once nothing is in flight: the launch's recovery report, when it has one, is recorded.
    func recordRecoveryReport() throws(WorldError) {
        guard let report = app?.takeRecoveryReport() else { return }
        lastRecoveryReport = report
        statistics.recovered += report.items.count
        statistics.duplicatesSuppressed += report.items.filter { $0.outcome == .alreadyCredited }.count
        try link.record(.report, from: .app, to: nil, what: .recovery(RecoveryReportText.told(report, catalog: catalog)), transactionId: nil)
    }
}

/// How the app dies: now, between two messages, or when a flow reaches an armed point; by a
/// crash, which keeps the operating system's page cache, or a power cut, which does not.
extension AppHost {
    /// Arms a crash point: the app crashes (or the power is cut) when a flow next reaches it.
    func arm(_ point: CrashPoint?, powerCut: Bool = false) throws(WorldError) {
        link.arming.arm(point, powerCut: powerCut)
        let armed: Happening = sellsOn == .play ? .play(.armCrash(point, powerCut: powerCut)) : .user(.armCrash(point, powerCut: powerCut))
        try link.record(.command, from: .user, to: nil, what: armed, transactionId: nil)
    }

    /// The app dies: what was on its way to the app will be dropped; a power cut also loses the
    /// cache's writes not yet fsynced. Returns what happened, for the world, which then
    /// delivers what was already sent to the Store or the Server (other machines).
    func crash(_ crash: AppCrash) throws(WorldError) -> Happening {
        let crashed: Happening = sellsOn == .play ? .play(.crash(crash.point, powerCut: crash.powerCut))
            : .crash(crash.point, powerCut: crash.powerCut)
        let cache = app?.cache
        app = nil
        status = .crashed(crash.point?.rawValue ?? "now")
        inForeground = true
        statistics.crashes += 1
        try link.record(.crash, from: .app, to: nil, what: crashed, transactionId: nil)
        // The crash is on the log before the power cut changes the cache, and before a kill.
        try link.timeline.release()
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
            try link.record(.note, from: .app, to: .cache, what: .app(.powerCut(lostBytes: lost)), transactionId: nil)
        }
        return crashed
    }
}
