import IAPCore
import StoreEngine
import WorldCore

extension SimplifiedChinese {
    /// Why the world declined a command, in Simplified Chinese; scenario words in quotes, ids,
    /// accounts, dates and prices stay as they are.
    static func words(_ refusal: WorldRefusal) -> String {
        switch refusal {
        case .store(let refusal): words(refusal)
        case .play(let refusal): "Google Play 拒绝：" + refusal.english
        case .appRunningAlready: "App 已在运行"
        case .needsRunningApp(let command, let status): "'\(command)' 需要 App 在运行，而 App \(words(status))；请先 'launch'"
        case .forgeryNeedsRunningApp: "伪造需要 App 在运行；请先 'launch'"
        case .clockAtItsEnd(let nowMillis): "模拟时钟止于 9999-01-01 00:00:00；现在是 \(SimulatedTime.format(millis: nowMillis))"
        case .serverDownForHistory: "服务器已宕机：无法获取通知历史"
        case .serverDownForVoided: "服务器已宕机：无法调用 Voided Purchases API"
        case .serverDownForTest: "服务器已宕机：无法调用 Request a Test Notification 或 Get Test Notification Status"
        case .notificationsOffForTest:
            "服务器通知已关闭：商店没有可发送 TEST 通知的 URL（Apple 回答 ServerNotificationURLNotFoundError）；请先 'server notifications on'"
        case .noTestNotificationToken: "服务器没有 testNotificationToken：它还没有请求测试通知；请先 'server test-notification'"
        case .serverDownForExtend: "服务器已宕机：无法调用 Extend a Subscription Renewal Date"
        case .nothingToExtend(let productId): "服务器没有为此账户记入 \(productId) 的订阅：没有可延后的原始交易 ID"
        case .pastPurchasesWhileBusy: "只能在 App 关闭且没有消息在途时记录过往购买"
        case .pendingPurchasesWhileBusy: "只能在 App 关闭且没有消息在途时记录待处理购买"
        case .noReceipt(let id): "商店没有交易 \(id) 的收据"
        case .noSignedTransaction(let id): "商店没有交易 \(id) 的签名交易（商店在 api storekit2 下才签名）"
        case .noPriceToForge(let id): "交易 \(id) 的签名交易中没有可改动的价格"
        case .tooManyDigitsToReplay(let id): "交易 \(id) 的位数太多，无法在前面加一个 9 冒充新的交易号"
        case .noPendingOrder(let id): "App 缓存中没有交易 \(id) 的待处理订单"
        case .deviceDiskFull: "设备磁盘已满：无法编辑缓存"
        case .noPendingPurchase(let productId): "没有等待中的 \(productId) Google Play 待处理购买"
        case .appInBackground(let command): "'\(command)' 需要 App 在前台，而 App 在后台；请先 'resume'"
        case .appInForeground: "App 已在前台"
        }
    }

    /// Why the Store declined a command, in Simplified Chinese.
    static func words(_ refusal: StoreRefusal) -> String {
        switch refusal {
        case .lapsed(let productId, let expiry):
            "\(productId) 已于 \(expiry.map(SimulatedTime.format) ?? "") 过期，不再续期：请重新购买以再次订阅"
        case .noTransaction(let id): "商店没有交易 \(id)"
        case .noPaidTransaction(let account, let id): "\(account) 没有已付款的交易 \(id)"
        case .noPaidPurchase(let account, let productId): "\(account) 没有 \(productId) 的已付款交易"
        case .refundedAlready(let id): "交易 \(id) 已经退款"
        case .refundRequestedAlready(let id): "交易 \(id) 的退款已经申请过，正在等待商店决定"
        case .noRefundRequest(let id): "交易 \(id) 没有等待商店决定的退款申请"
        case .notRefunded(let id): "交易 \(id) 未退款：没有可撤销的退款"
        case .noRefundedPurchase(let account, let productId): "\(account) 没有 \(productId) 的已退款交易"
        case .nothingLeftToRefund(let id, let prorated): "交易 \(id) 已无可退金额：按比例退款 \(prorated) 已退还其全部扣款"
        case .noInterruptedPurchase(let productId): "没有等待处理的 \(productId) 中断购买"
        case .noAskToBuyRequest(let productId): "没有等待中的 \(productId) 购买前询问请求"
        case .notAConsumable(let productId): "\(productId) 在目录中不是消耗型项目"
        case .noSubscriptionToRenew(let account, let productId): "\(account) 没有 \(productId) 的当前周期可续期：从未付费订阅"
        case .latestPeriodRefunded(let account, let productId): "\(account) 没有 \(productId) 的当前周期可续期：最近一期已退款"
        case .periodExpired(let account, let productId, let expiry):
            "\(account) 没有 \(productId) 的当前周期可续期：已于 \(SimulatedTime.format(expiry)) 过期"
        case .renewalsInBillingRetry(let productId): "\(productId) 现在无法续期：账单恢复前其续期无法扣款（账单重试）"
        case .priceNotAbove(let productId, let current): "\(productId) 的涨价必须高于当前价格 \(current)"
        case .noConsentWaiting(let productId, let account): "没有等待 \(account) 同意的 \(productId) 涨价"
        case .joinsOwnFamily(let account): "\(account) 是当前登录的账户：账户不能加入自己的家庭"
        case .unknownAccount(let account): "没有 App Store 账户 \(account)：请先登录它一次（account \(account)），它才能加入家庭"
        case .inFamilyAlready(let account, let family): "\(account) 已在 \(family) 的家庭中"
        case .inAnotherFamily(let account): "\(account) 在另一个家庭中；须先离开那个家庭"
        case .familyFull(let family, let members): "\(family) 的家庭已有 \(members) 名成员，已达家人共享的上限"
        case .notInFamily(let account): "\(account) 不在任何家庭中"
        }
    }

    /// The app's status as a refusal names it, after "而 App".
    private static func words(_ status: AppStatus) -> String {
        switch status {
        case .running: "正在运行"
        case .notLaunched: "未启动"
        case .quit: "已关闭"
        case .crashed(let point): "已崩溃（\(point)）"
        }
    }
}
