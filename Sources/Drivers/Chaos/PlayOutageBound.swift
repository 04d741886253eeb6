import IAPCore
import WorldCore

/// Keeps every outage of a Google Play chaos run (`server down`, `server drop-response`,
/// `network offline`, one span for as long as any of them lasts) shorter than three days of
/// simulated time: past that, Google Play refunds what nobody acknowledged whatever the app and
/// its Server do. Follows the switches a run's commands turn, as a run's end restores them, and
/// counts the time its `advance`s move while one is on.
struct PlayOutageBound {
    /// The longest an outage may last: three days less an hour, so that Pub/Sub's next push
    /// (at most ten minutes apart) reaches the Server before any three days end.
    static let longestSeconds: Int64 = 3 * 86400 - 3600

    private var server = WorldSettings.ServerMode.up
    private var online = true
    /// The seconds the clock has moved since the outage began.
    private var elapsed: Int64 = 0

    private var inOutage: Bool { server != .up || !online }

    /// The commands that end the outage now: the switches back to normal.
    private var ending: [ScenarioCommand] {
        (server == .up ? [] : [.server(.up)]) + (online ? [] : [.network(online: true)])
    }

    /// `body` with the outage ended just before each `advance` that would carry it to the bound.
    static func kept(_ body: [ScenarioCommand]) -> [ScenarioCommand] {
        var bound = PlayOutageBound()
        return body.flatMap { command in
            var commands = [command]
            if case .advance(let seconds) = command, bound.inOutage, bound.elapsed + seconds >= longestSeconds {
                commands = bound.ending + commands
            }
            commands.forEach { bound.follow($0) }
            return commands
        }
    }

    /// Whether no outage of `body` reaches the bound (a shrunk run whose `server up` was dropped may).
    static func keeps(_ body: [ScenarioCommand]) -> Bool {
        var bound = PlayOutageBound()
        for command in body {
            bound.follow(command)
            if bound.elapsed >= longestSeconds { return false }
        }
        return true
    }

    private mutating func follow(_ command: ScenarioCommand) {
        switch command {
        case .server(let mode): server = mode
        case .network(let isOnline): online = isOnline
        case .advance(let seconds) where inOutage: elapsed += seconds
        default: break
        }
        if !inOutage { elapsed = 0 }
    }
}
