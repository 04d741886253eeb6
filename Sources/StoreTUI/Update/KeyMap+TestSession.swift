import IAPCore
import ScenarioLanguage

/// The transaction manager's keys for what StoreKit Testing's session does to a subscription
/// (billing retry on or off, the subscriber's answer to a price increase), to the whole Store
/// (clear every transaction), and its simulated errors per API.
extension KeyMap {
    /// Renewals of the selected subscription cannot be charged, or can again.
    static let billing = KeyBinding([.character("b")], "b", footer: .billing, help: .billingHelp) { _, state, model in
        guard state.panelSelection < model.transactions.count else { return [] }
        let record = model.transactions[state.panelSelection]
        guard model.catalog.type(ofProduct: record.productId) == .autoRenewable else {
            return refusal(.onlyAutoRenewableBilling, &state)
        }
        let fails = !record.billingFails
        state.status = state.language(fails ? .billingFailsStatus : .billingOkStatus, state.title(of: record.productId, in: model))
        return [.perform(.subscriptionBilling(productId: record.productId, fails: fails))]
    }

    /// The subscriber agrees to the price increase of the selected subscription.
    static let agree = answer([.character("c")], "c", .agree, help: .agreeHelp, agrees: true)

    /// The subscriber declines it.
    static let disagree = answer([.character("v")], "v", .disagree, help: .disagreeHelp, agrees: false)

    /// Opens the faults panel at the simulated errors per API.
    static let apiErrors = KeyBinding([.character("i")], "i", footer: .apiErrors, help: .apiErrorsHelp) { _, state, model in
        state.mode = .faults
        state.panelSelection = FaultSwitch.shown(in: model).firstIndex(of: .store(.sync)) ?? 0
        return []
    }

    /// Asks before clearing every transaction from the Store.
    static let clearAll = KeyBinding([.character("z")], "z", footer: .clearAll, help: .clearAllHelp) { _, state, model in
        guard !model.transactions.isEmpty else { return [] }
        state.mode = .confirmClear
        return []
    }

    /// The question before a clear: `y` deletes every transaction, any other key keeps them.
    static let confirmClear = KeyMap([
        KeyBinding([.character("y")], "y", footer: .clearAll, help: .clearConfirmHelp) { _, state, model in
            state.mode = .transactions
            state.panelSelection = 0
            state.status = state.language(.cleared, model.transactions.count)
            return model.transactions.map { .perform(.storeDelete(transactionId: $0.id)) }
        },
    ], otherwise: KeyBinding([], .words(.otherKey), footer: .words(.keep), help: .keepHelp) { _, state, _ in
        state.mode = .transactions
        state.status = state.language(.clearKept)
        return []
    })

    /// A binding that answers the price increase the selected subscription waits on.
    private static func answer(_ keys: [Key], _ label: String, _ footer: Phrase, help: Phrase, agrees: Bool) -> KeyBinding {
        onSelected(keys, label, footer, help: help) { record, state, title in
            guard record.priceConsent == .pending else { return refusal(.onlyPriceIncrease, &state) }
            state.status = state.language(agrees ? .consentedStatus : .declinedIncreaseStatus, title)
            return [.perform(.consent(productId: record.productId, agrees: agrees))]
        }
    }
}
