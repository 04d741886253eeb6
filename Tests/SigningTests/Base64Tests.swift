import Foundation
import Testing
@testable import Signing

/// RFC 4648 section 5, "Base 64 Encoding with URL and Filename Safe Alphabet", as RFC 7515
/// (JWS) uses it: "with all trailing '=' characters omitted". Foundation's standard base64,
/// with its two characters swapped and its padding dropped, is the independent reference.
@Suite("Base64url without padding")
struct Base64URLTests {
    /// Foundation's encoding of `bytes`, made URL-safe and unpadded.
    static func reference(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().compactMap { character -> Character? in
            switch character {
            case "+": "-"
            case "/": "_"
            case "=": nil
            default: character
            }
        })
    }

    @Test("the RFC 4648 test vectors, unpadded")
    func vectors() {
        expectVectors(.url, ["", "Zg", "Zm8", "Zm9v", "Zm9vYg", "Zm9vYmE", "Zm9vYmFy"])
    }

    @Test("every length up to 66 bytes and every byte value round-trip and match Foundation")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...66 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64.url.encode(bytes)
            #expect(encoded == Self.reference(bytes))
            #expect(Base64.url.decode(Substring(encoded)) == bytes)
        }
        let everyByte = (0...255).map(UInt8.init)
        #expect(Base64.url.encode(everyByte) == Self.reference(everyByte))
        #expect(Base64.url.decode(Substring(Self.reference(everyByte))) == everyByte)
    }

    @Test("standard base64's characters, padding, a foreign character, an impossible length and leftover bits are refused")
    func refusals() {
        for text in ["a+b/", "Zg==", "Zm9v=", "Zm9v!", "Zm9vY", "Zh", "Zm9", "Zm8é", "Zm 9v"] {
            #expect(Base64.url.decode(Substring(text)) == nil, "\(text)")
        }
    }
}

/// RFC 4648 section 4, "Base 64 Encoding", with its `=` padding, as a receipt's payload is
/// written. Foundation's `base64EncodedString()` is the independent reference.
@Suite("Standard base64 with padding")
struct StandardBase64Tests {
    @Test("the RFC 4648 test vectors")
    func vectors() {
        expectVectors(.standard, ["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"])
    }

    @Test("every length up to 66 bytes and every byte value round-trip and match Foundation, appended after other text")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...66 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var text = Array("before.".utf8)
            Base64.standard.append(bytes, to: &text)
            #expect(String(decoding: text, as: UTF8.self) == "before." + Data(bytes).base64EncodedString())
            #expect(Base64.standard.decode(text.dropFirst(7)) == bytes)
        }
        let everyByte = (0...255).map(UInt8.init)
        #expect(Base64.standard.encode(everyByte) == Data(everyByte).base64EncodedString())
    }

    @Test("missing, misplaced or extra padding, the URL alphabet, a foreign character and leftover bits are refused")
    func refusals() {
        for text in ["Zg", "Zg=", "Zm8", "Z===", "Zg===", "====", "Zm=v", "Zm9v====", "a-b_", "Zm9v!A==", "Zh==", "Zm9=", "Zm 9v"] {
            #expect(Base64.standard.decode(Substring(text)) == nil, "\(text)")
        }
    }
}

/// Checks `codec` against RFC 4648's test vectors ("", "f", "fo", … "foobar"), `encoded` being
/// how it writes each.
private func expectVectors(_ codec: Base64, _ encoded: [String]) {
    for (plain, text) in zip(["", "f", "fo", "foo", "foob", "fooba", "foobar"], encoded) {
        #expect(codec.encode(Array(plain.utf8)) == text)
        #expect(codec.decode(Substring(text)) == Array(plain.utf8))
    }
}
