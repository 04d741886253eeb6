import IAPClient
import IAPCore

/// What the world shows and lets its drivers do of the device the app runs on (`AppHost`).
extension World {
    public var appStatus: AppStatus { host.status }
    public var armedCrash: CrashPoint? { host.armedCrash }
    /// Whether the armed crash is a power cut rather than a process death.
    public var armedPowerCut: Bool { host.armedPowerCut }
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

    /// Starts the app with launch recovery.
    public func launch() throws(WorldError) {
        try host.launch()
    }

    /// Closes the app normally, once it has nothing in flight.
    public func quit() throws(WorldError) {
        try host.quit()
    }

    /// Arms a crash point: the app crashes (or the power is cut) when a flow next reaches it.
    public func arm(_ point: CrashPoint?, powerCut: Bool = false) throws(WorldError) {
        try host.arm(point, powerCut: powerCut)
    }
}
