/// FNV-1a (32 bits) of a text's UTF-8: the same number for the same text on every machine and
/// in every run, for ids StoreSim makes up where a file or Apple would give one.
enum StableHash {
    static func of(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
