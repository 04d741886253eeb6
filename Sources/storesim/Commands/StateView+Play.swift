import IAPCore
import PlayEngine
import ReadSide

/// The `state` of a world that sells on Google Play: Google Play's purchases in place of the App
/// Store's transactions, each with its order id, purchase token and states.
extension StateView {
    /// The JSON object: `"store": "play"`, the settings in Play's words, the purchases, then the
    /// Server's and the app's, as on the App Store.
    func playJSON(_ purchases: [PlayPurchaseRecord]) -> JSONText {
        let settings = snapshot.settings
        return .object([
            ("store", .string(StoreKind.play.rawValue)),
            ("strategy", .string(settings.strategy.word(on: .play))),
            ("network", .string(settings.networkOnline ? "online" : "offline")),
            ("server", .string(settings.server.rawValue)),
            ("clockMillis", .int(Int(settings.clockMillis))),
            ("purchases", .array(purchases.map { [plans = PlayBasePlan.plans(of: catalog)] in Self.json($0, at: settings.clockMillis, plans: plans) })),
        ] + serverAndApp)
    }

    /// One purchase as Google's interfaces describe it at the clock's `millis`; a subscription
    /// adds its `productType` (`SUBS`), `subscriptionState`, `expiryTime`, `autoRenewing`, its
    /// `basePlan` among `plans` and the `offer` it was bought with.
    private static func json(_ purchase: PlayPurchaseRecord, at millis: Int64, plans: [String: PlayBasePlan]) -> JSONText {
        let voided: JSONText = purchase.voidedPurchase.map { voided in
            .object([("time", .string(SimulatedTime.format(millis: voided.voidedTimeMillis))),
                     ("voidedSource", .int(voided.voidedSource.rawValue)), ("voidedReason", .int(voided.voidedReason.rawValue))])
        } ?? .null
        return .object([
            ("orderId", .string(purchase.orderId.description)), ("purchaseToken", .string(purchase.token)),
            ("productId", .string(purchase.productId)), ("purchaseState", .string(stateName(purchase.state))),
            ("acknowledged", .bool(purchase.isAcknowledged)), ("consumed", .bool(purchase.isConsumed)),
            ("purchaseTime", .string(SimulatedTime.format(millis: purchase.createdMillis))),
            ("voided", voided),
        ] + subscriptionJSON(purchase, at: millis, plan: plans[purchase.productId]))
    }

    /// A subscription's keys; none for a one-time product, whose object is as it always was. The
    /// base plan is named as Google's `Subscription` resource names it: the subscription's
    /// `productId`, the `basePlanId` and its `billingPeriodDuration`.
    private static func subscriptionJSON(_ purchase: PlayPurchaseRecord, at millis: Int64, plan: PlayBasePlan?) -> [(String, JSONText)] {
        guard let state = purchase.subscriptionState(at: millis) else { return [] }
        let expiry: JSONText = purchase.expiryMillis.map { .string(SimulatedTime.format(millis: $0)) } ?? .null
        let basePlan: JSONText = plan.map { plan in
            .object([("productId", .string(plan.subscriptionId)), ("basePlanId", .string(plan.basePlanId)),
                     ("billingPeriodDuration", .string(plan.billingPeriodDuration.description))])
        } ?? .null
        return [("productType", .string(purchase.productType.name)), ("subscriptionState", .string(state.rawValue)),
                ("expiryTime", expiry), ("autoRenewing", .bool(purchase.autoRenewing)), ("basePlan", basePlan)]
            + offerJSON(purchase, plan: plan)
    }

    /// `offer`, only for a subscription bought with an offer, as `offerDetails.offerId` is "Only
    /// present for discounted offers": its `offerId` and the `offerPhase` of the current period.
    private static func offerJSON(_ purchase: PlayPurchaseRecord, plan: PlayBasePlan?) -> [(String, JSONText)] {
        guard let plan, let offerId = purchase.offerId, let phase = purchase.offerPhase(of: plan) else { return [] }
        return [("offer", .object([("offerId", .string(offerId)), ("offerPhase", .string(phase.rawValue))]))]
    }

    /// Google's constant for a purchase's state.
    private static func stateName(_ state: PlayPurchaseRecord.State) -> String {
        switch state {
        case .purchased: "PURCHASED"
        case .pending: "PENDING"
        case .canceled: "CANCELED"
        }
    }

    /// The lines: the settings, Google Play's purchases, the Server's credits and the app's cache.
    func playLines(_ purchases: [PlayPurchaseRecord]) -> [String] {
        let settings = snapshot.settings
        var lines = [
            "clock \(SimulatedTime.format(millis: settings.clockMillis))  store play  strategy \(settings.strategy.word(on: .play))"
                + "  network \(settings.networkOnline ? "online" : "offline")  server \(settings.server.rawValue)",
            "",
            "Google Play: " + EnglishCount.of(purchases.count, "purchase"),
        ]
        let plans = PlayBasePlan.plans(of: catalog)
        for purchase in purchases {
            var flags = [Self.stateName(purchase.state)]
            if purchase.isConsumed { flags.append("consumed") } else if purchase.isAcknowledged { flags.append("acknowledged") }
            if let voided = purchase.voidedPurchase { flags.append("voided (source \(voided.voidedSource.rawValue), reason \(voided.voidedReason.name))") }
            if let state = purchase.subscriptionState(at: settings.clockMillis) {
                flags.append(state.rawValue + (purchase.expiryMillis.map { ", expires " + SimulatedTime.format(millis: $0) } ?? ""))
                if let plan = plans[purchase.productId] {
                    flags.append("base plan \(plan.basePlanId) of \(plan.subscriptionId), every \(plan.billingPeriodDuration)")
                    if let offerId = purchase.offerId, let phase = purchase.offerPhase(of: plan) {
                        flags.append("offer \(offerId), \(phase.rawValue)")
                    }
                }
            }
            lines.append("  \(purchase.orderId)  \(purchase.productId)  [\(flags.joined(separator: ", "))]  "
                         + SimulatedTime.format(millis: purchase.createdMillis))
        }
        lines += ["", "Server: " + EnglishCount.of(snapshot.ledger.credits.count, "credit")]
        for credit in snapshot.ledger.credits {
            lines.append("  \(StoreKind.play.orderText(credit.transactionId))  \(credit.productId)  \(credit.grantWords)")
        }
        for (currency, amount) in snapshot.ledger.balances.sorted(by: { $0.key < $1.key }) {
            lines.append("  balance \(currency): \(amount)")
        }
        lines += ["", "App cache: " + EnglishCount.of(snapshot.cache.orders.count, "pending order")]
        lines += snapshot.cache.orders.map { "  \(StoreKind.play.orderText($0.transactionId))  \($0.productId)" }
        return lines
    }
}
