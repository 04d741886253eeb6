import IAPCore

extension SimplifiedChinese {
    /// What an event tells, in Simplified Chinese, case by case; a legacy sentence, and the
    /// reasons inside a case, are told by `told`.
    static func words(_ happening: Happening, told: (String) -> String) -> String {
        switch happening {
        case .legacy(let text): told(text)
        case .message(let said): words(said, told: told)
        case .notDelivered(let said, let reason): "\(words(said, told: told)) ✗ \(words(reason))"
        case .app(let step): words(step, told: told)
        case .server(let step): words(step, told: told)
        case .store(let step): words(step, told: told)
        case .user(let action): words(action, told: told)
        case .cache(.tornLastRecord(let line)): "第 \(line) 行：已忽略写了一半的最后一条记录（App 在写入时终止）"
        case .cache(.damagedRecord(let line)): "第 \(line) 行：损坏的记录已搁置"
        case .cache(let warning): told(warning.english)
        case .crash(let point, let powerCut): crash(point, powerCut: powerCut, told: told)
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
        }
    }
}
