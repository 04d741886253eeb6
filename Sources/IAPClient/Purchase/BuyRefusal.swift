/// Why the app did not start a purchase the user tapped.
public enum BuyRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case paymentsNotAllowed
    case alreadyInProgress(String)
    case unknownProduct(String)
    case productsUnavailable(String)

    public var description: String {
        switch self {
        case .paymentsNotAllowed:
            return "this device cannot make payments (canMakePayments is false); nothing was sent to the Store"
        case .alreadyInProgress(let product):
            return "a purchase of \(product) is already in progress; the tap is ignored"
        case .productsUnavailable(let reason):
            return "the products could not be loaded (\(reason)); relaunch the app to try again"
        case .unknownProduct(let product):
            return "\(product) is not for sale (the Store reports it as an invalid product identifier)"
        }
    }
}
