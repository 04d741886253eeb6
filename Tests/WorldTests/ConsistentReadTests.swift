import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport

/// A reader beside a writer sees one moment: a purchase made between its reads of the Server
/// and the Store is never seen half done (paid and finished, never credited; or credited, never paid).
@Suite struct ConsistentReadTests {
    @Test func aPurchaseMadeBetweenTheReadsIsNeverSeenTorn() throws {
        let folder = try TemporaryFolder()
        let writer = try folder.world(seed: 7)
        try writer.perform(.launch)
        try writer.settle()
        var writes = 0
        let snapshot = try WorldSnapshot.read(folder.dataDirectory) {
            guard writes == 0 else { return }
            writes += 1
            try? writer.performInTurn(.buy(productId: "com.storesim.coins.100", answer: .confirm))
            try? writer.settle()
        }
        #expect(writes == 1)
        #expect(snapshot.transactions.filter(\.charged).count == 1)
        #expect(snapshot.ledger.credits.count == 1)
        let audit = snapshot.audit(catalog: writer.catalog)
        #expect(audit.lost == 0)
        #expect(audit.orphanCredits == 0)
        #expect(audit.ok)
    }
}
