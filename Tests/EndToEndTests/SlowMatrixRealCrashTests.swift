import Foundation
import Testing
import TestSupport

/// The matrix from real SIGKILLed processes equals the matrix from in-process crashes.
@Suite(.tags(.slow)) struct SlowMatrixRealCrashTests {
    /// "strategy × trial → outcome" for every cell of a matrix's JSON.
    func outcomes(_ json: String) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var outcomes: [String: String] = [:]
        for (key, trialKey) in [("cells", "crashPoint"), ("faultCells", "fault"), ("powerCutCells", "crashPoint")] {
            for cell in try #require(object[key] as? [[String: String]]) {
                outcomes["\(key): \(cell["strategy"] ?? "") × \(cell[trialKey] ?? "")"] = cell["outcome"]
            }
        }
        return outcomes
    }

    @Test(arguments: [[], ["--unsafe-cache"], ["--api", "storekit2"]])
    func realCrashesGiveTheSameTable(_ flags: [String]) throws {
        let inProcess = try StoreSimProcess.run(["matrix", "--json"] + flags)
        let real = try StoreSimProcess.run(["matrix", "--json", "--real-crash"] + flags)
        #expect(inProcess.status == 0 && real.status == 0, "\(real.stderr)")
        let expected = try outcomes(inProcess.stdout)
        #expect(expected.count == 5 * (6 + 2 + 6))
        #expect(try outcomes(real.stdout) == expected)
    }
}
