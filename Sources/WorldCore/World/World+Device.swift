import Glibc
import IAPClient
import IAPCore

/// What the world shows and lets its drivers do of the device the app runs on (`AppHost`).
extension World {
    public var appStatus: AppStatus { host.status }
    public var armedCrash: CrashPoint? { link.arming.point }
    /// Whether the armed crash is a power cut rather than a process death.
    public var armedPowerCut: Bool { link.arming.powerCut }
    /// When true the device's disk is full: the app's cache writes fail.
    public var diskFull: Bool { host.diskFull }
    /// How a crash ends the app: in this process, or by killing it.
    public var crashMode: CrashMode {
        get { host.crashMode }
        set { host.crashMode = newValue }
    }
    /// Counts of what happened in this world since it was opened.
    public var statistics: WorldStatistics { host.statistics }
    /// The report of the last launch that recovered anything.
    public var lastRecoveryReport: RecoveryReport? { host.lastRecoveryReport }

    /// Starts the app with launch recovery, under the world's strategy and StoreKit.
    public func launch() throws(WorldError) {
        try signInToTheServer()
        try host.launch(settings.strategy, settings.api)
    }

    /// Closes the app normally, once it has nothing in flight.
    public func quit() throws(WorldError) {
        try settle()
        try host.quit()
    }

    /// Deletes the app and its data (the cache); the Store and the Server keep theirs; then
    /// launches the new install.
    func reinstall() throws {
        if host.status.isRunning {
            try quit()
        }
        try host.deleteApp()
        try launch()
        try settle()
    }

    /// The app dies of `crash`: what was already sent to the Store or the Server (other
    /// machines) is delivered, what was on its way to the app is dropped. Under `realKill` the
    /// process then kills itself.
    func crashApp(_ crash: AppCrash) throws(WorldError) {
        let crashed = try host.crash(crash)
        try settle()
        if case .realKill(let beforeKill) = host.crashMode {
            try timeline.release()
            beforeKill(crashed)
            kill(getpid(), SIGKILL)
        }
    }

    /// The app crashes now, between two messages; with `powerCut`, the device loses power.
    func crashNow(powerCut: Bool = false) throws(WorldError) {
        try crashApp(AppCrash(point: nil, powerCut: powerCut))
    }

    /// Hands a message to the app, or drops it when the app is not running; the app may die of it.
    func deliverToApp(_ sent: SentMessage) throws(WorldError) {
        guard let app = host.app, host.status.isRunning else {
            try record(.dropped, sent, reason: .appNotRunning)
            return
        }
        try record(.delivered, sent)
        if let crash = host.deliver(sent.message, to: app) { try crashApp(crash) }
    }

    /// After each delivery: the app dies of a crash point a party passed, and once nothing is in
    /// flight the launch's recovery report, when it has one, is recorded.
    func afterDelivery() throws(WorldError) {
        if let crash = link.arming.takePending() { try crashApp(crash) }
        if isQuiet { try host.recordRecoveryReport() }
    }

    /// Arms a crash point: the app crashes (or the power is cut) when a flow next reaches it.
    public func arm(_ point: CrashPoint?, powerCut: Bool = false) throws(WorldError) {
        try host.arm(point, powerCut: powerCut)
    }
}
