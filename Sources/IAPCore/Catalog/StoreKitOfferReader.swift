/// Reads a subscription's offers in an Xcode file: the `introductoryOffer`, and the promotional
/// (`adHocOffers`), code (`codeOffers`) and win-back (`winbackOffers`) offers, each named by its
/// `offerID` (which is also an offer code's code in StoreSim).
enum StoreKitOfferReader {
    /// Xcode's `paymentMode` names.
    private static let modes: [String: OfferMode] = ["free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront]
    private static let termKeys = ["paymentMode", "subscriptionPeriod", "displayPrice", "numberOfPeriods"]
    /// The lists of other offers, with the type of each entry.
    static let otherOfferLists: [(String, OfferType)] = [("adHocOffers", .promotional), ("codeOffers", .code), ("winbackOffers", .winBack)]

    /// The introductory offer at `field`; nil for `null`.
    static func introductory(_ field: CatalogField, storefront: Storefront, notes: inout CatalogNotes) throws(CatalogIssue) -> IntroductoryOffer? {
        guard !field.isNull else { return nil }
        let object = try field.object()
        let offer = try terms(object, storefront: storefront, notes: &notes)
        notes.ignoreOthers(in: object, known: termKeys)
        return offer
    }

    /// The other offers of the subscription `object`; one without an `offerID` is listed as
    /// read but not offered, since nothing could name it.
    static func others(of object: CatalogObject, productId: String, storefront: Storefront,
                       notes: inout CatalogNotes) throws(CatalogIssue) -> [SubscriptionOffer] {
        var offers: [SubscriptionOffer] = []
        for (key, type) in otherOfferLists {
            guard let list = object.optional(key) else { continue }
            for entry in try list.elements() {
                let offerObject = try entry.object()
                let terms = try terms(offerObject, storefront: storefront, notes: &notes)
                notes.ignoreOthers(in: offerObject, known: termKeys + ["referenceName", "offerID"])
                guard let idField = offerObject.optional("offerID") else {
                    notes.offer(productId, entry.path, "\(type.name) without an offerID: read, but nothing can name it, so it is not offered")
                    continue
                }
                let id = try idField.identifier()
                if offers.contains(where: { $0.type == type && $0.id == id }) {
                    throw idField.issue("duplicate offerID \(LineText.quoted(id)) in \(list.path)")
                }
                offers.append(SubscriptionOffer(type: type, id: id, code: type == .code ? id : nil, terms: terms))
            }
        }
        return offers
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
