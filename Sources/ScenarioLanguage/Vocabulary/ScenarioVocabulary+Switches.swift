import IAPCore
import WorldCore

extension ScenarioVocabulary {
    /// The switches between the parties: the network, the Server and its disk, the device's disk.
    static let switches: [CommandDeclaration] = [
        CommandDeclaration(
            "network online|offline", "the link between the App and the Server", timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .network(online: try reader.toggle(on: "online", off: "offline")) },
            arguments: { command in if case .network(let online) = command { [online ? "online" : "offline"] } else { nil } },
            chaos: .init(weight: 5) { draw in [.network(online: draw.bool())] },
            restore: { world in world.settings.networkOnline ? [] : [.network(online: true)] }),
        CommandDeclaration(
            "server up|down|drop-response", "the Server answers, is down, or commits and then loses its reply",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .server(try reader.choice(WorldSettings.ServerMode.allCases, "server mode")) },
            arguments: { command in if case .server(let mode) = command { [mode.rawValue] } else { nil } },
            chaos: .init(weight: 6) { draw in [.server(draw.element(of: WorldSettings.ServerMode.allCases, or: .up))] },
            restore: { world in world.settings.server == .up ? [] : [.server(.up)] }),
        CommandDeclaration(
            "server url URL|built-in",
            "the app sends each purchase to an outside server (POST URL/storesim/verify) instead of the built-in Server, or to the built-in one again",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .serverURL(try reader.outsideURL(or: "built-in")) },
            arguments: { command in if case .serverURL(let url) = command { [url ?? "built-in"] } else { nil } }),
        CommandDeclaration(
            "server shared-secret wrong|ok", "the Server's configured shared secret is wrong (verifyReceipt answers 21004) or the app's",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in .serverSharedSecret(right: try reader.toggle(on: "ok", off: "wrong")) },
            arguments: { command in if case .serverSharedSecret(let right) = command { [right ? "ok" : "wrong"] } else { nil } },
            chaos: .init(weight: 1) { draw in [.serverSharedSecret(right: draw.bool())] },
            restore: { world in world.server.configuration.sharedSecret == world.store.sharedSecret ? [] : [.serverSharedSecret(right: true)] }),
        CommandDeclaration(
            "server verify-method post|get", "the Server asks verifyReceipt by POST, or by GET (verifyReceipt answers 21000)",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in .serverVerifyMethod(post: try reader.toggle(on: "post", off: "get")) },
            arguments: { command in if case .serverVerifyMethod(let post) = command { [post ? "post" : "get"] } else { nil } },
            chaos: .init(weight: 1) { draw in [.serverVerifyMethod(post: draw.bool())] },
            restore: { world in world.server.configuration.usesPost ? [] : [.serverVerifyMethod(post: true)] }),
        CommandDeclaration(
            "server verify-first production|sandbox",
            "the environment the Server sends a receipt to first: production (the sandbox on 21007), or the sandbox, as a development Server (production on 21008)",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in .serverVerifyFirst(try reader.choice(StoreEnvironment.allCases, "environment")) },
            arguments: { command in if case .serverVerifyFirst(let environment) = command { [environment.rawValue] } else { nil } },
            chaos: .init(weight: 1) { draw in [.serverVerifyFirst(draw.element(of: StoreEnvironment.allCases, or: .production))] },
            restore: { world in world.server.configuration.verifiesFirst == .production ? [] : [.serverVerifyFirst(.production)] }),
        CommandDeclaration(
            "server disk full|ok", "the Server's disk fills up (its database writes fail) or has room again",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in .serverDisk(full: try reader.toggle(on: "full", off: "ok")) },
            arguments: { command in if case .serverDisk(let full) = command { [full ? "full" : "ok"] } else { nil } }),
        CommandDeclaration(
            "server notifications on|off",
            "the Store posts App Store Server Notifications V2 to the Server (default off); on Google Play: Real-time developer notifications through Pub/Sub",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .serverNotifications(on: try reader.toggle(on: "on", off: "off")) },
            arguments: { command in if case .serverNotifications(let on) = command { [on ? "on" : "off"] } else { nil } }),
        CommandDeclaration(
            "server notifications url URL|off",
            "the Store POSTs {\"signedPayload\"} to the team's URL (http:// or https://) instead of to the Server; HTTP 200 acknowledges, anything else is retried on Apple's schedule; off: the Server again; on Google Play: Pub/Sub pushes there, any 2xx acknowledges",
            timing: .atOnce, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in .serverNotificationsURL(try reader.outsideURL(or: "off")) },
            arguments: { command in if case .serverNotificationsURL(let url) = command { [url ?? "off"] } else { nil } }),
        CommandDeclaration(
            "server history",
            "the Server fetches the notifications it missed (Get Notification History) and each known customer's transactions (Get Transaction History)",
            timing: .whenQuiet, command: .serverHistory),
        CommandDeclaration(
            "server test-notification",
            "the Server asks the Store for a TEST notification (Request a Test Notification), posted, retried and acknowledged like any other; refused while notifications are off",
            timing: .atOnce, command: .serverTestNotification),
        CommandDeclaration(
            "server test-notification status",
            "the Server asks how its last TEST notification's attempts went (Get Test Notification Status)",
            timing: .whenQuiet, command: .serverTestNotificationStatus),
        CommandDeclaration(
            "server extend PRODUCT DAYS [REASON]",
            "the Server extends the renewal date of the account's subscription by DAYS, 1 to 90 (Extend a Subscription Renewal Date; REASON is Apple's extendReasonCode 0-3, default 0); the Store posts RENEWAL_EXTENDED, or answers Apple's error",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let productId = try reader.subscription()
                let days = try reader.count()
                return .serverExtend(productId: productId, days: days, reasonCode: try reader.optionalCount() ?? 0)
            },
            arguments: { command in
                if case .serverExtend(let productId, let days, let reason) = command { [productId, "\(days)", "\(reason)"] } else { nil }
            }),
    ]

    /// The Store's switches and what the user and Apple do at the Store.
    static let store: [CommandDeclaration] = [
        CommandDeclaration(
            "store \(StoreSwitch.all.map(\.name).joined(separator: "|")) on|off", "Store switches: " + StoreSwitch.helpLine,
            timing: .atOnce,
            read: { reader throws(CommandProblem) in
                let storeSwitch = try reader.choice(StoreSwitch.all, "store switch")
                return .store(storeSwitch, on: try reader.toggle(on: "on", off: "off"))
            },
            arguments: { command in
                if case .store(let storeSwitch, let on) = command { [storeSwitch.rawValue, on ? "on" : "off"] } else { nil }
            },
            chaos: .init(weight: 5) { draw in [.store(draw.element(of: StoreSwitch.drawnByChaos, or: .fail), on: draw.bool())] },
            restore: { world in
                StoreSwitch.drawnByChaos.filter { world.store.switches[$0] != $0.normal }.map { .store($0, on: $0.normal != .off) }
            }),
        CommandDeclaration(
            "store fail on REASON", "purchases fail with payment-invalid, not-allowed, network or unknown",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in
                .storeFail(try reader.choice(PurchaseError.allCases.filter { StoreSwitch.fail.values.contains(.failing($0)) }, "failure"))
            },
            arguments: { command in if case .storeFail(let reason) = command { [reason.rawValue] } else { nil } }),
        CommandDeclaration(
            "store sell PRODUCT on|off", "the Store sells, or stops selling, a product (its identifier comes back invalid)",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .storeSell(productId: productId, on: try reader.toggle(on: "on", off: "off"))
            },
            arguments: { command in
                if case .storeSell(let productId, let on) = command { [productId, on ? "on" : "off"] } else { nil }
            }),
        CommandDeclaration(
            "store grace-period on 3d|16d|28d", "the billing grace period, of Apple's lengths (on alone is 16d)",
            timing: .atOnce,
            read: { reader throws(CommandProblem) in
                let length = reader.word()
                guard StoreSwitch.gracePeriodLengths.contains(length) else {
                    throw CommandProblem(problem: "unknown grace period '\(length)'; expected one of: 3d, 16d, 28d")
                }
                return .storeSet(.gracePeriod, .named(length))
            },
            arguments: { command in
                if case .storeSet(.gracePeriod, .named(let length)) = command { [length] } else { nil }
            },
            chaos: .init(weight: 1) { draw in
                let length = draw.element(of: [nil] + StoreSwitch.gracePeriodLengths.map { $0 }, or: nil)
                return [length.map { .storeSet(.gracePeriod, .named($0)) } ?? .store(.gracePeriod, on: false)]
            },
            restore: { world in world.store.switches[.gracePeriod] == .off ? [] : [.store(.gracePeriod, on: false)] }),
    ] + StoreSwitch.withWords.map(turning) + [
        CommandDeclaration(
            "store delete TRANSACTION", "delete a transaction from the Store, as StoreKit Testing allows",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in .storeDelete(transactionId: try reader.transaction()) },
            arguments: { command in if case .storeDelete(let id) = command { [id.description] } else { nil } }),
        CommandDeclaration(
            "resolve PRODUCT", "the user resolves the interrupted purchase: a new transaction arrives",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in .resolve(productId: try reader.product()) },
            arguments: { command in if case .resolve(let productId) = command { [productId] } else { nil } },
            chaos: .init(weight: 1) { draw in [.resolve(productId: draw.product())] }),
        CommandDeclaration(
            "refund PRODUCT|TRANSACTION [reason] [app-issue|other]",
            "the Store refunds a transaction (a number) or the latest of PRODUCT, for a reason (Apple's revocationReason); the Server learns of it from a REFUND notification (with notifications on) or at its next receipt check; a running StoreKit 2 app, through Transaction.updates",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let target = try reader.refundTarget()
                guard let word = reader.optionalWord() else { return .refund(target, reason: nil) }
                guard word == "reason" else { throw CommandProblem(problem: "usage: refund PRODUCT|TRANSACTION [reason app-issue|other]") }
                let text = reader.word()
                guard let reason = RevocationReason(word: text) else {
                    throw CommandProblem(problem: "unknown refund reason '\(text)'; expected one of: app-issue, other")
                }
                return .refund(target, reason: reason)
            },
            arguments: { command in
                guard case .refund(let target, let reason) = command else { return nil }
                let written = switch target {
                case .product(let productId): productId
                case .transaction(let id): id.description
                }
                return [written] + (reason.map { ["reason", $0.word] } ?? [])
            },
            chaos: .init(weight: 1) { draw in
                [.refund(.product(draw.product()), reason: draw.element(of: [nil] + RevocationReason.allCases.map { $0 }, or: nil))]
            }),
        refundDecision("refund request PRODUCT|TRANSACTION",
                       "the customer asks the Store to refund a transaction (a number) or the latest of PRODUCT; the Store holds the request until refund grants it or refund decline declines it",
                       ScenarioCommand.requestRefund) { if case .requestRefund(let target) = $0 { target } else { nil } },
        refundDecision("refund decline PRODUCT|TRANSACTION",
                       "the Store declines the pending refund request of a transaction (a number) or of the latest PRODUCT: nothing is revoked, and a REFUND_DECLINED notification tells the Server (with notifications on)",
                       ScenarioCommand.declineRefund) { if case .declineRefund(let target) = $0 { target } else { nil } },
        refundDecision("refund reverse PRODUCT|TRANSACTION",
                       "the Store reverses the refund of a transaction (a number) or of the newest refunded PRODUCT, as after a dispute the customer raised: its signed transaction loses its revocation fields; the Server reinstates what the refund took back from a REFUND_REVERSED notification (with notifications on) or at its next receipt check",
                       ScenarioCommand.reverseRefund) { if case .reverseRefund(let target) = $0 { target } else { nil } },
    ] + subscriptions + device

    /// A refund command of one target, `refund WORD PRODUCT|TRANSACTION`, never drawn by chaos.
    private static func refundDecision(_ usage: String, _ help: String, _ make: @escaping @Sendable (ScenarioCommand.RefundTarget) -> ScenarioCommand,
                                       target: @escaping @Sendable (ScenarioCommand) -> ScenarioCommand.RefundTarget?) -> CommandDeclaration {
        CommandDeclaration(
            usage, help, timing: .whenQuiet,
            read: { reader throws(CommandProblem) in make(try reader.refundTarget()) },
            arguments: { command in
                guard let target = target(command) else { return nil }
                return switch target {
                case .product(let productId): [productId]
                case .transaction(let id): [id.description]
                }
            })
    }

    /// The command of a Store switch whose values are words of its own, read from its
    /// declaration: `store environment production|sandbox`.
    private static func turning(_ storeSwitch: StoreSwitch) -> CommandDeclaration {
        CommandDeclaration(
            "store \(storeSwitch.name) \(storeSwitch.values.map(\.word).joined(separator: "|"))", storeSwitch.help,
            timing: .atOnce,
            read: { reader throws(CommandProblem) in
                let text = reader.word()
                guard let value = storeSwitch.value(named: text) else {
                    let words = storeSwitch.values.map(\.word).joined(separator: ", ")
                    throw CommandProblem(problem: "unknown \(storeSwitch.name) value '\(text)'; expected one of: \(words)")
                }
                return .storeSet(storeSwitch, value)
            },
            arguments: { command in
                if case .storeSet(storeSwitch, let value) = command { [value.word] } else { nil }
            },
            chaos: storeSwitch.chaosWeight.map { weight in
                .init(weight: weight) { draw in [.storeSet(storeSwitch, draw.element(of: storeSwitch.values, or: storeSwitch.normal))] }
            },
            restore: { world in world.store.switches[storeSwitch] == storeSwitch.normal ? [] : [.storeSet(storeSwitch, storeSwitch.normal)] })
    }
}
