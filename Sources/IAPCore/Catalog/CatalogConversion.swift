/// A catalog written in a format, and the remarks on what could not be carried over as it was.
public struct CatalogConversion: Sendable {
    /// The file's text, ending in a newline.
    public let text: String
    /// What was left out or filled in, with the JSON path in the file read.
    public let notes: [CatalogNote]
}

/// Writes a catalog as StoreSim's `catalog.json`, an Xcode StoreKit configuration file or a
/// Google Play catalog.
public enum CatalogWriter {
    /// `reading`'s catalog as `catalog.json`. An Xcode file's settings and its promotional,
    /// code and win-back offers have no place there and are left out; a product without an
    /// `en_US` localization gets one from its reference name (the title StoreSim shows without
    /// one). A non-renewing subscription without a duration cannot be written: the error names
    /// it in `file`.
    public static func storeSimJSON(_ reading: CatalogReading, file: String) throws(CatalogError) -> CatalogConversion {
        try requireDurations(reading, by: "catalog.json", file: file)
        var notes: [CatalogNote] = []
        var products: [CatalogJSON] = []
        for product in reading.catalog.products {
            let path = reading.productPaths[product.id] ?? "$"
            if product.localizations[CatalogLocalizationReader.requiredLocale] == nil {
                notes.append(CatalogNote(kind: .product, path: path, productId: product.id,
                                         text: "no en_US localization, which catalog.json needs: written from the reference name, the title StoreSim shows without one"))
            }
            products.append(CatalogJSONWriter.product(product))
        }
        notes += reading.productsLeftOut + settingsLeftOut(reading.catalog, by: "catalog.json")
        notes += offersLeftOut(reading, by: "catalog.json")
        let app: [(key: String, value: CatalogJSON)] = reading.catalog.app == .standard ? [] : [("app", CatalogJSONWriter.app(reading.catalog.app))]
        let document = CatalogJSON.object([
            ("storefront", .string(reading.catalog.storefront.code)), ("products", .array(products)),
        ] + app)
        return try readable(CatalogConversion(text: document.document(.storeSim), notes: notes), as: "catalog.json", file: file)
    }

    /// `catalog` as an Xcode StoreKit configuration file, format version 4.0, with what Xcode
    /// does not record (a grant, a backend id, a duration) on each product's `storesim` object.
    /// A file larger than StoreSim reads back cannot be written: the error names `file`, read.
    public static func storeKit(_ catalog: Catalog, file: String) throws(CatalogError) -> CatalogConversion {
        var notes: [CatalogNote] = []
        for (index, product) in catalog.products.enumerated() {
            for offer in product.offers where offer.type == .code && (offer.code != offer.id || offer.oneTime) {
                notes.append(CatalogNote(kind: .offer, path: "$.products[\(index)].offerCodes", productId: product.id,
                                         text: "offer code \(offer.id): Xcode's codeOffers hold no code of their own and no one-time use: written as the code \(offer.id), redeemable once per account"))
            }
        }
        return try readable(CatalogConversion(text: StoreKitWriter.document(catalog).document(.xcode), notes: notes),
                            as: "a .storekit file", file: file)
    }

    /// `catalog` as a Google Play catalog: one-time products, subscriptions and their base plans,
    /// with what Play does not record on each product's `storesim` object. An Xcode file's
    /// settings have no place there and are left out. A non-renewing subscription without a
    /// duration cannot be written, nor two products Play would name alike (the same base plan
    /// id in one subscription, or two groups named as one subscription): the error names
    /// `file`, read.
    public static func play(_ reading: CatalogReading, file: String) throws(CatalogError) -> CatalogConversion {
        try requireDurations(reading, by: "a Play catalog", file: file)
        let catalog = reading.catalog
        let document: CatalogJSON
        do {
            document = try PlayCatalogWriter.document(catalog)
        } catch {
            throw CatalogError(file: file, path: error.path.description, problem: error.problem)
        }
        return try readable(CatalogConversion(text: document.document(.storeSim), notes: settingsLeftOut(catalog, by: "a Play catalog") + offersLeftOut(reading, by: "a Play catalog")),
                            as: "a Play catalog", file: file)
    }

    /// Refuses a non-renewing subscription without a duration (an Xcode file records none),
    /// which `format` needs.
    private static func requireDurations(_ reading: CatalogReading, by format: String, file: String) throws(CatalogError) {
        guard let product = reading.catalog.products(ofType: .nonRenewing).first(where: { $0.duration == nil }) else { return }
        throw CatalogError(file: file, path: reading.productPaths[product.id] ?? "$", problem: "Xcode records no duration for a non-renewing subscription and \(format) needs one: give the product \"storesim\": {\"duration\": \"P1M\"} with its real duration")
    }

    /// The note that `format` has no place for the catalog's settings, if it has any.
    private static func settingsLeftOut(_ catalog: Catalog, by format: String) -> [CatalogNote] {
        guard catalog.settings != CatalogSettings() else { return [] }
        let commands = catalog.settings.switchCommands + (catalog.settings.locale.map { ["the product language \($0)"] } ?? [])
        return [CatalogNote(kind: .setting, path: "$.settings", text: "\(format) has no settings: left out \(commands.joined(separator: ", "))")]
    }

    /// The notes that an Xcode file's offers without an `offerID` have no id in `format`.
    private static func offersLeftOut(_ reading: CatalogReading, by format: String) -> [CatalogNote] {
        reading.notes.filter { $0.kind == .offer }.map { offer in
            CatalogNote(kind: .offer, path: offer.path, productId: offer.productId, text: "left out: an offer without an offerID has no id for \(format)")
        }
    }

    /// `conversion`, when StoreSim can read it back as a catalog (`CatalogParser.maxFileSize`).
    private static func readable(_ conversion: CatalogConversion, as format: String, file: String) throws(CatalogError) -> CatalogConversion {
        let size = conversion.text.utf8.count
        guard size <= CatalogParser.maxFileSize else {
            throw CatalogError(file: file, path: "$", problem: """
                written as \(format) it would be \(size) bytes, over the \(CatalogParser.maxFileSize >> 20) MiB \
                StoreSim reads as a catalog, so it could not be read back; nothing written
                """)
        }
        return conversion
    }
}
