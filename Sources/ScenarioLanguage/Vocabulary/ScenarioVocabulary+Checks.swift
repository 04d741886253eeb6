import IAPCore
import WorldCore

extension ScenarioVocabulary {
    /// Attacks that show the Server's defences, and the checks of a script.
    static let checks: [CommandDeclaration] = forgeries + expectations

    private static let forgeries: [CommandDeclaration] = [
        forgery("forge tamper TX", "the app sends TX's receipt with a byte changed") { .tamper(transactionId: $0) }
            unpack: { if case .tamper(let id) = $0 { id } else { nil } },
        forgery("forge replay TX", "the app sends TX's genuine receipt again, as a new purchase") { .replay(transactionId: $0) }
            unpack: { if case .replay(let id) = $0 { id } else { nil } },
        forgery("forge jws TX", "the app sends TX's signed transaction (StoreKit 2) with a byte changed: a digit of its price") {
            .jws(transactionId: $0)
        } unpack: { if case .jws(let id) = $0 { id } else { nil } },
        forgery("forge cache TX receipt", "a byte of the receipt in TX's cache entry is changed") { .cacheReceipt(transactionId: $0) }
            unpack: { if case .cacheReceipt(let id) = $0 { id } else { nil } },
        CommandDeclaration(
            "forge cache TX product PRODUCT", "TX's cache entry claims another (dearer) product", timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let id = try reader.transaction()
                return .forge(.cacheProduct(transactionId: id, productId: try reader.product()))
            },
            arguments: { command in
                if case .forge(.cacheProduct(let id, let productId)) = command { [id.description, productId] } else { nil }
            }),
    ]

    /// A forgery whose only argument is the transaction it forges.
    private static func forgery(_ usage: String, _ help: String,
                                _ make: @escaping @Sendable (TransactionID) -> ScenarioCommand.Forgery,
                                unpack: @escaping @Sendable (ScenarioCommand.Forgery) -> TransactionID?) -> CommandDeclaration {
        CommandDeclaration(
            usage, help, timing: .whenQuiet,
            read: { reader throws(CommandProblem) in .forge(make(try reader.transaction())) },
            arguments: { command in if case .forge(let forgery) = command { unpack(forgery).map { [$0.description] } } else { nil } })
    }

    private static let expectations: [CommandDeclaration] = [
        CommandDeclaration(
            "expect credited PRODUCT N", "the Server credited N purchases of PRODUCT", timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .expect(.credited(productId: productId, count: try reader.count()))
            },
            arguments: { command in
                if case .expect(.credited(let productId, let count)) = command { [productId, String(count)] } else { nil }
            }),
        CommandDeclaration(
            "expect balance CURRENCY N", "the Server's balance of a consumable currency, such as coins", timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in
                let currency = reader.word()
                return .expect(.balance(currency: currency, amount: try reader.count()))
            },
            arguments: { command in
                if case .expect(.balance(let currency, let amount)) = command { [currency, String(amount)] } else { nil }
            }),
        CommandDeclaration(
            "expect owned PRODUCT yes|no", "the Server's entitlement: a non-consumable, or an active subscription",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore,
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .expect(.owned(productId: productId, owned: try reader.toggle(on: "yes", off: "no")))
            },
            arguments: { command in
                if case .expect(.owned(let productId, let owned)) = command { [productId, owned ? "yes" : "no"] } else { nil }
            }),
        CommandDeclaration(
            "expect shared PRODUCT yes|no",
            "the Server's entitlement of the signed-in account through Family Sharing (a family member's shared purchase)",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .expect(.shared(productId: productId, shared: try reader.toggle(on: "yes", off: "no")))
            },
            arguments: { command in
                if case .expect(.shared(let productId, let shared)) = command { [productId, shared ? "yes" : "no"] } else { nil }
            }),
        CommandDeclaration(
            "expect receipt PRODUCT N", "the receipt of the signed-in App Store account lists N purchases of PRODUCT",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .expect(.onReceipt(productId: productId, count: try reader.count()))
            },
            arguments: { command in
                if case .expect(.onReceipt(let productId, let count)) = command { [productId, String(count)] } else { nil }
            }),
        count("expect pending N", "entries in the app's pending-order cache", stores: CommandDeclaration.everyStore) { .pending($0) }
            unpack: { if case .pending(let count) = $0 { count } else { nil } },
        count("expect unfinished N", "unfinished transactions in the Store's queue (Google Play: purchased, unacknowledged, not refunded)",
              stores: CommandDeclaration.everyStore) { .unfinished($0) }
            unpack: { if case .unfinished(let count) = $0 { count } else { nil } },
        count("expect lost N", "the audit's lost: paid, never credited, and nothing can recover it", stores: CommandDeclaration.everyStore) {
            .lost($0)
        }
            unpack: { if case .lost(let count) = $0 { count } else { nil } },
        count("expect overcharged N", "the audit's overcharged: paid again for what the account already held, not refunded") {
            .overcharged($0)
        } unpack: { if case .overcharged(let count) = $0 { count } else { nil } },
        count("expect notifications pending N",
              "notifications the Store has not yet had acknowledged and will still retry or can be fetched (Google Play: Pub/Sub still pushes)",
              stores: CommandDeclaration.everyStore) {
            .notificationsPending($0)
        } unpack: { if case .notificationsPending(let count) = $0 { count } else { nil } },
        CommandDeclaration(
            "expect notified TYPE[.SUBTYPE] N",
            "the Store posted N notifications of TYPE with SUBTYPE (TYPE alone: without a subtype), such as SUBSCRIBED.INITIAL_BUY or OFFER_REDEEMED",
            timing: .whenQuiet,
            read: { reader throws(CommandProblem) in
                let told = reader.word()
                let type = String(told.prefix { $0 != "." })
                guard NotificationType(rawValue: type) != nil else {
                    throw CommandProblem(problem: "unknown notification type '\(type)'"
                        + NearWords(type, among: NotificationType.allCases.map(\.rawValue)).hint)
                }
                return .expect(.notified(notification: told, count: try reader.count()))
            },
            arguments: { command in
                if case .expect(.notified(let told, let count)) = command { [told, String(count)] } else { nil }
            }),
        count("expect auto-refunded N",
              "Google Play's autoRefunded: paid, then refunded and revoked because nobody acknowledged it within three days",
              stores: [.play]) { .autoRefunded($0) } unpack: { if case .autoRefunded(let count) = $0 { count } else { nil } },
        CommandDeclaration(
            "expect acknowledged PRODUCT yes|no", "Google Play's latest purchase of PRODUCT is acknowledged (consuming counts)",
            timing: .whenQuiet, stores: [.play],
            read: { reader throws(CommandProblem) in
                let productId = try reader.product()
                return .expect(.acknowledged(productId: productId, acknowledged: try reader.toggle(on: "yes", off: "no")))
            },
            arguments: { command in
                if case .expect(.acknowledged(let productId, let acknowledged)) = command { [productId, acknowledged ? "yes" : "no"] } else { nil }
            }),
        CommandDeclaration(
            "expect audit ok", "nothing lost, nothing credited twice, no credit without a payment (Google Play: nothing auto-refunded)",
            timing: .whenQuiet, stores: CommandDeclaration.everyStore, command: .expect(.auditOk)),
    ]

    /// An expectation of one count.
    private static func count(_ usage: String, _ help: String, stores: Set<StoreKind> = [.appStore],
                              _ make: @escaping @Sendable (Int) -> Expectation,
                              unpack: @escaping @Sendable (Expectation) -> Int?) -> CommandDeclaration {
        CommandDeclaration(
            usage, help, timing: .whenQuiet, stores: stores,
            read: { reader throws(CommandProblem) in .expect(make(try reader.count())) },
            arguments: { command in
                if case .expect(let expectation) = command, let count = unpack(expectation) { [String(count)] } else { nil }
            })
    }
}
