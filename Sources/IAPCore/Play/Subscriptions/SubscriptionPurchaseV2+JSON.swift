/// `SubscriptionPurchaseV2` as `purchases.subscriptionsv2.get` answers it over HTTP: Google's
/// "JSON representation", members in its order, written by hand, each time a Timestamp in RFC 3339
/// (`SimulatedTime.rfc3339`), members StoreSim does not set left out as Google leaves them out.
/// `latestOrderId` is left out too: Google, "Deprecated. Use lineItems.latest_successful_order_id
/// instead."; so is `offerDetails.offerId` when the subscription was bought without an offer,
/// "Only present for discounted offers", with `offerPhase` (one member, an empty object, naming
/// the phase: `{"freeTrial": {}}`).
extension SubscriptionPurchaseV2: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { json in
            json.put("kind", Self.kind)
            json.put("regionCode", regionCode)
            json.put("lineItems", lineItems) { item, json in
                json.put("productId", item.productId)
                json.put("expiryTime", SimulatedTime.rfc3339(item.expiryTimeMillis))
                json.key("autoRenewingPlan")
                json.object { json in json.put("autoRenewEnabled", item.autoRenewEnabled) }
                json.key("offerDetails")
                json.object { json in
                    json.put("basePlanId", item.basePlanId)
                    json.put("offerId", item.offerId)
                }
                if let phase = item.offerPhase {
                    json.key("offerPhase")
                    json.object { json in
                        switch phase {
                        case .freeTrial: json.key("freeTrial")
                        case .introductoryPrice: json.key("introductoryPrice")
                        case .basePrice: json.key("basePrice")
                        }
                        json.object { _ in }
                    }
                }
                json.put("latestSuccessfulOrderId", item.latestSuccessfulOrderId.description)
            }
            json.put("startTime", startTimeMillis.map(SimulatedTime.rfc3339))
            json.put("subscriptionState", subscriptionState.rawValue)
            json.put("acknowledgementState", acknowledgementState.rawValue)
            if let obfuscatedExternalAccountId {
                json.key("externalAccountIdentifiers")
                json.object { json in json.put("obfuscatedExternalAccountId", obfuscatedExternalAccountId) }
            }
        }
    }
}
