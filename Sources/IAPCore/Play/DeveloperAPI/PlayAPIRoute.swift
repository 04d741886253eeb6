import Foundation

/// Which Google Play Developer API call a request names: Google's paths under
/// `/androidpublisher/v3/applications/{packageName}/purchases/`, as `purchases.products.get`,
/// `…acknowledge`, `…consume` and `purchases.voidedpurchases.list` are declared
/// (`GET …/products/{productId}/tokens/{token}`, `POST …/tokens/{token}:acknowledge`,
/// `POST …/tokens/{token}:consume`, `GET …/voidedpurchases`). Each carries the package name the
/// path names; the ids are percent-decoded.
public enum PlayAPIRoute: Sendable, Equatable {
    case get(packageName: String, productId: String, token: String)
    case acknowledge(packageName: String, productId: String, token: String)
    case consume(packageName: String, productId: String, token: String)
    case voidedPurchases(packageName: String)
    case subscriptionGet(packageName: String, token: String)
    case subscriptionAcknowledge(packageName: String, subscriptionId: String, token: String)

    /// The prefix every call's path starts with.
    public static let prefix = "/androidpublisher/v3/applications/"

    /// The call `method` and `path` name; nil for a path or method the API does not have.
    public static func of(method: String, path: String) -> PlayAPIRoute? {
        guard path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false).map(decoded)
        guard parts.count >= 3, !parts[0].isEmpty, parts[1] == "purchases" else { return nil }
        let package = parts[0]
        if parts.count == 3, parts[2] == "voidedpurchases" {
            return method == "GET" ? .voidedPurchases(packageName: package) : nil
        }
        if parts.count == 5, parts[2] == "subscriptionsv2", parts[3] == "tokens", !parts[4].isEmpty {
            return method == "GET" ? .subscriptionGet(packageName: package, token: parts[4]) : nil
        }
        guard parts.count == 6, ["products", "subscriptions"].contains(parts[2]), !parts[3].isEmpty, parts[4] == "tokens",
              !parts[5].isEmpty else { return nil }
        let product = parts[3]
        let last = parts[5]
        guard parts[2] == "products" else {
            guard method == "POST", let token = last.without(suffix: ":acknowledge") else { return nil }
            return .subscriptionAcknowledge(packageName: package, subscriptionId: product, token: token)
        }
        switch method {
        case "GET": return .get(packageName: package, productId: product, token: last)
        case "POST":
            if let token = last.without(suffix: ":acknowledge") { return .acknowledge(packageName: package, productId: product, token: token) }
            return last.without(suffix: ":consume").map { .consume(packageName: package, productId: product, token: $0) }
        default: return nil
        }
    }

    /// The package name the path names.
    public var packageName: String {
        switch self {
        case .get(let package, _, _), .acknowledge(let package, _, _), .consume(let package, _, _), .voidedPurchases(let package),
             .subscriptionGet(let package, _), .subscriptionAcknowledge(let package, _, _): package
        }
    }

    /// The call's name as Google's reference names it.
    public var name: String {
        switch self {
        case .get: "purchases.products.get"
        case .acknowledge: "purchases.products.acknowledge"
        case .consume: "purchases.products.consume"
        case .voidedPurchases: "purchases.voidedpurchases.list"
        case .subscriptionGet: "purchases.subscriptionsv2.get"
        case .subscriptionAcknowledge: "purchases.subscriptions.acknowledge"
        }
    }

    private static func decoded(_ part: Substring) -> String {
        String(part).removingPercentEncoding ?? String(part)
    }
}

private extension String {
    /// The text before `suffix`, when it ends with it and has something before it.
    func without(suffix: String) -> String? {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : nil
    }
}
