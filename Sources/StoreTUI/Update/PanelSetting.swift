import IAPCore
import ReadSide
import WorldCore

/// The faults panel's settings with keys of their own, shown on its bottom edge: the app's
/// StoreKit API and whether the Store posts App Store Server Notifications.
enum PanelSetting: CaseIterable {
    /// The app's StoreKit API, as `api storekit1|storekit2` sets it.
    case api
    /// Whether the Store posts App Store Server Notifications V2, as `server notifications on|off` sets it.
    case notifications

    /// The key that turns the setting to its next value.
    var key: Character {
        switch self {
        case .api: "a"
        case .notifications: "n"
        }
    }

    /// The setting's name in the footer.
    var footer: Phrase {
        switch self {
        case .api: .apiKey
        case .notifications: .notificationsKey
        }
    }

    /// What the key does, in the help dialog's words.
    var help: Phrase {
        switch self {
        case .api: .apiKeyHelp
        case .notifications: .notificationsKeyHelp
        }
    }

    /// The setting as the panel's edge shows it: its key, its name and its value, in `language`;
    /// the API is named as scripts write it.
    func text(_ model: WorldView, _ language: Language) -> String {
        switch self {
        case .api: "\(key) " + language(.faultAPI, model.settings.api.rawValue)
        case .notifications: "\(key) " + language(.faultNotifications, language(model.serverNotificationsOn ? .on : .off))
        }
    }

    /// The scenario command that turns the setting to its next value.
    func toggled(_ model: WorldView) -> ScenarioCommand {
        switch self {
        case .api: .api(model.settings.api == .storekit1 ? .storekit2 : .storekit1)
        case .notifications: .serverNotifications(on: !model.serverNotificationsOn)
        }
    }
}
