/// Thrown through the app's code when the app dies: everything after the throw never runs.
public struct AppCrash: Error, Sendable, Equatable {
    /// The crash point that fired, or nil for a crash between two messages.
    public let point: CrashPoint?
    /// True when the device lost power: the app's writes since its last fsync are lost too.
    public let powerCut: Bool

    public init(point: CrashPoint?, powerCut: Bool = false) {
        self.point = point
        self.powerCut = powerCut
    }
}
