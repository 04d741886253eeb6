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

    var label: String {
        switch self {
        case .network: return "network (App ↔ Server)"
        case .server: return "server"
        case .store(let storeSwitch): return storeSwitch.panelLabel
        case .sellSelected: return "store sells selected product"
        }
    }

    /// The switch's value in the model, in words.
    func value(_ model: WorldView, selection: Int) -> String {
        switch self {
        case .network: return model.settings.networkOnline ? "online" : "offline"
        case .server: return model.settings.server.rawValue
        case .store(let storeSwitch): return storeSwitch.panelText(model.storeSwitches[storeSwitch])
        case .sellSelected:
            guard let product = Self.selected(model, selection) else { return "" }
            return model.storeSwitches.withdrawn.contains(product) ? "no" : "yes"
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
