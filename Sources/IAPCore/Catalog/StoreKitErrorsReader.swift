/// Reads `_storeKitErrors`, the StoreKit errors StoreKit Testing simulates per API: an array of
/// `name`, `enabled` and `current` (the error chosen). An enabled error StoreSim has a switch
/// for turns it on in a new world; any other enabled one is read, not yet simulated.
enum StoreKitErrorsReader {
    /// The APIs whose error StoreSim simulates, and the scenario command it amounts to.
    private static let mapped = [
        "Load Products": "store product-requests off",
        "Purchase": "store fail on \(CatalogSettings.failure.rawValue)",
        "App Store Sync": "store sync off",
        "Verification": "store device-verification off",
        "Subscription Status": "store subscription-status off",
    ]

    static func read(_ field: CatalogField, settings: inout CatalogSettings, notes: inout CatalogNotes) throws(CatalogIssue) {
        var disabled = 0
        let entries = try field.elements()
        for entry in entries {
            let object = try entry.object()
            notes.ignoreOthers(in: object, known: ["name", "enabled", "current"])
            let name = try object.required("name").string()
            guard try object.optional("enabled")?.bool() ?? false else {
                disabled += 1
                continue
            }
            let current = object.optional("current").map { " (current \(LineText.cut($0.value.compact, to: LineText.maxShown)))" } ?? ""
            let what = "\(LineText.quoted(name)) enabled\(current)"
            switch name {
            case "Load Products":
                settings.productRequestsFail = true
            case "Purchase":
                settings.failPurchases = true
            case "App Store Sync":
                settings.syncFails = true
            case "Verification":
                settings.verificationFails = true
            case "Subscription Status":
                settings.subscriptionStatusFails = true
            default:
                notes.setting(entry.path, "\(what) → read, not yet simulated")
                continue
            }
            let command = mapped[name] ?? ""
            notes.setting(entry.path, "\(what) → \(command), \(StoreKitSettingsReader.whenCreated)")
        }
        if disabled > 0 {
            notes.setting(field.path, "\(disabled) of \(entries.count) disabled → nothing to simulate")
        }
    }
}
