/// Thrown through the app's code when the app dies: everything after the throw never runs.
public struct AppCrash: Error, Sendable, Equatable {
    /// The crash point that fired, or nil for a crash between two messages.
    public let point: CrashPoint?

    public init(point: CrashPoint?) {
        self.point = point
    }
}
