/// An Xcode locale (`en_US`, `en-GB`, `zh_Hans`, `ja`) as StoreSim spells locales: a language
/// and a region, `ll_RR`, which is what `catalog.json` takes and what the interface asks for.
///
/// A region in the locale is kept; Simplified and Traditional Chinese without one are read as
/// `zh_CN` and `zh_TW` (the interface's `--lang zh-Hans` is `zh_CN` too); a bare language is
/// the language in the storefront's country (`ja` in the JPN storefront is `ja_JP`).
enum StoreKitLocale {
    private static let scriptRegions = ["Hans": "CN", "Hant": "TW"]

    /// `text` as `ll_RR`, or nil when it is not a locale.
    static func storeSimLocale(_ text: String, storefront: Storefront) -> String? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }.map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(isLetter),
              parts.count <= 3 else { return nil }
        var region: String?
        var script: String?
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(isLetter), script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2, part.allSatisfy(isLetter), region == nil {
                region = part.uppercased()
            } else if part.count == 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), region == nil {
                region = ""
            } else {
                return nil
            }
        }
        let chosen = region.flatMap { $0.isEmpty ? nil : $0 } ?? script.flatMap { scriptRegions[$0] } ?? storefront.region
        return language.lowercased() + "_" + chosen
    }

    private static func isLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }
}
