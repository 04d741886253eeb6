import IAPCore

/// The body of `POST URL/storesim/verify`, StoreSim's protocol with an outside server, and the
/// reading of its answer: StoreKit 2 sends `{"signedTransaction", "appAccountToken"}`, StoreKit 1
/// `{"receiptData", "transactionId"}`; `"serverFinishes": true` is added when the app leaves the
/// finish to the server (strategy server-finishes). The answer is `{"result": "credited" |
/// "already-credited" | "rejected", "reason": "…"}`. Google Play's purchases send the purchase token (`init(play:)`).
struct OutsideVerifyBody {
    let json: [UInt8]

    init(_ request: VerificationRequest, transactionId: TransactionID, signed: Bool) {
        json = EventJSONWriter.object { json in
            if signed {
                json.put("signedTransaction", request.receipt)
                json.put("appAccountToken", request.account.map { AppAccountToken.of(user: $0) })
            } else {
                json.put("receiptData", request.receipt)
                json.put("transactionId", String(transactionId.value))
            }
            if request.serverFinishes { json.put("serverFinishes", true) }
        }
    }

    /// Google Play's: `{"store": "play", "purchaseToken", "productId", "orderId", "packageName",
    /// "obfuscatedAccountId"}`, with `"serverAcknowledges": true` when the app leaves acknowledging
    /// to the server (strategy server-acknowledges).
    init(play request: VerificationRequest, packageName: String) {
        json = EventJSONWriter.object { json in
            json.put("store", "play")
            json.put("purchaseToken", request.receipt)
            json.put("productId", request.productId)
            json.put("orderId", request.transactionId.flatMap(PlayOrderID.init(transactionId:))?.description)
            json.put("packageName", packageName)
            json.put("obfuscatedAccountId", request.account.map { AppAccountToken.of(user: $0) })
            if request.serverFinishes { json.put("serverAcknowledges", true) }
        }
    }

    /// What a 200's body says; a body that is not such an object is no answer.
    static func reply(_ body: [UInt8]) -> OutsideServerReply {
        var result: String?
        var reason: String?
        var cursor = JSONCursor(String(decoding: body, as: UTF8.self))
        do {
            try cursor.object { (key, value) throws(JSONCursorError) in
                switch key {
                case "result": result = try value.string()
                case "reason": reason = value.null() ? nil : try value.string()
                default: try value.skip()
                }
            }
            try cursor.end()
        } catch {
            return .noAnswer("HTTP 200 with a body that is not the protocol's JSON (\(error.description))")
        }
        switch result {
        case "credited": return .credited
        case "already-credited": return .alreadyCredited
        case "rejected": return .rejected(reason: reason ?? "no reason given")
        default: return .noAnswer("HTTP 200 with result \(result.map { "'\($0)'" } ?? "missing"), not credited, already-credited or rejected")
        }
    }
}
