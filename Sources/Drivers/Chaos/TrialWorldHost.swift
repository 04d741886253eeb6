import WorldCore

/// What attends to a chaos trial's world while it runs against a team's backend: `chaos
/// --server-url` answers the backend's calls of the App Store Server API in it. Called on the
/// thread that runs the trial, once when its world is made and once before it is removed.
public protocol TrialWorldHost: Sendable {
    func open(_ world: World)
    func close(_ world: World)
}
