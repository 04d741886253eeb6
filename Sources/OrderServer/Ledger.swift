import Foundation
import IAPCore
import Storage

/// What the Server has credited, as kept in `server.sqlite`.
public struct Ledger: Sendable, Equatable {
    /// One credited purchase.
    public struct Credit: Sendable, Equatable {
        public let transactionId: TransactionID
        public let originalTransactionId: TransactionID
        public let productId: String
        public let account: String
        public let date: Date
        /// What the credit granted, in English, as the ledger wrote it.
        public let grantWords: String
        /// What the credit granted as the ledger keeps the value: its JSON; nil for a credit
        /// written before the ledger kept grants as values.
        let grantJSON: String?

        public init(transactionId: TransactionID, originalTransactionId: TransactionID, productId: String, account: String,
                    date: Date, grant: Grant) {
            self.init(transactionId: transactionId, originalTransactionId: originalTransactionId, productId: productId,
                      account: account, date: date, grantWords: grant.english, grantJSON: grant.jsonText)
        }

        init(transactionId: TransactionID, originalTransactionId: TransactionID, productId: String, account: String,
             date: Date, grantWords: String, grantJSON: String?) {
            self.transactionId = transactionId
            self.originalTransactionId = originalTransactionId
            self.productId = productId
            self.account = account
            self.date = date
            self.grantWords = grantWords
            self.grantJSON = grantJSON
        }

        /// What the credit granted: the value the ledger keeps, read when asked; for an older
        /// credit, its words as written.
        public var grant: Grant {
            grantJSON.flatMap { try? JSONDecoder().decode(Grant.self, from: Data($0.utf8)) } ?? .written(grantWords)
        }
    }

    /// A product an App Store account owns, until an expiry for subscriptions.
    public struct Entitlement: Sendable, Equatable {
        public let account: String
        public let productId: String
        public let transactionId: TransactionID
        public let expires: Date?
    }

    /// What a family member holds through Family Sharing, from its own shared transaction.
    public struct FamilyEntitlement: Sendable, Equatable {
        public let account: String
        public let productId: String
        public let transactionId: TransactionID
        public let expires: Date?
    }

    /// A purchase the Server refused, with the status that made it refuse.
    public struct Rejection: Sendable, Equatable {
        /// The transaction the request named; nil for a check of the current receipt.
        public let transactionId: TransactionID?
        public let status: Int
        /// The Server's own reason (`ServerRefusal`) when verifyReceipt found the receipt valid
        /// (status 0); for a signed transaction that failed verification, the name of the status
        /// (Apple's `VerificationStatus`, 1 to 4) in `status`.
        public let reason: String?
        public let date: Date
    }

    /// A Server that has credited nothing.
    public static let empty = Ledger(credits: [], balances: [:], entitlements: [], rejections: [])
    /// The `notificationUUID` of every notification the Server processed.
    public let notifications: Set<String>

    /// In chunks, so that a ledger kept from read to read takes new credits without copying the old.
    public let credits: ChunkedArray<Credit>
    public let balances: [String: Int]
    public let entitlements: [Entitlement]
    public let rejections: [Rejection]
    /// What family members hold through Family Sharing, by account then product.
    public let familyEntitlements: [FamilyEntitlement]
    /// The credited purchases a standing refund (or a voiding at Google Play) made the Server
    /// take back: a consumable's grant, or the entitlement.
    public let takenBack: Set<TransactionID>

    public init(credits: [Credit], balances: [String: Int], entitlements: [Entitlement], rejections: [Rejection],
                notifications: Set<String> = [], familyEntitlements: [FamilyEntitlement] = [], takenBack: Set<TransactionID> = []) {
        self.init(credits: ChunkedArray(credits), balances: balances, entitlements: entitlements, rejections: rejections,
                  notifications: notifications, familyEntitlements: familyEntitlements, takenBack: takenBack)
    }

    public init(credits: ChunkedArray<Credit>, balances: [String: Int], entitlements: [Entitlement], rejections: [Rejection],
                notifications: Set<String> = [], familyEntitlements: [FamilyEntitlement] = [], takenBack: Set<TransactionID> = []) {
        self.takenBack = takenBack
        self.notifications = notifications
        self.familyEntitlements = familyEntitlements
        self.credits = credits
        self.balances = balances
        self.entitlements = entitlements
        self.rejections = rejections
    }

    /// How many credits each product has.
    public func creditCount(productId: String) -> Int {
        credits.filter { $0.productId == productId }.count
    }

    /// Whether `account` holds the product through Family Sharing at `date`.
    public func shares(productId: String, account: String, at date: Date) -> Bool {
        familyEntitlements.contains { $0.account == account && $0.productId == productId && ($0.expires.map { $0 > date } ?? true) }
    }

    /// Whether `account` owns the product at `date` (entitlements without expiry never end).
    public func owns(productId: String, account: String, at date: Date) -> Bool {
        entitlements.contains { $0.account == account && $0.productId == productId && ($0.expires.map { $0 > date } ?? true) }
    }
}
