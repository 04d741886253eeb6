extension Happening: EventJSON {
    /// What the event tells as its Codable conformance writes it: `events.log`'s `what`.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .legacy(let text): json.tag("legacy") { $0.put("_0", text) }
        case .message(let said): json.tag("message") { $0.put("_0", said) }
        case .notDelivered(let said, let reason): json.tag("notDelivered") { $0.put("_0", said); $0.put("reason", reason) }
        case .app(let step): json.tag("app") { $0.put("_0", step) }
        case .server(let step): json.tag("server") { $0.put("_0", step) }
        case .store(let step): json.tag("store") { $0.put("_0", step) }
        case .user(let action): json.tag("user") { $0.put("_0", action) }
        case .crash(let point, let powerCut): json.tag("crash") { $0.put("_0", point); $0.put("powerCut", powerCut) }
        case .cache(let warning): json.tag("cache") { $0.put("_0", warning) }
        case .recovery(let report): json.tag("recovery") { $0.put("_0", report) }
        case .play(let step): json.tag("play") { $0.put("_0", step) }
        }
    }
}

extension CacheWarning: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .tornLastRecord(let line): json.tag("tornLastRecord") { $0.put("line", line) }
        case .damagedRecord(let line): json.tag("damagedRecord") { $0.put("line", line) }
        case .unreadableRecord(let line, let problem): json.tag("unreadableRecord") { $0.put("line", line); $0.put("problem", problem) }
        }
    }
}

extension DropReason: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .appNotRunning: json.tag("appNotRunning")
        case .serverDown: json.tag("serverDown")
        case .networkOffline: json.tag("networkOffline")
        case .networkWentOffline: json.tag("networkWentOffline")
        case .replyLost: json.tag("replyLost")
        case .callLost: json.tag("callLost")
        }
    }
}

extension LaunchRecovery: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("purchases", purchases) }
    }
}

extension LaunchRecovery.Purchase: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("outcome", outcome); $0.put("source", source); $0.put("title", title); $0.put("transactionId", transactionId) }
    }
}

extension RecoveryOutcome: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .creditedNow: json.tag("creditedNow")
        case .alreadyCredited: json.tag("alreadyCredited")
        case .stillPending(let reason): json.tag("stillPending") { $0.put("_0", reason) }
        case .rejected(let reason): json.tag("rejected") { $0.put("_0", reason) }
        }
    }
}

extension NoAnswer: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .request(let reason): json.tag("request") { $0.put("_0", reason) }
        case .reply(let reason): json.tag("reply") { $0.put("_0", reason) }
        case .serverCouldNotSave(let problem): json.tag("serverCouldNotSave") { $0.put("problem", problem) }
        }
    }
}
