/// The Play Billing Library's `BillingClient.BillingResponseCode`: how a call on the device ended.
/// Only the codes StoreSim's Play gives are here, with Google's numbers and words.
public enum BillingResponseCode: Int, Sendable, CaseIterable, Codable {
    /// "Success."
    case ok = 0
    /// "Transaction was canceled by the user."
    case userCanceled = 1
    /// "Error resulting from incorrect usage of the API."
    case developerError = 5
    /// "Fatal error during the API action."
    case error = 6
    /// "The purchase failed because the item is already owned."
    case itemAlreadyOwned = 7
    /// "Requested action on the item failed since it is not owned by the user."
    case itemNotOwned = 8

    /// The constant's name in Google's reference: `ITEM_ALREADY_OWNED`.
    public var name: String {
        switch self {
        case .ok: return "OK"
        case .userCanceled: return "USER_CANCELED"
        case .developerError: return "DEVELOPER_ERROR"
        case .error: return "ERROR"
        case .itemAlreadyOwned: return "ITEM_ALREADY_OWNED"
        case .itemNotOwned: return "ITEM_NOT_OWNED"
        }
    }
}
