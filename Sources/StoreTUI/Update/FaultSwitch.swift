import IAPCore
import Simulator

/// The switches of the faults panel, in the order shown.
enum FaultSwitch: CaseIterable {
    case network
    case server
    case askToBuy
    case interrupt
    case failPurchases
    case payments
    case productRequests
    /// Whether the Store sells the product selected in the catalog.
    case sellSelected

    var label: String {
        switch self {
        case .network: return "network (App ↔ Server)"
        case .server: return "server"
        case .askToBuy: return "store ask-to-buy"
        case .interrupt: return "store interrupt purchases"
        case .failPurchases: return "store fail purchases"
        case .payments: return "store payments"
        case .productRequests: return "store product requests"
        case .sellSelected: return "store sells selected product"
        }
    }

    /// The switch's value in the model, in words.
    func value(_ model: WorldView, selection: Int) -> String {
        switch self {
        case .network: return model.settings.networkOnline ? "online" : "offline"
        case .server: return model.settings.server.rawValue
        case .askToBuy: return model.storeSwitches.askToBuy ? "on" : "off"
        case .interrupt: return model.storeSwitches.interruptPurchases ? "on" : "off"
        case .failPurchases: return model.storeSwitches.failPurchases?.rawValue ?? "off"
        case .payments: return model.storeSwitches.paymentsAllowed ? "on" : "off"
        case .productRequests: return model.storeSwitches.productRequestsAnswered ? "answered" : "failing"
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
        case .askToBuy: return .store(.askToBuy, on: !model.storeSwitches.askToBuy)
        case .interrupt: return .store(.interrupt, on: !model.storeSwitches.interruptPurchases)
        case .failPurchases:
            let reasons: [PurchaseError] = [.unknown, .paymentInvalid, .paymentNotAllowed, .networkError]
            guard let current = model.storeSwitches.failPurchases else { return .storeFail(reasons[0]) }
            let next = (reasons.firstIndex(of: current) ?? reasons.count - 1) + 1
            return next < reasons.count ? .storeFail(reasons[next]) : .store(.fail, on: false)
        case .payments: return .store(.payments, on: !model.storeSwitches.paymentsAllowed)
        case .productRequests: return .store(.productRequests, on: !model.storeSwitches.productRequestsAnswered)
        case .sellSelected:
            let product = Self.selected(model, selection) ?? ""
            return .storeSell(productId: product, on: model.storeSwitches.withdrawn.contains(product))
        }
    }

    private static func selected(_ model: WorldView, _ selection: Int) -> String? {
        model.catalog.products.indices.contains(selection) ? model.catalog.products[selection].id : nil
    }
}
