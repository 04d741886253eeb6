/// Reads a catalog's `app` object (in `catalog.json`, or in a `.storekit`'s top-level
/// `storesim` object): `bundleId`, `appAppleId`, `bundleVersion`, each optional, the rest of
/// the identity from `AppIdentity.standard`.
enum AppIdentityReader {
    static let keys = ["bundleId", "appAppleId", "bundleVersion"]

    static func read(_ field: CatalogField?) throws(CatalogIssue) -> AppIdentity {
        var identity = AppIdentity.standard
        guard let field else { return identity }
        let object = try field.object(allowedKeys: keys)
        if let bundle = object.optional("bundleId") {
            let text = try bundle.string()
            guard AppIdentity.isBundleId(text) else {
                throw bundle.issue("\(LineText.quoted(text)) is not a bundle id: use letters, digits, hyphens and periods")
            }
            identity.bundleId = text
        }
        if let number = object.optional("appAppleId") {
            identity.appAppleId = try number.integer(in: 1...999_999_999_999)
        }
        if let version = object.optional("bundleVersion") {
            let text = try version.string()
            guard AppIdentity.isBundleVersion(text) else {
                throw version.issue("\(LineText.quoted(text)) is not a build version: one to three period-separated whole numbers, such as 1.2.3")
            }
            identity.bundleVersion = text
        }
        return identity
    }
}
