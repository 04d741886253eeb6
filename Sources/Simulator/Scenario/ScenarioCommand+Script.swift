extension ScenarioCommand {
    /// The command as a line of a scenario script; the parser reads it back as the same command.
    public var scriptLine: String {
        switch self {
        case .launch: return "launch"
        case .quit: return "quit"
        case .buy(let productId, let answer): return answer == .confirm ? "buy \(productId)" : "buy \(productId) \(answer.rawValue)"
        case .approve(let productId): return "approve \(productId)"
        case .decline(let productId): return "decline \(productId)"
        case .restore: return "restore"
        case .crash: return "crash"
        case .crashAt(let point): return "crash at \(point.rawValue)"
        case .deliver(let count): return "deliver \(count)"
        case .wait: return "wait"
        case .powerCut: return "power-cut"
        case .powerCutAt(let point): return "power-cut at \(point.rawValue)"
        case .account(let name): return "account \(name)"
        case .reinstall: return "reinstall"
        case .network(let online): return "network \(online ? "online" : "offline")"
        case .server(let mode): return "server \(mode.rawValue)"
        case .store(let storeSwitch, let on): return "store \(storeSwitch.rawValue) \(on ? "on" : "off")"
        case .storeFail(let reason): return "store fail on \(reason.rawValue)"
        case .storeSell(let productId, let on): return "store sell \(productId) \(on ? "on" : "off")"
        case .storeDelete(let id): return "store delete \(id)"
        case .subscriptionRenewNow(let productId): return "subscription \(productId) renew now"
        case .subscriptionExpire(let productId): return "subscription \(productId) expire"
        case .resolve(let productId): return "resolve \(productId)"
        case .refund(let productId): return "refund \(productId)"
        case .advance(let seconds): return "advance \(seconds)s"
        case .subscriptionRenew(let productId, let on): return "subscription \(productId) renew \(on ? "on" : "off")"
        case .strategy(let strategy): return "strategy \(strategy.rawValue)"
        case .expect(let expectation): return "expect " + expectation.scriptText
        case .disk(let full): return "disk \(full ? "full" : "ok")"
        case .serverDisk(let full): return "server disk \(full ? "full" : "ok")"
        case .forge(.tamper(let id)): return "forge tamper \(id)"
        case .forge(.replay(let id)): return "forge replay \(id)"
        case .forge(.cacheReceipt(let id)): return "forge cache \(id) receipt"
        case .forge(.cacheProduct(let id, let productId)): return "forge cache \(id) product \(productId)"
        }
    }
}

extension Expectation {
    /// The words after `expect`.
    var scriptText: String {
        switch self {
        case .credited(let productId, let count): return "credited \(productId) \(count)"
        case .balance(let currency, let amount): return "balance \(currency) \(amount)"
        case .owned(let productId, let owned): return "owned \(productId) \(owned ? "yes" : "no")"
        case .pending(let count): return "pending \(count)"
        case .unfinished(let count): return "unfinished \(count)"
        case .lost(let count): return "lost \(count)"
        case .auditOk: return "audit ok"
        }
    }
}
