import CCrypto
import IAPCore

/// Verifies the signedData a `SignedDataSigner` of one chain makes. A signedData that carries
/// exactly that chain's certificates and names its leaf as the signer, in the signer's own layout,
/// needs only its signature checked (libcrypto's `EVP_DigestVerify` with the leaf's key, read
/// once): the chain was made, and verified, by the Store. Anything else goes through libcrypto's
/// own CMS parser and `CMS_verify` against the chain's root (`SignedData`).
public final class SignedDataVerifier {
    public let chain: CertificateChain
    private let certificates: [UInt8]
    private let signerIdentifier: [UInt8]
    private let leafKey: OpaquePointer

    public init(signer: SignedDataSigner) throws(SigningError) {
        chain = signer.chain
        certificates = signer.certificates
        signerIdentifier = signer.signerIdentifier
        leafKey = try signer.chain.leafKey.evpPublicKey()
    }

    deinit {
        EVP_PKEY_free(leafKey)
    }

    /// The content of `der` once it verifies; `moment` reads, from the content, the time (seconds
    /// since 1970) at which a signedData of other certificates must verify.
    public func verify(_ der: [UInt8], at moment: ([UInt8]) -> Int64?) throws(SignedDataError) -> [UInt8] {
        if let (content, signature) = ownLayout(der) {
            let valid = der.withUnsafeBufferPointer { (bytes) -> Bool in
                guard let base = bytes.baseAddress, let context = EVP_MD_CTX_new() else { return false }
                defer { EVP_MD_CTX_free(context) }
                return EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, leafKey) == 1
                    && EVP_DigestVerify(context, base + signature.lowerBound, signature.count,
                                        base + content.lowerBound, content.count) == 1
            }
            ERR_clear_error()
            guard valid else { throw .notAuthenticated("the signature does not match the content") }
            return Array(der[content])
        }
        let signed = try SignedData(der: der)
        try signed.verify(root: chain.root, at: moment(signed.content))
        return signed.content
    }

    /// The content's and the signature's ranges when `der` is a signedData in the signer's own
    /// layout, with the chain's certificates and its leaf as the signer; nil otherwise.
    private func ownLayout(_ der: [UInt8]) -> (content: Range<Int>, signature: Range<Int>)? {
        var outer = DERReader(der)
        guard let info = outer.read(tag: 0x30), outer.isAtEnd else { return nil }
        var fields = DERReader(der, range: info)
        guard let type = fields.read(tag: 0x06), der[type].elementsEqual(SignedDataOIDs.signedData.dropFirst(2)),
              let explicit = fields.read(tag: 0xA0), fields.isAtEnd else { return nil }
        var wrapper = DERReader(der, range: explicit)
        guard let signedData = wrapper.read(tag: 0x30), wrapper.isAtEnd else { return nil }
        var reader = DERReader(der, range: signedData)
        guard reader.readInteger() == 1, Self.take(SignedDataOIDs.sha256Set, from: &reader, der),
              let encapsulated = reader.read(tag: 0x30), Self.take(certificates, from: &reader, der),
              let infos = reader.read(tag: 0x31), reader.isAtEnd else { return nil }
        var encap = DERReader(der, range: encapsulated)
        guard Self.take(SignedDataOIDs.data, from: &encap, der), let explicitContent = encap.read(tag: 0xA0), encap.isAtEnd
        else { return nil }
        var octets = DERReader(der, range: explicitContent)
        guard let content = octets.read(tag: 0x04), octets.isAtEnd else { return nil }
        var signers = DERReader(der, range: infos)
        guard let info = signers.read(tag: 0x30), signers.isAtEnd else { return nil }
        var signer = DERReader(der, range: info)
        guard signer.readInteger() == 1, Self.take(signerIdentifier, from: &signer, der),
              Self.take(SignedDataOIDs.sha256, from: &signer, der), Self.take(DER.ecdsaWithSHA256, from: &signer, der),
              let signature = signer.read(tag: 0x04), signer.isAtEnd else { return nil }
        return (content, signature)
    }

    /// Whether the next element of `reader` is `element`, byte for byte; the reader is moved past it when it is.
    private static func take(_ element: [UInt8], from reader: inout DERReader, _ der: [UInt8]) -> Bool {
        let start = reader.offset
        guard let tag = element.first, reader.read(tag: tag) != nil, der[start..<reader.offset].elementsEqual(element) else { return false }
        return true
    }
}
