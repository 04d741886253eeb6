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

    @Test func oneChangedByteChangesTheChecksum() {
        var bytes = Array("save\t1000000000000000001\tcom.storesim.coins.100".utf8)
        let before = CRC32.checksum(bytes)
        bytes[7] ^= 0x01
        #expect(CRC32.checksum(bytes) != before)
    }
}
