/// The CRC-32 checksum (IEEE 802.3 polynomial) used to detect damaged records.
public enum CRC32 {
    /// Eight tables of 256 entries, one after another: the first is the byte-at-a-time table;
    /// entry `i` of table `k` is the CRC of byte `i` followed by `k` zero bytes, so that eight
    /// bytes are folded in with eight lookups and no dependency between them ("slicing by 8").
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = (value & 1) != 0 ? (0xEDB8_8320 ^ (value >> 1)) : (value >> 1)
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    @inlinable
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable(checksum(buffer:)) {
            return crc
        }
        return Array(bytes).withUnsafeBufferPointer(checksum(buffer:))
    }

    /// The checksum of bytes in memory, walked through pointers eight bytes at a time: a
    /// receipt-sized record costs no generic iteration per byte, even in a debug build, and a
    /// chaos run's records (each holding a receipt) about a quarter of the byte-at-a-time cost.
    public static func checksum(buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        tables.withUnsafeBufferPointer { tables in
            guard let base = buffer.baseAddress, let table = tables.baseAddress else { return 0 }
            var crc: UInt32 = 0xFFFF_FFFF
            var pointer = base
            let end = base + buffer.count
            while end - pointer >= 8 {
                let raw = UnsafeRawPointer(pointer)
                let low = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                pointer += 8
            }
            while pointer < end {
                crc = table[Int((crc ^ UInt32(pointer.pointee)) & 0xFF)] ^ (crc >> 8)
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
