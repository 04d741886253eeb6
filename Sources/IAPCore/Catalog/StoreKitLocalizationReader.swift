/// Reads a product's `localizations` in an Xcode file: an array of `locale`, `displayName` and
/// `description`, into StoreSim's locale → title and description.
///
/// Xcode leaves a name or description it was never given as `""`: an empty display name is
/// read as the reference name, an empty description as the title, and the notes say so.
enum StoreKitLocalizationReader {
    private static let keys = ["locale", "displayName", "description"]

    static func read(_ field: CatalogField, product: (id: String, referenceName: String), storefront: Storefront,
                     notes: inout CatalogNotes) throws(CatalogIssue) -> [String: Localization] {
        var localizations: [String: Localization] = [:]
        for entry in try field.elements() {
            let object = try entry.object()
            notes.ignoreOthers(in: object, known: keys)
            let localeField = try object.required("locale")
            let written = try localeField.string()
            guard let locale = StoreKitLocale.storeSimLocale(written, storefront: storefront) else {
                throw localeField.issue("\(LineText.quoted(written)) is not a locale like en_US, zh_Hans or ja")
            }
            guard localizations[locale] == nil else {
                notes.product(product.id, entry.path, "\(written) is read as \(locale), which an entry before it gives: not used")
                continue
            }
            if locale != written {
                notes.product(product.id, localeField.path, "locale \(written) is read as \(locale)")
            }
            var title = try object.optional("displayName")?.text() ?? ""
            if title.isEmpty {
                title = product.referenceName
                notes.product(product.id, entry.path, "\(locale) has no display name: the title is the reference name")
            }
            var description = try object.optional("description")?.text() ?? ""
            if description.isEmpty {
                description = title
                notes.product(product.id, entry.path, "\(locale) has no description: the description is the title")
            }
            localizations[locale] = Localization(title: title, description: description)
        }
        if localizations.isEmpty {
            notes.product(product.id, field.path, "no localizations: the title is the reference name in every language")
        }
        return localizations
    }
}
