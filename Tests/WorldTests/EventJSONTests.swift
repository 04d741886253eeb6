import Foundation
import IAPCore
import Testing
import WorldCore

/// An event's line in `events.log`, written directly, is the line Foundation's JSONEncoder (sorted
/// keys) writes for it, byte for byte: logs written before and after read the same.
@Suite struct EventJSONTests {
    static let texts = [
        "App ──▶ Store add payment com.storesim.coins.100",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        "$1.99→$2.99 / 100 金币 \u{2028} \u{85} \u{7F} \"quoted\" back\\slash http://a/b",
        "",
        String(repeating: "\u{1}", count: 300),  // every byte written as six: the most room a line needs
    ]

    @Test(arguments: texts)
    func aLineIsWhatTheEncoderWrites(text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let events = [
            Event(seq: 1, timeMillis: 0, kind: .command, from: .user, to: nil, text: text, subject: nil),
            Event(seq: 42, timeMillis: 1_764_000_000_123, kind: .message, from: .app, to: .store, text: text,
                  subject: .transaction(1_000_000_000_000_001)),
            Event(seq: 1 << 50, timeMillis: 99, kind: .delivered, from: .store, to: .server, text: text,
                  subject: .currentReceipt, sentSeq: 41),
            Event(seq: 7, timeMillis: 5, kind: .dropped, from: .server, to: .app, text: text, subject: nil, sentSeq: 0),
            Event(seq: 0, timeMillis: .max, kind: .note, from: .app, to: nil, text: text, subject: nil, sentSeq: 9),
            Event(seq: 10, timeMillis: .min, kind: .note, from: .app, to: nil, text: text, subject: nil, sentSeq: 1_000_000),
            Event(seq: 100, timeMillis: -1, kind: .note, from: .app, to: nil, text: text, subject: nil),
            Event(seq: 101, timeMillis: 2, kind: .message, from: .store, to: .app, what: .message(.products(valid: 1, invalid: [text])),
                  subject: nil),
            Event(seq: 102, timeMillis: 3, kind: .dropped, from: .server, to: .app,
                  what: .notDelivered(.verificationFailed(.transaction(1_000_000_000_000_001), reason: .serverCouldNotSave(problem: .file(text))), reason: .serverDown),
                  subject: .transaction(1_000_000_000_000_001), sentSeq: 101),
        ]
        for event in events {
            #expect(String(decoding: event.jsonLine, as: UTF8.self) == String(decoding: try encoder.encode(event), as: UTF8.self))
            #expect(try JSONDecoder().decode(Event.self, from: Data(event.jsonLine)) == event)
        }
    }

    /// The names of parties and kinds are written as literals: each is what the encoder writes.
    @Test func everyPartyAndKindIsWrittenAsTheEncoderWritesIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for kind in Event.Kind.allCases {
            for from in Party.allCases {
                for to in Party.allCases.map(Optional.some) + [nil] {
                    let event = Event(seq: 3, timeMillis: 30, kind: kind, from: from, to: to, text: "t", subject: nil)
                    #expect(String(decoding: event.jsonLine, as: UTF8.self) == String(decoding: try encoder.encode(event), as: UTF8.self))
                }
            }
        }
    }
}
