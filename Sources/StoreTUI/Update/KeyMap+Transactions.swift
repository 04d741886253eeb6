import IAPCore
import Simulator

extension KeyMap {
    /// The transaction manager: act on the selected transaction, or move the clock.
    static let transactions = KeyMap([
        KeyBinding([.up, .character("k"), .down, .character("j")], "↑↓", footer: nil, help: "pick a transaction") { key, state, model in
            let up = key == .up || key == .character("k")
            state.panelSelection = up ? max(0, state.panelSelection - 1)
                : min(max(model.transactions.count - 1, 0), state.panelSelection + 1)
            return []
        },
        onSelected([.character("a")], "a", "approve", help: "approve the Ask to Buy request") { record, state, title in
            guard record.state == .deferred else { return refusal("Only a deferred (Ask to Buy) transaction can be approved or declined.", &state) }
            state.status = "Approved by the parent: \(title), tx \(record.id); the Store charges and tells the app."
            return [.perform(.approve(productId: record.productId))]
        },
        onSelected([.character("d")], "d", "decline", help: "decline the Ask to Buy request") { record, state, title in
            guard record.state == .deferred else { return refusal("Only a deferred (Ask to Buy) transaction can be approved or declined.", &state) }
            state.status = "Declined by the parent: \(title), tx \(record.id); nothing is charged."
            return [.perform(.decline(productId: record.productId))]
        },
        onSelected([.character("r")], "r", "resolve", help: "resolve the interrupted purchase") { record, state, _ in
            guard record.error == .interrupted else { return refusal("Only an interrupted purchase can be resolved.", &state) }
            return [.perform(.resolve(productId: record.productId))]
        },
        onSelected([.character("f")], "f", "refund", help: "the Store refunds it") { record, state, title in
            guard record.charged else { return refusal("Only a charged transaction can be refunded.", &state) }
            state.status = "Refunded: \(title), tx \(record.id); the Store took the money back."
            return [.perform(.refund(productId: record.productId))]
        },
        subscription([.character("n")], "n", "auto-renew", help: "turn auto-renew off or on",
                     refusal: "Auto-renew is for auto-renewable subscriptions.") { record in
            .subscriptionRenew(productId: record.productId, on: record.autoRenewOff)
        },
        subscription([.character("e")], "e", "expire", help: "end the subscription's period now",
                     refusal: "Expire and renew now are for auto-renewable subscriptions.") { .subscriptionExpire(productId: $0.productId) },
        subscription([.character("w")], "w", "renew now", help: "renew the subscription at once",
                     refusal: "Expire and renew now are for auto-renewable subscriptions.") { .subscriptionRenewNow(productId: $0.productId) },
        onSelected([.character("x")], "x", "delete", help: "delete it from the Store, as StoreKit Testing allows (asks first)") { record, state, _ in
            state.mode = .confirmDelete(transactionId: record.id)
            return []
        },
        forgery([.character("g")], "g", "forge", help: "send it with one byte of its receipt changed") { id in
            ("Forged: tx \(id) sent with one byte of its receipt changed.", .tamper(transactionId: id))
        },
        forgery([.character("p")], "p", "replay", help: "replay its receipt as a new purchase") { id in
            ("Forged: the receipt of tx \(id) replayed as a new purchase.", .replay(transactionId: id))
        },
        KeyBinding([.character("1"), .character("2"), .character("3")], "1/2/3", footer: "clock +1h/+1d/+30d",
                   help: "move the clock +1 hour/+1 day/+30 days") { key, _, _ in
            switch key {
            case .character("1"): return [.perform(.advance(seconds: 3600))]
            case .character("2"): return [.perform(.advance(seconds: 86400))]
            default: return [.perform(.advance(seconds: 30 * 86400))]
            }
        },
        closing([.escape, .character("t"), .character("q")], "Esc", footer: ""),
    ])

    /// The question before a delete: `y` deletes the transaction, any other key keeps it.
    static func confirmDelete(_ transactionId: TransactionID) -> KeyMap {
        KeyMap([
            KeyBinding([.character("y")], "y", footer: "delete", help: "delete the transaction from the Store") { _, state, model in
                state.mode = .transactions
                state.panelSelection = max(0, state.panelSelection - 1)
                state.status = "Deleted from the Store: tx \(transactionId), \(title(transactionId, state, model))."
                return [.perform(.storeDelete(transactionId: transactionId))]
            },
        ], otherwise: KeyBinding([], "other key:", footer: "keep it", help: "keep the transaction") { _, state, _ in
            state.mode = .transactions
            state.status = "Kept tx \(transactionId): nothing was deleted."
            return []
        })
    }

    /// The localized title of a transaction's product, or its product id.
    static func title(_ transactionId: TransactionID, _ state: TUIState, _ model: WorldView) -> String {
        guard let record = model.transactions.first(where: { $0.id == transactionId }) else { return transactionId.description }
        return model.catalog.product(id: record.productId)?.title(locale: state.locale) ?? record.productId
    }

    /// A binding that acts on the selected transaction, when there is one; it is given the
    /// transaction and its product's title.
    private static func onSelected(_ keys: [Key], _ label: String, _ footer: String, help: String,
                                   _ act: @escaping @Sendable (TransactionRow, inout TUIState, String) -> [TUIEffect]) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: help) { _, state, model in
            guard state.panelSelection < model.transactions.count else { return [] }
            let record = model.transactions[state.panelSelection]
            return act(record, &state, title(record.id, state, model))
        }
    }

    /// A binding for auto-renewable subscriptions only.
    private static func subscription(_ keys: [Key], _ label: String, _ footer: String, help: String, refusal text: String,
                                     _ command: @escaping @Sendable (TransactionRow) -> ScenarioCommand) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: help) { _, state, model in
            guard state.panelSelection < model.transactions.count,
                  model.catalog.product(id: model.transactions[state.panelSelection].productId)?.type == .autoRenewable
            else { return refusal(text, &state) }
            return [.perform(command(model.transactions[state.panelSelection]))]
        }
    }

    /// A binding that forges the selected transaction's receipt.
    private static func forgery(_ keys: [Key], _ label: String, _ footer: String, help: String,
                                _ forge: @escaping @Sendable (TransactionID) -> (status: String, forgery: ScenarioCommand.Forgery)) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: help) { _, state, model in
            guard state.panelSelection < model.transactions.count, model.transactions[state.panelSelection].hasReceipt else {
                return refusal("Only a transaction with a receipt can be forged.", &state)
            }
            let made = forge(model.transactions[state.panelSelection].id)
            state.status = made.status
            return [.perform(.forge(made.forgery))]
        }
    }

    private static func refusal(_ text: String, _ state: inout TUIState) -> [TUIEffect] {
        state.status = text
        return []
    }
}
