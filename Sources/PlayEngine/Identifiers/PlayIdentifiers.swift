import IAPCore

/// The ids Google Play makes up, derived from the world's secret so that they look random and are
/// the same in every run of a seeded world. It keeps nothing.
///
/// Order numbers: the n-th purchase's number is n scattered over the seventeen-digit numbers by a
/// keyed permutation (a Feistel network over 58 bits, walked until it lands below 9·10¹⁶, then
/// moved past 10¹⁶), so two sequence numbers never share an order number.
/// Purchase tokens: Google documents no shape ("A successful purchase also generates a purchase
/// token, which is a unique identifier"); StoreSim's are 80 lowercase letters, the first 14 the
/// order number's keyed permutation in base 26 (so two orders never share a token), the rest drawn
/// from it.
struct PlayIdentifiers {
    let secret: PlaySecret

    /// How many order numbers there are: one for each sequence number below this.
    static let capacity: Int64 = PlayOrderID.numbers.upperBound - PlayOrderID.numbers.lowerBound + 1

    /// How many letters a purchase token has.
    static let tokenLength = 80

    /// The order id of the purchase issued `sequence`-th (from 0); nil past `capacity`.
    func orderId(sequence: Int64) -> PlayOrderID? {
        guard sequence >= 0, sequence < Self.capacity else { return nil }
        var value = UInt64(sequence)
        repeat {
            value = permuted(value)
        } while value >= UInt64(Self.capacity)
        return PlayOrderID(number: PlayOrderID.numbers.lowerBound + Int64(value))
    }

    /// The purchase token of an order.
    func token(of order: PlayOrderID) -> String {
        var key = UInt64(order.number)
        for word in secret.words {
            key = Self.mixed(key ^ word)
        }
        var letters: [UInt8] = []
        var rest = key
        for _ in 0..<Self.uniqueLetters {
            letters.append(Self.letter(rest % 26))
            rest /= 26
        }
        var random = SplitMix64(seed: key)
        while letters.count < Self.tokenLength {
            letters.append(Self.letter(random.next() % 26))
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// The Developer API's OAuth 2 access token `serve` accepts: `ya29.` (as Google's access
    /// tokens begin) and 40 letters derived from the secret, so that a world keeps its token
    /// from one `serve` to the next and a seeded world's is the same in every run.
    var accessToken: String {
        var key = Self.accessTokenLabel
        for word in secret.words {
            key = Self.mixed(key ^ word)
        }
        var random = SplitMix64(seed: key)
        return "ya29.storesim-" + String(decoding: (0..<40).map { _ in Self.letter(random.next() % 26) }, as: UTF8.self)
    }

    /// Mixed in first, so that the access token is no purchase token's.
    private static let accessTokenLabel: UInt64 = 0x6163_6365_7373_746B

    /// The letters that hold a whole 64-bit number in base 26 (26¹⁴ > 2⁶⁴).
    private static let uniqueLetters = 14

    private static func letter(_ value: UInt64) -> UInt8 {
        UInt8(ascii: "a") + UInt8(value)
    }

    /// SplitMix64's first output from `value`: a permutation of the 64-bit numbers that scatters
    /// neighbours far apart.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: value)
        return generator.next()
    }

    /// Bits in each half of the Feistel network: 2 × 29 = 58 bits, the fewest that hold 9·10¹⁶.
    private static let halfBits: UInt64 = 29

    private static let halfMask: UInt64 = (1 << halfBits) - 1

    /// One pass of a balanced Feistel network over 58 bits, a round keyed by each word of the
    /// secret: a permutation of 0..<2⁵⁸.
    private func permuted(_ value: UInt64) -> UInt64 {
        var left = value >> Self.halfBits, right = value & Self.halfMask
        for (round, word) in secret.words.enumerated() {
            let mixed = Self.mixed(right ^ word ^ UInt64(round)) & Self.halfMask
            (left, right) = (right, left ^ mixed)
        }
        return left << Self.halfBits | right
    }
}
