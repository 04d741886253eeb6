extension English {
    /// The English wording of the faults panel's own rows.
    static func text(_ phrase: FaultsPhrase) -> String {
        switch phrase {
        case .faults: "Faults"
        case .faultNetwork: "network (App ↔ Server)"
        case .faultServer: "server"
        case .faultSellSelected: "store sells selected product"
        case .faultSharedSecret: "server shared secret"
        case .faultVerifyMethod: "server asks verifyReceipt by"
        case .faultVerifyFirst: "server verifies first at"
        case .faultAPI: "API {1}"
        case .faultNotifications: "notifications {1}"
        }
    }
}
