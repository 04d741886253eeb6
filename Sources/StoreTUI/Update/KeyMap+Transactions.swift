import IAPCore
import ReadSide
import ScenarioLanguage
import WorldCore

extension KeyMap {
    /// The transaction manager: act on the selected transaction, or move the clock. The footer
    /// shows every one of its keys, on more rows at a narrow width.
    static let transactions = KeyMap([
        KeyBinding([.up, .character("k"), .down, .character("j")], "↑↓", footer: .select, help: .pickTransaction) { key, state, model in
            let up = key == .up || key == .character("k")
            state.panelSelection = up ? max(0, state.panelSelection - 1)
                : min(max(model.transactions.count - 1, 0), state.panelSelection + 1)
            return []
        },
        onSelected([.enter], "Enter", .decodeKey, help: .decodeHelp) { record, state, _ in
            guard record.signedTransaction != nil else {
                state.status = state.language(.notSigned)
                return []
            }
            state.mode = .decoded(transactionId: record.id)
            state.decodedOffset = 0
            return []
        },
        onSelected([.character("a")], "a", .approve, help: .approveHelp) { record, state, title in
            guard record.state == .deferred else { return refusal(.onlyDeferred, &state) }
            state.status = state.language(.approved, title, record.id)
            return [.perform(.approve(productId: record.productId))]
        },
        onSelected([.character("d")], "d", .decline, help: .declineHelp) { record, state, title in
            guard record.state == .deferred else { return refusal(.onlyDeferred, &state) }
            state.status = state.language(.declined, title, record.id)
            return [.perform(.decline(productId: record.productId))]
        },
        onSelected([.character("r")], "r", .resolve, help: .resolveHelp) { record, state, _ in
            guard record.error == .interrupted else { return refusal(.onlyInterrupted, &state) }
            return [.perform(.resolve(productId: record.productId))]
        },
        KeyBinding([.character("f")], "f", footer: .refund, help: .refundHelp) { _, state, model in
            guard state.panelSelection < model.transactions.count else { return [] }
            let record = model.transactions[state.panelSelection]
            guard record.charged else { return refusal(.onlyCharged, &state) }
            let named = title(record.id, state, model)
            // On Google Play a refund is the developer's, with revoke (`refund ORDER`).
            guard model.settings.store == .play else {
                state.status = state.language(.refundedStatus, named, record.id)
                return [.perform(.refund(.transaction(record.id), reason: nil))]
            }
            state.status = state.language(.playRefundedStatus, named, StoreKind.play.orderText(record.id))
            return [.perform(.voidPurchase(.transaction(record.id), reason: .other))]
        },
        subscription([.character("n")], "n", .autoRenew, help: .autoRenewHelp, refusal: .onlyAutoRenewable) { record in
            .subscriptionRenew(productId: record.productId, on: record.autoRenewOff)
        },
        subscription([.character("e")], "e", .expire, help: .expireHelp,
                     refusal: .onlyAutoRenewableExpire) { .subscriptionExpire(productId: $0.productId) },
        subscription([.character("w")], "w", .renewNow, help: .renewNowHelp,
                     refusal: .onlyAutoRenewableExpire) { .subscriptionRenewNow(productId: $0.productId) },
        onSelected([.character("x")], "x", .delete, help: .deleteHelp) { record, state, _ in
            state.mode = .confirmDelete(transactionId: record.id)
            return []
        },
        forgery([.character("g")], "g", .forge, help: .forgeHelp, told: .forgedTamper) { .tamper(transactionId: $0) },
        forgery([.character("p")], "p", .replay, help: .replayHelp, told: .forgedReplay) { .replay(transactionId: $0) },
        billing, agree, disagree, clearAll, apiErrors,
        KeyBinding([.character("1"), .character("2"), .character("3")], "1/2/3", footer: .clock, help: .clockHelp) { key, state, model in
            let (seconds, told): (Int64, String) = switch key {
            case .character("1"): (3600, "+1h")
            case .character("2"): (86400, "+1d")
            default: (30 * 86400, "+30d")
            }
            state.status = state.language(.clockMoved, told, SimulatedTime.format(model.now.addingTimeInterval(Double(seconds))))
            return [.perform(.advance(seconds: seconds))]
        },
        closing([.escape, .character("t"), .character("q")], "Esc", footer: .keyOnly),
    ], showsEveryKey: true)

    /// The question before a delete: `y` deletes the transaction, any other key keeps it.
    static func confirmDelete(_ transactionId: TransactionID) -> KeyMap {
        KeyMap([
            KeyBinding([.character("y")], "y", footer: .delete, help: .deleteConfirmHelp) { _, state, model in
                state.mode = .transactions
                state.panelSelection = max(0, state.panelSelection - 1)
                state.status = state.language(.deleted, transactionId, title(transactionId, state, model))
                return [.perform(.storeDelete(transactionId: transactionId))]
            },
        ], otherwise: KeyBinding([], .words(.otherKey), footer: .words(.keep), help: .keepHelp) { _, state, _ in
            state.mode = .transactions
            state.status = state.language(.kept, transactionId)
            return []
        })
    }

    /// The localized title of a transaction's product, or its product id.
    static func title(_ transactionId: TransactionID, _ state: TUIState, _ model: WorldView) -> String {
        guard let record = model.transactions.first(where: { $0.id == transactionId }) else { return transactionId.description }
        return state.title(of: record.productId, in: model)
    }

    /// A binding that acts on the selected transaction, when there is one; it is given the
    /// transaction and its product's title.
    static func onSelected(_ keys: [Key], _ label: String, _ footer: Phrase, help: Phrase,
                                   _ act: @escaping @Sendable (TransactionRow, inout TUIState, String) -> [TUIEffect]) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: help) { _, state, model in
            guard state.panelSelection < model.transactions.count else { return [] }
            let record = model.transactions[state.panelSelection]
            return act(record, &state, title(record.id, state, model))
        }
    }

    /// A binding for auto-renewable subscriptions only.
    private static func subscription(_ keys: [Key], _ label: String, _ footer: Phrase, help: Phrase, refusal text: Phrase,
                                     _ command: @escaping @Sendable (TransactionRow) -> ScenarioCommand) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: help) { _, state, model in
            guard state.panelSelection < model.transactions.count,
                  model.catalog.type(ofProduct: model.transactions[state.panelSelection].productId) == .autoRenewable
            else { return refusal(text, &state) }
            return [.perform(command(model.transactions[state.panelSelection]))]
        }
    }

    /// A binding that forges the selected transaction's receipt; the status line tells it.
    private static func forgery(_ keys: [Key], _ label: String, _ footer: Phrase, help: Phrase, told: Phrase,
                                _ forge: @escaping @Sendable (TransactionID) -> ScenarioCommand.Forgery) -> KeyBinding {
        KeyBinding(keys, label, footer: footer, help: help) { _, state, model in
            guard state.panelSelection < model.transactions.count, model.transactions[state.panelSelection].hasReceipt else {
                return refusal(.onlyWithReceipt, &state)
            }
            let id = model.transactions[state.panelSelection].id
            state.status = state.language(told, id)
            return [.perform(.forge(forge(id)))]
        }
    }

    static func refusal(_ text: Phrase, _ state: inout TUIState) -> [TUIEffect] {
        state.status = state.language(text)
        return []
    }
}
