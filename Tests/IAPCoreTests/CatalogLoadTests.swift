import Foundation
import Testing
@testable import IAPCore

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
        try CatalogFixture.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nope.json").path
            let error = try #require(loadError(path))
            #expect(error == CatalogError(file: path, path: "$", problem: "no such file"))
            #expect(error.description == "\(path): $: no such file")
        }
    }

    @Test func directory() throws {
        try CatalogFixture.withTemporaryDirectory { directory in
            let error = try #require(loadError(directory.path))
            #expect(error == CatalogError(file: directory.path, path: "$", problem: "is a directory, not a catalog file"))
            #expect(error.description == "\(directory.path): $: is a directory, not a catalog file")
        }
    }

    @Test func twoMebibyteFile() throws {
        try CatalogFixture.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("huge.json")
            try Data(repeating: UInt8(ascii: " "), count: 2 << 20).write(to: url)
            let error = try #require(loadError(url.path))
            #expect(error.path == "$")
            #expect(error.problem.hasPrefix("too large to be a catalog"))
            #expect(error.description == "\(url.path): $: \(error.problem)")
        }
    }

    @Test func exactlyOneMebibyteIsAllowed() throws {
        try CatalogFixture.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("padded.json")
            var data = Data(CatalogFixture.document([CatalogFixture.product()]).utf8)
            data.append(Data(repeating: UInt8(ascii: "\n"), count: (1 << 20) - data.count))
            try data.write(to: url)
            #expect(try CatalogParser.load(path: url.path).products.count == 1)
            data.append(UInt8(ascii: "\n"))
            try data.write(to: url)
            #expect(loadError(url.path)?.problem.hasPrefix("too large to be a catalog") == true)
        }
    }

    @Test func parseErrorsNameTheFileAsGiven() throws {
        try CatalogFixture.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("bad.json")
            try Data(CatalogFixture.document([CatalogFixture.product(.consumable, ["colour": "red"])]).utf8).write(to: url)
            #expect(loadError(url.path)?.description == "\(url.path): $.products[0].colour: unknown key")
        }
    }

    @Test func deviceFilesAreCappedNotReadForever() {
        #expect(loadError("/dev/zero")?.problem.hasPrefix("too large to be a catalog") == true)
    }
}
