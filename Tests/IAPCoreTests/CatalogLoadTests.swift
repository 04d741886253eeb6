import Foundation
import Testing
@testable import IAPCore
import TestSupport

@Suite("Loading catalog files")
struct CatalogLoadTests {
    private func loadError(_ path: String) -> CatalogError? {
        do {
            _ = try CatalogParser.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("nope.json")
        let error = try #require(loadError(path))
        #expect(error == CatalogError(file: path, path: "$", problem: "no such file"))
        #expect(error.description == "\(path): $: no such file")
    }

    @Test func directory() throws {
        let folder = try TemporaryFolder()
        let error = try #require(loadError(folder.path))
        #expect(error == CatalogError(file: folder.path, path: "$", problem: "is a directory, not a catalog file"))
        #expect(error.description == "\(folder.path): $: is a directory, not a catalog file")
    }

    @Test func twoMebibyteFile() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("huge.json")
        try Data(repeating: UInt8(ascii: " "), count: 2 << 20).write(to: url)
        let error = try #require(loadError(url.path))
        #expect(error.path == "$")
        #expect(error.problem.hasPrefix("too large to be a catalog"))
        #expect(error.description == "\(url.path): $: \(error.problem)")
    }

    @Test func exactlyOneMebibyteIsAllowed() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("padded.json")
        var data = Data(CatalogFixture.document([CatalogFixture.product()]).utf8)
        data.append(Data(repeating: UInt8(ascii: "\n"), count: (1 << 20) - data.count))
        try data.write(to: url)
        #expect(try CatalogParser.load(path: url.path).products.count == 1)
        data.append(UInt8(ascii: "\n"))
        try data.write(to: url)
        #expect(loadError(url.path)?.problem.hasPrefix("too large to be a catalog") == true)
    }

    @Test func parseErrorsNameTheFileAsGiven() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("bad.json")
        try Data(CatalogFixture.document([CatalogFixture.product(.consumable, ["colour": "red"])]).utf8).write(to: url)
        #expect(loadError(url.path)?.description == "\(url.path): $.products[0].colour: unknown key")
    }

    @Test func deviceFilesAreCappedNotReadForever() {
        #expect(loadError("/dev/zero")?.problem.hasPrefix("too large to be a catalog") == true)
    }
}
