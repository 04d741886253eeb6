/// Reads an Xcode file's `settings`: the storefront, the product language, and the switches a
/// new world starts with. Every setting StoreKit Testing has is listed with what it does in
/// StoreSim: a switch it sets, or "read, not yet simulated"; other keys are listed as ignored.
enum StoreKitSettingsReader {
    static let whenCreated = "when a world is created"
    private static let notSimulated = "read, not yet simulated"
    /// Settings of features StoreSim does not have yet, and why.
    private static let unsimulated = [
        "_compatibilityTimeRate": "the rate for systems before Xcode's current rates; StoreSim follows _timeRate",
        "_billingIssuesEnabled": "StoreSim's billing problems are per subscription (subscription PRODUCT billing fail)",
        "_renewalBillingIssuesEnabled": "StoreSim's billing problems are per subscription (subscription PRODUCT billing fail)",
        "_disableDialogs": "the interface always shows its purchase sheet; scripts have no dialogs",
        "_storeKitError": "the older single StoreKit error, by a number StoreSim does not decode",
    ]

    /// The storefront and the settings at `field` (`$.settings`); USA and the defaults when
    /// the file has no settings.
    static func read(_ field: CatalogField?, notes: inout CatalogNotes) throws(CatalogIssue) -> (Storefront, CatalogSettings) {
        guard let field else { return (.unitedStates, CatalogSettings()) }
        let object = try field.object()
        let storefront = try readStorefront(object, notes: &notes)
        var settings = CatalogSettings()
        for (key, value) in object.fields where key != "_storefront" {
            switch key {
            case "_locale":
                let written = try value.string()
                guard let locale = StoreKitLocale.storeSimLocale(written, storefront: storefront) else {
                    throw value.issue("\(LineText.quoted(written)) is not a locale like en_US, zh_Hans or ja")
                }
                settings.locale = locale
                notes.setting(value.path, "\(LineText.quoted(written)) → the product language \(locale) (the interface's, unless --lang says otherwise)")
            case "_askToBuyEnabled":
                settings.askToBuy = try switchSetting(value, on: "store ask-to-buy on", notes: &notes)
            case "_failTransactionsEnabled":
                settings.failPurchases = try switchSetting(value, on: "store fail on \(CatalogSettings.failure.rawValue)", notes: &notes)
            case "_billingGracePeriodEnabled":
                settings.gracePeriod = try switchSetting(value, on: "store grace-period on", notes: &notes)
            case "_timeRate":
                settings.timeRate = try readTimeRate(value, notes: &notes)
            case "_storeKitErrors":
                try StoreKitErrorsReader.read(value, settings: &settings, notes: &notes)
            case "_storeKitError" where value.value.compact == "0":
                notes.setting(value.path, "0 → no StoreKit error, as a new world starts")
            default:
                if let why = unsimulated[key] {
                    notes.setting(value.path, "\(LineText.cut(value.value.compact, to: LineText.maxShown)) → \(notSimulated): \(why)")
                } else {
                    notes.ignore(value)
                }
            }
        }
        return (storefront, settings)
    }

    /// `_storefront`: one of the storefronts StoreSim knows; USA, StoreKit Testing's default,
    /// when the file does not say.
    private static func readStorefront(_ object: CatalogObject, notes: inout CatalogNotes) throws(CatalogIssue) -> Storefront {
        guard let field = object.optional("_storefront") else {
            notes.setting(object.path.key("_storefront"), "none → USA, StoreKit Testing's default: prices in USD")
            return .unitedStates
        }
        let code = try field.string()
        guard let storefront = Storefront.named(code) else {
            let known = Storefront.all.map(\.code).joined(separator: ", ")
            throw field.issue("unknown storefront \(LineText.quoted(code)) (StoreSim knows \(known))")
        }
        notes.setting(field.path, "\(LineText.quoted(code)) → the storefront: prices in \(storefront.currencyCode)")
        return storefront
    }

    /// `_timeRate`: `SKTestTimeRate`'s number. The three deprecated day rates Apple names no
    /// replacement for are noted and leave real time; a number that is no rate is an error.
    private static func readTimeRate(_ field: CatalogField, notes: inout CatalogNotes) throws(CatalogIssue) -> TimeRate {
        let number = try field.integer(in: 0...Int64(Int32.max))
        if let rate = TimeRate(xcodeNumber: number) {
            notes.setting(field.path, rate == .real ? "0 → real time, as a new world starts"
                                                    : "\(number) → store time-rate \(rate.rawValue), \(whenCreated)")
            return rate
        }
        guard (1...3).contains(number) else {
            throw field.issue("\(number) is not one of SKTestSession's time rates (0, 10–13, 15, 1000–1005)")
        }
        notes.setting(field.path, "\(number) → \(notSimulated): a deprecated day rate Apple gives no replacement for; real time")
        return .real
    }

    /// A true-or-false setting that turns a Store switch on in a new world.
    private static func switchSetting(_ field: CatalogField, on command: String, notes: inout CatalogNotes) throws(CatalogIssue) -> Bool {
        let on = try field.bool()
        notes.setting(field.path, on ? "true → \(command), \(whenCreated)" : "false → off, as a new world starts")
        return on
    }
}
