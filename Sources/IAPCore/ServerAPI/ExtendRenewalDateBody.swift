/// The body of Extend a Subscription Renewal Date, Apple's `ExtendRenewalDateRequest`: read
/// field by field; whether the numbers are in Apple's ranges is the Store's to say
/// (`RenewalExtensionRefusal`), as it says in-process.
public struct ExtendRenewalDateBody: Sendable, Equatable {
    public let extendByDays: Int
    public let extendReasonCode: Int
    public let requestIdentifier: String

    /// The body `bytes` hold, or Apple's error: every field is required, and "The
    /// requestIdentifier … is a string up to 128 characters".
    public static func of(_ bytes: [UInt8]) -> Result<ExtendRenewalDateBody, ServerAPIError> {
        var days: Int64?, reason: Int64?, identifier: String?
        var cursor = JSONCursor(String(decoding: bytes, as: UTF8.self))
        do {
            try cursor.object { (key, value) throws(JSONCursorError) in
                guard !value.null() else { return }
                switch key {
                case "extendByDays": days = try value.integerIfWhole() ?? Int64.min
                case "extendReasonCode": reason = try value.integerIfWhole() ?? Int64.min
                case "requestIdentifier": identifier = try value.stringIfString() ?? ""
                default: try value.skip()
                }
            }
            try cursor.end()
        } catch {
            return .failure(.generalBadRequest)
        }
        guard let days, let byDays = Int(exactly: days), days != Int64.min else { return .failure(.invalidExtendByDays) }
        guard let reason, let code = Int(exactly: reason), reason != Int64.min else { return .failure(.invalidExtendReasonCode) }
        guard let identifier, !identifier.isEmpty, identifier.count <= 128 else { return .failure(.invalidRequestIdentifier) }
        return .success(ExtendRenewalDateBody(extendByDays: byDays, extendReasonCode: code, requestIdentifier: identifier))
    }
}
