import IAPCore
import WorldCore

extension ScenarioVocabulary {
    /// What the user does with the device and the app, and when the app crashes.
    static let app: [CommandDeclaration] = [
        CommandDeclaration(
            "buy PRODUCT [confirm|cancel|ask]", "the user buys; confirm is the default, ask is Ask to Buy (App Store only)",
            timing: .atOnce, needsApp: true, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .buy(productId: productId, answer: try reader.sheetAnswer() ?? .confirm)
            },
            arguments: { command in
                guard case .buy(let productId, let answer) = command else { return nil }
                return answer == .confirm ? [productId] : [productId, answer.rawValue]
            },
            chaos: .init(weight: 30) { draw in [.buy(productId: draw.product(), answer: draw.answer())] },
            playChaos: .init(weight: 30) { draw in [.buy(productId: draw.product(), answer: draw.playAnswer())] }),
        CommandDeclaration(
            "buy PRODUCT offer ID",
            "the user buys with a promotional offer (the Server signs it first) or a win-back offer (Google Play: the base plan's offer)",
            timing: .atOnce, needsApp: true, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .buyOffer(productId: try reader.subscription(), offerId: reader.word()) },
            arguments: { command in if case .buyOffer(let productId, let offerId) = command { [productId, offerId] } else { nil } },
            chaos: .init(weight: 3) { draw in draw.offer().map { [.buyOffer(productId: $0.productId, offerId: $0.offerId)] } ?? [] }),
        CommandDeclaration(
            "redeem CODE", "the user redeems an offer code in the app", timing: .atOnce, needsApp: true,
            read: { reader throws(CommandProblem) in .redeem(code: reader.word()) },
            arguments: { command in if case .redeem(let code) = command { [code] } else { nil } },
            chaos: .init(weight: 2) { draw in draw.offerCode().map { [.redeem(code: $0)] } ?? [] }),
        CommandDeclaration(
            "approve PRODUCT", "the parent approves the waiting Ask to Buy request (Google Play: the pending payment completes)",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .approve(productId: try reader.product()) },
            arguments: { command in if case .approve(let productId) = command { [productId] } else { nil } },
            chaos: .init(weight: 6) { draw in [.approve(productId: draw.product())] }),
        CommandDeclaration(
            "decline PRODUCT", "the parent declines the waiting Ask to Buy request (Google Play: the pending payment is canceled)",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .decline(productId: try reader.product()) },
            arguments: { command in if case .decline(let productId) = command { [productId] } else { nil } },
            chaos: .init(weight: 3) { draw in [.decline(productId: draw.product())] }),
        CommandDeclaration(
            "restore", "restore purchases (non-consumables and subscriptions)", timing: .atOnce, needsApp: true, stores: CommandDeclaration.everyStore,
            command: .restore, chaos: .init(weight: 4) { _ in [.restore] }),
        CommandDeclaration(
            "background", "Google Play: the app leaves the foreground; no onPurchasesUpdated reaches it until it resumes",
            timing: .whenQuiet, needsApp: true, stores: [.play], command: .background, playChaos: .init(weight: 2) { _ in [.background] }),
        CommandDeclaration(
            "resume", "Google Play: the app returns to the foreground and calls queryPurchasesAsync (onResume)",
            timing: .whenQuiet, needsApp: true, stores: [.play], command: .resume, playChaos: .init(weight: 2) { _ in [.resume] }),
        CommandDeclaration(
            "crash", "the app crashes now", timing: .atOnce, needsApp: true, stores: CommandDeclaration.everyStore,
            command: .crash, chaos: .init(weight: 3) { _ in [.crash] }),
        CommandDeclaration(
            "power-cut", "the device loses power now: the app dies and its writes not yet fsynced are lost",
            timing: .atOnce, needsApp: true, stores: CommandDeclaration.everyStore, command: .powerCut, chaos: .init(weight: 2) { _ in [.powerCut] }),
        CommandDeclaration(
            "deliver N", "deliver the next N messages in flight (then a crash falls between two messages)",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .deliver(try reader.messageCount()) },
            arguments: { command in if case .deliver(let count) = command { [String(count)] } else { nil } },
            chaos: .init(weight: 7) { draw in [.deliver(draw.number(in: 1...8)), .crash] }),
        CommandDeclaration("wait", "deliver every message in flight", timing: .whenQuiet, stores: CommandDeclaration.everyStore, command: .wait),
        CommandDeclaration(
            "crash at POINT", "the app crashes when the flow next reaches POINT", timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .crashAt(try reader.crashPoint()) },
            arguments: { command in if case .crashAt(let point) = command { [point.rawValue] } else { nil } },
            playArguments: { command in if case .crashAt(let point) = command { [point.word(on: .play)] } else { nil } },
            chaos: .init(weight: 4) { draw in [.crashAt(draw.element(of: CrashPoint.allCases, or: .cached))] }),
        CommandDeclaration(
            "power-cut at POINT", "the device loses power when the flow next reaches POINT", timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .powerCutAt(try reader.crashPoint()) },
            arguments: { command in if case .powerCutAt(let point) = command { [point.rawValue] } else { nil } },
            playArguments: { command in if case .powerCutAt(let point) = command { [point.word(on: .play)] } else { nil } },
            chaos: .init(weight: 2) { draw in [.powerCutAt(draw.element(of: CrashPoint.allCases, or: .cached))] }),
        CommandDeclaration("disarm", "no crash or power cut is armed any more", timing: .atOnce, stores: CommandDeclaration.everyStore, command: .disarm),
        CommandDeclaration(
            "launch", "start the app, with launch recovery", timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            command: .launch, chaos: .init(weight: 8) { _ in [.launch] }),
        CommandDeclaration(
            "quit", "close the app normally", timing: .whenQuiet, needsApp: true, stores: CommandDeclaration.everyStore,
            command: .quit, chaos: .init(weight: 3) { _ in [.quit] }),
    ]
}
