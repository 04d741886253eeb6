import IAPCore

extension SimplifiedChinese {
    /// The step of the purchase flow a crash point follows (`CrashPoint.explanation`).
    static func explanation(_ point: CrashPoint) -> String {
        switch point {
        case .paymentSent: "App 已向商店发出付款"
        case .purchased: "商店已向 App 报告购买"
        case .cached: "App 已把待处理订单存入缓存"
        case .serverCommitted: "服务器已为订单入账；回复正在途中"
        case .verified: "App 已得知服务器为订单入账"
        case .finished: "App 已在商店完成交易"
        }
    }

    /// What a strategy does, in one line (`Strategy.summary`).
    static func summary(_ strategy: Strategy) -> String {
        switch strategy {
        case .verifyThenFinish: "缓存、验证，服务器入账后才完成交易，再删除缓存条目"
        case .queueOnly: "验证，服务器入账后才完成交易；不用缓存"
        case .finishThenCache: "立即完成交易，然后缓存，再验证（React Native 收据缓存模块的顺序）"
        case .finishFirst: "立即完成交易，再验证，不用缓存（朴素的做法）"
        case .serverFinishes: "App 从不完成交易；服务器入账后调用 App Store Server API 的 Finish Transaction 完成它；不用缓存"
        }
    }
}
