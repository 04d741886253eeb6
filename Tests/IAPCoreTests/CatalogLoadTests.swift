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

    @Test func aFileOverTheLimit() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("huge.json")
        try Data(repeating: UInt8(ascii: " "), count: CatalogParser.maxFileSize + 1).write(to: url)
        let error = try #require(loadError(url.path))
        #expect(error.path == "$")
        #expect(error.problem.hasPrefix("too large to be a catalog"))
        #expect(error.description == "\(url.path): $: \(error.problem)")
    }

    @Test func exactlyTheLimitIsAllowed() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("padded.json")
        var data = Data(CatalogFixture.document([CatalogFixture.product()]).utf8)
        data.append(Data(repeating: UInt8(ascii: "\n"), count: CatalogParser.maxFileSize - data.count))
        try data.write(to: url)
        #expect(try CatalogParser.load(path: url.path).products.count == 1)
        data.append(UInt8(ascii: "\n"))
        try data.write(to: url)
        #expect(loadError(url.path)?.problem.hasPrefix("too large to be a catalog") == true)
    }

    /// One limit both ways: what `catalog convert` would write larger than StoreSim reads is
    /// refused, naming the file converted and the size, and nothing is written.
    @Test func aConversionLargerThanTheLimitIsRefusedAsItCouldNotBeReadBack() throws {
        let description = String(repeating: "d", count: 8_000)
        let products = (0..<2_200).map { index in
            Product(id: "com.test.\(index)", type: .consumable, referenceName: "P\(index)", price: 1,
                    localizations: ["en_US": Localization(title: "P\(index)", description: description)], grant: ["coins": 1])
        }
        let catalog = Catalog(storefront: try #require(Storefront.named("USA")), products: products)
        let error = try #require(throws: CatalogError.self) { try CatalogWriter.storeKit(catalog, file: "big.json") }
        let pattern = /big.json: \$: written as a .storekit file it would be (\d+) bytes, over the 16 MiB StoreSim reads as a catalog, so it could not be read back; nothing written/
        let size = try #require(try pattern.wholeMatch(in: error.description).flatMap { Int($0.1) }, "\(error)")
        #expect(size > CatalogParser.maxFileSize)
    }

    @Test func parseErrorsNameTheFileAsGiven() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("bad.json")
        try Data(CatalogFixture.document([CatalogFixture.product(.consumable, ["colour": "red"])]).utf8).write(to: url)
        #expect(loadError(url.path)?.description == "\(url.path): $.products[0].colour: unknown key; the closest: group, id, type")
    }

    @Test func deviceFilesAreCappedNotReadForever() {
        #expect(loadError("/dev/zero")?.problem.hasPrefix("too large to be a catalog") == true)
    }
}
