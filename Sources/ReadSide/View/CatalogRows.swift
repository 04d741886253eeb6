import Foundation
import IAPCore
import WorldCore

/// The catalog's rows in the catalog's order, each made when it is read: a screen that shows 20
/// of 5,000 products makes 20 rows, whatever the catalog's length. The facts a row needs (what
/// the user holds of each product, the invalid ids) are read once, in proportion to the history.
public struct CatalogRows: RandomAccessCollection, Sendable {
    public let endIndex: Int
    private let row: @Sendable (Int) -> CatalogRow

    /// Rows made ahead, as tests and fixtures give them.
    public init(_ rows: [CatalogRow]) {
        endIndex = rows.count
        row = { rows[$0] }
    }

    /// A row for each product, made by `row` when it is read.
    init(products: [Product], row: @escaping @Sendable (Product) -> CatalogRow) {
        endIndex = products.count
        self.row = { row(products[$0]) }
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> CatalogRow { row(position) }
}
