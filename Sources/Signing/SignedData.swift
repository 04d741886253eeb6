import CCrypto
import IAPCore

/// Why a PKCS #7 / CMS signedData was refused: it is not one (`malformed`), or it is one that
/// does not verify against the pinned root (`notAuthenticated`, in libcrypto's words).
public enum SignedDataError: Error, Equatable, Sendable {
    case malformed
    case notAuthenticated(String)
}

/// A PKCS #7 / CMS `ContentInfo` of type signedData with its content inside, read by libcrypto's
/// own CMS parser (`d2i_CMS_ContentInfo`); its content can be read before it is verified, as a
/// verifier reads the date to verify at, and `verify` checks it with `CMS_verify`.
public final class SignedData {
    /// The content it carries, unverified until `verify` returns.
    public let content: [UInt8]
    private let contentInfo: OpaquePointer

    /// The signedData `der` holds; bytes that are not one, with content inside, are malformed.
    public init(der: [UInt8]) throws(SignedDataError) {
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
        }
        guard let parsed else {
            ERR_clear_error()
            throw .malformed
        }
        guard OBJ_obj2nid(CMS_get0_type(parsed)) == NID_pkcs7_signed,
              let slot = CMS_get0_content(parsed), let octets = slot.pointee,
              let data = ASN1_STRING_get0_data(octets)
        else {
            CMS_ContentInfo_free(parsed)
            ERR_clear_error()
            throw .malformed
        }
        content = Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(octets))))
        contentInfo = parsed
    }

    deinit {
        CMS_ContentInfo_free(contentInfo)
    }

    /// Checks the signature of the content and the signer's chain, through the certificates the
    /// signedData carries, to `root` and no other, with RFC 5280's strict rules, valid at
    /// `seconds` since 1970 (when nil, the certificates' dates are not checked).
    public func verify(root: Certificate, at seconds: Int64?) throws(SignedDataError) {
        guard let store = X509_STORE_new() else { throw .notAuthenticated("X509_STORE_new failed") }
        defer { X509_STORE_free(store) }
        let added = try? root.withX509 { X509_STORE_add_cert(store, $0) }
        guard added == 1, let parameters = X509_STORE_get0_param(store) else {
            ERR_clear_error()
            throw .notAuthenticated("the root certificate cannot be trusted")
        }
        if let seconds {
            X509_VERIFY_PARAM_set_time(parameters, time_t(seconds))
            X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_X509_STRICT))
        } else {
            X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_X509_STRICT | X509_V_FLAG_NO_CHECK_TIME))
        }
        guard CMS_verify(contentInfo, nil, store, nil, nil, UInt32(CMS_BINARY)) == 1 else {
            throw .notAuthenticated(Self.libcryptoError())
        }
    }

    /// libcrypto's oldest queued error in words, the queue emptied.
    private static func libcryptoError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "CMS_verify failed" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
