import Glibc
import IAPClient
import IAPCore

/// The app's life in the world: launch with recovery, quit, crashes and power cuts, armed or now.
extension World {
    /// Starts the app with launch recovery.
    public func launch() throws(WorldError) {
        let cache: PendingOrderCache
        do {
            cache = try PendingOrderCache(path: directory.pendingOrders, syncs: !unsafeCache)
        } catch {
            throw .file(path: error.path, problem: error.placedProblem)
        }
        let api = settings.api == .storekit1 ? "" : ", \(settings.api.rawValue)"
        try record(.command, from: .user, to: .app, text: "launch (\(settings.strategy.rawValue)\(api))", transactionId: nil)
        for warning in cache.warnings {
            try record(.note, from: .cache, to: .app, text: warning, transactionId: nil)
        }
        let service = PurchaseService(catalog: catalog, strategy: settings.strategy, cache: cache,
                                      receipt: AppReceipt(path: directory.receipt), link: self,
                                      api: settings.api, trustedRoot: store.rootCertificate)
        service.account = store.account
        service.cache.diskFull = diskFull
        app = service
        appStatus = .running
        service.launch()
    }

    /// Closes the app normally, once it has nothing in flight.
    public func quit() throws(WorldError) {
        try settle()
        app = nil
        appStatus = .quit
        try record(.command, from: .user, to: .app, text: "quit", transactionId: nil)
    }

    /// The app crashes now, between two messages; with `powerCut`, the device loses power.
    public func crashNow(powerCut: Bool = false) throws(WorldError) {
        try crashApp(AppCrash(point: nil, powerCut: powerCut))
    }

    /// Arms a crash point: the app crashes (or the power is cut) when a flow next reaches it.
    public func arm(_ point: CrashPoint?, powerCut: Bool = false) throws(WorldError) {
        armedCrash = point
        armedPowerCut = powerCut
        let what = powerCut ? "power cut" : "crash"
        try record(.command, from: .user, to: nil,
                   text: point.map { "\(what) armed at \($0.rawValue)" } ?? "crash disarmed", transactionId: nil)
    }

    func crashApp(_ crash: AppCrash) throws(WorldError) {
        let place = crash.point.map { "at \($0.rawValue): \($0.explanation)" } ?? "between two messages"
        let what = crash.powerCut ? "the power was cut" : "the app crashed"
        let cache = app?.cache
        app = nil
        appStatus = .crashed(crash.point?.rawValue ?? "now")
        statistics.crashes += 1
        try record(.crash, from: .app, to: nil, text: "\(what) \(place)", transactionId: nil)
        if crash.powerCut, let cache {
            let lost: Int
            do {
                lost = try cache.loseUnsyncedWrites()
            } catch {
                throw .file(path: error.path, problem: error.problem)
            }
            try record(.note, from: .app, to: .cache, text: lost == 0
                ? "power cut: every cache write had been fsynced; nothing lost"
                : "power cut: \(lost) unsynced bytes of the cache never reached the disk", transactionId: nil)
        }
        try settle()
        if case .realKill(let beforeKill) = crashMode {
            beforeKill("\(what) \(place)")
            kill(getpid(), SIGKILL)
        }
    }
}
