@testable import IAPClient

/// libFuzzer target for the pending-order cache reader (`CacheContents.parse`): every input is
/// read, or refused with a `CacheError` naming this file in one printable line. What it reads
/// back, written out again, reads as the same orders with nothing to repair.
@_cdecl("LLVMFuzzerTestOneInput")
public func cacheTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let contents: CacheContents
    do {
        contents = try CacheContents.parse(bytes, path: "fuzz.txt")
    } catch {
        FuzzCheck.requireMessage(error.description, startsWith: "fuzz.txt: ")
        return 0
    }
    for warning in contents.warnings {
        FuzzCheck.requireMessage(warning, startsWith: "line ")
    }
    let rewritten = CacheContents.header + "\n" + contents.orders.map { CacheRecord.save($0).line }.joined()
    do {
        let again = try CacheContents.parse(Array(rewritten.utf8), path: "fuzz.txt")
        FuzzCheck.require(again.orders == contents.orders, "orders changed when written out and read back")
        FuzzCheck.require(again.warnings.isEmpty && !again.needsRewrite, "a clean rewrite reads as damaged: \(again.warnings)")
    } catch {
        FuzzCheck.require(false, "a clean rewrite is refused: \(error)")
    }
    return 0
}
