import Foundation
import IAPCore
import Synchronization

/// The certificates a JWS's `x5c` carries — leaf, intermediate, root — and the leaf's key that
/// signs. Made from a secret, so the same secret and dates always give the same chain.
public struct CertificateChain: Sendable, Equatable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    /// The key the leaf certifies: it signs every JWS.
    public let leafKey: ECKeyPair

    /// A chain from stored certificates and the leaf's key; a key the leaf does not certify is refused.
    public init(root: Certificate, intermediate: Certificate, leaf: Certificate, leafKey: ECKeyPair) throws(SigningError) {
        guard try leaf.holds(leafKey) else { throw .badChain(.leafDoesNotCertifyKey) }
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.leafKey = leafKey
    }

    /// The keys of a chain made from `secret`: root, intermediate and leaf, each derived for its label.
    public static func keys(secret: [UInt8]) throws(SigningError) -> (root: ECKeyPair, intermediate: ECKeyPair, leaf: ECKeyPair) {
        if let kept = Self.kept.withLock({ $0.keys[secret] }) { return kept }
        let keys = (try ECKeyPair.derived(from: secret, label: "root"), try ECKeyPair.derived(from: secret, label: "intermediate"),
                    try ECKeyPair.derived(from: secret, label: "leaf"))
        Self.kept.withLock { $0.keep(keys: keys, of: secret) }
        return keys
    }

    /// A new chain of keys derived from `secret`, every certificate valid from `notBefore` to
    /// `notAfter`, with serials 1, 2 and 3.
    public static func make(secret: [UInt8], notBefore: Date, notAfter: Date) throws(SigningError) -> CertificateChain {
        let made = MadeChain(secret: secret, notBefore: notBefore, notAfter: notAfter)
        if let kept = Self.kept.withLock({ $0.chains[made] }) { return kept }
        let chain = try issue(secret: secret, notBefore: notBefore, notAfter: notAfter)
        Self.kept.withLock { $0.keep(chain: chain, as: made) }
        return chain
    }

    /// Deriving the keys and issuing the certificates takes milliseconds, and every world of one
    /// seed (a bench's, a chaos run's) makes the same chain: the last few are kept for the process.
    private static let kept = Mutex(KeptChains())

    private static func issue(secret: [UInt8], notBefore: Date, notAfter: Date) throws(SigningError) -> CertificateChain {
        let keys = try keys(secret: secret)
        let organization = [("C", "US"), ("O", "StoreSim")]
        let root = try CertificateTemplate(
            role: .root, serial: 1,
            subject: organization + [("OU", "Simulated App Store"), ("CN", "StoreSim Simulated Root CA - G3")],
            notBefore: notBefore, notAfter: notAfter, key: keys.root
        ).issue(by: nil, issuerKey: keys.root)
        let intermediate = try CertificateTemplate(
            role: .intermediate, serial: 2,
            subject: organization + [("OU", "G6"), ("CN", "StoreSim Simulated Worldwide Developer Relations CA")],
            notBefore: notBefore, notAfter: notAfter, key: keys.intermediate
        ).issue(by: root, issuerKey: keys.root)
        let leaf = try CertificateTemplate(
            role: .leaf, serial: 3,
            subject: organization + [("OU", "Simulated App Store"), ("CN", "StoreSim Simulated App Store Signing")],
            notBefore: notBefore, notAfter: notAfter, key: keys.leaf
        ).issue(by: intermediate, issuerKey: keys.intermediate)
        return try CertificateChain(root: root, intermediate: intermediate, leaf: leaf, leafKey: keys.leaf)
    }
}

/// What a chain is made from.
private struct MadeChain: Hashable {
    let secret: [UInt8]
    let notBefore: Date
    let notAfter: Date
}

/// The keys and chains made last in this process, a few of each.
private struct KeptChains: Sendable {
    var keys: [[UInt8]: (root: ECKeyPair, intermediate: ECKeyPair, leaf: ECKeyPair)] = [:]
    var chains: [MadeChain: CertificateChain] = [:]
    private static let most = 16

    mutating func keep(keys made: (root: ECKeyPair, intermediate: ECKeyPair, leaf: ECKeyPair), of secret: [UInt8]) {
        if keys.count >= Self.most { keys.removeAll() }
        keys[secret] = made
    }

    mutating func keep(chain: CertificateChain, as made: MadeChain) {
        if chains.count >= Self.most { chains.removeAll() }
        chains[made] = chain
    }
}
