import IAPCore

/// Makes random commands of the scenario language: purchases of every product type, Ask to
/// Buy answers, restores, crashes and power cuts at named points and after random numbers of messages,
/// relaunches, network, Server and Store faults, clock moves, account switches, reinstalls.
struct ChaosGenerator {
    let catalog: Catalog
    var random: SplitMix64

    /// A run's commands: some are invalid in the state they meet (buying while the app is
    /// down) and are skipped when the run is carried out.
    mutating func body() -> [ScenarioCommand] {
        let length = Int.random(in: 4...24, using: &random)
        var commands: [ScenarioCommand] = []
        while commands.count < length {
            commands += next()
        }
        return commands
    }

    private mutating func next() -> [ScenarioCommand] {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<30: return [.buy(productId: product(), answer: answer())]
        case 30..<36: return [.approve(productId: product())]
        case 36..<39: return [.decline(productId: product())]
        case 39..<43: return [.restore]
        case 43..<46: return [.crash]
        case 46..<48: return [.powerCut]
        case 48..<55: return [.deliver(Int.random(in: 1...8, using: &random)), .crash]
        case 55..<59: return [.crashAt(CrashPoint.allCases.randomElement(using: &random) ?? .cached)]
        case 59..<61: return [.powerCutAt(CrashPoint.allCases.randomElement(using: &random) ?? .cached)]
        case 61..<69: return [.launch]
        case 69..<72: return [.quit]
        case 72..<77: return [.network(online: Bool.random(using: &random))]
        case 77..<83: return [.server(WorldSettings.ServerMode.allCases.randomElement(using: &random) ?? .up)]
        case 83..<88:
            let storeSwitch: ScenarioCommand.StoreSwitch = [.askToBuy, .fail, .payments, .interrupt].randomElement(using: &random) ?? .fail
            return [.store(storeSwitch, on: Bool.random(using: &random))]
        case 88..<89: return [.resolve(productId: product())]
        case 89..<90: return [.refund(productId: product())]
        case 90..<91: return [.subscriptionRenew(productId: subscription(), on: Bool.random(using: &random))]
        case 91..<92: return [.disk(full: Bool.random(using: &random))]
        case 92..<95: return [.advance(seconds: Int64.random(in: 60...(40 * 86400), using: &random))]
        case 95..<97: return [.account(["demo", "family"].randomElement(using: &random) ?? "demo")]
        default: return [.reinstall]
        }
    }

    private mutating func product() -> String {
        catalog.products.randomElement(using: &random)?.id ?? ""
    }

    private mutating func subscription() -> String {
        catalog.products.filter { $0.type == .autoRenewable }.randomElement(using: &random)?.id ?? product()
    }

    private mutating func answer() -> SheetAnswer {
        let roll = Int.random(in: 0..<20, using: &random)
        return roll < 15 ? .confirm : (roll < 18 ? .ask : .cancel)
    }
}
