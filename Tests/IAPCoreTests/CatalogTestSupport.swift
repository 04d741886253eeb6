import Foundation
import Testing
@testable import IAPCore

/// Builds catalog documents for tests, and checks the errors they produce.
enum CatalogFixture {
    static let file = "test.json"

    /// The project's `catalog.json`, found from this file: Tests/IAPCoreTests/… → ../../catalog.json.
    static let projectCatalogPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("catalog.json")
        .path

    /// A file in the project's `Scenarios/` folder, where the Xcode fixtures sit beside the
    /// scripts that run on them.
    static func scenarioFile(_ name: String) -> String {
        URL(fileURLWithPath: projectCatalogPath).deletingLastPathComponent()
            .appendingPathComponent("Scenarios").appendingPathComponent(name).path
    }

    /// A valid product of `type`, with `changes` applied (`NSNull()` removes a key).
    static func product(_ type: ProductType = .consumable, _ changes: [String: Any] = [:]) -> [String: Any] {
        var product: [String: Any] = [
            "id": "com.test.\(type.rawValue)",
            "type": type.rawValue,
            "referenceName": "Test \(type.rawValue)",
            "price": "0.99",
            "localizations": ["en_US": ["title": "Title", "description": "Description"]],
        ]
        switch type {
        case .consumable: product["grant"] = ["coins": 10]
        case .nonConsumable: break
        case .autoRenewable: product["period"] = "P1M"; product["group"] = "test"
        case .nonRenewing: product["duration"] = "P3M"
        }
        for (key, value) in changes {
            product[key] = value is NSNull ? nil : value
        }
        return product
    }

    /// JSON text of a catalog with these products (and `changes` to the top level).
    static func document(_ products: [Any], storefront: Any = "USA", _ changes: [String: Any] = [:]) -> String {
        var top: [String: Any] = ["storefront": storefront, "products": products]
        top.merge(changes) { $1 }
        return json(top)
    }

    static func json(_ object: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "<not serializable>"
    }

    /// The error parsing `text` throws, or nil when it parses.
    static func error(_ text: String) -> CatalogError? {
        error(Data(text.utf8))
    }

    static func error(_ data: Data) -> CatalogError? {
        do {
            _ = try CatalogParser.parse(data, file: file)
            return nil
        } catch {
            return error
        }
    }
}

/// Expects parsing `text` to fail at `path` with a problem containing `problem`, described as
/// `FILE: PATH: PROBLEM`.
func expectCatalogError(
    _ text: String, path: String, problem: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = CatalogFixture.error(text) else {
        Issue.record("parsed without error: \(text)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.file == CatalogFixture.file, sourceLocation: sourceLocation)
    #expect(error.path == path, sourceLocation: sourceLocation)
    #expect(error.problem.contains(problem), "problem was: \(error.problem)", sourceLocation: sourceLocation)
    #expect(error.description == "\(CatalogFixture.file): \(path): \(error.problem)", sourceLocation: sourceLocation)
}

/// Expects a catalog holding just `product` to fail at `$.products[0]` + `suffix`.
func expectProductError(
    _ product: [String: Any], at suffix: String, problem: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectCatalogError(
        CatalogFixture.document([product]), path: "$.products[0]" + suffix, problem: problem,
        sourceLocation: sourceLocation
    )
}
