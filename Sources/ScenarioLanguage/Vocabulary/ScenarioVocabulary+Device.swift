import Foundation
import IAPCore
import WorldCore

extension ScenarioVocabulary {
    /// Subscriptions on the simulated clock.
    static let subscriptions: [CommandDeclaration] = [
        CommandDeclaration(
            "subscription PRODUCT renew on|off",
            "the user turns auto-renew of a subscription on or off (Google Play: cancels it in the Play Store, or restores it before its period ends)",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in
                let productId = try reader.subscription()
                return .subscriptionRenew(productId: productId, on: try reader.toggle(on: "on", off: "off"))
            },
            arguments: { command in
                if case .subscriptionRenew(let productId, let on) = command { [productId, on ? "on" : "off"] } else { nil }
            },
            chaos: .init(weight: 1) { draw in [.subscriptionRenew(productId: draw.subscription(), on: draw.bool())] }),
        CommandDeclaration(
            "subscription PRODUCT renew now", "the subscription renews at once (its period ends now)", timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .subscriptionRenewNow(productId: try reader.subscription()) },
            arguments: { command in if case .subscriptionRenewNow(let productId) = command { [productId] } else { nil } }),
        CommandDeclaration(
            "subscription PRODUCT expire", "the subscription's period ends now", timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .subscriptionExpire(productId: try reader.subscription()) },
            arguments: { command in if case .subscriptionExpire(let productId) = command { [productId] } else { nil } }),
        CommandDeclaration(
            "subscription PRODUCT billing fail|ok",
            "renewals of a subscription cannot be charged (billing retry, up to 60 days; on Google Play grace period, then account hold) "
                + "or can be again (the store retries at once)",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in
                let productId = try reader.subscription()
                return .subscriptionBilling(productId: productId, fails: try reader.toggle(on: "fail", off: "ok"))
            },
            arguments: { command in
                if case .subscriptionBilling(let productId, let fails) = command { [productId, fails ? "fail" : "ok"] } else { nil }
            },
            chaos: .init(weight: 1) { draw in
                let productId = draw.subscription()
                guard draw.bool() else { return [.subscriptionBilling(productId: productId, fails: false)] }
                // A subscriber's card fails as a user lives it: subscribed, the renewal cannot be
                // charged (billing retry), then a plan of the group is bought during the retry.
                return [.buy(productId: productId, answer: .confirm), .subscriptionBilling(productId: productId, fails: true),
                        .advance(seconds: draw.seconds(in: (8 * 86400)...(40 * 86400))),
                        .buy(productId: draw.subscription(), answer: draw.answer())]
            },
            playChaos: .init(weight: 1) { draw in
                let productId = draw.subscription()
                guard draw.bool() else { return [.subscriptionBilling(productId: productId, fails: false)] }
                // Subscribed, the card fails: the renewal falls in the grace period or account hold.
                return [.buy(productId: productId, answer: draw.playAnswer()), .subscriptionBilling(productId: productId, fails: true),
                        .advance(seconds: draw.seconds(in: (8 * 86400)...(40 * 86400)))]
            },
            restore: { world in
                let failing = world.play == nil ? try? world.store.failingBilling() : try? world.failingPlayBilling()
                return (failing ?? []).map { .subscriptionBilling(productId: $0, fails: false) }
            }),
        CommandDeclaration(
            "store price-increase PRODUCT PRICE",
            "the subscription's price rises to PRICE; each subscriber is asked to consent, and one who does not has the subscription expire at the end of its period",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let productId = try reader.subscription()
                return .storePriceIncrease(productId: productId, price: try reader.price())
            },
            arguments: { command in
                if case .storePriceIncrease(let productId, let price) = command { [productId, "\(price)"] } else { nil }
            },
            chaos: .init(weight: 1) { draw in
                let productId = draw.subscription()
                let price = (draw.catalog.product(id: productId)?.price ?? 0) + Decimal(draw.number(in: 1...20))
                return [.storePriceIncrease(productId: productId, price: price)]
            }),
        CommandDeclaration(
            "consent PRODUCT yes|no",
            "the subscriber answers the price increase of a subscription: yes, the next renewal charges the new price; no, it expires at the end of its period",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let productId = try reader.subscription()
                return .consent(productId: productId, agrees: try reader.toggle(on: "yes", off: "no"))
            },
            arguments: { command in
                if case .consent(let productId, let agrees) = command { [productId, agrees ? "yes" : "no"] } else { nil }
            },
            chaos: .init(weight: 1) { draw in [.consent(productId: draw.subscription(), agrees: draw.bool())] }),
    ]

    /// The device: its disk, the clock, the App Store account, the app's install, strategy and StoreKit generation.
    static let device: [CommandDeclaration] = [
        CommandDeclaration(
            "disk full|ok", "the device's disk fills up (the app's cache writes fail) or has room again",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .disk(full: try reader.toggle(on: "full", off: "ok")) },
            arguments: { command in if case .disk(let full) = command { [full ? "full" : "ok"] } else { nil } },
            chaos: .init(weight: 1) { draw in [.disk(full: draw.bool())] },
            restore: { world in world.diskFull ? [.disk(full: false)] : [] }),
        CommandDeclaration(
            "advance DURATION", "move the simulated clock (90s, 45m, 36h, 30d; at most 36500d); renewals and expiries fall due",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .advance(seconds: try reader.duration()) },
            arguments: { command in if case .advance(let seconds) = command { ["\(seconds)s"] } else { nil } },
            chaos: .init(weight: 3) { draw in [.advance(seconds: draw.seconds(in: 60...(40 * 86400)))] }),
        CommandDeclaration(
            "account NAME", "sign the device into another App Store account (default demo)", timing: .whenQuiet,
            read: { reader in .account(reader.word()) },
            arguments: { command in if case .account(let name) = command { [name] } else { nil } },
            chaos: .init(weight: 2) { draw in [.account(draw.element(of: ["demo", "family"], or: "demo"))] }),
        CommandDeclaration(
            "family add NAME", "App Store account NAME joins the signed-in account's family: Family Sharing shares their purchases",
            timing: .whenQuiet,
            read: { reader in .familyAdd(reader.word()) },
            arguments: { command in if case .familyAdd(let name) = command { [name] } else { nil } },
            chaos: .init(weight: 1) { draw in
                // The member signs in once (an account the device never signed into is unknown),
                // then the other account takes it into its family.
                let (member, organizer) = draw.bool() ? ("family", "demo") : ("demo", "family")
                return [.account(member), .account(organizer), .familyAdd(member)]
            }),
        CommandDeclaration(
            "family leave NAME", "App Store account NAME leaves its family: every purchase shared with it, or by it, is revoked (REVOKE)",
            timing: .whenQuiet,
            read: { reader in .familyLeave(reader.word()) },
            arguments: { command in if case .familyLeave(let name) = command { [name] } else { nil } },
            chaos: .init(weight: 1) { draw in [.familyLeave(draw.element(of: ["demo", "family"], or: "family"))] }),
        CommandDeclaration(
            "reinstall", "delete the app and its cache (the Store and the Server keep theirs), then launch",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore, command: .reinstall, chaos: .init(weight: 3) { _ in [.reinstall] }),
        CommandDeclaration(
            "strategy NAME", "switch the app's strategy: verify-then-finish, queue-only, finish-then-cache, finish-first or server-finishes",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .strategy(try reader.strategy()) },
            arguments: { command in if case .strategy(let strategy) = command { [strategy.rawValue] } else { nil } },
            playArguments: { command in if case .strategy(let strategy) = command { [strategy.word(on: .play)] } else { nil } }),
        CommandDeclaration(
            "api storekit1|storekit2",
            "switch the app's StoreKit generation: storekit1 (payment queue, receipts) or storekit2 (signed transactions)",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in .api(try reader.choice(StoreKitAPI.allCases, "StoreKit API")) },
            arguments: { command in if case .api(let api) = command { [api.rawValue] } else { nil } }),
    ]
}
