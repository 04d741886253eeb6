/// Why the app did not start a purchase the user tapped.
public enum BuyRefusal: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    case paymentsNotAllowed
    /// A purchase of the product is already in progress.
    case alreadyInProgress(String)
    /// The Store reported the product as an invalid product identifier.
    case unknownProduct(String)
    /// The products could not be loaded, and why.
    case productsUnavailable(StoreFailure)

    public var description: String {
        switch self {
        case .paymentsNotAllowed:
            return "this device cannot make payments (canMakePayments is false); nothing was sent to the Store"
        case .alreadyInProgress(let product):
            return "a purchase of \(product) is already in progress; the tap is ignored"
        case .productsUnavailable(let reason):
            return "the products could not be loaded (\(reason.english)); relaunch the app to try again"
        case .unknownProduct(let product):
            return "\(product) is not for sale (the Store reports it as an invalid product identifier)"
        }
    }
}
