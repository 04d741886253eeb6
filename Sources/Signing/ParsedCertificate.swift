import CCrypto
import Synchronization

/// A certificate as libcrypto reads it (an `X509`), parsed once and shared by every
/// `Certificate` of the same DER bytes, then only read; freed with the last of them. A JWS
/// carries its three certificates whole, so without sharing each check parsed the same three
/// certificates again, and parsing (the public key's decoder above all) was most of the check.
final class ParsedCertificate: @unchecked Sendable {
    let x509: OpaquePointer

    private init(x509: OpaquePointer) {
        self.x509 = x509
    }

    deinit {
        X509_free(x509)
    }

    /// The parsed certificate of `der`, from the recently parsed ones when it is one of them;
    /// nil when libcrypto cannot read all of the bytes as one certificate.
    static func of(_ der: [UInt8]) -> ParsedCertificate? {
        if let known = recent.withLock({ $0[der] }) { return known }
        guard let x509 = parse(der) else { return nil }
        let parsed = ParsedCertificate(x509: x509)
        recent.withLock { recent in
            if recent.count >= capacity { recent.removeAll(keepingCapacity: true) }
            recent[der] = parsed
        }
        return parsed
    }

    /// The certificates parsed most recently, by their bytes: a few chains' worth (each world
    /// has its own chain), forgotten all at once when full.
    private static let recent = Mutex<[[UInt8]: ParsedCertificate]>([:])
    private static let capacity = 48

    private static func parse(_ der: [UInt8]) -> OpaquePointer? {
        let certificate = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            let parsed = d2i_X509(nil, &cursor, buffer.count)
            guard cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                X509_free(parsed)
                return nil
            }
            return parsed
        }
        if certificate == nil { ERR_clear_error() }
        return certificate
    }
}
