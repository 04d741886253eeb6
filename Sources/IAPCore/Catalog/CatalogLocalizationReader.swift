/// Reads a product's `localizations`: locale → title and description, `en_US` required.
enum CatalogLocalizationReader {
    /// The locale every product must have; titles fall back to it.
    static let requiredLocale = "en_US"

    static func read(_ field: CatalogField) throws(CatalogIssue) -> [String: Localization] {
        let object = try field.object()
        var localizations: [String: Localization] = [:]
        for (locale, entry) in object.fields {
            guard isLocale(locale) else {
                throw entry.issue("\(LineText.quoted(locale)) is not a locale like en_US or zh_CN")
            }
            let texts = try entry.object(allowedKeys: ["title", "description"])
            localizations[locale] = Localization(
                title: try texts.required("title").string(),
                description: try texts.required("description").string()
            )
        }
        guard localizations[requiredLocale] != nil else {
            throw CatalogIssue(path: field.path.key(requiredLocale), problem: "missing required key")
        }
        return localizations
    }

    /// `localizations` in the order the writers put them: `en_US` first, then by locale.
    static func ordered(_ localizations: [String: Localization]) -> [(locale: String, texts: Localization)] {
        localizations.sorted { first, second in
            first.key == requiredLocale || (second.key != requiredLocale && first.key < second.key)
        }.map { ($0.key, $0.value) }
    }

    /// `ll_RR`: a two- or three-letter lowercase language and a two-letter uppercase region.
    private static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let language = parts[0], region = parts[1]
        return (2...3).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLowercase }
            && region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase }
    }
}
