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
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(Base64URL.decode(Substring(encoded)) == Array(plain.utf8))
        }
    }

    @Test("every length up to 66 bytes and every byte value round-trip and match Foundation")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...66 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64URL.encode(bytes)
            #expect(encoded == Self.reference(bytes))
            #expect(Base64URL.decode(Substring(encoded)) == bytes)
        }
        let everyByte = (0...255).map(UInt8.init)
        #expect(Base64URL.encode(everyByte) == Self.reference(everyByte))
        #expect(Base64URL.decode(Substring(Self.reference(everyByte))) == everyByte)
    }

    @Test("standard base64's characters, padding, a foreign character, an impossible length and leftover bits are refused")
    func refusals() {
        for text in ["a+b/", "Zg==", "Zm9v=", "Zm9v!", "Zm9vY", "Zh", "Zm9", "Zm8é", "Zm 9v"] {
            #expect(Base64URL.decode(Substring(text)) == nil, "\(text)")
        }
    }
}
