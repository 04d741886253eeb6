import IAPCore

/// The secret a world's Google Play is made with: four 64-bit words from which its order numbers
/// are scattered and its purchase tokens derived (`PlayIdentifiers`). A default world draws it
/// from the system's random source, so that no two worlds share it; a world made with an explicit
/// seed derives it from the seed, so that every run of it issues the same ids and tokens.
struct PlaySecret: Equatable {
    let words: [UInt64]

    /// How many words a secret has.
    static let wordCount = 4

    /// The secret derived from `seed` when one is given, else drawn from the system's random source.
    init(seed: UInt64?) {
        guard let seed else {
            var random = SystemRandomNumberGenerator()
            words = (0..<Self.wordCount).map { _ in random.next() }
            return
        }
        var derived = SplitMix64(seed: seed ^ Self.seedLabel)
        words = (0..<Self.wordCount).map { _ in derived.next() }
    }

    /// The secret its `text` names; nil for any other text.
    init?(text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == Self.wordCount * 16 else { return nil }
        var words: [UInt64] = []
        for start in stride(from: 0, to: bytes.count, by: 16) {
            guard let word = UInt64(String(decoding: bytes[start..<start + 16], as: UTF8.self), radix: 16) else { return nil }
            words.append(word)
        }
        self.words = words
    }

    /// The secret as `play.sqlite` keeps it: 64 lowercase hex digits.
    var text: String {
        words.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Mixed into a seed first, so that a Play secret is never the seed's first draw elsewhere.
    private static let seedLabel: UInt64 = 0x706C_6179_2073_6563
}
