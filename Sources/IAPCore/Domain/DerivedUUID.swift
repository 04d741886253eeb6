/// A version-4 UUID's text, lowercase, made from the first 16 of some derived bytes (an HMAC of a
/// world's secret): random-looking, and the same in every run of a seeded world.
public enum DerivedUUID {
    public static func text(from bytes: [UInt8]) -> String {
        var b = Array(bytes.prefix(16)) + Array(repeating: 0, count: max(0, 16 - bytes.count))
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef")
        let hex = String(b.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
        let cuts = [0, 8, 12, 16, 20, 32].map { hex.index(hex.startIndex, offsetBy: $0) }
        return (0..<5).map { String(hex[cuts[$0]..<cuts[$0 + 1]]) }.joined(separator: "-")
    }
}
