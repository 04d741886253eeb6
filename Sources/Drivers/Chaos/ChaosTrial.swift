import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Storage
import StoreEngine
import WorldCore

/// One chaos run carried out in a fresh world, exactly as `storesim run` would carry out its
/// script: commands the world declines in the state they meet are skipped and left out of the
/// script (a failing file or database stops the run); then faults are cleared, the app relaunched, purchases restored, and the audit taken.
/// A Google Play run's world sells on Google Play, and its end also lets Pub/Sub push again.
struct ChaosTrial {
    /// The script that was really carried out, from `strategy` (after `server url`, against a
    /// team's backend; and `api` and `server notifications on`, when they are not the defaults)
    /// to `expect audit ok`.
    let script: [ScenarioCommand]
    let audit: Audit
    let statistics: WorldStatistics

    /// A run fails when its audit is not ok, or when a customer was paid back more than a
    /// transaction charged (`overRefunded`), which the contract's `ok` does not count.
    var failed: Bool { !audit.ok || audit.overRefunded > 0 }

    /// The run in a temporary world, removed afterwards, in memory where the machine has a memory
    /// file system and with its disk syncs skipped (`DiskSync`): its crashes and power cuts are
    /// simulated in the process, so a disk would protect nothing there, and waiting for one
    /// (its syncs, and the blocks it frees when the world is removed) kept two runs from using two cores.
    /// Against a team's `backend`, the world is the session's `number`-th (`ChaosBackend.origin`),
    /// attended to by the backend's host while it runs, and the script starts with `server url`.
    static func run(_ body: [ScenarioCommand], strategy: Strategy, switches: ChaosSwitches,
                    catalog: Catalog, backend: ChaosBackend? = nil, number: Int = 0) throws(WorldError) -> ChaosTrial {
        try DiskSync.skipping { () throws(WorldError) -> ChaosTrial in
            try runInTemporaryWorld(body, strategy: strategy, switches: switches, catalog: catalog, backend: backend, number: number)
        }
    }

    private static func runInTemporaryWorld(_ body: [ScenarioCommand], strategy: Strategy, switches: ChaosSwitches,
                                            catalog: Catalog, backend: ChaosBackend?, number: Int) throws(WorldError) -> ChaosTrial {
        let directory = try DataDirectory.temporary(inMemory: true)
        defer { directory.removeTemporary() }
        try backend?.setClock(in: directory)
        let world = try World(directory: directory, catalog: catalog, seed: 1, origin: backend?.origin(number) ?? StoreOrigin(),
                              store: switches.store)
        backend?.host.open(world)
        defer { backend?.host.close(world) }
        let runner = ScenarioRunner(world: world) { _ in }
        var script: [ScenarioCommand] = []
        func attempt(_ command: ScenarioCommand) throws(WorldError) {
            do {
                try runner.perform(command)
                script.append(command)
            } catch {
                switch error {
                case .refused: return
                case .failed(let failure): throw failure
                }
            }
        }
        for command in backend?.commands ?? [] {
            try attempt(command)
        }
        script.append(.strategy(strategy))
        try world.change(.strategy(strategy)) { $0.strategy = strategy }
        try world.launch()
        try world.settle()
        for command in (backend?.notificationCommands(switches) ?? []) + switches.commands + body + [.wait] {
            try attempt(command)
        }
        for command in cleanup(world) + (switches.store == .play ? [.advance(seconds: pubSubSettling)] : []) {
            try attempt(command)
        }
        try world.settle()
        script += (switches.store == .play ? [] : [.expect(.overcharged(0))]) + [.expect(.auditOk)]
        return ChaosTrial(script: script, audit: try ReadModel(world).audit(),
                          statistics: world.statistics)
    }

    /// How long a Google Play run's end lets the clock move after its relaunch and restore: long
    /// enough for Pub/Sub's next push of every message the Server has not acknowledged (ten
    /// minutes apart at most), so that a notification held back by an outage reaches it.
    static let pubSubSettling: Int64 = 15 * 60

    /// Faults cleared (each switch by its own declaration), a final launch, a restore. A crash
    /// point still armed stays armed, as it would in the script.
    private static func cleanup(_ world: World) -> [ScenarioCommand] {
        let cleared = ScenarioVocabulary.declarations.flatMap { $0.restore?(world) ?? [] }
        return cleared + (world.appStatus.isRunning ? [.quit] : []) + [.launch, .restore]
    }
}
