import Foundation
import IAPClient
import IAPCore
import OrderServer
import Storage
import StoreEngine

/// The simulated world: the Store, the Server and the app, the messages between them, the
/// network, the clock, crashes, and the timeline. Every face drives it through `perform` and
/// sees it through `view()`; the parties themselves are not reachable from outside.
public final class World {
    public let directory: DataDirectory
    public let catalog: Catalog
    let store: Store
    let server: OrderServer
    var app: PurchaseService?
    public internal(set) var appStatus: AppStatus = .notLaunched
    public private(set) var settings: WorldSettings
    public internal(set) var armedCrash: CrashPoint?
    /// Whether the armed crash is a power cut rather than a process death.
    public internal(set) var armedPowerCut = false
    /// When true the device's disk is full: the app's cache writes fail.
    public var diskFull = false {
        didSet { app?.cache.diskFull = diskFull }
    }
    /// When true the app's cache skips fsync: a teaching aid that a power cut punishes.
    public let unsafeCache: Bool
    public var crashMode: CrashMode = .inProcess
    /// Counts of what happened in this world since it was opened.
    public internal(set) var statistics = WorldStatistics()
    /// The report of the last launch that recovered anything.
    public private(set) var lastRecoveryReport: RecoveryReport?
    /// Called with every event as it is recorded (the transcript, the TUI).
    public var onEvent: ((Event) -> Void)? {
        get { timeline.onEvent }
        set { timeline.onEvent = newValue }
    }

    let timeline: Timeline
    private var queue = MessageQueue()
    private var pendingCrash: AppCrash?
    private var nowMillis: Int64
    static let millisPerMessage: Int64 = 10

    /// Opens the world in `directory` (creating what is missing), with the given catalog. A
    /// world created now starts with the Store switches the catalog's settings turn on, and
    /// its timeline says so first; `onEvent` hears that event too.
    public init(directory: DataDirectory, catalog: Catalog, seed: UInt64, unsafeCache: Bool = false,
                onEvent: ((Event) -> Void)? = nil) throws(WorldError) {
        self.directory = directory
        self.catalog = catalog
        self.unsafeCache = unsafeCache
        try directory.create()
        settings = try WorldSettings.load(path: directory.settings)
        try StoreHistoryCheck.check(directory)
        do {
            store = try Store(path: directory.storeDatabase, catalog: catalog, seed: seed)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        do {
            server = try OrderServer(path: directory.serverDatabase, catalog: catalog)
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
        timeline = try Timeline(path: directory.events)
        timeline.onEvent = onEvent
        nowMillis = max(settings.clockMillis, timeline.lastTimeMillis)
        let commands = catalog.settings.switchCommands
        if store.isNew && !commands.isEmpty {
            try record(.command, from: .user, to: .store, text: "the catalog's settings: \(commands.joined(separator: ", "))",
                       transactionId: nil)
        }
        try configureStoreKit()
    }

    /// The simulated time now.
    public var now: Date { Date(timeIntervalSince1970: Double(nowMillis) / 1000) }

    /// Messages on their way, oldest first.
    public var messagesInFlight: ArraySlice<Message> { queue.inFlight }

    // MARK: Running the world

    /// Delivers the next message; returns false when none is waiting.
    @discardableResult
    public func deliverNext() throws(WorldError) -> Bool {
        guard let message = queue.next() else { return false }
        nowMillis += Self.millisPerMessage
        try route(message)
        try timeline.reportFailure()
        if let crash = pendingCrash {
            pendingCrash = nil
            try crashApp(crash)
        }
        if queue.isEmpty, let report = app?.takeRecoveryReport() {
            lastRecoveryReport = report
            statistics.recovered += report.items.count
            statistics.duplicatesSuppressed += report.items.filter { $0.outcome == .alreadyCredited }.count
            try record(.report, from: .app, to: nil, text: RecoveryReportText.lines(report, catalog: catalog)
                .joined(separator: "\n"), transactionId: nil)
        }
        return true
    }

    /// Delivers messages until none is in flight. The delivery that empties the queue records
    /// the recovery report, once a launch has an outcome for everything it found.
    public func settle() throws(WorldError) {
        while try deliverNext() {}
        try saveSettings()
    }

    private func route(_ message: Message) throws(WorldError) {
        switch message.to {
        case .store:
            try record(.delivered, message)
            do {
                try store.receive(message, link: self)
            } catch {
                throw .file(path: directory.storeDatabase, problem: error.problem)
            }
        case .server:
            if let reason = unreachableServerReason(for: message) {
                try record(.dropped, message, reason: reason)
                if let subject = message.subject {
                    send(.verificationFailed(VerificationFailure(transactionId: subject.transactionId, reason: reason)))
                }
                return
            }
            try record(.delivered, message)
            do {
                try server.receive(message, link: self)
            } catch {
                let reason = "the Server could not save: \(error.storage.problem)"
                try timeline.record(.note, at: nowMillis, from: .server, to: nil, text: reason, subject: message.subject)
                if let subject = message.subject {
                    send(.verificationFailed(VerificationFailure(transactionId: subject.transactionId, reason: reason)))
                }
            }
        case .app:
            if message.from == .server, let reason = lostReplyReason() {
                try record(.dropped, message, reason: reason)
                if let subject = message.subject {
                    send(.verificationFailed(VerificationFailure(transactionId: subject.transactionId, reason: "no reply: \(reason)")))
                }
                return
            }
            guard let app, appStatus.isRunning else {
                try record(.dropped, message, reason: "the app is not running")
                return
            }
            try record(.delivered, message)
            do {
                try app.receive(message)
            } catch {
                try crashApp(error)
            }
        default:
            break
        }
    }

    private func unreachableServerReason(for message: Message) -> String? {
        if message.from == .app && !settings.networkOnline { return "the network is offline" }
        if settings.server == .down { return "the Server is down" }
        return nil
    }

    private func lostReplyReason() -> String? {
        if !settings.networkOnline { return "the network went offline" }
        if settings.server == .dropResponse { return "the Server's reply was lost" }
        return nil
    }

    // MARK: Settings

    /// Changes the world's settings and keeps them on disk.
    public func change(_ describe: String, _ update: (inout WorldSettings) -> Void) throws(WorldError) {
        update(&settings)
        app?.strategy = settings.strategy
        try record(.command, from: .user, to: nil, text: describe, transactionId: nil)
        try saveSettings()
    }

    /// Switches the app to a generation of StoreKit, kept in the world's settings.
    public func use(_ api: StoreKitAPI) throws(WorldError) {
        try change("api \(api.rawValue)") { $0.api = api }
        try configureStoreKit()
        app?.use(api, trustedRoot: store.rootCertificate)
    }

    /// The Store serves the app's StoreKit: under StoreKit 2 it signs every transaction it
    /// issues (making its certificate chain the first time), and the Server pins its root
    /// certificate, as a server operator downloads and pins Apple's.
    private func configureStoreKit() throws(WorldError) {
        do {
            try store.serve(settings.api, from: now)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        server.pin(root: settings.api == .storekit2 ? store.rootCertificate : nil)
    }

    private func saveSettings() throws(WorldError) {
        settings.clockMillis = nowMillis
        try settings.save(path: directory.settings)
    }

    /// Moves the simulated clock forward; refused when that would pass
    /// `SimulatedTime.latestAdvanceMillis`.
    public func advance(by seconds: Int64) throws(WorldActionError) {
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow, millis >= 0, millis <= SimulatedTime.latestAdvanceMillis - nowMillis else {
            throw .refused("the simulated clock stops at 9999-01-01 00:00:00; it is \(SimulatedTime.format(now)) now")
        }
        do {
            try moveClock(byMillis: millis)
        } catch {
            throw .failed(error)
        }
    }

    /// Moves the clock past time lived without messages (past purchases recorded in bulk);
    /// a renewal that falls due on the way waits for the next advance.
    func passClock(byMillis millis: Int64) throws(WorldError) {
        nowMillis += millis
        try saveSettings()
    }

    private func moveClock(byMillis millis: Int64) throws(WorldError) {
        nowMillis += millis
        try record(.command, from: .user, to: nil, text: "clock advanced to \(SimulatedTime.format(now))",
                   transactionId: nil)
        do {
            try store.renewDueSubscriptions(link: self)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        try saveSettings()
    }

    // MARK: Timeline

    /// Records an event on the timeline.
    public func record(_ kind: Event.Kind, from: Party, to: Party?, text: String, transactionId: TransactionID?) throws(WorldError) {
        try timeline.record(kind, at: nowMillis, from: from, to: to, text: text, subject: transactionId.map(MessageSubject.transaction))
    }

    private func record(_ kind: Event.Kind, _ message: Message, reason: String? = nil) throws(WorldError) {
        let text = reason.map { "\(message.summary) ✗ \($0)" } ?? message.summary
        try timeline.record(kind, at: nowMillis, from: message.from, to: message.to, text: text, subject: message.subject)
    }
}

extension World: Link {
    /// Puts a message on its way and records it as sent, at the moment the sender acted.
    public func send(_ message: Message) {
        queue.send(message)
        timeline.note(.message, at: nowMillis, from: message.from, to: message.to, text: message.summary,
                      subject: message.subject)
    }

    public func note(_ text: String, from: Party, to: Party?, transactionId: TransactionID?) {
        timeline.note(.note, at: nowMillis, from: from, to: to, text: text, subject: transactionId.map(MessageSubject.transaction))
    }

    public func reached(_ point: CrashPoint) throws(AppCrash) {
        guard armedCrash == point else { return }
        armedCrash = nil
        throw AppCrash(point: point, powerCut: armedPowerCut)
    }

    public func passed(_ point: CrashPoint) {
        guard armedCrash == point, appStatus.isRunning else { return }
        armedCrash = nil
        pendingCrash = AppCrash(point: point, powerCut: armedPowerCut)
    }
}
