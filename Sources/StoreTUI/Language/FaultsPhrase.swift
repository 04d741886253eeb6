/// The interface's wording for the faults panel's own rows: its title, the switches that are
/// not the Store's, and the settings on its bottom edge. Looked up like `Phrase`, in each
/// language's table of its own; holes `{1}`, `{2}`… are filled in order.
enum FaultsPhrase: CaseIterable, Sendable {
    case faults
    case faultNetwork
    case faultServer
    case faultSellSelected
    case faultSharedSecret
    case faultVerifyMethod
    case faultVerifyFirst
    case faultAPI
    case faultNotifications
}
