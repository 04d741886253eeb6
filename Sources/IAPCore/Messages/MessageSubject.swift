/// What a message, or a timeline entry, is about: one transaction, or the Server's check of the
/// app's current receipt, which names no transaction.
public enum MessageSubject: Sendable, Hashable, CustomStringConvertible {
    case transaction(TransactionID)
    case currentReceipt

    /// The subject of a verification: its transaction, or the current receipt when it names none.
    public init(_ transactionId: TransactionID?) {
        self = transactionId.map(MessageSubject.transaction) ?? .currentReceipt
    }

    /// The transaction, when the subject is one.
    public var transactionId: TransactionID? {
        if case .transaction(let id) = self { return id }
        return nil
    }

    /// As the timeline writes it: the transaction's digits, nothing for the current receipt.
    public var description: String {
        transactionId?.description ?? ""
    }
}

extension MessageSubject: Codable {
    /// Written in JSON as the timeline writes it: the id's digits, or an empty string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try container.decode(String.self).isEmpty ? .currentReceipt : .transaction(container.decode(TransactionID.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
