import IAPCore

/// The crash point armed on the device and how the app dies there, and a crash a Store or
/// Server flow passed that kills the app once the message being handled is done.
struct CrashArming {
    private(set) var point: CrashPoint?
    /// Whether the armed crash is a power cut rather than a process death.
    private(set) var powerCut = false
    /// Whether the app runs: a flow that passes the point kills only a running app.
    var appIsRunning = false
    /// A crash point a Store or Server flow passed: the app dies once the message is handled.
    private(set) var pending: AppCrash?

    /// Arms `point` (none disarms), as a power cut or a process death.
    mutating func arm(_ point: CrashPoint?, powerCut: Bool) {
        self.point = point
        self.powerCut = powerCut
    }

    /// The app's own flow reached a crash point; throws when it is to crash there.
    mutating func reached(_ point: CrashPoint) throws(AppCrash) {
        guard self.point == point else { return }
        self.point = nil
        throw AppCrash(point: point, powerCut: powerCut)
    }

    /// A Store or Server flow passed a crash point: when the app is to crash there, it dies as
    /// soon as the current message has been handled.
    mutating func passed(_ point: CrashPoint) {
        guard self.point == point, appIsRunning else { return }
        self.point = nil
        pending = AppCrash(point: point, powerCut: powerCut)
    }

    /// The crash a flow passed, taken to be carried out now.
    mutating func takePending() -> AppCrash? {
        defer { pending = nil }
        return pending
    }
}
