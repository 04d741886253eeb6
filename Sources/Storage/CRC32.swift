/// The CRC-32 checksum (IEEE 802.3 polynomial) used to detect damaged records.
public enum CRC32 {
    @usableFromInline static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = (value & 1) != 0 ? (0xEDB8_8320 ^ (value >> 1)) : (value >> 1)
        }
        return value
    }

    /// The checksum of `bytes`.
    @inlinable
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable(checksum(buffer:)) {
            return crc
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum of bytes in memory, walked through pointers: a receipt-sized record costs
    /// no generic iteration per byte, even in a debug build.
    public static func checksum(buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            guard let base = buffer.baseAddress, let lookup = table.baseAddress else { return 0 }
            var crc: UInt32 = 0xFFFF_FFFF
            var pointer = base
            let end = base + buffer.count
            while pointer < end {
                crc = lookup[Int((crc ^ UInt32(pointer.pointee)) & 0xFF)] ^ (crc >> 8)
                pointer += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    /// Whether `digits` are the checksum of `bytes` as eight lowercase hex digits, as `hex`
    /// writes it; compared digit by digit, with no text made.
    @inlinable
    public static func matches<Digits: Collection<UInt8>, Bytes: Sequence<UInt8>>(_ digits: Digits, of bytes: Bytes) -> Bool {
        let crc = checksum(bytes)
        return digits.count == 8 && zip(digits, 0..<8).allSatisfy { $0 == hexDigit(of: crc, at: $1) }
    }

    /// Appends the checksum as eight lowercase hex digits.
    public static func appendHex(of checksum: UInt32, to bytes: inout [UInt8]) {
        for position in 0..<8 {
            bytes.append(hexDigit(of: checksum, at: position))
        }
    }

    /// The checksum as eight lowercase hex digits.
    @inlinable
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var digits: [UInt8] = []
        appendHex(of: checksum(bytes), to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }

    /// The lowercase hex digit of `checksum` at `position`, 0 being the most significant of eight.
    @inlinable
    static func hexDigit(of checksum: UInt32, at position: Int) -> UInt8 {
        let value = UInt8((checksum >> (28 - 4 * position)) & 0xF)
        return value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
