import IAPCore
import Signing

/// The store's client library the app uses: a generation of StoreKit, or Google Play's Billing
/// Library, which a world that sells on Google Play gives the app for life.
extension PurchaseService {
    /// The generation of StoreKit the app uses now (kept, and unused, on Google Play).
    public var api: StoreKitAPI { storeKit.api }

    /// The app switches to another generation of StoreKit and asks it for its transactions.
    public func use(_ api: StoreKitAPI, trustedRoot: Certificate?) {
        storeKit = Self.channel(api, trustedRoot: trustedRoot)
        link.send(storeKit.listen)
    }

    /// The app returns to the foreground. On Google Play it calls `queryPurchasesAsync`: Google,
    /// "Your app should also call queryPurchasesAsync() in your app's onResume() method to handle
    /// purchases that have transitioned to the PURCHASED state while your app was not running."
    public func resume() {
        link.send(storeKit.listen)
    }

    static func channel(_ api: StoreKitAPI, trustedRoot: Certificate?) -> any StoreKitChannel {
        switch api {
        case .storekit1: return StoreKit1Channel()
        case .storekit2: return StoreKit2Channel(trustedRoot: trustedRoot)
        }
    }
}
