import IAPCore
import Simulator

/// The switches of the faults panel, in the order shown: the network, the Server, each declared
/// Store switch, and whether the Store sells the selected product.
enum FaultSwitch: Equatable {
    case network
    case server
    case store(StoreSwitch)
    /// Whether the Store sells the product selected in the catalog.
    case sellSelected

    static let allCases: [FaultSwitch] = [.network, .server] + StoreSwitch.all.map(FaultSwitch.store) + [.sellSelected]

    /// The switch's line in the panel, in `language`.
    func label(_ language: Language) -> String {
        switch self {
        case .network: language(.faultNetwork)
        case .server: language(.faultServer)
        case .store(let storeSwitch): language(storeSwitch.panelLabel)
        case .sellSelected: language(.faultSellSelected)
        }
    }

    /// The switch's value in the model, in words of `language`; a failure reason is the
    /// scenario's word for it.
    func value(_ model: WorldView, selection: Int, _ language: Language) -> String {
        switch self {
        case .network: return language(model.settings.networkOnline ? .online : .offline)
        case .server: return language(Self.mode(model.settings.server))
        case .store(let storeSwitch):
            let value = model.storeSwitches[storeSwitch]
            return storeSwitch.panelWords[value].map { language($0) } ?? Self.word(value, language)
        case .sellSelected:
            guard let product = Self.selected(model, selection) else { return "" }
            return language(model.storeSwitches.withdrawn.contains(product) ? .no : .yes)
        }
    }

    /// A Store switch's value in words: on or off in `language`, a failure its scenario word.
    static func word(_ value: StoreSwitch.Value, _ language: Language) -> String {
        switch value {
        case .off: language(.off)
        case .on: language(.on)
        case .failing(let error): error.rawValue
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
            case let next: return .store(storeSwitch, on: next != .off)
            }
        case .sellSelected:
            let product = Self.selected(model, selection) ?? ""
            return .storeSell(productId: product, on: model.storeSwitches.withdrawn.contains(product))
        }
    }

    private static func selected(_ model: WorldView, _ selection: Int) -> String? {
        model.catalog.products.indices.contains(selection) ? model.catalog.products[selection].id : nil
    }
}
