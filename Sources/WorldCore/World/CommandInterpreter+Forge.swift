import IAPClient
import IAPCore
import Signing

/// The forgeries of the scenario language: attacks on the Server and damage to the app's
/// cache, to show the defences.
extension CommandInterpreter {
    /// Carries out a forgery against the Server or the app's cache.
    func forge(_ forgery: ScenarioCommand.Forgery) throws {
        guard let app = world.host.app, world.host.status.isRunning else {
            throw WorldActionError.refused(.forgeryNeedsRunningApp)
        }
        switch forgery {
        case .tamper(let id):
            let genuine = try storeReceipt(of: id)
            try world.record(.command, from: .user, to: .app, what: .user(.forgeTamper(id)), transactionId: id)
            world.link.send(.verifyPurchase(VerificationRequest(transactionId: id, productId: genuine.productId, serverProductId: nil,
                                                           receipt: Self.tampered(genuine.receipt), account: world.store.account)))
        case .replay(let id):
            let genuine = try storeReceipt(of: id)
            let claimed = try Self.replayedId(id)
            try world.record(.command, from: .user, to: .app, what: .user(.forgeReplay(id)), transactionId: id)
            world.link.send(.verifyPurchase(VerificationRequest(transactionId: claimed, productId: genuine.productId, serverProductId: nil,
                                                           receipt: genuine.receipt, account: world.store.account)))
        case .jws(let id):
            guard let signed = try world.store.transactions().first(where: { $0.id == id }), let jws = signed.signedTransaction else {
                throw WorldActionError.refused(.noSignedTransaction(id))
            }
            guard let forged = Self.tamperedPrice(jws) else {
                throw WorldActionError.refused(.noPriceToForge(id))
            }
            try world.record(.command, from: .user, to: .app, what: .user(.forgeJWS(id)), transactionId: id)
            world.link.send(.verifySignedTransaction(VerificationRequest(transactionId: id, productId: signed.productId, serverProductId: nil,
                                                                    receipt: forged, account: world.store.account)))
        case .cacheReceipt(let id):
            let order = try cachedOrder(id, in: app)
            try app.cache.save(PendingOrder(transactionId: id, productId: order.productId, serverProductId: order.serverProductId,
                                            proof: order.proof.replacingText(Self.tampered(order.receipt))))
            try world.record(.command, from: .user, to: .cache, what: .user(.forgeCachedReceipt(id)), transactionId: id)
        case .cacheProduct(let id, let productId):
            let order = try cachedOrder(id, in: app)
            try app.cache.save(PendingOrder(transactionId: id, productId: productId,
                                            serverProductId: world.catalog.product(id: productId)?.serverProductId, proof: order.proof))
            try world.record(.command, from: .user, to: .cache, what: .user(.forgeCachedProduct(id, productId: productId)), transactionId: id)
        }
    }

    /// The new id a replayed receipt claims: the genuine one with a 9 written before it.
    private static func replayedId(_ id: TransactionID) throws -> TransactionID {
        guard let claimed = TransactionID("9" + id.description) else {
            throw WorldActionError.refused(.tooManyDigitsToReplay(id))
        }
        return claimed
    }

    private func storeReceipt(of id: TransactionID) throws -> (productId: String, receipt: String) {
        guard let record = try world.store.transactions().first(where: { $0.id == id }), let receipt = record.receipt else {
            throw WorldActionError.refused(.noReceipt(id))
        }
        return (record.productId, receipt)
    }

    private func cachedOrder(_ id: TransactionID, in app: PurchaseService) throws -> PendingOrder {
        guard let order = app.cache.order(transactionId: id) else {
            throw WorldActionError.refused(.noPendingOrder(id))
        }
        guard !world.host.diskFull else {
            throw WorldActionError.refused(.deviceDiskFull)
        }
        return order
    }

    /// The JWS with the first digit of the price in its payload changed (a 9 becomes an 8, any
    /// other digit the next one): still three base64url parts, its payload still a signed
    /// transaction's JSON object, so only the signature check can tell it from the genuine one;
    /// nil when the payload names no price.
    static func tamperedPrice(_ jws: String) -> String? {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, var payload = Base64.url.decode(Substring(parts[1])),
              let digit = payload.firstRange(of: Array("\"price\":".utf8))?.upperBound, digit < payload.count,
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(payload[digit])
        else { return nil }
        payload[digit] = payload[digit] == UInt8(ascii: "9") ? UInt8(ascii: "8") : payload[digit] + 1
        parts[1] = Base64.url.encode(payload)
        return parts.joined(separator: ".")
    }

    /// The receipt with one byte of its signed payload changed, in its middle (a bit of it
    /// flipped): still a signedData carrying a payload, so only the signature check can tell it
    /// from the genuine one. Text that is no receipt has a character in its middle changed.
    static func tampered(_ receipt: String) -> String {
        if let der = Base64.standard.decode(receipt.utf8), let payload = try? SignedData(der: der).content, !payload.isEmpty,
           let signed = der.firstRange(of: payload) {
            var bytes = der
            bytes[signed.lowerBound + payload.count / 2] ^= 0x01
            return Base64.standard.encode(bytes)
        }
        var characters = Array(receipt)
        let index = max(0, min(characters.count - 1, characters.count / 2))
        guard !characters.isEmpty else { return "x" }
        characters[index] = characters[index] == "A" ? "B" : "A"
        return String(characters)
    }
}
