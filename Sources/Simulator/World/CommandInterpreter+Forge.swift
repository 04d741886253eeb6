import IAPClient
import IAPCore

/// The forgeries of the scenario language: attacks on the Server and damage to the app's
/// cache, to show the defences.
extension CommandInterpreter {
    /// Carries out a forgery against the Server or the app's cache.
    func forge(_ forgery: ScenarioCommand.Forgery) throws {
        guard let app = world.host.app, world.host.status.isRunning else {
            throw WorldActionError.refused("a forgery needs the running app; use 'launch' first")
        }
        switch forgery {
        case .tamper(let id):
            let genuine = try storeReceipt(of: id)
            try world.record(.command, from: .user, to: .app, text: "forge: send tx \(id) with one byte of its receipt changed", transactionId: id)
            world.send(.verifyPurchase(VerificationRequest(transactionId: id, productId: genuine.productId, serverProductId: nil,
                                                           receipt: Self.tampered(genuine.receipt), account: world.store.account)))
        case .replay(let id):
            let genuine = try storeReceipt(of: id)
            let claimed = try Self.replayedId(id)
            try world.record(.command, from: .user, to: .app, text: "forge: replay the receipt of tx \(id) as a new purchase", transactionId: id)
            world.send(.verifyPurchase(VerificationRequest(transactionId: claimed, productId: genuine.productId, serverProductId: nil,
                                                           receipt: genuine.receipt, account: world.store.account)))
        case .cacheReceipt(let id):
            let order = try cachedOrder(id, in: app)
            try app.cache.save(PendingOrder(transactionId: id, productId: order.productId, serverProductId: order.serverProductId,
                                            receipt: Self.tampered(order.receipt)))
            try world.record(.command, from: .user, to: .cache, text: "forge: change a byte of the cached receipt of tx \(id)", transactionId: id)
        case .cacheProduct(let id, let productId):
            let order = try cachedOrder(id, in: app)
            try app.cache.save(PendingOrder(transactionId: id, productId: productId,
                                            serverProductId: world.catalog.product(id: productId)?.serverProductId, receipt: order.receipt))
            try world.record(.command, from: .user, to: .cache, text: "forge: edit the cached tx \(id) to claim \(productId)", transactionId: id)
        }
    }

    /// The new id a replayed receipt claims: the genuine one with a 9 written before it.
    private static func replayedId(_ id: TransactionID) throws -> TransactionID {
        guard let claimed = TransactionID("9" + id.description) else {
            throw WorldActionError.refused("transaction \(id) has too many digits to claim a new id by a 9 before them")
        }
        return claimed
    }

    private func storeReceipt(of id: TransactionID) throws -> (productId: String, receipt: String) {
        guard let record = try world.store.transactions().first(where: { $0.id == id }), let receipt = record.receipt else {
            throw WorldActionError.refused("the Store has no receipt for transaction \(id)")
        }
        return (record.productId, receipt)
    }

    private func cachedOrder(_ id: TransactionID, in app: PurchaseService) throws -> PendingOrder {
        guard let order = app.cache.order(transactionId: id) else {
            throw WorldActionError.refused("the app's cache has no pending order for transaction \(id)")
        }
        guard !world.host.diskFull else {
            throw WorldActionError.refused("the device's disk is full: the cache cannot be edited")
        }
        return order
    }

    /// The receipt with one character of its signed payload changed.
    static func tampered(_ receipt: String) -> String {
        var characters = Array(receipt)
        let index = max(0, min(characters.count - 1, (characters.firstIndex(of: ".") ?? characters.count) / 2))
        guard !characters.isEmpty else { return "x" }
        characters[index] = characters[index] == "A" ? "B" : "A"
        return String(characters)
    }
}
