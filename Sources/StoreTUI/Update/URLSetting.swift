import IAPCore
import ReadSide
import WorldCore

/// The faults panel's settings that take a URL, each typed in a dialog of its own: the outside
/// server the app verifies with (`server url`) and the URL the Store posts its notifications to
/// (`server notifications url`). An empty text puts the built-in Server back.
public enum URLSetting: Sendable, CaseIterable {
    /// The team's server the app verifies each purchase with, as `server url URL|built-in` sets it.
    case server
    /// The team's URL the Store posts App Store Server Notifications V2 to, as
    /// `server notifications url URL|off` sets it.
    case notifications

    /// The key that opens the setting's entry dialog.
    var key: Character {
        switch self {
        case .server: "s"
        case .notifications: "u"
        }
    }

    /// The setting's name in the footer.
    var footer: OutsidePhrase {
        switch self {
        case .server: .serverURLKey
        case .notifications: .notificationsURLKey
        }
    }

    /// What the key does, in the help dialog's words.
    var help: OutsidePhrase {
        switch self {
        case .server: .serverURLKeyHelp
        case .notifications: .notificationsURLKeyHelp
        }
    }

    /// The entry dialog's title.
    var title: OutsidePhrase {
        switch self {
        case .server: .serverURLTitle
        case .notifications: .notificationsURLTitle
        }
    }

    /// What an empty text does, in the entry dialog's words.
    var emptyNote: OutsidePhrase {
        switch self {
        case .server: .emptyMeansBuiltIn
        case .notifications: .emptyMeansOff
        }
    }

    /// The scenario language's word for no URL, which the entry takes as an empty text does.
    var noneWord: String {
        switch self {
        case .server: "built-in"
        case .notifications: "off"
        }
    }

    /// The URL set now; nil for the built-in Server.
    func current(_ model: WorldView) -> String? {
        switch self {
        case .server: model.settings.serverURL
        case .notifications: model.notificationsURL
        }
    }

    /// The setting's value in words of `language`: its URL, or built-in / off.
    func value(_ model: WorldView, _ language: Language) -> String {
        if let url = current(model) { return url }
        return switch self {
        case .server: language(.builtIn)
        case .notifications: language(Phrase.off)
        }
    }

    /// The setting as the panel's edge shows it, its value `value`: its key, its name and the value.
    func text(_ value: String, _ language: Language) -> String {
        switch self {
        case .server: "\(key) " + language(.serverURLSetting, value)
        case .notifications: "\(key) " + language(.notificationsURLSetting, value)
        }
    }

    /// The scenario command that sets `url`; nil puts the built-in Server back.
    func command(_ url: String?) -> ScenarioCommand {
        switch self {
        case .server: .serverURL(url)
        case .notifications: .serverNotificationsURL(url)
        }
    }

    /// What the world records for setting `url`, for the status line.
    func happening(_ url: String?) -> Happening {
        switch self {
        case .server: .user(.serverURL(url))
        case .notifications: .user(.notificationsURL(url: url))
        }
    }
}
