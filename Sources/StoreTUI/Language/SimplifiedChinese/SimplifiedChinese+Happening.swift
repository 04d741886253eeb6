import IAPCore

extension SimplifiedChinese {
    /// What an event tells, in Simplified Chinese, case by case, its reasons too. An event of a
    /// log written before events were typed is shown as written.
    static func words(_ happening: Happening) -> String {
        switch happening {
        case .legacy(let text): text
        case .message(let said): words(said)
        case .notDelivered(let said, let reason): "\(words(said)) ✗ \(words(reason))"
        case .app(let step): words(step)
        case .server(let step): words(step)
        case .store(let step): words(step)
        case .user(let action): words(action)
        case .cache(.tornLastRecord(let line)): "第 \(line) 行：已忽略写了一半的最后一条记录（App 在写入时终止）"
        case .cache(.damagedRecord(let line)): "第 \(line) 行：损坏的记录已搁置"
        case .cache(.unreadableRecord(let line, let problem)): "第 \(line) 行：无法读取记录（\(problem)）；已搁置"
        case .recovery(let report): ([heading(report)] + report.purchases.map { words($0) }).joined(separator: "\n")
        case .crash(let point, let powerCut): crash(point, powerCut: powerCut)
        case .play(let step): words(step)
        }
    }

    /// Why a message never arrived, in Simplified Chinese.
    static func words(_ reason: DropReason) -> String {
        switch reason {
        case .appNotRunning: "App 没有运行"
        case .serverDown: "服务器宕机"
        case .networkOffline: "网络离线"
        case .networkWentOffline: "网络已断开"
        case .replyLost: "服务器的回复丢失了"
        case .callLost: "服务器发出的调用丢失了"
        }
    }

    /// Why the app got no answer from the Server (`NoAnswer.english`).
    static func words(_ reason: NoAnswer) -> String {
        switch reason {
        case .request(let reason): words(reason)
        case .reply(let reason): "没有回复：\(words(reason))"
        case .serverCouldNotSave(let problem): words(ServerStep.couldNotSave(problem: problem))
        }
    }

    /// A purchase the launch found: its title, where it was found, and what became of it.
    private static func words(_ purchase: LaunchRecovery.Purchase) -> String {
        let source = switch purchase.source {
        case .cache: "待处理订单缓存"
        case .queue: "商店队列"
        case .both: "缓存和商店队列"
        }
        let outcome = switch purchase.outcome {
        case .creditedNow: "现已入账"
        case .alreadyCredited: "此前已入账（已阻止重复入账）"
        case .stillPending(let reason): "仍待处理（\(words(reason))）"
        case .rejected(let reason): "已拒绝（\(words(reason))）"
        case nil: "尚无应答"
        }
        return "  \(purchase.title)（tx \(purchase.transactionId)，来自\(source)）：\(outcome)"
    }

    /// The recovery report's first line: what the launch recovered, or what it found and what
    /// became of it.
    private static func heading(_ report: LaunchRecovery) -> String {
        let count = report.purchases.count
        let counts = report.counts
        guard counts.recovered < count else { return "启动时恢复了 \(count) 笔购买：" }
        return "启动时找到 \(count) 笔待恢复的购买：恢复 \(counts.recovered) 笔，仍待处理 \(counts.pending) 笔，已拒绝 \(counts.rejected) 笔："
    }
}
