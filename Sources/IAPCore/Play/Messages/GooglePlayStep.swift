/// A step told in Google Play's words on the timeline of a Play world (`Happening.play`): what
/// the user did there (the words of Play's strategies and crash points), the app's death, and what
/// Google Play did on its own.
public enum GooglePlayStep: Sendable, Equatable, Codable {
    /// The world was made to sell on Google Play: the first line of its timeline.
    case sellsOnGooglePlay
    /// The user starts the app, under a strategy.
    case launch(Strategy)
    /// The user changes the app's strategy.
    case strategy(Strategy)
    /// A crash (or power cut) is armed at a point, or disarmed (nil).
    case armCrash(CrashPoint?, powerCut: Bool)
    /// The app died: at a crash point or between two messages.
    case crash(CrashPoint?, powerCut: Bool)
    /// Google's three-day rule: nobody acknowledged the purchase within three days of PURCHASED,
    /// so Google Play refunded and revoked it (voidedSource 2 Google, voidedReason 8).
    case autoRefunded(TransactionID, productId: String)
    /// Real-time developer notifications are published to the Server's Pub/Sub subscription, or not.
    case rtdn(on: Bool)
    /// The user changes how Pub/Sub delivers.
    case pubSub(PubSubMode)
    /// A developer refunds and revokes a purchase (the Play Console's refund with revoke).
    case refund(TransactionID, productId: String, reason: VoidedReason)
    /// The user has the Server ask the Voided Purchases API.
    case serverAsksVoided
    /// The Server takes back what it credited for a purchase Google Play voided: a consumable's
    /// grant, or the entitlement (`ended`).
    case serverTookBack(TransactionID, [String: Int], ended: String?)
    /// A pending payment completed: PENDING → PURCHASED, by `approve` or (`slowCard`) by the
    /// slow test card two minutes after the purchase. Google: "The three day acknowledgement
    /// window begins only when the purchase state transitions from 'PENDING' to 'PURCHASED'."
    case paymentCompleted(TransactionID, productId: String, slowCard: Bool)
    /// A pending payment was canceled, by `decline` or (`slowCard`) by the slow test card: never
    /// paid, no longer returned by `queryPurchasesAsync`.
    case paymentCanceled(TransactionID, productId: String, slowCard: Bool)
    /// Play did not call the app's `onPurchasesUpdated` for a purchase that became PURCHASED:
    /// the app was not running, or (`appRunning`) was in the background. Google: "If your
    /// application is not running or your app doesn't have an active Google Play Billing library
    /// connection, onPurchasesUpdated won't be invoked."
    case listenerNotCalled(TransactionID, appRunning: Bool)
    /// The app leaves the foreground: no `onPurchasesUpdated` reaches it.
    case background
    /// The app returns to the foreground and calls `queryPurchasesAsync`: Google, "Your app
    /// should also call queryPurchasesAsync() in your app's onResume() method".
    case resume
    /// The outside server (a team's backend, through `serve`) called the Developer API: the
    /// call's name (`purchases.products.get`) or, for a path the API does not have, its method
    /// and path; the order it is about; the HTTP status answered, and why a call was turned down.
    case developerAPI(call: String, order: TransactionID?, status: Int, refusal: String?)
    /// An active, auto-renewing subscription renewed at the end of its period with the renewal
    /// order `order`, until `untilMillis`: Google, "Subscription renewals don't need to be acknowledged."
    /// One bought with an offer names it and the phase of the new period (`offerPhase`).
    case renewed(TransactionID, productId: String, untilMillis: Int64, offerId: String? = nil, offerPhase: String? = nil)
    /// The user turned auto-renewal of a subscription off in the Play Store (canceled it: access
    /// until `untilMillis`, then it expires) or on again before then (restored it).
    case autoRenew(TransactionID, productId: String, on: Bool, untilMillis: Int64)
    /// `subscription PRODUCT renew on|off` when its auto-renewal already was so: nothing changes.
    case autoRenewAlready(productId: String, on: Bool)
    /// A subscription that no longer renewed expired at the end of its last period:
    /// `queryPurchasesAsync` no longer returns it.
    case expired(TransactionID, productId: String)
    /// The Server ended the entitlement a subscription's order gave at Play's `expiryTime`, which
    /// came before the entitlement's end: the subscription was revoked.
    case serverEndedEntitlement(TransactionID, productId: String, atMillis: Int64)
    /// `subscription PRODUCT expire`: the subscription's period ends now, without renewing.
    case periodEndsNow(productId: String)
    /// `subscription PRODUCT renew now`: the subscription's period ends now, and it renews.
    case renewsNow(productId: String)
    /// `subscription PRODUCT billing fail|ok`: the subscriber's payment method fails from now (a
    /// renewal that falls due cannot be charged), or works again.
    case billing(productId: String, fails: Bool)
    /// A renewal could not be charged: the subscription entered its grace period (access kept,
    /// SUBSCRIPTION_IN_GRACE_PERIOD) or, when that ended, account hold (no access, not returned by
    /// `queryPurchasesAsync`, SUBSCRIPTION_ON_HOLD), until `untilMillis`.
    case billingIssue(TransactionID, productId: String, onHold: Bool, untilMillis: Int64)
    /// The payment method worked again during account hold: Play charged the renewal order
    /// `order` at once, for a new period until `untilMillis` (SUBSCRIPTION_RECOVERED).
    case recovered(TransactionID, productId: String, untilMillis: Int64)

    /// The step in English, with Google Play's words.
    public var english: String {
        switch self {
        case .sellsOnGooglePlay: "this world sells on Google Play"
        case .launch(let strategy): "launch (\(strategy.word(on: .play)))"
        case .strategy(let strategy): "strategy \(strategy.word(on: .play))"
        case .armCrash(let point?, let powerCut): "\(powerCut ? "power cut" : "crash") armed at \(point.word(on: .play))"
        case .armCrash(nil, _): "crash disarmed"
        case .crash(let point, let powerCut):
            (powerCut ? "the power was cut " : "the app crashed ")
                + (point.map { "at \($0.word(on: .play)): \($0.explanation(on: .play))" } ?? "between two messages")
        case .autoRefunded(let order, let productId):
            "\(PlaySaid.order(order)) (\(productId)) not acknowledged within three days: Google Play refunded and revoked it "
                + "(voidedSource 2 Google, voidedReason 8 \(VoidedReason.unacknowledgedPurchase.name))"
        case .rtdn(let on): "real-time developer notifications \(on ? "on" : "off")"
        case .pubSub(let mode): "Pub/Sub delivers \(mode.english)"
        case .refund(let order, let productId, let reason):
            "the developer refunds and revokes \(PlaySaid.order(order)) (\(productId)): voidedSource 1 Developer, voidedReason \(reason.rawValue) \(reason.name)"
        case .serverAsksVoided: "server voided: the Server asks the Voided Purchases API"
        case .serverTookBack(let order, let taken, let ended):
            "\(PlaySaid.order(order)) was voided: the Server takes back "
                + ([taken.isEmpty ? nil : ServerStep.taken(taken), ended.map { "the entitlement to \($0)" }].compactMap { $0 }.joined(separator: " and "))
        case .paymentCompleted(let order, let productId, false):
            "approve \(productId): the pending payment of \(PlaySaid.order(order)) completed, PENDING → PURCHASED; "
                + "the three days to acknowledge begin now"
        case .paymentCompleted(let order, let productId, true):
            "Slow test card, approves after a few minutes: \(PlaySaid.order(order)) (\(productId)) PENDING → PURCHASED; "
                + "the three days to acknowledge begin now"
        case .paymentCanceled(let order, let productId, false):
            "decline \(productId): the pending payment of \(PlaySaid.order(order)) was canceled: never paid, "
                + "no longer returned by queryPurchasesAsync"
        case .paymentCanceled(let order, let productId, true):
            "Slow test card, declines after a few minutes: \(PlaySaid.order(order)) (\(productId)) canceled: never paid, "
                + "no longer returned by queryPurchasesAsync"
        case .listenerNotCalled(let order, false):
            "onPurchasesUpdated won't be invoked for \(PlaySaid.order(order)): the app is not running "
                + "(queryPurchasesAsync finds it at the next launch)"
        case .listenerNotCalled(let order, true):
            "onPurchasesUpdated won't be invoked for \(PlaySaid.order(order)): the app is in the background "
                + "(queryPurchasesAsync finds it when the app resumes)"
        case .background: "the app goes to the background: no onPurchasesUpdated reaches it"
        case .resume: "the app returns to the foreground: onResume() calls queryPurchasesAsync"
        case .developerAPI(let call, let order, let status, let refusal):
            "the outside server: \(call)\(order.map { " " + PlaySaid.order($0) } ?? "") → \(status)" + (refusal.map { " (\($0))" } ?? "")
        case .renewed(let order, let productId, let until, let offerId, let phase):
            "\(PlaySaid.order(order)) (\(productId)) renewed until \(SimulatedTime.format(millis: until))"
                + (offerId.flatMap { id in phase.map { " (offer \(id), offerPhase \($0))" } } ?? "") + ": a renewal needs no acknowledgement"
        case .autoRenew(let order, let productId, true, let until):
            "subscription \(productId) renew on: the user restores \(PlaySaid.order(order)) in the Play Store; "
                + "it renews on \(SimulatedTime.format(millis: until))"
        case .autoRenew(let order, let productId, false, let until):
            "subscription \(productId) renew off: the user cancels \(PlaySaid.order(order)) in the Play Store; "
                + "access until \(SimulatedTime.format(millis: until))"
        case .autoRenewAlready(let productId, let on):
            "subscription \(productId) renew \(on ? "on" : "off"): its auto-renewal is \(on ? "on" : "off") already; nothing changes"
        case .expired(let order, let productId):
            "\(PlaySaid.order(order)) (\(productId)) expired: its last period ended and it does not renew; "
                + "queryPurchasesAsync no longer returns it"
        case .serverEndedEntitlement(let order, let productId, let end):
            "\(PlaySaid.order(order)) ended early, at \(SimulatedTime.format(millis: end)): "
                + "the Server ends the entitlement to \(productId) there"
        case .periodEndsNow(let productId): "subscription \(productId) expire: its period ends now, without renewing"
        case .renewsNow(let productId): "subscription \(productId) renew now: its period ends now, and it renews"
        case .billing(let productId, true):
            "subscription \(productId) billing fail: the subscriber's payment method fails; a renewal that falls due cannot be charged"
        case .billing(let productId, false): "subscription \(productId) billing ok: the subscriber's payment method works again"
        case .billingIssue(let order, let productId, false, let until):
            "\(PlaySaid.order(order)) (\(productId)) could not be renewed: in its grace period until "
                + "\(SimulatedTime.format(millis: until)), the user keeps access while Google Play retries"
        case .billingIssue(let order, let productId, true, let until):
            "\(PlaySaid.order(order)) (\(productId)) on account hold until \(SimulatedTime.format(millis: until)): "
                + "no access, queryPurchasesAsync no longer returns it"
        case .recovered(let order, let productId, let until):
            "\(PlaySaid.order(order)) (\(productId)) recovered from account hold: charged now, renewed until "
                + "\(SimulatedTime.format(millis: until))"
        }
    }
}

extension GooglePlayStep: EventJSON {
    /// The step as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .sellsOnGooglePlay: json.tag("sellsOnGooglePlay")
        case .launch(let strategy): json.tag("launch") { $0.put("_0", strategy) }
        case .strategy(let strategy): json.tag("strategy") { $0.put("_0", strategy) }
        case .armCrash(let point, let powerCut): json.tag("armCrash") { $0.put("_0", point); $0.put("powerCut", powerCut) }
        case .crash(let point, let powerCut): json.tag("crash") { $0.put("_0", point); $0.put("powerCut", powerCut) }
        case .autoRefunded(let order, let productId): json.tag("autoRefunded") { $0.put("_0", order); $0.put("productId", productId) }
        case .rtdn(let on): json.tag("rtdn") { $0.put("on", on) }
        case .pubSub(let mode): json.tag("pubSub") { $0.put("_0", mode.rawValue) }
        case .refund(let order, let productId, let reason):
            json.tag("refund") { $0.put("_0", order); $0.put("productId", productId); $0.put("reason", reason) }
        case .serverAsksVoided: json.tag("serverAsksVoided")
        case .serverTookBack(let order, let taken, let ended):
            json.tag("serverTookBack") { $0.put("_0", order); $0.put("_1", taken); $0.put("ended", ended) }
        case .paymentCompleted(let order, let productId, let slowCard):
            json.tag("paymentCompleted") { $0.put("_0", order); $0.put("productId", productId); $0.put("slowCard", slowCard) }
        case .paymentCanceled(let order, let productId, let slowCard):
            json.tag("paymentCanceled") { $0.put("_0", order); $0.put("productId", productId); $0.put("slowCard", slowCard) }
        case .listenerNotCalled(let order, let appRunning):
            json.tag("listenerNotCalled") { $0.put("_0", order); $0.put("appRunning", appRunning) }
        case .background: json.tag("background")
        case .resume: json.tag("resume")
        case .developerAPI(let call, let order, let status, let refusal):
            json.tag("developerAPI") { $0.put("call", call); $0.put("order", order); $0.put("refusal", refusal); $0.put("status", status) }
        case .renewed(let order, let productId, let until, let offerId, let phase):
            json.tag("renewed") {
                $0.put("_0", order); $0.put("offerId", offerId); $0.put("offerPhase", phase); $0.put("productId", productId)
                $0.put("untilMillis", until)
            }
        case .autoRenew(let order, let productId, let on, let until):
            json.tag("autoRenew") { $0.put("_0", order); $0.put("on", on); $0.put("productId", productId); $0.put("untilMillis", until) }
        case .autoRenewAlready(let productId, let on): json.tag("autoRenewAlready") { $0.put("on", on); $0.put("productId", productId) }
        case .expired(let order, let productId): json.tag("expired") { $0.put("_0", order); $0.put("productId", productId) }
        case .serverEndedEntitlement(let order, let productId, let end):
            json.tag("serverEndedEntitlement") { $0.put("_0", order); $0.put("atMillis", end); $0.put("productId", productId) }
        case .periodEndsNow(let productId): json.tag("periodEndsNow") { $0.put("productId", productId) }
        case .renewsNow(let productId): json.tag("renewsNow") { $0.put("productId", productId) }
        case .billing(let productId, let fails): json.tag("billing") { $0.put("fails", fails); $0.put("productId", productId) }
        case .billingIssue(let order, let productId, let onHold, let until):
            json.tag("billingIssue") { $0.put("_0", order); $0.put("onHold", onHold); $0.put("productId", productId); $0.put("untilMillis", until) }
        case .recovered(let order, let productId, let until):
            json.tag("recovered") { $0.put("_0", order); $0.put("productId", productId); $0.put("untilMillis", until) }
        }
    }
}
