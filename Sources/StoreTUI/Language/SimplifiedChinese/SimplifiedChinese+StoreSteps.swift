import IAPCore

extension SimplifiedChinese {
    /// A step the Store took on its own, in Simplified Chinese, its offers and reasons too.
    static func words(_ step: StoreStep) -> String {
        switch step {
        case .offerCodeInvalid(let code): "优惠码 \(code) 无效"
        case .offerCodeRedeemedAlready(let code, let oneTime, let earlier):
            "优惠码 \(code) 已兑换过：\(oneTime ? "一次性优惠码只能兑换一次" : "一个账户只能兑换一次优惠码")（交易 \(earlier)）"
        case .offerCodeNotRedeemed(let code, let error): "优惠码 \(code) 未兑换：\(words(error))"
        case .offerCodeInBillingRetry(let code, let productId): "优惠码 \(code) 未兑换：\(inBillingRetry(productId))"
        case .inBillingRetry(let productId): inBillingRetry(productId)
        case .offerCharged(let offer, let productId, let price): "\(words(offer))：\(productId) 收费 \(price)"
        case .offerRenews(let offer, let productId, let price): "\(words(offer))：\(productId) 按 \(price) 续期"
        case .offerAtRenewal(let offer): "\(words(offer)) 将在续期时生效"
        case .chargedIncreasedPrice(let productId, let id, let price): "\(productId) tx \(id) 按涨价后的价格 \(price) 扣款"
        case .sandboxRenewalLimit(let productId, let renewals): "沙盒已为 \(productId) 续期 \(renewals) 次，已达上限：本期结束后终止"
        case .billingRecovered(let productId): "\(productId) 账单重试成功：已续期"
        case .billingRetry(let productId, let until?): "\(productId) 续期扣款失败：账单重试，宽限期至 \(until)"
        case .billingRetry(let productId, nil): "\(productId) 续期扣款失败：账单重试"
        case .billingExpired(let productId, let days): "\(productId) 账单重试 \(days) 天后结束：已过期"
        case .priceIncreaseAsked(let productId, let price, let account, let renewal): "\(productId) 涨价至 \(price)：请 \(account) 在 \(renewal) 续期前表示同意"
        case .expiredAfterPriceIncrease(let productId, let declined):
            "\(productId) 已在本期结束时过期：订阅者\(declined ? "拒绝了" : "未回应")涨价（过期原因 3）"
        case .expiredNowAutoRenewOff(let productId): "\(productId) 现已过期：其自动续期已关闭"
        case .expiredNowSandboxCap(let productId, let limit): "\(productId) 现已过期：沙盒最多为一个订阅续期 \(limit) 次"
        case .alreadyPurchased(let productId, let id): "已购买：\(productId)（tx \(id)）；不再扣款"
        case .alreadySubscribed(let productId, let until): "已订阅：\(productId) 有效至 \(until)；不再扣款"
        case .waitingChangeCancelled(let productId): "等待续期时生效的 \(productId) 变更已取消"
        case .autoRenewOnAgain: "自动续期已重新开启"
        case .planChangedNow(let change, let productId, let replaced, let refund, let id):
            "\(words(change))：\(productId) 立即取代 \(replaced)；按比例退还 tx \(id) 的 \(refund)"
        case .planChangesAtRenewal(let change, let productId, let renewsAs, let on): "\(words(change))：\(productId) 于 \(on) 续期时改为 \(renewsAs)"
        case .renewsAsAtNextRenewal(let productId, let until, let renewsAs): "\(productId) 有效至 \(until)，届时续期改为 \(renewsAs)；现在不收费"
        case .familyShared(let account, let productId, let id): "家人共享：\(account) 获得 \(productId)（tx \(id)，FAMILY_SHARED）"
        case .boughtWhileShared(let account, let productId, let shared):
            "\(account) 已通过家人共享拥有 \(productId)（tx \(shared)，FAMILY_SHARED）：此次购买归其本人（PURCHASED），照常扣款"
        case .familyRevoked(let account, let productId, let id): "家人共享：\(account) 不再获得 \(productId)（tx \(id) 已撤销）"
        case .refundedRest(let id, let rest, let prorated): "tx \(id) 退款 \(rest)：即扣除按比例退款 \(prorated) 后剩余的部分"
        case .serverAPI(let method, let path, let status, let refusal):
            "App Store 服务器 API：\(method) \(path) → \(status)" + (refusal.map { "（\($0)）" } ?? "")
        }
    }

    /// A payment refused while the group's subscription is in billing retry.
    private static func inBillingRetry(_ productId: String) -> String {
        "\(productId) 处于账单重试中：账单问题解决前，其订阅组不能开始新订阅；不扣款"
    }

    /// A change of plan within a subscription group.
    private static func words(_ change: PlanChange) -> String {
        switch change {
        case .upgrade: "升级"
        case .crossgrade: "同级变更"
        case .downgrade: "降级"
        }
    }
}
