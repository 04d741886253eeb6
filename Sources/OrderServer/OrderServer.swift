import Foundation
import IAPCore
import Signing
import Storage

/// The app's own backend: verifies receipts with the Store, or signed transactions itself, and
/// credits each purchase once, in one database transaction keyed UNIQUE on the transaction id.
public final class OrderServer {
    public let catalog: Catalog
    let database: ServerDatabase
    /// Verifies signed transactions against the pinned root certificate (StoreKit 2).
    var verifier: JWSVerifier?
    /// How the Server asks `verifyReceipt`.
    public private(set) var configuration: ServerConfiguration

    public init(path: String, catalog: Catalog) throws(ServerError) {
        self.catalog = catalog
        do {
            database = try ServerDatabase(path: path, readOnly: false)
            configuration = try ServerConfiguration.load(database)
        } catch {
            throw ServerError(error)
        }
    }

    /// Changes the Server's configuration and keeps it in `server.sqlite`.
    public func configure(_ change: (inout ServerConfiguration) -> Void) throws(ServerError) {
        var updated = configuration
        change(&updated)
        do {
            try updated.save(database)
        } catch {
            throw ServerError(error)
        }
        configuration = updated
    }

    /// The world this Server belongs to; nil in a file made before worlds had one.
    public func worldId() throws(ServerError) -> String? {
        do {
            return try database.worldId()
        } catch {
            throw ServerError(error)
        }
    }

    /// Records the world this Server belongs to.
    public func belong(toWorld id: String) throws(ServerError) {
        do {
            try database.setWorldId(id)
        } catch {
            throw ServerError(error)
        }
    }

    /// Fills, or frees, the Server's disk: while full, every write to `server.sqlite` fails.
    public func setDiskFull(_ full: Bool) {
        database.database.simulatesFullDisk = full
    }

    /// What this Server has credited.
    public func ledger() throws(ServerError) -> Ledger {
        do {
            return try database.ledger()
        } catch {
            throw ServerError(error)
        }
    }

    /// Opens a batch on `server.sqlite`: the credits of the messages handled until
    /// `commitBatch` are one SQLite transaction, each still UNIQUE on its transaction id
    /// (`SQLiteDatabase.beginBatch`). Its replies must not be delivered before the commit.
    public func beginBatch() throws(ServerError) {
        try onDisk { () throws(StorageError) in try database.database.beginBatch() }
    }

    /// Makes the open batch durable with one commit.
    public func commitBatch() throws(ServerError) {
        try onDisk { () throws(StorageError) in try database.database.commitBatch() }
    }

    /// Handles one message addressed to the Server.
    public func receive(_ message: Message, link: Link) throws(ServerError) {
        switch message {
        case .verifyPurchase(let request):
            link.send(.verifyReceipt(ReceiptCheck(request: request, environment: configuration.verifiesFirst,
                                                  sharedSecret: configuration.sharedSecret, usesPost: configuration.usesPost)))
        case .receiptChecked(let result):
            // The Server reads Apple's JSON, as a backend reads Apple's answer.
            let response = result.response
            if let other = Self.otherEndpoint(for: response.status, at: result.check.environment) {
                // Apple: "verify your receipt first with the production URL; then verify with the
                // sandbox URL if you receive a 21007 status code"; 21008, a production receipt at
                // the sandbox: "Send it to the production environment instead." Each receipt
                // starts where the Server is pointed (production unless `server verify-first sandbox`).
                link.note(.server(.askOtherEndpoint(response.status, other)), from: .server, to: nil,
                          transactionId: result.request.transactionId)
                link.send(.verifyReceipt(result.check.sent(to: other)))
                return
            }
            // Kept before it is settled, with what it settles: the latest answer about each transaction.
            let about = result.request.purpose == .recovery ? result.request.orders : result.request.transactionId.map { [$0] } ?? []
            if result.request.purpose == .recovery {
                try onDisk { () throws(StorageError) in
                    try database.keepResponse(result.responseBody, about: about)
                    try settleRecovery(response, of: result.request, at: link.now, link: link)
                }
                return
            }
            try answer(result.request, link) { () throws(StorageError) in
                try database.keepResponse(result.responseBody, about: about)
                return try settle(response, of: result.request, at: link.now, link: link)
            }
        case .verifySignedTransaction(let request):
            try answer(request, link) { () throws(StorageError) in try settleSigned(request, link: link) }
        case .transactionInfo(let info):
            if let notification = info.request.notification {
                try onDisk { () throws(StorageError) in try settleNotified(info, notification, link: link) }
                return
            }
            try answer(info.request, link) { () throws(StorageError) in try settle(info, link: link) }
        case .notification(let notification):
            try onDisk { () throws(StorageError) in try receive(notification, link: link) }
        case .transactionHistory(let history):
            try onDisk { () throws(StorageError) in try reconcile(history, link: link) }
        case .renewalDateExtended(let answered):
            try onDisk { () throws(StorageError) in try settle(answered) }
        case .testNotificationToken(let token?):
            try onDisk { () throws(StorageError) in try keep(testNotificationToken: token) }
        case .notificationHistory(let notifications):
            try onDisk { () throws(StorageError) in
                for notification in notifications { try receive(notification, link: link) }
            }
        case .play(let message):
            try receive(message, link: link)
        case .signOffer(let request):
            try onDisk { () throws(StorageError) in
                link.send(.offerSigned(SignedOffer(request: request, signature: try sign(request, at: link.now))))
            }
        default:
            break
        }
    }

    /// Runs `body`, which reads or writes `server.sqlite`, a failure of the file told as the Server's.
    func onDisk<Result>(_ body: () throws(StorageError) -> Result) throws(ServerError) -> Result {
        do {
            return try body()
        } catch {
            throw ServerError(error)
        }
    }

    /// Settles a verification of `request` and answers the app; a credit is noted once it is
    /// committed (in a batch, once its savepoint is released: the batch commits before the reply
    /// is delivered). A settlement that must first ask the Store answers nothing yet.
    private func answer(_ request: VerificationRequest, _ link: Link,
                        _ settle: () throws(StorageError) -> VerificationAnswer?) throws(ServerError) {
        let settled: VerificationAnswer?
        do {
            settled = try settle()
        } catch {
            throw ServerError(error)
        }
        guard let answer = settled else { return }
        tell(answer, for: request, link: link)
    }

    /// Answers the app about `request`; a credit is noted first, and a finish the app left to
    /// the Server follows the reply.
    func tell(_ answer: VerificationAnswer, for request: VerificationRequest, link: Link) {
        noteCredit(answer, link: link)
        link.send(.verificationAnswered(answer))
        finish([answer], for: request, link: link)
    }

    /// Answers a recovery with one reply; what became of each order is noted first, in its words
    /// (a credit, already credited, not proven and why), so that the timeline keeps each one's
    /// fate; the finishes the app left to the Server follow the reply.
    func tell(_ answers: [VerificationAnswer], for request: VerificationRequest, link: Link) {
        for answer in answers {
            if answer.outcome == .credited {
                noteCredit(answer, link: link)
            } else if let id = answer.transactionId {
                link.note(.server(.answered(answer)), from: .server, to: nil, transactionId: id)
            }
        }
        link.send(.recoveryAnswered(answers))
        finish(answers, for: request, link: link)
    }

    /// For an app that never finishes (server-finishes), calls Finish Transaction for each
    /// transaction an answer says is credited, now or before: once the credit is durable (the
    /// call, like the reply, is delivered after the batch commits), and each time the app asks,
    /// so that a call lost on the way (the transaction still unfinished in the Store's queue,
    /// which redelivers it at the next launch) is made again. The Server keeps no list of
    /// finishes owed: the Store's queue is that list. A second call finishes nothing more.
    private func finish(_ answers: [VerificationAnswer], for request: VerificationRequest, link: Link) {
        guard request.serverFinishes else { return }
        for answer in answers where answer.outcome == .credited || answer.outcome == .alreadyCredited {
            if let id = answer.transactionId { link.send(.serverFinishTransaction(transactionId: id)) }
        }
    }

    /// Notes a credit the answer tells of, and passes the crash point after the Server's commit.
    func noteCredit(_ answer: VerificationAnswer, link: Link) {
        guard answer.outcome == .credited, let id = answer.transactionId, let grant = answer.grant else { return }
        link.note(.server(.credited(id, grant: grant)), from: .server, to: nil, transactionId: id)
        link.passed(.serverCommitted)
    }

    private func settle(_ response: VerifyReceiptResponse, of request: VerificationRequest, at now: Date,
                        link: Link) throws(StorageError) -> VerificationAnswer {
        // Apple: "For receipts containing auto-renewable subscriptions, check the value of the
        // responseBody.Latest_receipt_info key of the response to get the status of the most
        // recent renewal." A renewal the device's receipt does not list yet is found there.
        let listed = response.listed
        let revoked = response.status == .valid ? try revokeRefunded(listed) : 0
        if request.purpose == .receiptCheck && response.status == .valid {
            let credited = try creditNonRenewing(response.receipt?.inApp ?? [], account: request.account, at: now, link: link)
            return VerificationAnswer(transactionId: request.transactionId,
                                      outcome: .receiptChecked(revoked: revoked, credited: credited), productId: nil)
        }
        // Exactly the transaction asked about (or the purchase the Store says it restores): a
        // receipt that does not prove it credits nothing, nor answers "already credited".
        let entry = request.transactionId.flatMap { requested in
            listed.first { $0.transactionId == requested || $0.restoringTransactionId == requested }
        }
        guard response.status == .valid else {
            try database.reject(request.transactionId, status: response.status.rawValue, reason: nil, at: now)
            return VerificationAnswer(transactionId: request.transactionId, outcome: .rejected(response.status),
                                      productId: nil)
        }
        guard let entry, let product = catalog.product(id: entry.productId) else {
            return try refuse(request, .notOnReceipt, at: now)
        }
        // A purchase the Store has refunded owes the user nothing: it is never credited.
        guard !entry.revoked else { return try refuse(request, .refunded, at: now) }
        guard request.account == nil || request.account == entry.account else {
            return try refuse(request, .otherAccount, at: now)
        }
        return try creditOnce(entry, product: product, answering: request.transactionId, at: now)
    }

    /// Credits exactly the purchase `entry` proves, once: a second request for it is answered
    /// "already credited". With a `tally`, the caller holds the transaction and writes the
    /// tally's balances; without one, the credit is a transaction of its own.
    func creditOnce(_ entry: ReceiptEntry, product: Product, answering transactionId: TransactionID?,
                    at now: Date, tally: GrantTally? = nil) throws(StorageError) -> VerificationAnswer {
        // A family member's shared transaction is no payment: it proves access to what Family
        // Sharing shares, and nothing else.
        if entry.isFamilyShared && !product.isFamilyShared { return try refuse(transactionId, .notShareable, at: now) }
        let grant = Self.grant(product, entry: entry)
        let credited: Bool
        if let tally {
            credited = try credit(product, entry: entry, grant: grant, at: now, tally: tally)
        } else {
            credited = try database.database.transaction { () throws(StorageError) -> Bool in
                try credit(product, entry: entry, grant: grant, at: now)
            }
        }
        return VerificationAnswer(transactionId: transactionId,
                                  outcome: credited ? .credited : .alreadyCredited,
                                  productId: product.id, grant: grant)
    }

    /// Records and answers a refusal of the Server's own.
    func refuse(_ request: VerificationRequest, _ refusal: ServerRefusal, at now: Date) throws(StorageError) -> VerificationAnswer {
        try refuse(request.transactionId, refusal, at: now)
    }

    /// Records and answers a refusal of the Server's own about one transaction.
    func refuse(_ transactionId: TransactionID?, _ refusal: ServerRefusal, at now: Date) throws(StorageError) -> VerificationAnswer {
        try database.reject(transactionId, status: ReceiptStatus.valid.rawValue, reason: refusal.rawValue, at: now)
        return VerificationAnswer(transactionId: transactionId, outcome: .refused(refusal), productId: nil)
    }

    /// Where to ask again when the endpoint asked says the receipt is the other one's: the
    /// sandbox on 21007 at production, production on 21008 at the sandbox; nil otherwise.
    private static func otherEndpoint(for status: ReceiptStatus, at environment: StoreEnvironment) -> StoreEnvironment? {
        switch (status, environment) {
        case (.sandboxReceiptInProduction, .production): .sandbox
        case (.productionReceiptInSandbox, .sandbox): .production
        default: nil
        }
    }
}
