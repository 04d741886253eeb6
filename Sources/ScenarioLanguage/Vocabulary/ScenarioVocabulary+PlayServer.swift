import IAPCore
import WorldCore

extension ScenarioVocabulary {
    /// The commands of Google Play's server side alone: its refund, the Voided Purchases API and
    /// how Pub/Sub delivers Real-time developer notifications.
    static let playServer: [CommandDeclaration] = [
        CommandDeclaration(
            "refund PRODUCT|ORDER [reason] [REASON]",
            "Google Play: the developer refunds and revokes an order (GPA.…, a renewal's GPA.…..N) or the account's latest paid PRODUCT "
                + "(voidedSource 1 Developer; REASON is Google's voidedReason, default other); Play notifies it (with notifications on) "
                + "and the Voided Purchases API lists it",
            timing: .whenQuiet, stores: [.play],
            read: { reader throws(CommandProblem) in
                let target = try reader.playOrderTarget()
                guard let word = reader.optionalWord() else { return .voidPurchase(target, reason: .other) }
                let reasons = VoidedReason.allCases.filter { $0 != .unacknowledgedPurchase }
                guard word == "reason" else {
                    throw CommandProblem(problem: "usage: refund PRODUCT|ORDER [reason] [REASON]: the word reason, then one of: "
                                         + reasons.map(\.word).joined(separator: ", "))
                }
                let text = reader.word()
                guard let reason = reasons.first(where: { $0.word == text }) else {
                    throw CommandProblem(problem: (text.isEmpty ? "reason needs a REASON" : "unknown refund reason '\(text)'") + "; expected one of: "
                                         + reasons.map(\.word).joined(separator: ", "))
                }
                return .voidPurchase(target, reason: reason)
            },
            arguments: { command in
                guard case .voidPurchase(let target, let reason) = command else { return nil }
                let written = switch target {
                case .product(let productId): productId
                case .transaction(let id): StoreKind.play.orderText(id)
                }
                return [written] + (reason == .other ? [] : ["reason", reason.word])
            },
            playChaos: .init(weight: 2) { draw in
                let reasons = VoidedReason.allCases.filter { $0 != .unacknowledgedPurchase }
                return [.voidPurchase(.product(draw.product()), reason: draw.element(of: reasons, or: .other))]
            }),
        CommandDeclaration(
            "server voided",
            "Google Play: the Server asks the Voided Purchases API for the last 30 days and takes back what it credited for each purchase listed",
            timing: .whenQuiet, stores: [.play], command: .serverVoided, playChaos: .init(weight: 1) { _ in [.serverVoided] }),
        CommandDeclaration(
            "store pubsub normal|duplicate|reorder",
            "Google Play: how Pub/Sub pushes notifications: normal, every message twice (the second after the Server's HTTP 200), "
                + "or each held a minute and the waiting ones pushed newest first",
            timing: .atOnce, stores: [.play],
            read: { reader throws(CommandProblem) in
                let text = reader.word()
                guard let mode = PubSubMode(rawValue: text) else {
                    throw CommandProblem(problem: "unknown pubsub mode '\(text)'; expected one of: normal, duplicate, reorder")
                }
                return .storePubSub(mode)
            },
            arguments: { command in if case .storePubSub(let mode) = command { [mode.rawValue] } else { nil } },
            playChaos: .init(weight: 3) { draw in [.storePubSub(draw.element(of: PubSubMode.allCases, or: .normal))] },
            restore: { world in
                let mode = try? world.play?.pubSubMode()
                return mode == nil || mode == .normal ? [] : [.storePubSub(.normal)]
            }),
    ]
}
