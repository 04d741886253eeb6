import Foundation
import IAPCore
import Storage

extension OrderServer {
    /// Credits purchases the Server verified in the past, each dated when it was made and
    /// credited as `receive` credits one (once, UNIQUE on its id, its grant applied), all in one
    /// database transaction: how a world with a long history is built quickly. Returns how
    /// many were new; a purchase of a product the catalog lacks is refused.
    public func creditPast(_ entries: [ReceiptEntry]) throws(ServerError) -> Int {
        do {
            return try database.database.transaction { () throws(StorageError) -> Int in
                var credited = 0
                for entry in entries {
                    guard let product = catalog.product(id: entry.productId) else {
                        throw StorageError(path: database.database.path, problem: "no product \(entry.productId) in the catalog")
                    }
                    let grant = Self.grant(product, entry: entry)
                    if try credit(product, entry: entry, grant: grant, at: entry.purchaseDate) { credited += 1 }
                }
                return credited
            }
        } catch {
            throw ServerError(error)
        }
    }
}
