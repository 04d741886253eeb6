import IAPClient
import IAPCore
import ReadSide
import ScenarioLanguage
import Signing
import StoreEngine
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// What the simulation writes that the interface shows is in Simplified Chinese: the loss
/// report, strategies, crash points, the world's refusals, and the reasons, grants and offers
/// inside events worded case by case (scenario words and ids stay as they are).
/// `SlowChineseScenarioTests` does the same for every event of every shipped script.
@Suite struct ChineseSentencesTests {
    /// Every reason, grant and offer an event carries is worded by a switch over its cases, in
    /// Chinese and each its own; only what the storage layer or libcrypto said, and a grant of
    /// the catalog's own currency, are shown as written.
    @Test func theReasonsInsideEventsAreWordedCaseByCase() {
        let groups: [(String, [(english: String, chinese: String)])] = [
            ("StoreFailure", StoreFailure.allCases.map { ($0.english, SimplifiedChinese.words($0)) }),
            ("PurchaseError", PurchaseError.allCases.map { ($0.explanation, SimplifiedChinese.words($0)) }),
            ("ReceiptStatus", ReceiptStatus.allCases.map { ($0.meaning, SimplifiedChinese.words($0)) }),
            ("ServerRefusal", ServerRefusal.allCases.map { ($0.meaning, SimplifiedChinese.words($0)) }),
            ("UnverifiedReason", ReasonSamples.unverified.map { ($0.english, SimplifiedChinese.words($0)) }),
            ("SigningError", ReasonSamples.signing.map { ($0.description, SimplifiedChinese.words($0)) }),
            ("NotProvenReason", ReasonSamples.notProven.map { ($0.english, SimplifiedChinese.words($0)) }),
            ("PendingReason", ReasonSamples.pending.map { ($0.english, SimplifiedChinese.words($0)) }),
            ("SaveProblem", [SaveProblem.diskFull].map { ($0.english, SimplifiedChinese.words($0)) }),
            ("Grant", ReasonSamples.ownership.map { ($0.english, SimplifiedChinese.words($0)) }),
            ("AppliedOffer", ReasonSamples.offers.map { ($0.text, SimplifiedChinese.words($0)) }),
        ]
        for (type, words) in groups {
            for (english, chinese) in words {
                #expect(chinese != english && chinese.unicodeScalars.contains(where: LanguageTableTests.isChinese), "\(type): \(english) → \(chinese)")
            }
            #expect(Set(words.map(\.chinese)).count == words.count, "\(type): each case has words of its own")
        }
        let asWritten: [(String, String)] = [
            (SaveProblem.file("table credits: disk I/O error").english, SimplifiedChinese.words(SaveProblem.file("table credits: disk I/O error"))),
            (Grant.amounts([GrantAmount(currency: "coins", amount: 100)]).english, SimplifiedChinese.words(Grant.amounts([GrantAmount(currency: "coins", amount: 100)]))),
            (Grant.written("owns com.storesim.pro").english, SimplifiedChinese.words(Grant.written("owns com.storesim.pro"))),
        ]
        for (english, chinese) in asWritten { #expect(chinese == english) }
        #expect(Set(ReasonSamples.unverified.map(ReasonSamples.place)) == Set(0...13), "every case of UnverifiedReason has a sample")
        #expect(SimplifiedChinese.words(SigningError.badChain(.libcrypto("certificate has expired"))) == "证书链验证失败：certificate has expired")
    }

    /// The loss report is worded line for line in Chinese, each cause the matrix can give its own.
    @Test func theLossReportAndEveryCauseAreWordedInChinese() {
        let catalog = BuiltInCatalog.catalog()
        let losses = [LossFinding(transactionId: 1000000000000001, productId: "com.storesim.pro", finished: true, strategy: .finishThenCache),
                      LossFinding(transactionId: 1000000000000002, productId: "com.example.gone", finished: false, strategy: nil)]
        #expect(Language.simplifiedChinese.lossReport(losses, catalog: catalog, locale: "zh_CN") == [
            "启动时发现 2 笔已丢失的购买（已付款，从未入账，已无可恢复）：",
            "  StoreSim 专业版（tx 1000000000000001）：已丢失，已付 US$9.99，策略 finish-then-cache",
            "    已执行：在商店付款、报告已购买、在商店完成交易；从未执行：存入 App 缓存、服务器入账、App 得知入账",
            "    为何无法恢复：在收据保存前就完成了交易；商店不会再次发送它",
            "    verify-then-finish 或 queue-only 本可以保住它：它们只在服务器入账后才完成交易，所以在那之前商店会一直重新发送它",
            "  com.example.gone（tx 1000000000000002）：已丢失，已付款",
            "    已执行：在商店付款、报告已购买；从未执行：在商店完成交易、存入 App 缓存、服务器入账、App 得知入账",
            "    为何无法恢复：在服务器入账前就完成了交易，且没有缓存；商店不会再次发送它",
            "    verify-then-finish 或 queue-only 本可以保住它：它们只在服务器入账后才完成交易，所以在那之前商店会一直重新发送它",
        ])
        #expect(Language.english.lossReport(losses, catalog: catalog, locale: "en_US") == LossReportText.lines(losses, catalog: catalog))
        let trials = CrashPoint.allCases.flatMap { [MatrixCell.Trial.crash($0), .powerCut($0)] } + MatrixFault.allCases.map(MatrixCell.Trial.fault)
            + [.notified(.serverDownPastRetries(history: false))]
        let causes = Strategy.allCases.flatMap { strategy in trials.map { LossCause(strategy: strategy, trial: $0) } }
        let words = Set(causes.map(SimplifiedChinese.words))
        #expect(words.count == Set(causes.map(\.english)).count, "each cause has words of its own")
        #expect(words.allSatisfy { $0.unicodeScalars.contains(where: LanguageTableTests.isChinese) })
    }

    /// Strategies and crash points are worded by switches over their cases, not told from
    /// their English: each in Chinese, and each its own.
    @Test(arguments: StoreKind.allCases)
    func strategiesAndCrashPointsAreWordedCaseByCase(_ store: StoreKind) {
        let summaries = Strategy.allCases.map { Language.simplifiedChinese.summary($0, on: store) }
        let explanations = CrashPoint.allCases.map { Language.simplifiedChinese.explanation($0, on: store) }
        for words in summaries + explanations {
            #expect(words.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(words)")
        }
        #expect(Set(summaries).count == Strategy.allCases.count && Set(explanations).count == CrashPoint.allCases.count)
        #expect(Strategy.allCases.map { Language.english.summary($0, on: store) } == Strategy.allCases.map { $0.summary(on: store) })
        #expect(CrashPoint.allCases.map { Language.english.explanation($0, on: store) } == CrashPoint.allCases.map { $0.explanation(on: store) })
        if store == .play {
            #expect(Set(summaries).isDisjoint(with: Strategy.allCases.map { Language.simplifiedChinese.summary($0) }),
                    "Google Play's summaries are Google Play's own")
        }
    }

    /// The world refuses commands with typed refusals, each worded in Chinese by its case
    /// (`EveryRefusalTests` words a sample of every case).
    @Test func theWorldsRefusalsAreTold() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 1)
        let pro = "com.storesim.pro", id: TransactionID = 1000000000000009
        let commands: [ScenarioCommand] = [.buy(productId: pro, answer: .confirm), .launch, .launch, .approve(productId: pro),
                                           .resolve(productId: pro), .refund(.product(pro), reason: nil), .refund(.transaction(id), reason: nil),
                                           .storeDelete(transactionId: id), .forge(.tamper(transactionId: id)), .forge(.jws(transactionId: id)),
                                           .advance(seconds: Int64.max / 1000)]
        var refusals: [WorldRefusal] = []
        for command in commands {
            do {
                try world.perform(command)
            } catch {
                switch error {
                case .refused(let refusal): refusals.append(refusal)
                case .failed(let failure): Issue.record("\(command): \(failure)")
                }
            }
        }
        #expect(refusals == [.needsRunningApp(command: "buy", .notLaunched), .appRunningAlready, .store(.noAskToBuyRequest(productId: pro)),
                             .store(.noInterruptedPurchase(productId: pro)), .store(.noPaidPurchase(account: "demo", productId: pro)),
                             .store(.noPaidTransaction(account: "demo", id)), .store(.noTransaction(id)), .noReceipt(id),
                             .noSignedTransaction(id), .clockAtItsEnd(nowMillis: SimulatedTime.millis(world.now))],
                "every command but the first launch is refused")
        for refusal in refusals {
            let chinese = Language.simplifiedChinese.words(refusal)
            #expect(chinese.unicodeScalars.contains(where: LanguageTableTests.isChinese), "\(refusal.english): \(chinese)")
        }
    }

    @Test func storeKit2sAndTheAppStoreServerAPIsMessagesAreWordedInChinese() {
        let signed = SignedTransaction(transactionId: 1000000000000001, productId: "com.storesim.coins.100", state: .purchased, jws: "a.b.c")
        let request = VerificationRequest(transactionId: 1000000000000001, productId: "com.storesim.pro", serverProductId: nil,
                                          receipt: "a.b.c", purpose: .renewal)
        let refund = ServerNotification(uuid: "00000000-0000-4000-8000-000000000001", type: .refund, subtype: nil,
                                        transactionId: 1000000000000001, productId: "com.storesim.pro", signedPayload: "a.b.c", attempt: 1)
        let renewal = ServerNotification(uuid: "00000000-0000-4000-8000-000000000002", type: .didChangeRenewalStatus,
                                         subtype: "AUTO_RENEW_DISABLED", transactionId: 1000000000000001,
                                         productId: "com.storesim.premium.monthly", signedPayload: "a.b.c", attempt: 3)
        var messages: [Message] = [
            .purchase(PaymentRequest(productId: "com.storesim.pro", answer: .ask)), .purchaseResult(.success(signed)),
            .purchaseResult(.userCancelled(productId: "com.storesim.pro")), .purchaseResult(.pending(productId: "com.storesim.pro")),
            .purchaseResult(.failed(productId: "com.storesim.pro", .networkError)), .listenForTransactions,
            .transactionUpdate(signed), .finish(transactionId: 1000000000000001), .sync, .verifySignedTransaction(request),
            .notification(refund), .notification(renewal), .notificationAcknowledged(renewal), .getNotificationHistory,
            .notificationHistory([refund, renewal]),
            .getTransactionInfo(request), .transactionInfo(TransactionInfo(request: request, signedTransactionInfo: nil)),
            .transactionInfo(TransactionInfo(request: request, signedTransactionInfo: "a.b.c")),
            .verificationAnswered(VerificationAnswer(transactionId: 1000000000000001, outcome: .refused(.unknownToStore), productId: nil)),
        ]
        messages += ReasonSamples.unverified.map { .verificationAnswered(VerificationAnswer(transactionId: 1000000000000001,
                                                                                            outcome: .unverified(.verificationFailure, $0),
                                                                                            productId: nil)) }
        let outcomes = ReasonSamples.unverified.map { reason in
            Happening.recovery(LaunchRecovery(purchases: [.init(title: "StoreSim Pro", transactionId: 1000000000000001, source: .queue,
                                                                outcome: .rejected(.unverified(.verificationFailure, reason: reason)))]))
        }
        for happening in messages.map({ Happening.message($0.said) }) + outcomes {
            let words = SimplifiedChinese.words(happening)
            #expect(words != happening.english && words.unicodeScalars.contains(where: LanguageTableTests.isChinese), "\(happening.english)")
        }
    }
}
