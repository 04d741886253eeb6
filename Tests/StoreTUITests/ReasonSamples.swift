import IAPCore

/// One sample of each case of the reasons, grants and offers events carry: a case added
/// without a sample fails to compile in `place`.
enum ReasonSamples {
    static let signing: [SigningError] = [
        .malformed(.parts(2)), .malformed(.headerNotJSON), .malformed(.algNotES256), .malformed(.x5cNotThreeCertificates),
        .malformed(.x5cEntryNotCertificate(1)), .malformed(.payloadNotJSON), .malformed(.noSignedDate),
        .malformed(.payloadNotTransaction), .malformed(.notCertificate), .malformed(.notPEMCertificate), .badBase64("payload"),
        .badChain(.libcrypto("certificate has expired")), .badChain(.lacksMarker(.intermediate, oid: "1.2.840.113635.100.6.2.1")),
        .badChain(.lacksMarker(.leaf, oid: "1.2.840.113635.100.6.11.1")), .badChain(.leafDoesNotCertifyKey), .wrongRoot, .badSignature,
        .crypto(.call("EC_POINT_mul", said: nil)), .crypto(.call("EVP_DigestVerify", said: "error:0800006B:elliptic curve routines::bad signature")),
        .crypto(.privateKeyLength), .crypto(.privateKeyRange),
    ]

    static let unverified: [UnverifiedReason] = signing.map(UnverifiedReason.signature) + [
        .noPinnedRoot, .notSignedTransaction, .otherApp(bundleId: "com.example.other", expected: "com.storesim.app"),
        .otherEnvironment("Xcode"), .notThisNotification,
        .notificationOfOtherApp(bundleId: "com.example.other", appAppleId: nil, expectedBundleId: "com.storesim.app", expectedAppAppleId: 1_234_567_890),
        .otherSubscriptionsRenewalInfo, .notRenewalInfo,
    ]

    static let notProven: [NotProvenReason] = [.receiptRejected(.malformed), .refunded, .otherAccount, .notOnReceipt]

    static let pending: [PendingReason] = [
        .receiptStatus(.serviceUnavailable), .notProven(.refunded), .notProvenAndDamaged(.notOnReceipt),
        .noAnswer(.request(.serverDown)), .noAnswer(.reply(.replyLost)), .noAnswer(.serverCouldNotSave(problem: .diskFull)),
    ]

    static let ownership: [Grant] = [
        .owns(productId: "com.storesim.pro", untilMillis: nil), .owns(productId: "com.storesim.premium.monthly", untilMillis: 1_769_904_000_000),
    ]

    static let offers: [AppliedOffer] = [
        AppliedOffer(type: .introductory, id: nil), AppliedOffer(type: .promotional, id: "winter", period: 2),
        AppliedOffer(type: .code, id: "SPRING"), AppliedOffer(type: .winBack, id: "comeback"),
    ]

    /// Each case's place: a case added to these types fails to compile here until it has a sample.
    static func place(_ reason: UnverifiedReason) -> Int {
        switch reason {
        case .signature(.malformed): 0
        case .signature(.badBase64): 1
        case .signature(.badChain): 2
        case .signature(.wrongRoot): 3
        case .signature(.badSignature): 4
        case .signature(.crypto): 5
        case .noPinnedRoot: 6
        case .notSignedTransaction: 7
        case .otherApp: 8
        case .otherEnvironment: 9
        case .notThisNotification: 10
        case .notificationOfOtherApp: 11
        case .otherSubscriptionsRenewalInfo: 12
        case .notRenewalInfo: 13
        }
    }
}
