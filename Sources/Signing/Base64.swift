/// Base64url without padding (RFC 4648 section 5), as the three parts of a JWS are written.
/// Every signed transaction is encoded once and decoded at each check, so this works on bytes,
/// a table lookup per character.
public enum Base64URL {
    /// `bytes` in base64url, without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] {
                text.append(alphabet[Int(group >> UInt32(shift) & 63)])
            }
            index += 3
        }
        let left = bytes.count - index
        if left > 0 {
            let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            for shift in [18, 12, 6].prefix(left + 1) {
                text.append(alphabet[Int(group >> UInt32(shift) & 63)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of unpadded base64url text, or nil when it is not that (a `+`, `/` or `=`, a
    /// character outside the alphabet, a length no encoding has, or leftover bits that are not
    /// zero, which no encoder writes).
    public static func decode(_ text: Substring) -> [UInt8]? {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { decode($0) }
    }

    private static func decode(_ text: UnsafeMutableBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count * 3 / 4)
        var group: UInt32 = 0
        var bits = 0
        for character in text {
            let value = values[Int(character)]
            guard value != invalid else { return nil }
            group = group << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
                group &= (1 << UInt32(bits)) - 1
            }
        }
        return group == 0 ? bytes : nil
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let invalid: UInt8 = 0xFF
    /// Each byte's value in the alphabet, `invalid` for a byte outside it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: invalid, count: 256)
        for (value, character) in alphabet.enumerated() {
            values[Int(character)] = UInt8(value)
        }
        return values
    }()
}
