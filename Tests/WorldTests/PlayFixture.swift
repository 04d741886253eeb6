import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import TestSupport
@testable import WorldCore

/// A fresh Play world with the app launched, its read model, and every event it tells.
final class PlayFixture {
    let folder: TemporaryFolder
    let world: World
    let readModel: ReadModel
    private(set) var events: [Event] = []

    init() throws {
        folder = try TemporaryFolder()
        world = try folder.world(seed: 7, store: .play)
        readModel = ReadModel(world)
        world.onEvent = { [unowned self] event in events.append(event) }
        try world.perform(.launch)
        try world.settle()
    }

    /// Runs commands as a script does.
    func run(_ commands: ScenarioCommand...) throws {
        for command in commands {
            try world.performInTurn(command)
        }
        try world.settle()
    }

    /// The transcript's lines from the `from`-th event on.
    func lines(from start: Int = 0) -> [String] {
        events[start...].flatMap(EventText.lines)
    }

    func credited() throws -> Int {
        try readModel.audit().credited
    }
}
