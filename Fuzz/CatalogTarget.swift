import Foundation
import IAPCore

/// libFuzzer target for `CatalogParser.parse`: every input parses, or fails with a
/// `CatalogError` for this file at a JSON path, said in one printable line.
@_cdecl("LLVMFuzzerTestOneInput")
public func catalogTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let catalog = try CatalogParser.parse(data, file: "fuzz.json")
        FuzzCheck.require(!catalog.products.isEmpty, "a catalog parsed without products")
    } catch {
        FuzzCheck.require(error.path.hasPrefix("$"), "error path \(error.path.debugDescription) is not a JSON path")
        FuzzCheck.requireMessage(error.description, startsWith: "fuzz.json: $")
    }
    return 0
}
