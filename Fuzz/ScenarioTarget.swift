import IAPCore
import ScenarioLanguage
import WorldCore

/// libFuzzer target for `ScenarioParser.parse` with the built-in catalog: every input parses,
/// or fails with an error naming this file and a line of it, in one printable line. Every
/// command parsed, printed back as a script line, parses as the same command.
private let parser = ScenarioParser(catalog: BuiltInCatalog.catalog())

@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioTarget(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let steps: [ScenarioStep]
    do {
        steps = try parser.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.scenario")
    } catch {
        FuzzCheck.requireMessage(error.description, startsWith: "fuzz.scenario: line ")
        if case .script(_, let line, _) = error {
            let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            FuzzCheck.require((1...lines).contains(line), "line \(line) of a \(lines)-line script")
        }
        return 0
    }
    for step in steps {
        do {
            let again = try parser.parse(step.command.scriptLine, file: "again.scenario")
            FuzzCheck.require(again.map(\.command) == [step.command], "\(step.command.scriptLine.debugDescription) reads back differently")
        } catch {
            FuzzCheck.require(false, "\(step.command.scriptLine.debugDescription) is refused when read back: \(error)")
        }
    }
    return 0
}
