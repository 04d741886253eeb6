import IAPCore
@testable import ScenarioLanguage
import Storage
import Testing
@testable import WorldCore

/// A command the world declines is a refusal and the session goes on; a file or database that
/// fails under a command is a failure that names the file, and every face stops on it.
@Suite struct CommandFailureTests {
    @Test func aCommandTheWorldDeclinesIsARefusal() throws {
        let fixture = try WorldFixture()
        try fixture.run(.quit)
        #expect(throws: WorldActionError.refused(.needsRunningApp(command: "buy", .quit))) {
            try fixture.world.perform(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        }
        #expect(throws: WorldActionError.refused(.appRunningAlready)) {
            try fixture.run(.launch)
            try fixture.world.perform(.launch)
        }
    }

    @Test func aStoreDatabaseThatCannotBeWrittenIsAFailureNamingTheFile() throws {
        let fixture = try WorldFixture()
        let path = fixture.world.directory.storeDatabase
        let blocker = try SQLiteDatabase(path: path)
        try blocker.execute("BEGIN EXCLUSIVE")
        defer { try? blocker.execute("ROLLBACK") }
        #expect {
            try fixture.world.perform(.store(.askToBuy, on: true))
        } throws: { error in
            guard case WorldActionError.failed(let failure) = error else { return false }
            return failure.description.hasPrefix("\(path): ") && failure.description.contains("locked")
        }
    }

    @Test func aFailureStopsAScriptWithTheFileNotTheLine() throws {
        let fixture = try WorldFixture()
        let blocker = try SQLiteDatabase(path: fixture.world.directory.storeDatabase)
        try blocker.execute("BEGIN EXCLUSIVE")
        defer { try? blocker.execute("ROLLBACK") }
        let steps = try ScenarioParser(catalog: fixture.world.catalog).parse("store payments off\n", file: "s.scenario")
        #expect {
            try ScenarioRunner(world: fixture.world) { _ in }.run(steps, file: "s.scenario")
        } throws: { error in
            guard case WorldError.file(let path, _) = error else { return false }
            return path == fixture.world.directory.storeDatabase
        }
    }
}
