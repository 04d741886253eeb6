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
        guard parts.count == 6, parts[2] == "products", !parts[3].isEmpty, parts[4] == "tokens", !parts[5].isEmpty else { return nil }
        let product = parts[3]
        let last = parts[5]
        switch method {
        case "GET": return .get(packageName: package, productId: product, token: last)
        case "POST" where last.hasSuffix(":acknowledge"):
            return .acknowledge(packageName: package, productId: product, token: String(last.dropLast(":acknowledge".count)))
        case "POST" where last.hasSuffix(":consume"):
            return .consume(packageName: package, productId: product, token: String(last.dropLast(":consume".count)))
        default: return nil
        }
    }

    /// The package name the path names.
    public var packageName: String {
        switch self {
        case .get(let package, _, _), .acknowledge(let package, _, _), .consume(let package, _, _), .voidedPurchases(let package): package
        }
    }

    /// The call's name as Google's reference names it.
    public var name: String {
        switch self {
        case .get: "purchases.products.get"
        case .acknowledge: "purchases.products.acknowledge"
        case .consume: "purchases.products.consume"
        case .voidedPurchases: "purchases.voidedpurchases.list"
        }
    }

    private static func decoded(_ part: Substring) -> String {
        String(part).removingPercentEncoding ?? String(part)
    }
}
