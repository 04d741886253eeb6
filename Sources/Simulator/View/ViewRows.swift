import Foundation
import IAPCore

/// Every transaction's row, oldest first, each made when it is read: the transaction manager,
/// showing 50 of 100,000 transactions, makes the rows it shows, whatever the history's length.
public struct TransactionRows: RandomAccessCollection, Sendable {
    public let endIndex: Int
    private let row: @Sendable (Int) -> TransactionRow

    /// Rows made ahead, as tests and fixtures give them.
    public init(_ rows: [TransactionRow]) {
        endIndex = rows.count
        row = { rows[$0] }
    }

    /// `count` rows, the one at each position made by `row` when it is read.
    public init(count: Int, row: @escaping @Sendable (Int) -> TransactionRow) {
        endIndex = count
        self.row = row
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> TransactionRow { row(position) }
}
