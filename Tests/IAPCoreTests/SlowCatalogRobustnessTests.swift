import Foundation
import Testing
@testable import IAPCore
import TestSupport

@Suite("Catalog parsing never traps", .tags(.slow))
struct SlowCatalogRobustnessTests {
    private let original = Array(BuiltInCatalog.json.utf8)

    /// Parses `bytes`; any failure must be a well-formed error at a JSON path.
    private func expectCleanOutcome(_ bytes: [UInt8]) {
        guard let error = CatalogFixture.error(Data(bytes)) else { return }
        #expect(error.path.hasPrefix("$"))
        #expect(!error.problem.isEmpty)
    }

    @Test func everyTruncation() {
        let closingBrace = original.lastIndex(of: UInt8(ascii: "}")) ?? 0
        for length in 0...closingBrace {
            let prefix = Array(original.prefix(length))
            #expect(CatalogFixture.error(Data(prefix))?.path == "$", "truncated to \(length) bytes")
        }
    }

    @Test func byteFlips() {
        var generator = SplitMix64(seed: 0x5107E51)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            expectCleanOutcome(bytes)
        }
    }

    @Test func randomBytes() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("{}[]\",:\\u0123456789.-+eEtruefalsn \n".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            expectCleanOutcome((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
        }
    }
}
