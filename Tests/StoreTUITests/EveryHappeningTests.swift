import Foundation
import IAPCore
import Testing
@testable import StoreTUI

/// Every case of an event is worded in English and in Simplified Chinese: one sample of each,
/// rendered in both languages, each Chinese wording as written down here (and, while the sentence
/// tables are kept, as they tell the English one).
@Suite struct EveryHappeningTests {
    /// One sample of every case of an event, at least.
    static let happenings: [Happening] = {
        let others: [Happening] = [
            .legacy("clock advanced to 2026-01-02 00:00:00"), .notDelivered(.finishTransaction(tx), reason: .appNotRunning),
            .crash(.verified, powerCut: false), .crash(nil, powerCut: true), .app(.powerCut(lostBytes: 0)), .app(.powerCut(lostBytes: 120)),
        ]
        let parties: [[Happening]] = [messages.map(Happening.message), appSteps.map(Happening.app), serverSteps.map(Happening.server),
                                      storeSteps.map(Happening.store), userActions.map(Happening.user)]
        let drops: [Happening] = [.notDelivered(.verifyPurchase(.transaction(tx), productId: pro, signed: false), reason: .serverDown),
                                  .notDelivered(.verifyPurchase(.transaction(tx), productId: pro, signed: false), reason: .networkOffline),
                                  .notDelivered(.verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .alreadyCredited,
                                                                                         productId: pro)), reason: .networkWentOffline),
                                  .notDelivered(.notificationAcknowledged(type: "REFUND", tx), reason: .replyLost),
                                  .notDelivered(.serverFinishTransaction(tx), reason: .callLost),
                                  .server(.couldNotSave(problem: .diskFull)),
                                  .cache(.tornLastRecord(line: 3)), .cache(.damagedRecord(line: 2)),
                                  .cache(.unreadableRecord(line: 4, problem: "Input/output error")),
                                  .recovery(LaunchRecovery(purchases: [.init(title: "100 Coins", transactionId: tx, source: .cache, outcome: .alreadyCredited)])),
                                  .recovery(LaunchRecovery(purchases: [
                                      .init(title: "100 Coins", transactionId: tx, source: .both, outcome: .creditedNow),
                                      .init(title: "StoreSim Pro", transactionId: 1_000_000_000_000_002, source: .queue,
                                            outcome: .stillPending(.noAnswer(.reply(.serverDown)))),
                                      .init(title: "Remove Ads", transactionId: 1_000_000_000_000_003, source: .cache, outcome: nil),
                                  ]))]
        return others + parties.joined() + drops + googlePlay
    }()

    @Test func everyCaseHasASample() {
        let cases = Set(Self.happenings.map(Self.place))
        #expect(cases == Set(0..<Self.caseCount), "cases without a sample: \(Set(0..<Self.caseCount).subtracting(cases).sorted())")
    }

    @Test func everySampleHasItsChineseWords() {
        #expect(Self.chinese.count == Self.happenings.count)
    }

    @Test(arguments: zip(EveryHappeningTests.happenings, EveryHappeningTests.chinese))
    func everyCaseIsWordedInBothLanguages(_ happening: Happening, chinese expected: String) {
        let english = Language.english.words(happening)
        let chinese = Language.simplifiedChinese.words(happening)
        #expect(english == happening.english && !english.isEmpty)
        #expect(chinese == expected, "\(english)")
    }

    /// The log writes what an event tells by hand (`EventJSONWriter`), for speed: byte for byte
    /// as the Codable conformance and Foundation's encoder with sorted keys write it, so that the
    /// log reads it back as the same value.
    @Test(arguments: EveryHappeningTests.happenings + EveryHappeningTests.reasonCarriers)
    func everyCaseIsWrittenAsItsCodableConformanceWritesIt(_ happening: Happening) throws {
        var json = EventJSONWriter()
        happening.write(to: &json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try encoder.encode(happening)
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONDecoder().decode(Happening.self, from: Data(json.bytes)) == happening)
    }

    /// Events carrying each sample of the reasons, grants and offers (`ReasonSamples`), for their
    /// JSON.
    static let reasonCarriers: [Happening] = ReasonSamples.unverified.map { .server(.notificationNotVerified(uuid: "5d9a", reason: $0)) }
        + ReasonSamples.notProven.map { .message(.verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .notProven($0), productId: nil))) }
        + ReasonSamples.pending.map { .recovery(LaunchRecovery(purchases: [.init(title: "100 Coins", transactionId: tx, source: .cache, outcome: .stillPending($0))])) }
        + (ReasonSamples.ownership + [.amounts([GrantAmount(currency: "coins", amount: 100)]), .written("+100 coins")]).map { .server(.credited(tx, grant: $0)) }
        + ReasonSamples.offers.map { .store(.offerAtRenewal(offer: $0)) }
        + [SaveProblem.diskFull, .file("disk I/O error")].map { .server(.couldNotSave(problem: $0)) }

    /// How many cases `place` tells apart.
    static let caseCount = 237
}
