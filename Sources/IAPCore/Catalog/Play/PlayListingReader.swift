/// Reads Play's listings into StoreSim's locale → title and description: a one-time product's
/// `listings` map ("Map key is the language of the localized data, as defined by BCP-47, e.g.
/// "en-US"") and a subscription's `listings` list, whose entries name their `languageCode`.
/// A language is read as `StoreKitLocale` reads Xcode's (`en-US` is `en_US`, a bare `ja` in the
/// JPN storefront `ja_JP`); `benefits` are Play's own and not used; a missing or empty
/// description is the title.
enum PlayListingReader {
    /// The `listings` map of a one-time product.
    static func map(_ field: CatalogField, storefront: Storefront, notes: inout CatalogNotes) throws(CatalogIssue) -> [String: Localization] {
        var localizations: [String: Localization] = [:]
        for (language, entry) in try field.object().fields {
            let locale = try storeSimLocale(language, at: entry, storefront: storefront)
            try add(locale, entry: try entry.object(), to: &localizations, at: entry, notes: &notes)
        }
        return localizations
    }

    /// The `listings` list of a subscription (or a base plan's own, in its `storesim` object).
    static func list(_ field: CatalogField, storefront: Storefront, notes: inout CatalogNotes) throws(CatalogIssue) -> [String: Localization] {
        var localizations: [String: Localization] = [:]
        for entry in try field.elements() {
            let object = try entry.object()
            let languageField = try object.required("languageCode")
            let locale = try storeSimLocale(try languageField.string(), at: languageField, storefront: storefront)
            try add(locale, entry: object, to: &localizations, at: entry, notes: &notes)
        }
        return localizations
    }

    /// StoreSim's localizations as a subscription's `listings` list, `en-US` first.
    static func written(_ localizations: [String: Localization]) -> CatalogJSON {
        .array(CatalogLocalizationReader.ordered(localizations).map { locale, texts in
            .object([("languageCode", .string(languageCode(locale))), ("title", .string(texts.title)),
                     ("description", .string(texts.description))])
        })
    }

    /// StoreSim's `en_US` as BCP-47's `en-US`.
    static func languageCode(_ locale: String) -> String {
        locale.replacingOccurrences(of: "_", with: "-")
    }

    private static func add(_ locale: String, entry object: CatalogObject, to localizations: inout [String: Localization],
                            at entry: CatalogField, notes: inout CatalogNotes) throws(CatalogIssue) {
        guard localizations[locale] == nil else {
            throw entry.issue("a second listing in \(locale), which a listing before it gives")
        }
        notes.ignoreOthers(in: object, known: ["languageCode", "title", "description"])
        let title = try object.required("title").string()
        let description = try object.optional("description")?.text() ?? ""
        localizations[locale] = Localization(title: title, description: description.isEmpty ? title : description)
    }

    private static func storeSimLocale(_ language: String, at field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> String {
        guard let locale = StoreKitLocale.storeSimLocale(language, storefront: storefront) else {
            throw field.issue("\(LineText.quoted(language)) is not a BCP-47 language like en-US or zh-CN")
        }
        return locale
    }
}
