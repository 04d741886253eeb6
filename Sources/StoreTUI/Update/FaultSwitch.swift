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

    var label: Phrase {
        switch self {
        case .network: .faultNetwork
        case .server: .faultServer
        case .askToBuy: .faultAskToBuy
        case .interrupt: .faultInterrupt
        case .failPurchases: .faultFail
        case .payments: .faultPayments
        case .productRequests: .faultProductRequests
        case .sellSelected: .faultSellSelected
        }
    }

    /// The switch's value in the model, in words of `language`; a failure reason is the
    /// scenario's word for it.
    func value(_ model: WorldView, selection: Int, _ language: Language) -> String {
        switch self {
        case .network: return language(model.settings.networkOnline ? .online : .offline)
        case .server: return language(Self.mode(model.settings.server))
        case .askToBuy: return language(model.storeSwitches.askToBuy ? .on : .off)
        case .interrupt: return language(model.storeSwitches.interruptPurchases ? .on : .off)
        case .failPurchases: return model.storeSwitches.failPurchases?.rawValue ?? language(.off)
        case .payments: return language(model.storeSwitches.paymentsAllowed ? .on : .off)
        case .productRequests: return language(model.storeSwitches.productRequestsAnswered ? .answered : .failing)
        case .sellSelected:
            guard let product = Self.selected(model, selection) else { return "" }
            return language(model.storeSwitches.withdrawn.contains(product) ? .no : .yes)
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
