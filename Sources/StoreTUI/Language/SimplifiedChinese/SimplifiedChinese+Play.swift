import IAPCore

extension SimplifiedChinese {
    /// What a message to or from Google Play says, in Simplified Chinese; Google's names for the
    /// calls and constants stay as Google writes them.
    static func words(_ said: PlaySaid) -> String {
        switch said {
        case .launchBillingFlow(let productId, nil): "launchBillingFlow：购买 \(productId)"
        case .launchBillingFlow(let productId, let offerId?): "launchBillingFlow：以优惠 \(offerId) 的 offerToken 购买 \(productId)"
        case .purchasesUpdated(let purchase?, let response):
            "onPurchasesUpdated \(response)：\(purchase.state) \(purchase.productId) \(order(purchase.order))"
        case .purchasesUpdated(nil, let response): "onPurchasesUpdated \(response)：未购买"
        case .queryPurchases: "queryPurchasesAsync INAPP 和 SUBS：查询购买"
        case .purchasesResult(let purchases):
            "购买：\(purchases.count) 项" + (purchases.isEmpty ? "" : "（" + purchases.map(words).joined(separator: listSeparator) + "）")
        case .acknowledgePurchase(let id): "acknowledgePurchase：确认购买 \(order(id))"
        case .consume(let id): "consumeAsync：消耗 \(order(id))"
        case .acknowledgeResponse(let id, let response): "onAcknowledgePurchaseResponse \(order(id))：\(response)"
        case .consumeResponse(let id, let response): "onConsumeResponse \(order(id))：\(response)"
        case .verifyPurchase(let about, let productId): "验证 \(order(about))（\(productId)，购买令牌）"
        case .productsGet(let about): "purchases.products.get：查询 \(order(about))"
        case .productPurchase(let about, let purchase, let acknowledgement, let consumption):
            "ProductPurchase \(order(about))：purchaseState \(purchase)，acknowledgementState \(acknowledgement)，consumptionState \(consumption)"
        case .purchaseTokenNotFound(let about): "purchases.products.get \(order(about))：HTTP 400，没有购买使用该令牌"
        case .productsAcknowledge(let id): "purchases.products.acknowledge：服务器确认购买 \(order(id))"
        case .productsConsume(let id): "purchases.products.consume：服务器消耗 \(order(id))"
        case .rtdn(let about, let type, let messageId, let attempt):
            "实时开发者通知 \(type) \(order(about))（Pub/Sub 消息 \(messageId)\(attempt > 1 ? "，第 \(attempt) 次推送" : "")）"
        case .rtdnAcknowledged(let about, let messageId): "对 Pub/Sub 消息 \(messageId) \(order(about)) 回复 HTTP 200"
        case .rtdnPosted(let about, let type, let messageId, let attempt, let url, let status, let problem):
            words(PlaySaid.rtdn(about, type: type, messageId: messageId, attempt: attempt)) + " 已 POST 到 \(url)："
                + (status.map { "HTTP \($0)" } ?? problem ?? "无应答")
        case .voidedPurchasesList(let start?): "purchases.voidedpurchases.list：自 \(SimulatedTime.format(millis: start)) 起"
        case .voidedPurchasesList(nil): "purchases.voidedpurchases.list：最近 30 天"
        case .voidedPurchases(let orders):
            "已作废的购买：\(orders.count) 项" + (orders.isEmpty ? "" : "（" + orders.map(order).joined(separator: listSeparator) + "）")
        case .subscriptionsV2Get(let about): "purchases.subscriptionsv2.get：查询订阅 \(order(about))"
        case .subscriptionPurchase(let about, let state, let acknowledgement, let expiry, let offerId, let phase):
            "SubscriptionPurchaseV2 \(order(about))：\(state)，\(acknowledgement)"
                + (expiry.map { "，到期时间 " + SimulatedTime.format(millis: $0) } ?? "")
                + (offerId.map { "，优惠 \($0)" } ?? "") + (phase.map { "，offerPhase \($0)" } ?? "")
        case .subscriptionTokenNotFound(let about): "purchases.subscriptionsv2.get \(order(about))：HTTP 400，没有订阅使用该令牌"
        case .subscriptionsAcknowledge(let id): "purchases.subscriptions.acknowledge：服务器确认订阅 \(order(id))"
        }
    }

    /// A step told in Google Play's words, in Simplified Chinese.
    static func words(_ step: GooglePlayStep) -> String {
        switch step {
        case .sellsOnGooglePlay: "此世界在 Google Play 上销售"
        case .launch(let strategy): "启动 App（\(strategy.word(on: .play))）"
        case .strategy(let strategy): "策略 \(strategy.word(on: .play))"
        case .armCrash(let point?, let powerCut): "已在 \(point.word(on: .play)) 设定\(powerCut ? "断电" : "崩溃")"
        case .armCrash(nil, _): "已解除崩溃"
        case .crash(let point?, let powerCut):
            "\(powerCut ? "在" : "App 在") \(point.word(on: .play)) \(powerCut ? "断电" : "崩溃")：\(playExplanation(point))"
        case .crash(nil, let powerCut): powerCut ? "在两条消息之间断电" : "App 在两条消息之间崩溃"
        case .autoRefunded(let id, let productId):
            "\(order(id))（\(productId)）三天内未被确认：Google Play 已自动退款并撤销（voidedSource 2 Google，voidedReason 8 Unacknowledged_purchase）"
        case .rtdn(let on): "实时开发者通知已\(on ? "开启" : "关闭")"
        case .pubSub(let mode): "Pub/Sub 推送方式：\(words(mode))"
        case .refund(let id, let productId, let reason):
            "开发者为 \(order(id))（\(productId)）退款并撤销：voidedSource 1 Developer，voidedReason \(reason.rawValue) \(reason.name)"
        case .serverAsksVoided: "server voided：服务器查询 Voided Purchases API"
        case .serverTookBack(let id, let taken, let ended):
            "\(order(id)) 已作废：服务器收回 "
                + [taken.isEmpty ? nil : ServerStep.taken(taken), ended.map { "\($0) 的权益" }].compactMap { $0 }.joined(separator: "和")
        case .paymentCompleted(let id, let productId, false):
            "批准 \(productId)：\(order(id)) 的待处理付款已完成，PENDING → PURCHASED；三天确认期从现在开始"
        case .paymentCompleted(let id, let productId, true):
            "慢速测试卡（几分钟后批准）：\(order(id))（\(productId)）PENDING → PURCHASED；三天确认期从现在开始"
        case .paymentCanceled(let id, let productId, false):
            "拒绝 \(productId)：\(order(id)) 的待处理付款已取消：从未付款，queryPurchasesAsync 不再返回它"
        case .paymentCanceled(let id, let productId, true):
            "慢速测试卡（几分钟后拒绝）：\(order(id))（\(productId)）已取消：从未付款，queryPurchasesAsync 不再返回它"
        case .listenerNotCalled(let id, false):
            "不会调用 onPurchasesUpdated（\(order(id))）：App 未在运行（下次启动时 queryPurchasesAsync 会找到它）"
        case .listenerNotCalled(let id, true):
            "不会调用 onPurchasesUpdated（\(order(id))）：App 在后台（App 恢复时 queryPurchasesAsync 会找到它）"
        case .background: "App 进入后台：收不到 onPurchasesUpdated"
        case .resume: "App 回到前台：onResume() 调用 queryPurchasesAsync"
        case .developerAPI(let call, let id, let status, let refusal):
            "外部服务器：\(call)\(id.map { " " + order($0) } ?? "") → \(status)" + (refusal.map { "（\($0)）" } ?? "")
        case .renewed(let id, let productId, let until, let offerId, let phase):
            "\(order(id))（\(productId)）已续订至 \(SimulatedTime.format(millis: until))"
                + (offerId.flatMap { id in phase.map { "（优惠 \(id)，offerPhase \($0)）" } } ?? "") + "：续订无需确认"
        case .autoRenew(let id, let productId, true, let until):
            "subscription \(productId) renew on：用户在 Play 商店恢复 \(order(id))；将于 \(SimulatedTime.format(millis: until)) 续订"
        case .autoRenew(let id, let productId, false, let until):
            "subscription \(productId) renew off：用户在 Play 商店取消 \(order(id))；可使用至 \(SimulatedTime.format(millis: until))"
        case .autoRenewAlready(let productId, let on):
            "subscription \(productId) renew \(on ? "on" : "off")：自动续订已经\(on ? "开启" : "关闭")，没有变化"
        case .expired(let id, let productId):
            "\(order(id))（\(productId)）已过期：最后一个周期已结束且不再续订；queryPurchasesAsync 不再返回它"
        case .serverEndedEntitlement(let id, let productId, let end):
            "\(order(id)) 提前于 \(SimulatedTime.format(millis: end)) 结束：服务器在该时刻结束 \(productId) 的权益"
        case .periodEndsNow(let productId): "subscription \(productId) expire：周期立即结束，不再续订"
        case .renewsNow(let productId): "subscription \(productId) renew now：周期立即结束并续订"
        case .billing(let productId, true): "subscription \(productId) billing fail：订阅者的付款方式失效；到期的续订无法扣款"
        case .billing(let productId, false): "subscription \(productId) billing ok：订阅者的付款方式恢复正常"
        case .billingIssue(let id, let productId, false, let until):
            "\(order(id))（\(productId)）未能续订：宽限期至 \(SimulatedTime.format(millis: until))，"
                + "Google Play 重试扣款期间用户仍可使用"
        case .billingIssue(let id, let productId, true, let until):
            "\(order(id))（\(productId)）账号保留至 \(SimulatedTime.format(millis: until))："
                + "无法使用，queryPurchasesAsync 不再返回它"
        case .recovered(let id, let productId, let until):
            "\(order(id))（\(productId)）已从账号保留中恢复：立即扣款，已续订至 \(SimulatedTime.format(millis: until))"
        }
    }

    /// How Pub/Sub delivers, in Simplified Chinese.
    private static func words(_ mode: PubSubMode) -> String {
        switch mode {
        case .normal: "每条消息推送一次，未获确认时重试"
        case .duplicate: "每条消息推送两次：服务器确认后再推送一次"
        case .reorder: "每条消息延迟一分钟，最新的先推送"
        }
    }

    /// A purchase a Billing Library message names.
    private static func words(_ purchase: PlayMention) -> String {
        "\(order(purchase.order)) \(purchase.state)，\(purchase.acknowledged ? "已确认" : "未确认")"
    }

    /// What a strategy does on Google Play, in one line.
    static func playSummary(_ strategy: Strategy) -> String {
        switch strategy {
        case .verifyThenFinish: "缓存令牌、验证，服务器入账后确认购买或消耗，删除缓存条目"
        case .queueOnly: "验证，服务器入账后确认购买或消耗；不用缓存：启动时的 queryPurchasesAsync 就是队列"
        case .finishThenCache: "立即确认购买或消耗，再缓存，再验证"
        case .finishFirst: "立即确认购买或消耗，验证，不用缓存（最天真的做法）"
        case .serverFinishes: "App 从不确认购买；服务器入账后确认购买或消耗（Google 的建议）；不用缓存"
        }
    }

    /// The step of the purchase flow a crash point follows, on Google Play.
    static func playExplanation(_ point: CrashPoint) -> String {
        switch point {
        case .paymentSent: "App 已调用 launchBillingFlow"
        case .purchased: "onPurchasesUpdated 已报告购买为 PURCHASED"
        case .cached: "App 已把购买令牌存入缓存"
        case .serverCommitted: "服务器已为该购买令牌记账；回复正在途中"
        case .verified: "App 已得知服务器记了账"
        case .finished: "App 已调用 acknowledgePurchase 或 consumeAsync"
        }
    }

    /// An order as Google writes it.
    private static func order(_ id: TransactionID) -> String {
        StoreKind.play.orderText(id)
    }

    /// The order a subject names, as Google writes it.
    private static func order(_ subject: MessageSubject) -> String {
        subject.transactionId.map(order) ?? ""
    }
}
