/// Base64 (RFC 4648) on bytes, a table lookup per character: `standard`, with `=` padding (section
/// 4), as a receipt's payload is written, and `url`, without padding (section 5), as the three
/// parts of a JWS are. A receipt of a thousand purchases is encoded by the Store and decoded by
/// each check; every signed transaction is encoded once and decoded at each check.
public struct Base64: Sendable {
    private let alphabet: [UInt8]
    /// Whether the text ends in `=` up to a multiple of four characters.
    private let padded: Bool
    /// Each byte's value in the alphabet, `invalid` for a byte outside it.
    private let values: [UInt8]

    private static let invalid: UInt8 = 0xFF
    private static let pad = UInt8(ascii: "=")

    /// The standard alphabet, padded.
    public static let standard = Base64(last: "+/", padded: true)
    /// The URL and filename safe alphabet, unpadded.
    public static let url = Base64(last: "-_", padded: false)

    private init(last: String, padded: Bool) {
        alphabet = Array(("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + last).utf8)
        self.padded = padded
        var values = [UInt8](repeating: Self.invalid, count: 256)
        for (value, character) in alphabet.enumerated() {
            values[Int(character)] = UInt8(value)
        }
        self.values = values
    }

    /// `bytes` encoded.
    public func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        append(bytes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `bytes` encoded to `text`: room made once, then written through pointers, four
    /// characters for three bytes.
    public func append(_ bytes: [UInt8], to text: inout [UInt8]) {
        let start = text.count
        let length = padded ? (bytes.count + 2) / 3 * 4 : (bytes.count * 4 + 2) / 3
        text.append(contentsOf: repeatElement(0, count: length))
        text.withUnsafeMutableBufferPointer { text in
            bytes.withUnsafeBufferPointer { bytes in
                alphabet.withUnsafeBufferPointer { alphabet in
                    guard var out = text.baseAddress.map({ $0 + start }), let input = bytes.baseAddress,
                          let alphabet = alphabet.baseAddress else { return }
                    var index = 0
                    while index + 3 <= bytes.count {
                        let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                        out[0] = alphabet[Int(group >> 18 & 63)]
                        out[1] = alphabet[Int(group >> 12 & 63)]
                        out[2] = alphabet[Int(group >> 6 & 63)]
                        out[3] = alphabet[Int(group & 63)]
                        out += 4
                        index += 3
                    }
                    let left = bytes.count - index
                    guard left > 0 else { return }
                    let group = UInt32(input[index]) << 16 | (left == 2 ? UInt32(input[index + 1]) << 8 : 0)
                    for (place, shift) in [18, 12, 6].prefix(left + 1).enumerated() {
                        out[place] = alphabet[Int(group >> UInt32(shift) & 63)]
                    }
                    if padded {
                        for place in (left + 1)..<4 { out[place] = Self.pad }
                    }
                }
            }
        }
    }

    /// The bytes `text` encodes, or nil when it is not this encoding: a character outside the
    /// alphabet, a length no encoding has, padding missing, misplaced or where there is none,
    /// or leftover bits that are not zero, which no encoder writes.
    public func decode<Text: Collection<UInt8>>(_ text: Text) -> [UInt8]? {
        if let decoded = text.withContiguousStorageIfAvailable({ decode($0) }) { return decoded }
        return Array(text).withUnsafeBufferPointer { decode($0) }
    }

    /// The bytes a piece of text's UTF-8 encodes (`decode(_:)` of its bytes).
    public func decode(_ text: Substring) -> [UInt8]? {
        decode(text.utf8)
    }

    private func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var count = text.count
        if padded {
            guard count.isMultiple(of: 4) else { return nil }
            var pads = 0
            while pads < 2, count > 0, text[count - 1] == Self.pad {
                count -= 1
                pads += 1
            }
            // Two characters left over take two `=`, three take one.
            guard pads == (4 - count % 4) % 4 else { return nil }
        } else if count % 4 == 1 {
            return nil
        }
        // Whole groups of four through pointers, then the two or three characters left.
        let whole = count / 4 * 4
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 3 / 4)
        bytes.append(contentsOf: repeatElement(0, count: whole / 4 * 3))
        let valid = bytes.withUnsafeMutableBufferPointer { bytes in
            values.withUnsafeBufferPointer { values in
                guard var out = bytes.baseAddress, let values = values.baseAddress, let input = text.baseAddress else { return true }
                var index = 0
                while index < whole {
                    let a = values[Int(input[index])], b = values[Int(input[index + 1])]
                    let c = values[Int(input[index + 2])], d = values[Int(input[index + 3])]
                    // A value is below 64; `invalid` is not.
                    guard (a | b | c | d) & 0xC0 == 0 else { return false }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[0] = UInt8(truncatingIfNeeded: group >> 16)
                    out[1] = UInt8(truncatingIfNeeded: group >> 8)
                    out[2] = UInt8(truncatingIfNeeded: group)
                    out += 3
                    index += 4
                }
                return true
            }
        }
        guard valid else { return nil }
        var index = whole
        var group: UInt32 = 0
        var bits = 0
        while index < count {
            let value = values[Int(text[index])]
            guard value != Self.invalid else { return nil }
            group = group << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
                group &= (1 << UInt32(bits)) - 1
            }
            index += 1
        }
        return group == 0 ? bytes : nil
    }
}
