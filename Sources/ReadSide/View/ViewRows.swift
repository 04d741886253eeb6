import Foundation
import IAPCore
import WorldCore

/// Rows of a long list, oldest first, each made when it is read: the transaction manager,
/// showing 50 of 100,000 transactions, makes the rows it shows, whatever the history's length.
public struct ViewRows<Row: Sendable>: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    public let endIndex: Int
    private let row: @Sendable (Int) -> Row

    /// Rows made ahead, as tests and fixtures give them.
    public init(_ rows: [Row]) {
        endIndex = rows.count
        row = { rows[$0] }
    }

    public init(arrayLiteral rows: Row...) {
        self.init(rows)
    }

    /// `count` rows, the one at each position made by `row` when it is read.
    public init(count: Int, row: @escaping @Sendable (Int) -> Row) {
        endIndex = count
        self.row = row
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> Row { row(position) }
}

/// Every transaction's row (`TransactionRow`).
public typealias TransactionRows = ViewRows<TransactionRow>
/// Every credit's row (`CreditRow`).
public typealias CreditRows = ViewRows<CreditRow>
