import IAPCore
import ReadSide
import StoreEngine

/// The `state` command's picture of a snapshot, as lines or as JSON.
struct StateView {
    let snapshot: WorldSnapshot
    let catalog: Catalog
    /// Each subscription's renewal information as it stands (StoreKit 2 worlds, JSON only).
    var renewals: [SubscriptionRenewal] = []
    /// The latest verifyReceipt answer the Server received about each transaction (JSON only).
    var verifyReceiptResponses: [TransactionID: String] = [:]
    /// The order id of each paid transaction, as the App Store Server API's Look Up Order ID
    /// finds it (JSON only).
    var orderIds: [TransactionID: String] = [:]
    /// The app receipt the app holds: the last one the Store handed it (StoreKit 1 worlds, JSON only).
    var appReceipt: String?
    /// The team's App Store Server Notifications URL the Store posts to (JSON only, and only when set).
    var notificationsURL: String?

    private func title(_ productId: String) -> String {
        catalog.product(id: productId)?.title(locale: "en_US") ?? productId
    }

    var lines: [String] {
        if let purchases = snapshot.playPurchases { return playLines(purchases) }
        let settings = snapshot.settings
        var lines = [
            "clock \(SimulatedTime.format(SimulatedTime.epoch.addingTimeInterval(Double(settings.clockMillis) / 1000 - SimulatedTime.epoch.timeIntervalSince1970)))  strategy \(settings.strategy.rawValue)\(storeKit2 ? "  api storekit2" : "")  network \(settings.networkOnline ? "online" : "offline")  server \(settings.server.rawValue)",
            "app \(catalog.app.bundleId)  App Apple ID \(catalog.app.appAppleId)  build \(catalog.app.bundleVersion)",
            "",
            "Store: " + EnglishCount.of(snapshot.transactions.count, "transaction"),
        ]
        for record in snapshot.transactions {
            var flags: [String] = [record.kind.rawValue]
            if record.charged { flags.append("charged") }
            if record.isUnfinished { flags.append("UNFINISHED") } else if record.finished { flags.append("finished") }
            if record.refunded { flags.append("refunded") }
            if storeKit2 && record.signedTransaction != nil { flags.append("signed") }
            if record.charged, let offer = snapshot.offers[record.id] {
                flags.append(offer.text + (offerPrice(record.id, record.productId).map { " at \($0)" } ?? ""))
            }
            lines.append("  tx \(record.id)  \(record.state.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(title(record.productId))  [\(flags.joined(separator: ", "))]  \(SimulatedTime.format(record.date))")
        }
        lines += ["", "Server: " + EnglishCount.of(snapshot.ledger.credits.count, "credit")]
        for credit in snapshot.ledger.credits {
            lines.append("  tx \(credit.transactionId)  \(title(credit.productId))  \(credit.grantWords)")
        }
        for (currency, amount) in snapshot.ledger.balances.sorted(by: { $0.key < $1.key }) {
            lines.append("  balance \(currency): \(amount)")
        }
        for entitlement in snapshot.ledger.entitlements {
            let until = entitlement.expires.map { " until \(SimulatedTime.format($0))" } ?? ""
            lines.append("  \(entitlement.account) owns \(title(entitlement.productId))\(until)")
        }
        lines += ["", "App cache: " + EnglishCount.of(snapshot.cache.orders.count, "pending order")]
        for order in snapshot.cache.orders {
            lines.append("  tx \(order.transactionId)  \(title(order.productId))")
        }
        lines += snapshot.cache.warnings.map { "  warning: \($0.english)" }
        return lines
    }

    /// The price a transaction bought under an offer was charged, in the storefront's currency.
    private func offerPrice(_ id: TransactionID, _ productId: String) -> String? {
        guard let offer = snapshot.offers[id], let product = catalog.product(id: productId) else { return nil }
        return offer.terms(of: product).map { catalog.storefront.format($0.chargedPrice, locale: "en_US") }
    }

    /// A transaction bought under an offer: the offer (type, id, period) and the price charged;
    /// nothing for one at the regular price, so that those read as they always did.
    private func offerMembers(_ id: TransactionID, _ productId: String) -> [(String, JSONText)] {
        guard let offer = snapshot.offers[id] else { return [] }
        var members: [(String, JSONText)] = [("offerType", .int(offer.type.rawValue))]
        if let offerId = offer.id { members.append(("offerId", .string(offerId))) }
        members.append(("offerPeriod", .int(offer.period)))
        if let price = offerPrice(id, productId) { members.append(("price", .string(price))) }
        return members
    }

    /// Whether the world uses StoreKit 2: then its signed transactions and root certificate are shown.
    private var storeKit2: Bool { snapshot.settings.api == .storekit2 }

    var json: JSONText {
        if let purchases = snapshot.playPurchases { return playJSON(purchases) }
        let settings = snapshot.settings
        let api: [(String, JSONText)] = storeKit2 ? [("api", .string(settings.api.rawValue))] : []
        let root: [(String, JSONText)] = storeKit2 ? [("rootCertificate", snapshot.rootCertificate.map(JSONText.string) ?? .null)] : []
        return .object([
            ("strategy", .string(settings.strategy.rawValue)),
        ] + api + [
            ("network", .string(settings.networkOnline ? "online" : "offline")),
            ("server", .string(settings.server.rawValue)),
        ] + (notificationsURL.map { [("notificationsURL", JSONText.string($0))] } ?? []) + [
            ("clockMillis", .int(Int(settings.clockMillis))),
            ("bundleId", .string(catalog.app.bundleId)), ("appAppleId", .int(Int(catalog.app.appAppleId))),
            ("bundleVersion", .string(catalog.app.bundleVersion)),
            ("transactions", .array(snapshot.transactions.map { record in
                .object([
                    ("id", .string(record.id.description)), ("originalId", .string(record.originalId.description)),
                    ("productId", .string(record.productId)), ("state", .string(record.state.rawValue)),
                    ("kind", .string(record.kind.rawValue)), ("charged", .bool(record.charged)),
                    ("finished", .bool(record.finished)), ("refunded", .bool(record.refunded)),
                    ("date", .string(SimulatedTime.format(record.date))),
                ] + (orderIds[record.id].map { [("orderId", JSONText.string($0))] } ?? []) + (record.charged ? offerMembers(record.id, record.productId) : []) + Self.familyMembers(record) + (storeKit2 ? [("signedTransaction", record.signedTransaction.map(JSONText.string) ?? .null)] : [])
                    + (verifyReceiptResponses[record.id].map { [("verifyReceiptResponse", JSONText.verbatim($0))] } ?? []))
            })),
        ] + subscriptions + serverAndApp
          + (storeKit2 ? [] : [("appReceipt", appReceipt.map(JSONText.string) ?? .null)]) + familyEntitlements + root + notifications)
    }

    /// What the Server holds (its credits, balances and entitlements) and the app's cache.
    var serverAndApp: [(String, JSONText)] {
        [
            ("credits", .array(snapshot.ledger.credits.map { credit in
                .object([("transactionId", .string(credit.transactionId.description)), ("productId", .string(credit.productId)),
                         ("grant", .string(credit.grantWords))])
            })),
            ("balances", .object(snapshot.ledger.balances.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("entitlements", .array(snapshot.ledger.entitlements.map { entitlement in
                .object([("productId", .string(entitlement.productId)),
                         ("expires", entitlement.expires.map { .string(SimulatedTime.format($0)) } ?? .null),
                         ("account", .string(entitlement.account))])
            })),
            ("pendingOrders", .array(snapshot.cache.orders.map { order in
                .object([("transactionId", .string(order.transactionId.description)), ("productId", .string(order.productId))])
            })),
            ("cacheWarnings", .array(snapshot.cache.warnings.map { JSONText.string($0.english) })),
        ]
    }

    /// Under StoreKit 2, each subscription's current `signedRenewalInfo`, by its original
    /// transaction: the latest transaction of each subscription not refunded, oldest first.
    private var subscriptions: [(String, JSONText)] {
        guard storeKit2 else { return [] }
        return [("subscriptions", .array(renewals.map { renewal in
            .object([("originalTransactionId", .string(renewal.originalTransactionId.description)),
                     ("productId", .string(renewal.productId)), ("signedRenewalInfo", .string(renewal.signedRenewalInfo))])
        }))]
    }

    /// A family member's shared transaction says so, with Apple's `inAppOwnershipType`, its
    /// account and the purchase it shares; other transactions have none of these keys.
    private static func familyMembers(_ record: StoreRecord) -> [(String, JSONText)] {
        guard record.kind == .familyShare, let sharedFrom = record.sharedFrom else { return [] }
        return [("inAppOwnershipType", .string(record.ownershipType)), ("account", .string(record.account)),
                ("sharedFrom", .string(sharedFrom.description))]
    }

    /// What family members hold through Family Sharing, by account; absent when nobody does.
    private var familyEntitlements: [(String, JSONText)] {
        let held = snapshot.ledger.familyEntitlements
        guard !held.isEmpty else { return [] }
        return [("familyEntitlements", .array(held.map { entitlement in
            .object([("account", .string(entitlement.account)), ("productId", .string(entitlement.productId)),
                     ("transactionId", .string(entitlement.transactionId.description)),
                     ("expires", entitlement.expires.map { .string(SimulatedTime.format($0)) } ?? .null)])
        }))]
    }

    /// With notifications: each one the Store posted, with its attempts and whether the Server
    /// acknowledged one (`transactionId` null for a `TEST` notification, about none); under
    /// StoreKit 2, where the root certificate is shown, its `signedPayload` too.
    private var notifications: [(String, JSONText)] {
        guard let posted = snapshot.notifications else { return [] }
        return [("notifications", .array(posted.map { posted in
            .object([("type", .string(posted.notification.type.rawValue)),
                     ("transactionId", posted.notification.transactionId.map { .string($0.description) } ?? .null),
                     ("attempts", .int(posted.attempts)), ("delivered", .bool(posted.delivered))]
                    + (storeKit2 ? [("signedPayload", .string(posted.notification.signedPayload))] : []))
        }))]
    }
}
