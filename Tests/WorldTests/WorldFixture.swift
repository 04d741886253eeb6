import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import TestSupport
@testable import WorldCore

/// A world in a fresh temporary directory, with a transcript of every event.
final class WorldFixture {
    let folder: TemporaryFolder
    let world: World
    /// What the tests read of the world, kept from read to read as a face keeps it.
    let readModel: ReadModel
    private(set) var events: [Event] = []

    init(strategy: Strategy = .verifyThenFinish) throws {
        folder = try TemporaryFolder()
        world = try folder.world(seed: 7)
        readModel = ReadModel(world)
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
        try ReadModel(world).snapshot().audit(catalog: world.catalog)
    }
}
