import IAPCore

extension SimplifiedChinese {
    /// Something the user, the script or the world's operator did, in Simplified Chinese. A
    /// script's own words (`network offline`, `store ask-to-buy on`) stay as the script writes
    /// them.
    static func words(_ action: UserAction) -> String {
        switch action {
        case .storeSwitch(let name, let value): "store \(name) \(value)"
        case .storeFails(let error): "store fail on：\(words(error))"
        case .sells(let productId, let on): on ? "商店出售 \(productId)" : "商店停止出售 \(productId)"
        case .deleteTransaction(let id): "从商店删除交易 \(id)"
        case .parentApproves(let productId): "家长批准 \(productId)"
        case .parentDeclines(let productId): "家长拒绝 \(productId)"
        case .resolve(let productId): "处理 \(productId) 被中断的购买"
        case .refundLatest(let productId, let reason): "商店为最近一笔 \(productId) 退款" + because(reason)
        case .refundTransaction(let id, let reason): "商店为交易 \(id) 退款" + because(reason)
        case .reverseRefundLatest(let productId): "商店撤销最近一笔已退款的 \(productId) 的退款"
        case .reverseRefundTransaction(let id): "商店撤销交易 \(id) 的退款"
        case .requestRefundLatest(let productId): "顾客向商店申请为最近一笔 \(productId) 退款"
        case .requestRefundTransaction(let id): "顾客向商店申请为交易 \(id) 退款"
        case .declineRefundLatest(let productId): "商店拒绝最近一笔 \(productId) 的退款申请"
        case .declineRefundTransaction(let id): "商店拒绝交易 \(id) 的退款申请"
        case .familyJoins(let account, let family): "\(account) 加入 \(family) 的家庭"
        case .familyLeaves(let account): "\(account) 离开家庭"
        case .autoRenew(let productId, let on): "\(on ? "打开" : "关闭") \(productId) 的自动续期"
        case .renewNow(let productId): "立即续期 \(productId)"
        case .expireNow(let productId): "让 \(productId) 立即过期"
        case .billing(let productId, let fails): "\(productId) \(fails ? "扣款失败" : "扣款恢复正常")"
        case .raisePrice(let productId, let price): "将 \(productId) 的价格提高到 \(price)"
        case .consent(let productId, let agrees): "订阅者\(agrees ? "同意" : "拒绝") \(productId) 涨价"
        case .pastPurchasesRecorded(let count, let productId): "已记录 \(productId) 的 \(count) 笔过往购买"
        case .pendingPurchasesRecorded(let count, let productId): "已记录 \(productId) 的 \(count) 笔待处理购买"
        case .catalogSettings(let commands): "目录设置：\(commands.joined(separator: ", "))"
        case .network, .server, .strategy, .api: action.english
        case .serverNotifications(let on): "服务器通知 \(on ? "on" : "off")"
        case .notificationsURL(let url): "服务器通知 URL \(url ?? "off")"
        case .clockAdvanced(let date): "时钟拨到 \(date)"
        case .fetchHistory: "服务器获取通知历史"
        case .requestTestNotification: "服务器请求一条测试通知"
        case .askTestNotificationStatus: "服务器查询测试通知的结果"
        case .extendRenewalDate(let productId, let days): "服务器将 \(productId) 的续订日期延后 \(days) 天"
        case .serverDisk(let full): full ? "服务器磁盘已满" : "服务器磁盘又有空间了"
        case .sharedSecret(let right): right ? "服务器的共享密钥正确" : "服务器的共享密钥错误"
        case .verifyMethod(let post): "服务器用 \(post ? "POST" : "GET") 请求 verifyReceipt"
        case .verifyFirst(let environment): "服务器先问 \(environment.rawValue) 端点"
        case .forgeTamper(let id): "伪造：发送 tx \(id)，其收据改动了一个字节"
        case .forgeReplay(let id): "伪造：把 tx \(id) 的收据当作新购买重放"
        case .forgeJWS(let id): "伪造：发送 tx \(id)，其签名交易中价格的一位数字被改动"
        case .forgeCachedReceipt(let id): "伪造：改动缓存中 tx \(id) 收据的一个字节"
        case .forgeCachedProduct(let id, let productId): "伪造：把缓存中的 tx \(id) 改成声称购买了 \(productId)"
        case .launch(let strategy, .storekit1): "启动 App（\(strategy.rawValue)）"
        case .launch(let strategy, let api): "启动 App（\(strategy.rawValue)，\(api.rawValue)）"
        case .quit: "退出 App"
        case .reinstall: "删除 App 及其数据，然后重新安装"
        case .signedIn(let account): "已登录为 \(account)"
        case .serverURL(let url): url.map { "App 改由外部服务器 \($0) 验证" } ?? "App 改由内置服务器验证"
        case .deviceDisk(let full): full ? "设备磁盘已满" : "设备磁盘又有空间了"
        case .tapBuy(let productId, let answer): "轻点“购买” \(productId)，然后\(sheet(answer))"
        case .tapOffer(let offerId, let productId): "轻点 \(productId) 的优惠 \(offerId)"
        case .redeemOfferCode(let code): "兑换优惠码 \(code)"
        case .tapRestore: "轻点“恢复购买”"
        case .armCrash(let point?, let powerCut): "已在 \(point.rawValue) 设定\(powerCut ? "断电" : "崩溃")"
        case .armCrash(nil, _): "已解除崩溃"
        }
    }

    /// The app died, in Simplified Chinese.
    static func crash(_ point: CrashPoint?, powerCut: Bool) -> String {
        switch (point, powerCut) {
        case (let point?, false): "App 在 \(point.rawValue) 崩溃：\(explanation(point))"
        case (let point?, true): "在 \(point.rawValue) 断电：\(explanation(point))"
        case (nil, false): "App 在两条消息之间崩溃"
        case (nil, true): "在两条消息之间断电"
        }
    }

    /// What the user did on the purchase sheet.
    private static func sheet(_ answer: SheetAnswer) -> String {
        switch answer {
        case .confirm: "确认"
        case .cancel: "取消"
        case .ask: "购买前询问"
        case .pending: "选择延迟付款方式（PENDING）"
        case .slowApprove: "慢速测试卡（几分钟后批准）"
        case .slowDecline: "慢速测试卡（几分钟后拒绝）"
        }
    }

    /// A refund's reason, after the refund.
    private static func because(_ reason: RevocationReason?) -> String {
        reason.map { "（原因 \($0.rawValue)：\($0 == .appIssue ? "应用内的问题" : "其他")）" } ?? ""
    }
}
