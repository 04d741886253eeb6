import IAPCore

extension SimplifiedChinese {
    /// Why the App Store answered with a failure (`StoreFailure.english`).
    static func words(_ failure: StoreFailure) -> String {
        switch failure {
        case .unreachable: "无法连接 App Store"
        }
    }

    /// Why a transaction failed (`PurchaseError.explanation`).
    static func words(_ error: PurchaseError) -> String {
        switch error {
        case .paymentCancelled: "用户已取消"
        case .declinedByParent: "家长已拒绝"
        case .askToBuyExpired: "购买请求 24 小时内无人回应，已过期"
        case .paymentInvalid: "付款无效"
        case .paymentNotAllowed: "此设备不允许付款"
        case .networkError: "网络错误"
        case .unknown: "未知错误"
        case .interrupted: "购买被中断：用户须先处理才能继续"
        case .invalidOfferIdentifier: "优惠标识符无效"
        case .invalidSignature: "优惠的签名无效"
        case .ineligibleForOffer: "顾客不符合该优惠的条件"
        case .billingIssue: "账户有账单问题需先解决：App Store 正在重试续期扣款"
        }
    }

    /// What a `verifyReceipt` status means (`ReceiptStatus.meaning`).
    static func words(_ status: ReceiptStatus) -> String {
        switch status {
        case .valid: "有效"
        case .notPost: "请求没有使用 HTTP POST 方法"
        case .malformed: "收据数据格式错误或服务出现临时问题；请重试"
        case .notAuthenticated: "收据无法认证"
        case .wrongSharedSecret: "共享密钥与账户存档的不一致"
        case .serviceUnavailable: "收据服务器暂时无法提供收据；请重试"
        case .sandboxReceiptInProduction: "沙盒收据被发送到了生产环境；请发送到沙盒"
        case .productionReceiptInSandbox: "生产环境收据被发送到了沙盒；请发送到生产环境"
        case .validButSubscriptionExpired: "收据有效，但订阅已过期"
        case .internalDataAccessError: "内部数据访问错误；请稍后重试"
        case .accountNotFound: "找不到该用户账户，或账户已被删除"
        case .internalError: "内部数据访问错误；is-retryable 表示可以重试"
        }
    }

    /// A `verifyReceipt` code and what it means (`ReceiptStatus.statusAndMeaning`).
    private static func statusAndMeaning(_ status: ReceiptStatus) -> String {
        "状态 \(status.rawValue)：\(words(status))"
    }

    /// Why the Server refused a valid receipt (`ServerRefusal.meaning`).
    static func words(_ refusal: ServerRefusal) -> String {
        switch refusal {
        case .notOnReceipt: "收据不能证明这笔交易"
        case .otherAccount: "收据属于另一个 App Store 账户"
        case .refunded: "商店已退款此购买"
        case .otherTransaction: "签名交易属于另一笔交易"
        case .unknownToStore: "App Store 没有这笔交易"
        case .otherUser: "其 appAccountToken 指向 App 的另一位用户"
        case .notShareable: "家人共享不共享此商品"
        case .rejectedByOutsideServer: "外部服务器拒绝了它"
        }
    }

    /// What the Server granted (`Grant.english`); a grant the ledger kept as words is shown as written.
    static func words(_ grant: Grant) -> String {
        switch grant {
        case .amounts, .written: grant.english
        case .owns(let productId, nil): "拥有 \(productId)"
        case .owns(let productId, let until?): "拥有 \(productId)，至 \(SimulatedTime.format(millis: until))"
        }
    }

    /// The offer a transaction was charged under (`AppliedOffer.text`).
    static func words(_ offer: AppliedOffer) -> String {
        let name = switch offer.type {
        case .introductory: "推介优惠"
        case .promotional: "促销优惠"
        case .code: "优惠码"
        case .winBack: "赢回优惠"
        }
        return name + (offer.id.map { " " + $0 } ?? "") + (offer.period > 1 ? "（第 \(offer.period) 期）" : "")
    }

    /// Why a recovery's app receipt does not prove an order (`NotProvenReason.english`).
    static func words(_ reason: NotProvenReason) -> String {
        switch reason {
        case .receiptRejected(let status): statusAndMeaning(status)
        case .refunded: "已退款"
        case .otherAccount: "另一个账户的购买"
        case .notOnReceipt: "不在 App 收据上"
        }
    }

    /// Why a recovered purchase is still pending (`PendingReason.english`).
    static func words(_ reason: PendingReason) -> String {
        switch reason {
        case .receiptStatus(let status): statusAndMeaning(status)
        case .notProven(let reason): words(reason)
        case .notProvenAndDamaged(let reason): "App 收据不能证明它（\(words(reason))），且其缓存记录已损坏"
        case .noAnswer(let reason): words(reason)
        }
    }

    /// Why the Server could not save (`SaveProblem.english`); the storage layer's own words stay as written.
    static func words(_ problem: SaveProblem) -> String {
        switch problem {
        case .diskFull: "写入失败：设备上没有剩余空间（模拟）"
        case .file(let problem): problem
        }
    }
}
