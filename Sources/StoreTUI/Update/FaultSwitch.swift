import IAPCore
import ReadSide
import WorldCore

/// The switches of the faults panel, in the order shown: the network, the Server, each Store
/// switch turned on and off, whether the Store sells the selected product, the Server's
/// configuration, then each Store switch with words of its own; rows added later (the simulated
/// errors per API, the environment the Server verifies at first) come after, so every row keeps
/// its place.
enum FaultSwitch: Equatable {
    case network
    case server
    case store(StoreSwitch)
    /// Whether the Store sells the product selected in the catalog.
    case sellSelected
    /// Whether the Server's configured shared secret is the app's.
    case sharedSecret
    /// Whether the Server asks verifyReceipt by POST or by GET.
    case verifyMethod
    /// The environment the Server sends each receipt to first.
    case verifyFirst

    static let allCases: [FaultSwitch] = [.network, .server]
        + StoreSwitch.all.filter { !StoreSwitch.apiErrors.contains($0) }.map(FaultSwitch.store)
        + [.sellSelected, .sharedSecret, .verifyMethod] + StoreSwitch.withWords.map(FaultSwitch.store)
        + StoreSwitch.apiErrors.map(FaultSwitch.store) + [.verifyFirst]

    /// The switches the panel shows in `model`'s world: in a Google Play world, only those whose
    /// command a Play world takes, as a script there could say it (`TUIApp.appStoreOnly`).
    static func shown(in model: WorldView) -> [FaultSwitch] {
        allCases.filter { TUIApp.appStoreOnly($0.toggled(model, selection: 0), in: model.settings.store) == nil }
    }

    /// The switch's line in the panel, in `language`.
    func label(_ language: Language) -> String {
        switch self {
        case .network: language(.faultNetwork)
        case .server: language(.faultServer)
        case .store(let storeSwitch): language(storeSwitch.panelLabel)
        case .sellSelected: language(.faultSellSelected)
        case .sharedSecret: language(.faultSharedSecret)
        case .verifyMethod: language(.faultVerifyMethod)
        case .verifyFirst: language(.faultVerifyFirst)
        }
    }

    /// The switch's value in the model, in words of `language`; a failure reason is the
    /// scenario's word for it.
    func value(_ model: WorldView, selection: Int, _ language: Language) -> String {
        switch self {
        case .network: return language(model.settings.networkOnline ? .online : .offline)
        case .server: return language(Self.mode(model.settings.server))
        case .store(let storeSwitch): return Self.word(storeSwitch, model.storeSwitches[storeSwitch], language)
        case .sellSelected:
            guard let product = Self.selected(model, selection) else { return "" }
            return language(model.storeSwitches.withdrawn.contains(product) ? .no : .yes)
        case .sharedSecret: return language(model.serverSharedSecretRight ? .secretOk : .secretWrong)
        case .verifyMethod: return model.serverUsesPost ? "POST" : "GET"
        case .verifyFirst: return Self.word(.environment, .named(model.serverVerifiesFirst.rawValue), language)
        }
    }

    /// A Store switch's value in words: the declaration's words for it in `language`, else on or
    /// off in `language`, a failure or a word of the switch's own as scripts write it.
    static func word(_ storeSwitch: StoreSwitch, _ value: StoreSwitch.Value, _ language: Language) -> String {
        if let wording = storeSwitch.panelWords[value] { return language(wording) }
        switch value {
        case .off: return language(.off)
        case .on: return language(.on)
        case .failing, .named: return value.word
        }
    }

    /// The Server's mode in words.
    static func mode(_ mode: WorldSettings.ServerMode) -> Phrase {
        switch mode {
        case .up: .serverUp
        case .down: .serverDown
        case .dropResponse: .serverDropResponse
        }
    }

    /// The command that turns the switch to its next value.
    func toggled(_ model: WorldView, selection: Int) -> ScenarioCommand {
        switch self {
        case .network: return .network(online: !model.settings.networkOnline)
        case .server:
            let modes = WorldSettings.ServerMode.allCases
            let next = ((modes.firstIndex(of: model.settings.server) ?? 0) + 1) % modes.count
            return .server(modes[next])
        case .store(let storeSwitch):
            switch storeSwitch.value(after: model.storeSwitches[storeSwitch]) {
            case .failing(let error): return .storeFail(error)
            case .named(let word): return .storeSet(storeSwitch, .named(word))
            case let next: return .store(storeSwitch, on: next != .off)
            }
        case .sellSelected:
            let product = Self.selected(model, selection) ?? ""
            return .storeSell(productId: product, on: model.storeSwitches.withdrawn.contains(product))
        case .sharedSecret: return .serverSharedSecret(right: !model.serverSharedSecretRight)
        case .verifyMethod: return .serverVerifyMethod(post: !model.serverUsesPost)
        case .verifyFirst: return .serverVerifyFirst(model.serverVerifiesFirst == .production ? .sandbox : .production)
        }
    }

    private static func selected(_ model: WorldView, _ selection: Int) -> String? {
        model.catalog.products.indices.contains(selection) ? model.catalog.products[selection].id : nil
    }
}
