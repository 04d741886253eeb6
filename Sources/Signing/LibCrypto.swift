import CCrypto
import IAPCore

/// Small helpers around libcrypto calls: its error queue in words, and its DER encoders.
enum LibCrypto {
    /// The oldest error libcrypto queued, in its own words, with the queue emptied; `call` names
    /// the function that failed when the queue is empty.
    static func failure(_ call: String) -> SigningError {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return .crypto(.call(call, said: nil)) }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .crypto(.call(call, said: text))
    }

    /// The DER bytes an `i2d_…` function writes: it is called once for the length, once to write.
    static func der(_ call: String, _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32)
        throws(SigningError) -> [UInt8] {
        let length = encode(nil)
        guard length > 0 else { throw failure(call) }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encode(&cursor)
        }
        guard written == length else { throw failure(call) }
        return bytes
    }
}
