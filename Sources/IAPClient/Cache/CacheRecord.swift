import IAPCore
import Storage

/// One line of the cache file: a saved order or the removal of one, with its CRC-32. An order
/// proved by a signed transaction (StoreKit 2) is saved as `save-jws`.
///
///     save<TAB>TRANSACTION<TAB>PRODUCT<TAB>SERVER-PRODUCT-OR--<TAB>RECEIPT<TAB>CRC32
///     save-jws<TAB>TRANSACTION<TAB>PRODUCT<TAB>SERVER-PRODUCT-OR--<TAB>JWS<TAB>CRC32
///     remove<TAB>TRANSACTION<TAB>CRC32
enum CacheRecord: Equatable {
    case save(PendingOrder)
    case remove(transactionId: TransactionID)

    /// The line, with its checksum and newline.
    var line: String {
        let body: String
        switch self {
        case .save(let order):
            let keyword = if case .signedTransaction = order.proof { "save-jws" } else { "save" }
            body = [keyword, order.transactionId.description, order.productId, order.serverProductId ?? "-", order.receipt]
                .joined(separator: "\t")
        case .remove(let id):
            body = "remove\t\(id)"
        }
        return body + "\t" + CRC32.hex(body.utf8) + "\n"
    }

    /// Parses one line (without its newline); nil when it is damaged (a transaction id that is
    /// not one included).
    init?(line: Substring) {
        guard let lastTab = line.lastIndex(of: "\t") else { return nil }
        let body = line[..<lastTab]
        guard line[line.index(after: lastTab)...] == CRC32.hex(body.utf8) else { return nil }
        let fields = body.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count > 1, let id = TransactionID(fields[1]) else { return nil }
        switch (fields[0], fields.count) {
        case ("save", 5), ("save-jws", 5):
            let proof: PurchaseProof = fields[0] == "save" ? .receipt(fields[4]) : .signedTransaction(fields[4])
            self = .save(PendingOrder(transactionId: id, productId: fields[2],
                                      serverProductId: fields[3] == "-" ? nil : fields[3], proof: proof))
        case ("remove", 2):
            self = .remove(transactionId: id)
        default:
            return nil
        }
    }

    /// Whether a value can be written into a field without breaking the line format.
    static func isStorable(_ value: String) -> Bool {
        !value.isEmpty && !value.utf8.contains(9) && !value.utf8.contains(10)
    }
}
