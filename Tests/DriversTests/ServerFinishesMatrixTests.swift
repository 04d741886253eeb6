import IAPCore
import Testing
@testable import Drivers
@testable import WorldCore

/// The matrix's fifth row: under server-finishes the app never finishes (n/a at `finished`, as at
/// `cached`, which it never reaches either), and no crash, power cut or fault loses the purchase:
/// the Server calls Finish Transaction only after its credit, and one call lost with the Server's
/// reply is made again when the relaunch finds the transaction still in the Store's queue.
@Suite struct ServerFinishesMatrixTests {
    @Test func itsRowRecoversEverythingItReaches() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog())
        let lines = MatrixText.table(matrix, colour: false)
        #expect(lines.filter { $0.hasPrefix("server-finishes ") } == [
            "server-finishes    │ recovered     recovered  n/a        recovered         recovered  n/a        recovered    recovered     │",
            "server-finishes    │ recovered     recovered  n/a        recovered         recovered  n/a       │",
        ])
        #expect(!lines.contains { $0.hasPrefix("lost server-finishes") || $0.hasPrefix("double server-finishes") })
        func why(_ trial: MatrixCell.Trial) throws -> String {
            try #require(matrix.cells.first { $0.strategy == .serverFinishes && $0.trial == trial }).why
        }
        #expect(try why(.crash(.finished)) == "the app never finishes under this strategy: the Server calls Finish Transaction after crediting")
        #expect(try why(.crash(.serverCommitted)) == "credited before the crash, and the Server finished it: nothing left to recover")
        #expect(try why(.fault(.responseLost)) == "credited before the crash, its Finish Transaction call lost; found in the Store's queue, "
                + "the Server suppressed the duplicate and called Finish Transaction again")
    }

    @Test func underStoreKit2WithNotificationsItLosesNothingEither() throws {
        let matrix = try StrategyMatrix.run(catalog: BuiltInCatalog.catalog(), api: .storekit2)
        let lines = MatrixText.table(matrix, colour: false)
        #expect(lines.filter { $0.hasPrefix("server-finishes ") }.last
                == "server-finishes    │ recovered     recovered  n/a        n/a               recovered  n/a        recovered  recovered       │")
        let row = matrix.cells.filter { $0.strategy == .serverFinishes }
        #expect(row.allSatisfy { $0.outcome == .recovered || $0.outcome == .notApplicable }, "\(row)")
    }
}
