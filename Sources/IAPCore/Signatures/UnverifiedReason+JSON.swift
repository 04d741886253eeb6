extension UnverifiedReason: EventJSON {
    /// The reason as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .signature(let error): json.tag("signature") { $0.put("_0", error) }
        case .noPinnedRoot: json.tag("noPinnedRoot")
        case .notSignedTransaction: json.tag("notSignedTransaction")
        case .otherApp(let bundleId, let expected): json.tag("otherApp") { $0.put("bundleId", bundleId); $0.put("expected", expected) }
        case .otherEnvironment(let environment): json.tag("otherEnvironment") { $0.put("_0", environment) }
        case .notThisNotification: json.tag("notThisNotification")
        case .notificationOfOtherApp(let bundleId, let appAppleId, let expectedBundleId, let expectedAppAppleId):
            json.tag("notificationOfOtherApp") {
                $0.put("appAppleId", appAppleId); $0.put("bundleId", bundleId)
                $0.put("expectedAppAppleId", expectedAppAppleId); $0.put("expectedBundleId", expectedBundleId)
            }
        case .otherSubscriptionsRenewalInfo: json.tag("otherSubscriptionsRenewalInfo")
        case .notRenewalInfo: json.tag("notRenewalInfo")
        }
    }
}

extension SigningError: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .malformed(let flaw): json.tag("malformed") { $0.put("_0", flaw) }
        case .badBase64(let part): json.tag("badBase64") { $0.put("_0", part) }
        case .badChain(let flaw): json.tag("badChain") { $0.put("_0", flaw) }
        case .wrongRoot: json.tag("wrongRoot")
        case .badSignature: json.tag("badSignature")
        case .crypto(let failure): json.tag("crypto") { $0.put("_0", failure) }
        }
    }
}

extension JWSFlaw: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .parts(let count): json.tag("parts") { $0.put("_0", count) }
        case .headerNotJSON: json.tag("headerNotJSON")
        case .algNotES256: json.tag("algNotES256")
        case .x5cNotThreeCertificates: json.tag("x5cNotThreeCertificates")
        case .x5cEntryNotCertificate(let index): json.tag("x5cEntryNotCertificate") { $0.put("_0", index) }
        case .payloadNotJSON: json.tag("payloadNotJSON")
        case .noSignedDate: json.tag("noSignedDate")
        case .payloadNotTransaction: json.tag("payloadNotTransaction")
        case .notCertificate: json.tag("notCertificate")
        case .notPEMCertificate: json.tag("notPEMCertificate")
        }
    }
}

extension ChainFlaw: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .libcrypto(let words): json.tag("libcrypto") { $0.put("_0", words) }
        case .lacksMarker(let place, let oid): json.tag("lacksMarker") { $0.put("_0", place); $0.put("oid", oid) }
        case .leafDoesNotCertifyKey: json.tag("leafDoesNotCertifyKey")
        }
    }
}

extension ChainPlace: EventJSON {}

extension CryptoFailure: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .call(let call, let said): json.tag("call") { $0.put("_0", call); $0.put("said", said) }
        case .privateKeyLength: json.tag("privateKeyLength")
        case .privateKeyRange: json.tag("privateKeyRange")
        }
    }
}
