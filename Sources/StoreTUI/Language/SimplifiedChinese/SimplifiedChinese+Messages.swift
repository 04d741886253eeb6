import IAPCore

extension SimplifiedChinese {
    /// What a message says, in Simplified Chinese, case by case, its reasons and grants too.
    static func words(_ said: MessageSaid) -> String {
        switch said {
        case .requestProducts(let count): "请求商品信息（\(count) 个标识符）"
        case .products(let valid, let invalid) where invalid.isEmpty: "商品：\(valid) 个有效，0 个无效"
        case .products(let valid, let invalid): "商品：\(valid) 个有效，\(invalid.count) 个无效：\(invalid.joined(separator: ", "))"
        case .productRequestFailed(let reason): "商品请求失败：\(words(reason))"
        case .addPayment(let payment): words(payment, call: ("添加付款 ", "添加付款 "))
        case .finishTransaction(let id): "完成交易 \(id)"
        case .addTransactionObserver: "添加交易观察者"
        case .restoreCompletedTransactions: "恢复已完成的交易"
        case .refreshReceipt: "刷新收据（App 没有收据）"
        case .receiptRefreshed: "收据已刷新"
        case .transactionUpdated(let transaction): words(transaction)
        case .transactionsUpdated(let count, let shown):
            "\(count) 笔交易已更新："
                + (shown.map { words($0) } + (count > shown.count ? ["另有 \(count - shown.count) 笔"] : []))
                .joined(separator: listSeparator)
        case .restoreFinished(let count): "恢复完成：已恢复 \(count) 项"
        case .restoreFailed(let reason): "恢复失败：\(words(reason))"
        case .verifyPurchase(let about, let productId, let signed): "验证\(signed ? "签名交易" : "") \(subject(about))（\(productId)）"
        case .checkRenewal(let about, let productId, let signed): "检查续期\(signed ? "签名交易" : "") \(subject(about))（\(productId)）"
        case .checkNotified(let about, let productId, let signed): "检查通知所述\(signed ? "签名交易" : "") \(subject(about))（\(productId)）"
        case .checkCurrentReceipt: "检查当前收据"
        case .verifyPendingOrders(let count): "用 App 收据验证 \(count) 笔待处理订单"
        case .verificationAnswered(let answer): words(answer)
        case .recoveryAnswered(let orders, let counts):
            "已答复 \(orders) 笔待处理订单："
                + zip(counts, recoveryWords).filter { $0.0 > 0 }.map { "\($0.0) 笔\($0.1)" }.joined(separator: listSeparator)
        case .verificationFailed(let about, let reason): "\(subject(about)) 没有应答：\(words(reason))"
        case .verifyCurrentReceipt(let sandbox, let byGet): "verifyReceipt（当前收据）" + asked(sandbox, byGet)
        case .verifyAppReceipt(let orders, let sandbox, let byGet): "verifyReceipt：App 收据（\(orders) 笔待处理订单）" + asked(sandbox, byGet)
        case .verifyReceipt(let about, let sandbox, let byGet): "verifyReceipt：\(subject(about))" + asked(sandbox, byGet)
        case .appReceiptValid(let purchases): "状态 0：App 收据上有 \(purchases) 笔购买"
        case .appReceiptInvalid(let status): "状态 \(status.rawValue)：App 收据：\(words(status))"
        case .currentReceiptValid(let purchases): "状态 0，收据上有 \(purchases) 笔购买"
        case .currentReceiptInvalid(let status): "状态 \(status.rawValue)：当前收据：\(words(status))"
        case .receiptValid(let about): "状态 0：\(subject(about))"
        case .receiptInvalid(let about, let status): "状态 \(status.rawValue)：\(subject(about))：\(words(status))"
        case .purchase(let payment): words(payment, call: ("调用 Product.purchase() ", "Product.purchase() "))
        case .purchaseSucceeded(let productId, let id): "购买结果 .success \(productId) tx \(id)"
        case .purchaseCancelled(let productId): "购买结果 .userCancelled \(productId)"
        case .purchasePending(let productId): "购买结果 .pending \(productId)"
        case .purchaseThrew(let productId, let error): "Product.purchase() 为 \(productId) 抛出错误：\(words(error))"
        case .listenForTransactions: "监听 Transaction.updates"
        case .transactionUpdate(let productId, let id, let synced): "Transaction.updates：\(productId) tx \(id)\(synced ? "（AppStore.sync）" : "")"
        case .finish(let id): "调用 finish() tx \(id)"
        case .sync: "调用 AppStore.sync()"
        case .currentEntitlementsRequest: "读取 Transaction.currentEntitlements"
        case .currentEntitlements(let transactions) where transactions.isEmpty: "当前权益：无"
        case .currentEntitlements(let transactions):
            "当前权益：" + transactions.map { "\($0.productId) tx \($0.id)" }.joined(separator: ", ")
        case .subscriptionStatusRequest: "读取 Product.SubscriptionInfo.status"
        case .subscriptionStatuses(let statuses) where statuses.isEmpty: "订阅状态：无"
        case .subscriptionStatuses(let statuses):
            "订阅状态：" + statuses.map { "\($0.productId) \($0.state.rawValue) tx \($0.id)" }.joined(separator: ", ")
        case .subscriptionStatusFailed(let reason): "读取订阅状态失败：\(words(reason))"
        case .getTransactionInfo(let about): "Get Transaction Info（查询交易信息）\(subject(about))"
        case .transactionInfoNotFound(let about): "交易信息：没有 \(subject(about))（TransactionIdNotFoundError）"
        case .transactionInfo(let about): "交易信息：\(subject(about)) 此刻的签名交易"
        case .notification(let type, let id, let attempt) where attempt > 1:
            "通知 \(type)\(MessageSaid.notified(id))（第 \(attempt - 1) 次重试，共 \(NotificationRetry.hours.count) 次）"
        case .notification(let type, let id, _): "通知 \(type)\(MessageSaid.notified(id))"
        case .notificationAcknowledged(let type, let id): "通知 \(type)\(MessageSaid.notified(id)) 已回复 HTTP 200"
        case .notificationPosted(let type, let id, let attempt, let url, let result, let status):
            "\(words(.notification(type: type, id, attempt: attempt))) 已 POST 到 \(url)：\(posted(result, status: status))"
        case .getNotificationHistory: "Get Notification History（获取通知历史）"
        case .requestTestNotification: "Request a Test Notification（请求测试通知）"
        case .testNotificationToken(let token): "testNotificationToken（测试通知令牌）\(token)"
        case .notificationURLNotFound: "没有通知 URL：通知已关闭（ServerNotificationURLNotFoundError）"
        case .getTestNotificationStatus: "Get Test Notification Status（查询测试通知状态）"
        case .testNotificationStatus(let results) where results.isEmpty: "测试通知状态：尚未发送"
        case .testNotificationStatus(let results):
            "测试通知状态：sendAttempts " + results.map(\.rawValue).joined(separator: ", ")
        case .testNotificationNotFound: "测试通知状态：没有这个测试（TestNotificationNotFoundError）"
        case .extendRenewalDate(let id, let days, let reason):
            "Extend a Subscription Renewal Date（将原始 tx \(id) 的续订日期延后 \(days) 天，extendReasonCode \(reason)）"
        case .renewalDateExtended(let id, let effective):
            "续订日期已延后：原始 tx \(id) 现于 \(SimulatedTime.format(millis: effective)) 续订（success true）"
        case .renewalDateNotExtended(let id, let refusal):
            "续订日期未延后：原始 tx \(id)：\(Self.why(refusal))（\(refusal.appleError)）"
        case .getTransactionHistory(let id): "Get Transaction History（获取 tx \(id) 所属顾客的交易历史）"
        case .serverFinishTransaction(let id): "Finish Transaction（服务器完成交易）tx \(id)"
        case .sendConsumptionInformation(let id, let delivered):
            "Send Consumption Information（发送消耗信息）tx \(id)：顾客已同意，\(delivered ? "已交付" : "未交付")"
        case .transactionHistory(let count): "交易历史：\(count) 笔签名交易"
        case .notificationHistory(let count): "通知历史：\(count) 条通知"
        case .signOffer(let offerId, let productId): "为 \(productId) 签名优惠 \(offerId)"
        case .offerNotSigned(let offerId, let productId): "优惠 \(offerId) 未签名：\(productId) 没有这个促销优惠"
        case .offerSigned(let offerId, let productId): "已为 \(productId) 签名优惠 \(offerId)"
        case .redeemOfferCode(let code): "兑换优惠码 \(code)"
        case .play(let said): words(said)
        }
    }

    /// The items of a list, as Chinese joins them.
    static let listSeparator = "、"

    /// What became of a recovery's orders, in the places of `VerificationOutcome.recoveryWords`.
    private static let recoveryWords = ["已入账", "此前已入账", " App 收据不能证明", "服务器拒绝", "已拒绝", "已检查"]

    /// What a message is about: a transaction, or the current receipt.
    /// Why the App Store did not extend a renewal date.
    private static func why(_ refusal: RenewalExtensionRefusal) -> String {
        switch refusal {
        case .daysOutOfRange: "extendByDays 须为 1 到 90"
        case .reasonOutOfRange: "extendReasonCode 须为 0、1、2 或 3"
        case .notFound: "没有订阅使用这个原始交易 ID"
        case .familyMember: "家庭成员的订阅只能随购买者的订阅一起延后"
        case .freeOfferPeriod: "处于免费优惠期的订阅不符合条件"
        case .notActive: "只有有效的订阅符合条件（未过期、未退款、不在账单重试中）"
        case .twiceWithinAYear: "该订阅在过去 365 天内已延后两次"
        }
    }

    private static func subject(_ about: MessageSubject) -> String {
        switch about {
        case .transaction(let id): "tx \(id)"
        case .currentReceipt: "当前收据"
        }
    }

    /// A payment as the app asks for it (`call` is how a plain one and one the user answered
    /// begin): what the user answered on the sheet, when not a plain confirm, and the offer.
    private static func words(_ payment: PaymentMention, call: (plain: String, answered: String)) -> String {
        let answer: String? = switch payment.answer {
        case .confirm: nil
        case .ask: "购买前询问"
        case .cancel: "取消"
        case .pending: "延迟付款"
        case .slowApprove: "慢速测试卡，几分钟后批准"
        case .slowDecline: "慢速测试卡，几分钟后拒绝"
        }
        let offer = payment.offerId.map { "优惠 \($0)\(payment.signed ? "，已签名" : "")" }
        let notes = [answer, offer].compactMap { $0 }
        return (answer == nil ? call.plain : call.answered) + payment.productId + (notes.isEmpty ? "" : "（\(notes.joined(separator: "，"))）")
    }

    /// A transaction as the queue tells of it.
    private static func words(_ transaction: TransactionMention) -> String {
        let state = switch transaction.state {
        case .purchasing: "购买中"
        case .purchased: "已购买"
        case .failed: "失败"
        case .deferred: "已延迟"
        case .restored: "已恢复"
        }
        return "\(state) \(transaction.productId) tx \(transaction.id)" + (transaction.error.map { "（\(words($0))）" } ?? "")
    }

    /// The Server's answer about one transaction, or about the current receipt.
    static func words(_ answer: VerificationAnswer) -> String {
        let about = subject(MessageSubject(answer.transactionId))
        return switch (answer.outcome, answer.transactionId) {
        case (.receiptChecked(let revoked, let credited), _):
            "收据已检查：撤销 \(revoked) 项权益" + (credited == 0 ? "" : "，按收据入账 \(credited) 笔")
        case (.rejected(let status), nil): "已拒绝当前收据：\(status.rawValue) \(words(status))"
        case (.credited, _): "已入账 \(about)：\(answer.grant.map(words) ?? "")"
        case (.alreadyCredited, _): "\(about) 此前已入账"
        case (.rejected(let status), _?): "已拒绝 \(about)：\(status.rawValue) \(words(status))"
        case (.refused(let refusal), _): "服务器拒绝 \(about)：\(words(refusal))"
        case (.unverified(let status, let reason), _): "已拒绝 \(about)：\(status.name)（\(words(reason))）"
        case (.notProven(let reason), _): "App 收据不能证明 \(about)：\(words(reason))"
        }
    }

    /// Where a receipt was sent, when not to production, and how, when not by POST.
    private static func asked(_ sandbox: Bool, _ byGet: Bool) -> String {
        (sandbox ? "（沙盒）" : "") + (byGet ? "（用 GET）" : "")
    }

    /// How a POST of a notification to the team's URL ended, with Apple's `sendAttemptResult`
    /// after a failure.
    private static func posted(_ result: SendAttemptResult, status: Int?) -> String {
        let words = switch result {
        case .success, .unsuccessfulHTTPResponseCode: status.map { "HTTP \($0)" } ?? "HTTP"
        case .noResponse: "无响应"
        case .timedOut: "超时"
        case .socketIssue: "连接被拒绝"
        case .tlsIssue: "TLS 失败"
        case .prematureClose: "未应答即关闭连接"
        case .circularRedirect: "循环重定向"
        case .other: "失败"
        }
        return result == .success ? words : "\(words)（\(result.rawValue)）"
    }
}
