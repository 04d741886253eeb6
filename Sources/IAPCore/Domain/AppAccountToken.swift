/// StoreKit 2's `appAccountToken`: a UUID the app sets on a purchase to name its own user, which
/// the App Store keeps in the signed transaction and its renewals. StoreSim's app signs its user in
/// under the name of the device's App Store account (`account NAME` changes both), and the token
/// is a UUID derived from that name, the same on the app and on the Server.
public enum AppAccountToken {
    /// The token of the app's user `user`: a version 4 shaped UUID from a hash of the name.
    public static func of(user: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "storesim app user \(user)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        var generator = SplitMix64(seed: hash)
        let high = generator.next() & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
        let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        let hex = hex16(high) + hex16(low)
        let cuts = [8, 12, 16, 20]
        var parts: [Substring] = [], start = hex.startIndex
        for cut in cuts {
            let end = hex.index(hex.startIndex, offsetBy: cut)
            parts.append(hex[start..<end])
            start = end
        }
        parts.append(hex[start...])
        return parts.joined(separator: "-")
    }

    private static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
