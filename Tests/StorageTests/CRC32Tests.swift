import IAPCore
import Testing
import Storage

@Suite("CRC-32")
struct CRC32Tests {
    @Test func checkValueOfTheStandardVector() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.hex("123456789".utf8) == "cbf43926")
    }

    @Test func anotherKnownVector() {
        #expect(CRC32.checksum("The quick brown fox jumps over the lazy dog".utf8) == 0x414F_A339)
    }

    @Test func emptyInputIsZero() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.hex([UInt8]()) == "00000000")
    }

    @Test func hexIsPaddedToEightLowercaseDigits() {
        // CRC32("62") == 0x0012D20A: two leading zeros must be kept.
        #expect(CRC32.checksum("62".utf8) == 0x0012_D20A)
        #expect(CRC32.hex("62".utf8) == "0012d20a")
    }

    /// The checksum taken eight bytes at a time equals the byte-at-a-time definition for every
    /// length around the eight-byte steps, from every start within a word, and for a long run.
    @Test func eightBytesAtATimeEqualsTheDefinition() {
        // Seeded, so that a failure names bytes the next run sees again.
        var generator = SplitMix64(seed: 0xC3C_32)
        let bytes = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in 0..<8 {
            for length in 0...40 {
                let slice = bytes[start..<(start + length)]
                #expect(CRC32.checksum(slice) == Self.definition(slice), "start \(start), length \(length)")
            }
        }
        #expect(CRC32.checksum(bytes[3...]) == Self.definition(bytes[3...]))
        #expect(CRC32.checksum(AnySequence(bytes.prefix(1_000))) == Self.definition(bytes.prefix(1_000)))
    }

    /// CRC-32 as it is defined: the reflected polynomial applied a bit at a time.
    private static func definition<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (0xEDB8_8320 ^ (crc >> 1)) : (crc >> 1)
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func oneChangedByteChangesTheChecksum() {
        var bytes = Array("save\t1000000000000000001\tcom.storesim.coins.100".utf8)
        let before = CRC32.checksum(bytes)
        bytes[7] ^= 0x01
        #expect(CRC32.checksum(bytes) != before)
    }
}
