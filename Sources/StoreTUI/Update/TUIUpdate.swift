import IAPCore
import Simulator

/// The interface's update function: a pure step from state and action to new state and effects.
public enum TUIUpdate {
    public static func update(_ state: inout TUIState, _ action: TUIAction, model: WorldView) -> [TUIEffect] {
        switch action {
        case .tick:
            return state.stepMode || model.messagesInFlight == 0 ? [] : [.deliverNext]
        case .worldEvent(let event):
            state.timeline.append(event)
            if state.timeline.count > TUIState.timelineLimit {
                state.timeline.removeFirst(state.timeline.count - TUIState.timelineLimit)
            }
            if state.timelineOffset > 0 { state.timelineOffset += 1 }
            if event.kind == .report {
                state.mode = .report(lines: event.text.split(separator: "\n").map(String.init))
            }
            return []
        case .input(.resize(let columns, let rows)):
            state.columns = columns
            state.rows = rows
            return []
        case .input(.key(let key)):
            if key == .interrupt { return [.quit] }
            return press(key, &state, model)
        }
    }

    private static func press(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        switch state.mode {
        case .main: return pressMain(key, &state, model)
        case .sheet(let productId): return pressSheet(key, productId, &state)
        case .crashMenu: return pressCrashMenu(key, &state)
        case .transactions: return pressTransactions(key, &state, model)
        case .faults: return pressFaults(key, &state, model)
        case .help:
            state.mode = .main
            return []
        case .report:
            if key == .enter || key == .escape || key == .space { state.mode = .main }
            return key == .character("q") ? [.quit] : []
        }
    }

    private static func pressMain(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        let count = model.catalog.products.count
        switch key {
        case .up, .character("k"):
            state.selection = max(0, state.selection - 1)
        case .down, .character("j"):
            state.selection = min(max(count - 1, 0), state.selection + 1)
        case .enter:
            guard state.selection < count else { return [] }
            state.mode = .sheet(productId: model.catalog.products[state.selection].id)
        case .character("r"):
            state.status = "Restoring purchases…"
            return [.perform(.restore)]
        case .character("x"): state.mode = .crashMenu
        case .character("t"):
            state.mode = .transactions
            state.panelSelection = max(0, model.transactions.count - 1)
        case .character("f"):
            state.mode = .faults
            state.panelSelection = 0
        case .character("s"):
            state.stepMode.toggle()
            state.status = state.stepMode ? "Step mode: Space delivers the next message." : "Step mode off: messages flow."
        case .space:
            return model.messagesInFlight > 0 ? [.deliverNext] : []
        case .pageUp:
            state.timelineOffset = min(max(state.timeline.count - 1, 0), state.timelineOffset + 5)
        case .pageDown:
            state.timelineOffset = max(0, state.timelineOffset - 5)
        case .character("u"):
            let next = model.account == "demo" ? "family" : "demo"
            state.status = "The device is signed into the App Store as \(next)."
            return [.perform(.account(next))]
        case .character("?"): state.mode = .help
        case .character("q"): return [.quit]
        default: break
        }
        return []
    }

    private static func pressSheet(_ key: Key, _ productId: String, _ state: inout TUIState) -> [TUIEffect] {
        let answer: SheetAnswer
        switch key {
        case .enter: answer = .confirm
        case .escape: answer = .cancel
        case .character("a"): answer = .ask
        default: return []
        }
        state.mode = .main
        state.status = "Buy \(productId): \(answer.rawValue)"
        return [.perform(.buy(productId: productId, answer: answer))]
    }

    private static func pressCrashMenu(_ key: Key, _ state: inout TUIState) -> [TUIEffect] {
        state.mode = .main
        guard case .character(let character) = key, let digit = character.wholeNumberValue else { return [] }
        if digit == 0 { return [.perform(.crash)] }
        if digit == CrashPoint.allCases.count + 1 { return [.perform(.powerCut)] }
        let points = CrashPoint.allCases
        guard digit >= 1, digit <= points.count else { return [] }
        state.status = "Crash armed at \(points[digit - 1].rawValue): the app dies when a flow gets there."
        return [.perform(.crashAt(points[digit - 1]))]
    }

    private static func pressTransactions(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        let records = model.transactions
        switch key {
        case .up, .character("k"): state.panelSelection = max(0, state.panelSelection - 1)
        case .down, .character("j"): state.panelSelection = min(max(records.count - 1, 0), state.panelSelection + 1)
        case .character("a"), .character("d"):
            guard state.panelSelection < records.count, records[state.panelSelection].state == .deferred else {
                state.status = "Only a deferred (Ask to Buy) transaction can be approved or declined."
                return []
            }
            let productId = records[state.panelSelection].productId
            return [.perform(key == .character("a") ? .approve(productId: productId) : .decline(productId: productId))]
        case .character("r"):
            guard state.panelSelection < records.count, records[state.panelSelection].error == .interrupted else {
                state.status = "Only an interrupted purchase can be resolved."
                return []
            }
            return [.perform(.resolve(productId: records[state.panelSelection].productId))]
        case .character("f"):
            guard state.panelSelection < records.count, records[state.panelSelection].charged else {
                state.status = "Only a charged transaction can be refunded."
                return []
            }
            return [.perform(.refund(productId: records[state.panelSelection].productId))]
        case .character("n"):
            guard state.panelSelection < records.count,
                  model.catalog.product(id: records[state.panelSelection].productId)?.type == .autoRenewable
            else {
                state.status = "Auto-renew is for auto-renewable subscriptions."
                return []
            }
            let record = records[state.panelSelection]
            let renews = !record.autoRenewOff
            return [.perform(.subscriptionRenew(productId: record.productId, on: !renews))]
        case .character("e"), .character("w"):
            guard state.panelSelection < records.count,
                  model.catalog.product(id: records[state.panelSelection].productId)?.type == .autoRenewable
            else {
                state.status = "Expire and renew now are for auto-renewable subscriptions."
                return []
            }
            let productId = records[state.panelSelection].productId
            return [.perform(key == .character("e") ? .subscriptionExpire(productId: productId) : .subscriptionRenewNow(productId: productId))]
        case .character("x"):
            guard state.panelSelection < records.count else { return [] }
            let id = records[state.panelSelection].id
            state.panelSelection = max(0, state.panelSelection - 1)
            return [.perform(.storeDelete(transactionId: id))]
        case .character("g"), .character("p"):
            guard state.panelSelection < records.count, records[state.panelSelection].hasReceipt else {
                state.status = "Only a transaction with a receipt can be forged."
                return []
            }
            let id = records[state.panelSelection].id
            state.status = key == .character("g") ? "Forged: tx \(id) sent with one byte of its receipt changed."
                : "Forged: the receipt of tx \(id) replayed as a new purchase."
            return [.perform(.forge(key == .character("g") ? .tamper(transactionId: id) : .replay(transactionId: id)))]
        case .character("1"): return [.perform(.advance(seconds: 3600))]
        case .character("2"): return [.perform(.advance(seconds: 86400))]
        case .character("3"): return [.perform(.advance(seconds: 30 * 86400))]
        case .escape, .character("t"), .character("q"): state.mode = .main
        default: break
        }
        return []
    }

    private static func pressFaults(_ key: Key, _ state: inout TUIState, _ model: WorldView) -> [TUIEffect] {
        let switches = FaultSwitch.allCases
        switch key {
        case .up, .character("k"): state.panelSelection = max(0, state.panelSelection - 1)
        case .down, .character("j"): state.panelSelection = min(switches.count - 1, state.panelSelection + 1)
        case .enter, .space:
            guard state.panelSelection < switches.count else { return [] }
            return [.perform(switches[state.panelSelection].toggled(model, selection: state.selection))]
        case .escape, .character("f"), .character("q"): state.mode = .main
        default: break
        }
        return []
    }
}
