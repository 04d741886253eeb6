import IAPCore

extension SimplifiedChinese {
    /// Why a signed value failed verification (`UnverifiedReason.english`).
    static func words(_ reason: UnverifiedReason) -> String {
        switch reason {
        case .signature(let error): words(error)
        case .noPinnedRoot: "没有固定的根证书"
        case .notSignedTransaction: "载荷不是签名交易"
        case .otherApp(let bundleId, let expected): "它属于 \(bundleId)，而不是 \(expected)"
        case .otherEnvironment(let environment): "它来自 \(environment)，既不是 Production 也不是 Sandbox"
        case .notThisNotification: "载荷不是这条通知"
        case .notificationOfOtherApp(let bundleId, let appAppleId, let expectedBundleId, let expectedAppAppleId):
            "它指向另一个 App（\(bundleId)，App Apple ID \(appAppleId.map(String.init) ?? "无")），而不是 \(expectedBundleId)，\(expectedAppAppleId)"
        case .otherSubscriptionsRenewalInfo: "续期信息属于另一个订阅"
        case .notRenewalInfo: "载荷不是续期信息"
        }
    }

    /// Why a JWS or a signature was refused (`SigningError.description`).
    static func words(_ error: SigningError) -> String {
        switch error {
        case .malformed(let flaw): "JWS 格式错误：\(words(flaw))"
        case .badBase64(let part): "JWS 的 \(part) 中有无效的 base64"
        case .badChain(let flaw): "证书链验证失败：\(words(flaw))"
        case .wrongRoot: "证书链的根证书不是固定的根证书"
        case .badSignature: "签名与头部和载荷不符"
        case .crypto(let failure): "libcrypto 失败：\(words(failure))"
        }
    }

    private static func words(_ flaw: JWSFlaw) -> String {
        switch flaw {
        case .parts(let count): "JWS 由 3 个以点分隔的部分组成，而不是 \(count) 个"
        case .headerNotJSON: "头部不是 JSON 对象"
        case .algNotES256: "头部的 alg 不是 ES256"
        case .x5cNotThreeCertificates: "头部的 x5c 不是 3 个证书的列表"
        case .x5cEntryNotCertificate(let index): "x5c[\(index)] 不是 X.509 证书"
        case .payloadNotJSON: "载荷不是 JSON 对象"
        case .noSignedDate: "载荷没有 signedDate"
        case .payloadNotTransaction: "载荷不是交易"
        case .notCertificate: "不是 X.509 证书"
        case .notPEMCertificate: "不是 PEM 证书"
        }
    }

    private static func words(_ flaw: ChainFlaw) -> String {
        switch flaw {
        case .libcrypto(let words): words
        case .lacksMarker(.intermediate, let oid): "中间证书缺少 App Store 标记扩展 \(oid)"
        case .lacksMarker(.leaf, let oid): "叶证书缺少 App Store 标记扩展 \(oid)"
        case .leafDoesNotCertifyKey: "叶证书没有认证签名密钥"
        }
    }

    private static func words(_ failure: CryptoFailure) -> String {
        switch failure {
        case .call(let call, nil): "\(call) 失败"
        case .call(let call, let said?): "\(call)：\(said)"
        case .privateKeyLength: "P-256 私钥为 32 字节"
        case .privateKeyRange: "P-256 私钥须在 1 到 n-1 之间"
        }
    }
}
