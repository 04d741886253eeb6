/// The `storesim` object StoreSim reads on a product of an Xcode file: what `catalog.json` has
/// and Xcode does not record, with the same rules: `grant` for consumables, `serverProductId`,
/// `duration` for non-renewing subscriptions. It is StoreSim's key beside Xcode's own ones;
/// Xcode does not write it, and may drop it when it saves the file again.
struct StoreSimExtras {
    var grant: [String: Int]?
    var serverProductId: String?
    var duration: ISODuration?

    static let keys = ["grant", "serverProductId", "duration"]

    static func read(_ field: CatalogField?, type: ProductType) throws(CatalogIssue) -> StoreSimExtras {
        guard let field else { return StoreSimExtras() }
        let object = try field.object(allowedKeys: keys)
        if type != .consumable { try object.forbid("grant", "grant is only for consumables") }
        if type != .nonRenewing { try object.forbid("duration", "duration is only for non-renewing subscriptions") }
        return StoreSimExtras(
            grant: try object.optional("grant").map { field throws(CatalogIssue) in try CatalogProductReader.grant(field) },
            serverProductId: try object.optional("serverProductId")?.string(),
            duration: try object.optional("duration")?.duration())
    }
}
