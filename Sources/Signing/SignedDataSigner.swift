import CCrypto
import IAPCore

/// Signs content as the App Store signs an app receipt: a PKCS #7 / CMS `ContentInfo` of type
/// signedData (RFC 5652), DER, that carries the content itself (id-data), the leaf and
/// intermediate certificates, and one signer, the leaf, whose ecdsa-with-SHA256 signature of the
/// content's SHA-256 digest has no signed attributes. The DER is assembled by hand and signed
/// with RFC 6979 nonces, so the same chain and content always give the same bytes.
public struct SignedDataSigner: Sendable {
    public let chain: CertificateChain
    /// The `[0] IMPLICIT` certificates: the leaf, then the intermediate.
    let certificates: [UInt8]
    /// The leaf's `IssuerAndSerialNumber`.
    let signerIdentifier: [UInt8]

    public init(chain: CertificateChain) throws(SigningError) {
        self.chain = chain
        certificates = DER.element(tag: 0xA0, chain.leaf.der + chain.intermediate.der)
        let (issuer, serial) = try chain.leaf.withX509 { (x509) throws(SigningError) -> ([UInt8], [UInt8]) in
            let issuer = try LibCrypto.der("i2d_X509_NAME") { i2d_X509_NAME(X509_get_issuer_name(x509), $0) }
            let serial = try LibCrypto.der("i2d_ASN1_INTEGER") { i2d_ASN1_INTEGER(X509_get0_serialNumber(x509), $0) }
            return (issuer, serial)
        }
        signerIdentifier = DER.element(tag: 0x30, issuer + serial)
    }

    /// `content` signed: the whole `ContentInfo`'s DER.
    public func sign(_ content: [UInt8]) throws(SigningError) -> [UInt8] {
        let signature = try chain.leafKey.sign(content).der
        let signerInfo = DER.element(tag: 0x30, [0x02, 0x01, 0x01] + signerIdentifier + SignedDataOIDs.sha256
                                     + DER.ecdsaWithSHA256 + DER.element(tag: 0x04, signature))
        let signerInfos = DER.element(tag: 0x31, signerInfo)
        let digestAlgorithms = SignedDataOIDs.sha256Set
        let wrapped = DERWriter.elementCount(content.count)
        let explicitContent = DERWriter.elementCount(wrapped)
        let encapsulated = SignedDataOIDs.data.count + explicitContent
        let signedData = 3 + digestAlgorithms.count + DERWriter.elementCount(encapsulated) + certificates.count + signerInfos.count
        let explicitSignedData = DERWriter.elementCount(signedData)
        let contentInfo = SignedDataOIDs.signedData.count + DERWriter.elementCount(explicitSignedData)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(DERWriter.elementCount(contentInfo))
        DERWriter.appendHeader(tag: 0x30, length: contentInfo, to: &bytes)
        bytes.append(contentsOf: SignedDataOIDs.signedData)
        DERWriter.appendHeader(tag: 0xA0, length: explicitSignedData, to: &bytes)
        DERWriter.appendHeader(tag: 0x30, length: signedData, to: &bytes)
        bytes.append(contentsOf: [0x02, 0x01, 0x01])
        bytes.append(contentsOf: digestAlgorithms)
        DERWriter.appendHeader(tag: 0x30, length: encapsulated, to: &bytes)
        bytes.append(contentsOf: SignedDataOIDs.data)
        DERWriter.appendHeader(tag: 0xA0, length: wrapped, to: &bytes)
        DERWriter.append(tag: 0x04, content, to: &bytes)
        bytes.append(contentsOf: certificates)
        bytes.append(contentsOf: signerInfos)
        return bytes
    }
}

/// The object identifiers a signedData names, each as a whole DER element.
enum SignedDataOIDs {
    /// id-signedData, 1.2.840.113549.1.7.2.
    static let signedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    /// id-data, 1.2.840.113549.1.7.1.
    static let data: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
    /// The AlgorithmIdentifier of SHA-256 (2.16.840.1.101.3.4.2.1, parameters absent as RFC 5754 says).
    static let sha256: [UInt8] = [0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
    /// The digestAlgorithms SET of a signedData signed with SHA-256 alone.
    static let sha256Set: [UInt8] = [0x31, 0x0D] + sha256
}
