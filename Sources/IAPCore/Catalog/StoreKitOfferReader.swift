/// Reads a subscription's offers in an Xcode file: the `introductoryOffer` StoreSim keeps, and
/// the promotional (`adHocOffers`), code (`codeOffers`) and win-back (`winbackOffers`) offers it
/// reads, checks and lists without simulating them.
enum StoreKitOfferReader {
    /// Xcode's `paymentMode` names.
    private static let modes: [String: OfferMode] = ["free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront]
    private static let termKeys = ["paymentMode", "subscriptionPeriod", "displayPrice", "numberOfPeriods"]
    /// The lists of other offers, with what each entry is called.
    static let otherOfferLists = [("adHocOffers", "promotional offer"), ("codeOffers", "offer code"), ("winbackOffers", "win-back offer")]

    /// The introductory offer at `field`; nil for `null`.
    static func introductory(_ field: CatalogField, storefront: Storefront, notes: inout CatalogNotes) throws(CatalogIssue) -> IntroductoryOffer? {
        guard !field.isNull else { return nil }
        let object = try field.object()
        let offer = try terms(object, storefront: storefront, notes: &notes)
        notes.ignoreOthers(in: object, known: termKeys)
        return offer
    }

    /// Checks the other offers of the subscription `object` and lists each of them.
    static func readOthers(of object: CatalogObject, productId: String, storefront: Storefront,
                           notes: inout CatalogNotes) throws(CatalogIssue) {
        for (key, kind) in otherOfferLists {
            guard let list = object.optional(key) else { continue }
            for entry in try list.elements() {
                let offerObject = try entry.object()
                let offer = try terms(offerObject, storefront: storefront, notes: &notes)
                let name = try offerObject.optional("referenceName")?.text() ?? ""
                let id = try offerObject.optional("offerID")?.text() ?? ""
                let label = [name.isEmpty ? nil : LineText.quoted(name), id.isEmpty ? nil : "(offer id \(LineText.quoted(id)))"]
                    .compactMap { $0 }.joined(separator: " ")
                let summary = offer.summary(in: storefront, locale: "en_US")
                notes.offer(productId, entry.path, "\(kind)\(label.isEmpty ? "" : " " + label): \(summary): read, not yet simulated")
                notes.ignoreOthers(in: offerObject, known: termKeys + ["referenceName", "offerID"])
            }
        }
    }

    /// An offer's mode, period, and price and number of periods where the mode has them; a
    /// price or number of periods the mode does not use is listed as ignored.
    private static func terms(_ object: CatalogObject, storefront: Storefront, notes: inout CatalogNotes) throws(CatalogIssue) -> IntroductoryOffer {
        let modeField = try object.required("paymentMode")
        let modeName = try modeField.string()
        guard let mode = modes[modeName] else {
            throw modeField.issue("unknown paymentMode \(LineText.quoted(modeName)) (expected free, payAsYouGo, payUpFront)")
        }
        let period = try object.required("subscriptionPeriod").duration()
        if mode != .payAsYouGo, let unused = object.optional("numberOfPeriods") { notes.ignore(unused) }
        switch mode {
        case .freeTrial:
            if let unused = object.optional("displayPrice") { notes.ignore(unused) }
            return IntroductoryOffer(mode: mode, period: period)
        case .payUpFront:
            return IntroductoryOffer(mode: mode, period: period, price: try object.required("displayPrice").price(in: storefront))
        case .payAsYouGo:
            return IntroductoryOffer(mode: mode, period: period, price: try object.required("displayPrice").price(in: storefront),
                                     periods: try object.required("numberOfPeriods").positiveInteger(upTo: CatalogOfferReader.maxPeriods))
        }
    }
}
