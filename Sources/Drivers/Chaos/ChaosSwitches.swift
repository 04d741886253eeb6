import IAPCore
import WorldCore

/// The switches a chaos run starts with: the store its world sells on, the app's StoreKit and
/// whether the Store posts App Store Server Notifications V2 (Google Play: Real-time developer
/// notifications). Drawn per run from a stream of their own, so that the run's commands are the
/// same whatever is drawn here.
public struct ChaosSwitches: Sendable, Equatable {
    public let api: StoreKitAPI
    public let notifications: Bool
    public let store: StoreKind

    public init(api: StoreKitAPI, notifications: Bool, store: StoreKind = .appStore) {
        self.api = api
        self.notifications = notifications
        self.store = store
    }

    /// The switches of every Google Play run: a fresh Play world with its notifications on, so
    /// that the Server hears of each purchase without the app, as Google recommends.
    static let play = ChaosSwitches(api: .storekit1, notifications: true, store: .play)

    /// The switches of a run: the API given (`storekit1` keeps notifications off, so those runs
    /// are the runs chaos always made), or both drawn when no API is given. Without
    /// `notificationsAllowed` (a backend that takes no notifications) they are off, the API
    /// drawn as it would be otherwise.
    static func draw(api given: StoreKitAPI?, runSeed: UInt64, notificationsAllowed: Bool = true) -> ChaosSwitches {
        var random = SplitMix64(seed: runSeed ^ 0x9E37_79B9_7F4A_7C15)
        let api = given ?? (Bool.random(using: &random) ? .storekit2 : .storekit1)
        let notifications = given == .storekit1 ? false : Bool.random(using: &random)
        return ChaosSwitches(api: api, notifications: notifications && notificationsAllowed)
    }

    /// The commands that set them at the start of a script: none for the defaults.
    var commands: [ScenarioCommand] {
        (api == .storekit1 ? [] : [.api(api)]) + (notifications ? [.serverNotifications(on: true)] : [])
    }
}
