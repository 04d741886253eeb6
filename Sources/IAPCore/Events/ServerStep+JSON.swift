extension ServerStep: EventJSON {
    /// The step as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .verifiedOffline(let transactionId): json.tag("verifiedOffline") { $0.put("transactionId", transactionId) }
        case .askOtherEndpoint(let status, let environment): json.tag("askOtherEndpoint") { $0.put("_0", status); $0.put("_1", environment) }
        case .answered(let answer): json.tag("answered") { $0.put("_0", answer) }
        case .credited(let id, let grant): json.tag("credited") { $0.put("_0", id); $0.put("grant", grant) }
        case .creditedFromReceipt(let id, let grant): json.tag("creditedFromReceipt") { $0.put("_0", id); $0.put("grant", grant) }
        case .creditedFromHistory(let id, let grant): json.tag("creditedFromHistory") { $0.put("_0", id); $0.put("grant", grant) }
        case .creditedFromNotification(let id, let type, let grant):
            json.tag("creditedFromNotification") { $0.put("_0", id); $0.put("_1", type); $0.put("grant", grant) }
        case .notificationNotVerified(let uuid, let reason): json.tag("notificationNotVerified") { $0.put("reason", reason); $0.put("uuid", uuid) }
        case .couldNotSave(let problem): json.tag("couldNotSave") { $0.put("problem", problem) }
        case .refundTakesBack(let id, let amounts): json.tag("refundTakesBack") { $0.put("_0", id); $0.put("_1", amounts) }
        case .reversalGrantsAgain(let id, let amounts): json.tag("reversalGrantsAgain") { $0.put("_0", id); $0.put("_1", amounts) }
        case .outsideServer(let id, let url, let reply): json.tag("outsideServer") { $0.put("_0", id); $0.put("_2", reply); $0.put("url", url) }
        }
    }
}
