import IAPCore

extension EveryHappeningTests {
    /// A Google Play order number: `GPA.3372-1948-0521-70431`.
    static let order: TransactionID = 33_721_948_052_170_431
    static let coins = "com.storesim.coins.100"

    /// One sample of every step and message told in Google Play's words, at least.
    static let googlePlay: [Happening] = [
        .play(.sellsOnGooglePlay), .play(.launch(.verifyThenFinish)), .play(.strategy(.finishFirst)),
        .play(.armCrash(.finished, powerCut: false)), .play(.armCrash(nil, powerCut: false)),
        .play(.crash(.cached, powerCut: false)), .play(.crash(.paymentSent, powerCut: true)), .play(.crash(nil, powerCut: false)),
        .play(.autoRefunded(order, productId: coins)),
        .play(.rtdn(on: true)), .play(.pubSub(.reorder)), .play(.refund(order, productId: coins, reason: .fraud)), .play(.serverAsksVoided),
        .play(.serverTookBack(order, ["coins": 100], ended: nil)), .play(.serverTookBack(order, [:], ended: pro)),
        .play(.paymentCompleted(order, productId: pro, slowCard: false)), .play(.paymentCompleted(order, productId: pro, slowCard: true)),
        .play(.paymentCanceled(order, productId: pro, slowCard: false)), .play(.paymentCanceled(order, productId: pro, slowCard: true)),
        .play(.listenerNotCalled(order, appRunning: false)), .play(.listenerNotCalled(order, appRunning: true)),
        .play(.background), .play(.resume),
        .play(.developerAPI(call: "purchases.products.get", order: order, status: 200, refusal: nil)),
        .play(.renewed(PlayOrderID(number: 33_721_948_052_170_431)?.renewal(0)?.transactionId ?? order, productId: monthly,
                       untilMillis: 1_772_323_200_000)),
        .play(.autoRenew(order, productId: monthly, on: false, untilMillis: 1_769_904_000_000)),
        .play(.autoRenew(order, productId: monthly, on: true, untilMillis: 1_769_904_000_000)),
        .play(.autoRenewAlready(productId: monthly, on: true)),
        .play(.expired(order, productId: monthly)),
        .play(.serverEndedEntitlement(order, productId: monthly, atMillis: 1_769_904_000_000)),
        .play(.periodEndsNow(productId: monthly)), .play(.renewsNow(productId: monthly)),
        .play(.billing(productId: monthly, fails: true)), .play(.billing(productId: monthly, fails: false)),
        .play(.billingIssue(order, productId: monthly, onHold: false, untilMillis: 1_770_508_800_000)),
        .play(.billingIssue(order, productId: monthly, onHold: true, untilMillis: 1_775_088_000_000)),
        .play(.recovered(order, productId: monthly, untilMillis: 1_777_680_000_000)),
        .play(.renewed(PlayOrderID(number: 33_721_948_052_170_431)?.renewal(0)?.transactionId ?? order, productId: monthly,
                       untilMillis: 1_770_508_800_000, offerId: "free-trial", offerPhase: "basePrice")),
    ] + playMessages.map { .message(.play($0)) }

    /// One sample of every message to or from Google Play, at least.
    static let playMessages: [PlaySaid] = [
        .launchBillingFlow(productId: coins, offerId: nil),
        .purchasesUpdated(PlayMention(order: order, productId: coins, state: "PURCHASED", acknowledged: false), response: "OK"),
        .purchasesUpdated(nil, response: "USER_CANCELED"),
        .queryPurchases,
        .purchasesResult([PlayMention(order: order, productId: coins, state: "PURCHASED", acknowledged: false),
                          PlayMention(order: 10_000_000_000_000_002, productId: pro, state: "PURCHASED", acknowledged: true)]),
        .purchasesResult([]),
        .acknowledgePurchase(order), .consume(order),
        .acknowledgeResponse(order, response: "OK"), .consumeResponse(order, response: "ITEM_NOT_OWNED"),
        .verifyPurchase(.transaction(order), productId: coins), .productsGet(.transaction(order)),
        .productPurchase(.transaction(order), purchaseState: 0, acknowledgementState: 1, consumptionState: 1),
        .purchaseTokenNotFound(.transaction(order)),
        .productsAcknowledge(order), .productsConsume(order),
        .rtdn(.transaction(order), type: "ONE_TIME_PRODUCT_PURCHASED", messageId: 7, attempt: 1),
        .rtdn(.transaction(order), type: "VOIDED_PURCHASE", messageId: 8, attempt: 2),
        .rtdnAcknowledged(.transaction(order), messageId: 7),
        .rtdnPosted(.transaction(order), type: "ONE_TIME_PRODUCT_PURCHASED", messageId: 7, attempt: 2, url: "http://127.0.0.1:9000/rtdn",
                    status: 500, problem: nil),
        .voidedPurchasesList(startMillis: nil), .voidedPurchasesList(startMillis: 1_767_225_600_000),
        .voidedPurchases([order]), .voidedPurchases([]),
        .subscriptionsV2Get(.transaction(order)),
        .subscriptionPurchase(.transaction(order), subscriptionState: "SUBSCRIPTION_STATE_ACTIVE",
                              acknowledgementState: "ACKNOWLEDGEMENT_STATE_PENDING", expiryMillis: 1_769_904_000_000),
        .subscriptionTokenNotFound(.transaction(order)), .subscriptionsAcknowledge(order),
        .rtdn(.transaction(order), type: "SUBSCRIPTION_PURCHASED", messageId: 9, attempt: 1),
        .launchBillingFlow(productId: monthly, offerId: "free-trial"),
        .purchasesUpdated(nil, response: "ERROR (USER_INELIGIBLE)"),
        .subscriptionPurchase(.transaction(order), subscriptionState: "SUBSCRIPTION_STATE_ACTIVE",
                              acknowledgementState: "ACKNOWLEDGEMENT_STATE_PENDING", expiryMillis: 1_767_830_400_000,
                              offerId: "free-trial", offerPhase: "freeTrial"),
    ]

    /// How the interface words each of `googlePlay` in Simplified Chinese, in the same order.
    static let googlePlayChinese: [String] = [
        "此世界在 Google Play 上销售",
        "启动 App（verify-then-acknowledge）",
        "策略 acknowledge-first",
        "已在 acknowledged 设定崩溃",
        "已解除崩溃",
        "App 在 cached 崩溃：App 已把购买令牌存入缓存",
        "在 billing-flow-launched 断电：App 已调用 launchBillingFlow",
        "App 在两条消息之间崩溃",
        "GPA.3372-1948-0521-70431（com.storesim.coins.100）三天内未被确认：Google Play 已自动退款并撤销（voidedSource 2 Google，voidedReason 8 Unacknowledged_purchase）",
        "实时开发者通知已开启",
        "Pub/Sub 推送方式：每条消息延迟一分钟，最新的先推送",
        "开发者为 GPA.3372-1948-0521-70431（com.storesim.coins.100）退款并撤销：voidedSource 1 Developer，voidedReason 5 Fraud",
        "server voided：服务器查询 Voided Purchases API",
        "GPA.3372-1948-0521-70431 已作废：服务器收回 coins 100",
        "GPA.3372-1948-0521-70431 已作废：服务器收回 com.storesim.pro 的权益",
        "批准 com.storesim.pro：GPA.3372-1948-0521-70431 的待处理付款已完成，PENDING → PURCHASED；三天确认期从现在开始",
        "慢速测试卡（几分钟后批准）：GPA.3372-1948-0521-70431（com.storesim.pro）PENDING → PURCHASED；三天确认期从现在开始",
        "拒绝 com.storesim.pro：GPA.3372-1948-0521-70431 的待处理付款已取消：从未付款，queryPurchasesAsync 不再返回它",
        "慢速测试卡（几分钟后拒绝）：GPA.3372-1948-0521-70431（com.storesim.pro）已取消：从未付款，queryPurchasesAsync 不再返回它",
        "不会调用 onPurchasesUpdated（GPA.3372-1948-0521-70431）：App 未在运行（下次启动时 queryPurchasesAsync 会找到它）",
        "不会调用 onPurchasesUpdated（GPA.3372-1948-0521-70431）：App 在后台（App 恢复时 queryPurchasesAsync 会找到它）",
        "App 进入后台：收不到 onPurchasesUpdated",
        "App 回到前台：onResume() 调用 queryPurchasesAsync",
        "外部服务器：purchases.products.get GPA.3372-1948-0521-70431 → 200",
        "GPA.3372-1948-0521-70431..0（com.storesim.premium.monthly）已续订至 2026-03-01 00:00:00：续订无需确认",
        "subscription com.storesim.premium.monthly renew off：用户在 Play 商店取消 GPA.3372-1948-0521-70431；可使用至 2026-02-01 00:00:00",
        "subscription com.storesim.premium.monthly renew on：用户在 Play 商店恢复 GPA.3372-1948-0521-70431；将于 2026-02-01 00:00:00 续订",
        "subscription com.storesim.premium.monthly renew on：自动续订已经开启，没有变化",
        "GPA.3372-1948-0521-70431（com.storesim.premium.monthly）已过期：最后一个周期已结束且不再续订；queryPurchasesAsync 不再返回它",
        "GPA.3372-1948-0521-70431 提前于 2026-02-01 00:00:00 结束：服务器在该时刻结束 com.storesim.premium.monthly 的权益",
        "subscription com.storesim.premium.monthly expire：周期立即结束，不再续订",
        "subscription com.storesim.premium.monthly renew now：周期立即结束并续订",
        "subscription com.storesim.premium.monthly billing fail：订阅者的付款方式失效；到期的续订无法扣款",
        "subscription com.storesim.premium.monthly billing ok：订阅者的付款方式恢复正常",
        "GPA.3372-1948-0521-70431（com.storesim.premium.monthly）未能续订：宽限期至 2026-02-08 00:00:00，Google Play 重试扣款期间用户仍可使用",
        "GPA.3372-1948-0521-70431（com.storesim.premium.monthly）账号保留至 2026-04-02 00:00:00：无法使用，queryPurchasesAsync 不再返回它",
        "GPA.3372-1948-0521-70431（com.storesim.premium.monthly）已从账号保留中恢复：立即扣款，已续订至 2026-05-02 00:00:00",
        "GPA.3372-1948-0521-70431..0（com.storesim.premium.monthly）已续订至 2026-02-08 00:00:00（优惠 free-trial，offerPhase basePrice）：续订无需确认",
        "launchBillingFlow：购买 com.storesim.coins.100",
        "onPurchasesUpdated OK：PURCHASED com.storesim.coins.100 GPA.3372-1948-0521-70431",
        "onPurchasesUpdated USER_CANCELED：未购买",
        "queryPurchasesAsync INAPP 和 SUBS：查询购买",
        "购买：2 项（GPA.3372-1948-0521-70431 PURCHASED，未确认、GPA.1000-0000-0000-00002 PURCHASED，已确认）",
        "购买：0 项",
        "acknowledgePurchase：确认购买 GPA.3372-1948-0521-70431",
        "consumeAsync：消耗 GPA.3372-1948-0521-70431",
        "onAcknowledgePurchaseResponse GPA.3372-1948-0521-70431：OK",
        "onConsumeResponse GPA.3372-1948-0521-70431：ITEM_NOT_OWNED",
        "验证 GPA.3372-1948-0521-70431（com.storesim.coins.100，购买令牌）",
        "purchases.products.get：查询 GPA.3372-1948-0521-70431",
        "ProductPurchase GPA.3372-1948-0521-70431：purchaseState 0，acknowledgementState 1，consumptionState 1",
        "purchases.products.get GPA.3372-1948-0521-70431：HTTP 400，没有购买使用该令牌",
        "purchases.products.acknowledge：服务器确认购买 GPA.3372-1948-0521-70431",
        "purchases.products.consume：服务器消耗 GPA.3372-1948-0521-70431",
        "实时开发者通知 ONE_TIME_PRODUCT_PURCHASED GPA.3372-1948-0521-70431（Pub/Sub 消息 7）",
        "实时开发者通知 VOIDED_PURCHASE GPA.3372-1948-0521-70431（Pub/Sub 消息 8，第 2 次推送）",
        "对 Pub/Sub 消息 7 GPA.3372-1948-0521-70431 回复 HTTP 200",
        "实时开发者通知 ONE_TIME_PRODUCT_PURCHASED GPA.3372-1948-0521-70431（Pub/Sub 消息 7，第 2 次推送） 已 POST 到 http://127.0.0.1:9000/rtdn：HTTP 500",
        "purchases.voidedpurchases.list：最近 30 天",
        "purchases.voidedpurchases.list：自 2026-01-01 00:00:00 起",
        "已作废的购买：1 项（GPA.3372-1948-0521-70431）",
        "已作废的购买：0 项",
        "purchases.subscriptionsv2.get：查询订阅 GPA.3372-1948-0521-70431",
        "SubscriptionPurchaseV2 GPA.3372-1948-0521-70431：SUBSCRIPTION_STATE_ACTIVE，ACKNOWLEDGEMENT_STATE_PENDING，到期时间 2026-02-01 00:00:00",
        "purchases.subscriptionsv2.get GPA.3372-1948-0521-70431：HTTP 400，没有订阅使用该令牌",
        "purchases.subscriptions.acknowledge：服务器确认订阅 GPA.3372-1948-0521-70431",
        "实时开发者通知 SUBSCRIPTION_PURCHASED GPA.3372-1948-0521-70431（Pub/Sub 消息 9）",
        "launchBillingFlow：以优惠 free-trial 的 offerToken 购买 com.storesim.premium.monthly",
        "onPurchasesUpdated ERROR (USER_INELIGIBLE)：未购买",
        "SubscriptionPurchaseV2 GPA.3372-1948-0521-70431：SUBSCRIPTION_STATE_ACTIVE，ACKNOWLEDGEMENT_STATE_PENDING，到期时间 2026-01-08 00:00:00，优惠 free-trial，offerPhase freeTrial",
    ]

    /// The place of a Google Play step's case.
    static func place(_ step: GooglePlayStep) -> Int {
        switch step {
        case .sellsOnGooglePlay: 187
        case .launch: 188
        case .strategy: 189
        case .armCrash: 190
        case .crash: 191
        case .autoRefunded: 192
        case .rtdn: 210
        case .pubSub: 211
        case .refund: 212
        case .serverAsksVoided: 213
        case .serverTookBack: 214
        case .paymentCompleted: 205
        case .paymentCanceled: 206
        case .listenerNotCalled: 207
        case .background: 208
        case .resume: 209
        case .developerAPI: 221
        case .renewed: 227
        case .autoRenew: 228
        case .expired: 229
        case .serverEndedEntitlement: 230
        case .periodEndsNow: 231
        case .renewsNow: 232
        case .autoRenewAlready: 236
        case .billing: 233
        case .billingIssue: 234
        case .recovered: 235
        }
    }

    /// The place of a Google Play message's case.
    static func place(_ said: PlaySaid) -> Int {
        switch said {
        case .launchBillingFlow: 193
        case .purchasesUpdated: 194
        case .queryPurchases: 195
        case .purchasesResult: 196
        case .acknowledgePurchase: 197
        case .consume: 198
        case .acknowledgeResponse: 199
        case .consumeResponse: 200
        case .verifyPurchase: 201
        case .productsGet: 202
        case .productPurchase: 203
        case .purchaseTokenNotFound: 204
        case .productsAcknowledge: 215
        case .productsConsume: 216
        case .rtdn: 217
        case .rtdnAcknowledged: 218
        case .rtdnPosted: 222
        case .voidedPurchasesList: 219
        case .voidedPurchases: 220
        case .subscriptionsV2Get: 223
        case .subscriptionPurchase: 224
        case .subscriptionTokenNotFound: 225
        case .subscriptionsAcknowledge: 226
        }
    }
}
