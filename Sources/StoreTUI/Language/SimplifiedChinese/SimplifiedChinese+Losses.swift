import IAPCore
import ReadSide

extension SimplifiedChinese {
    /// The loss report in Simplified Chinese, line for line as `LossReportText` writes it.
    static func lossReport(_ losses: [LossFinding], catalog: Catalog, locale: String) -> [String] {
        var lines = ["启动时发现 \(losses.count) 笔已丢失的购买（已付款，从未入账，已无可恢复）："]
        for lost in LossReportText.purchases(losses, catalog: catalog, locale: locale) {
            let paid = lost.price.map { "已付 \($0)" } ?? "已付款"
            let under = lost.finding.strategy.map { "，策略 \($0.rawValue)" } ?? ""
            lines.append("  \(lost.title)（tx \(lost.finding.transactionId)）：已丢失，\(paid)\(under)")
            lines.append("    已执行：\(steps(lost.finding.ran))；从未执行：\(steps(lost.finding.neverRan))")
            lines.append("    为何无法恢复：\(words(lost.finding.why))")
            lines.append("    " + rescue(lost.finding.why))
        }
        return lines
    }

    /// Why a purchase is lost for good (`LossCause.english`).
    static func words(_ cause: LossCause) -> String {
        let when = switch cause {
        case .noAnswer(let fault): "立即完成了交易，验证没有得到应答（\(fault.rawValue)），也没有缓存保留收据"
        case .serverDownPastRetries: "服务器宕机超过最后一次重试时立即完成了交易，且没有缓存"
        case .finishedBeforeDisk: "在收据写到磁盘前就完成了交易（断电带走了未同步的缓存写入）"
        case .finishedBeforeSaved: "在收据保存前就完成了交易"
        case .finishedWithoutCache: "在服务器入账前就完成了交易，且没有缓存"
        case .renewalUnheard: "服务器从未得知这次续订（没有通知，订阅有效期间也没有验证），而订阅此后已结束"
        }
        return "\(when)；商店不会再次发送它"
    }

    /// What would have saved a purchase lost for `cause` (`LossCause.rescue`).
    private static func rescue(_ cause: LossCause) -> String {
        guard cause != .renewalUnheard else { return "服务器通知本可以保住它（续订通知让服务器查询订阅），订阅有效期间启动 App 也可以" }
        return LossCause.rescuers.map(\.rawValue).joined(separator: " 或 ")
            + " 本可以保住它：它们只在服务器入账后才完成交易，所以在那之前商店会一直重新发送它"
    }

    /// Steps of the purchase flow in a few words each; "无" for none.
    private static func steps(_ points: [CrashPoint]) -> String {
        guard !points.isEmpty else { return "无" }
        return points.map { point in
            switch point {
            case .paymentSent: "在商店付款"
            case .purchased: "报告已购买"
            case .cached: "存入 App 缓存"
            case .serverCommitted: "服务器入账"
            case .verified: "App 得知入账"
            case .finished: "在商店完成交易"
            }
        }.joined(separator: "、")
    }
}
