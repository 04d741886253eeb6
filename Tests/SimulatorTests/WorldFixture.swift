import Foundation
import IAPCore
@testable import Simulator
import TestSupport

/// A world in a fresh temporary directory, with a transcript of every event.
final class WorldFixture {
    let folder: TemporaryFolder
    let world: World
    private(set) var events: [Event] = []

    init(strategy: Strategy = .verifyThenFinish) throws {
        folder = try TemporaryFolder()
        world = try folder.world(seed: 7)
        world.onEvent = { [unowned self] event in events.append(event) }
        try world.perform(.strategy(strategy))
        try world.perform(.launch)
    }

    /// Runs commands as a script does: those that wait for quiet settle the world first.
    func run(_ commands: ScenarioCommand...) throws {
        for command in commands {
            try world.performInTurn(command)
        }
        try world.settle()
    }

    func audit() throws -> Audit {
        try world.snapshot().audit(catalog: world.catalog)
    }
}
