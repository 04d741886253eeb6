import Foundation
import Testing
import TestSupport

/// `serve --tls-cert --tls-key`: HTTPS for a client that insists on it, with a certificate the
/// user made; a key or certificate that is not PEM is one line.
@Suite struct ServeTLSTests {
    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    /// GETs `url` over HTTPS without checking the certificate (a test's self-signed one): the status.
    static let client = """
        import ssl, sys, urllib.request, urllib.error
        try:
            urllib.request.urlopen(sys.argv[1], context=ssl._create_unverified_context(), timeout=30)
            print(200)
        except urllib.error.HTTPError as e:
            print(e.code)
        """

    @Test(.enabled(if: hasOpenSSL, "openssl is not installed; .ci/run installs it"))
    func serveAnswersOverHTTPSWithTheGivenCertificate() throws {
        let folder = try TemporaryFolder()
        let (key, certificate) = (folder.file("key.pem"), folder.file("cert.pem"))
        let made = try StoreSimProcess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                            "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost"],
                                           executable: "/usr/bin/env")
        try #require(made.status == 0, "\(made.stderr)")
        let served = try ServedWorld(folder, options: ["--tls-cert", certificate, "--tls-key", key])
        #expect(served.base.hasPrefix("https://127.0.0.1:"))
        let asked = try StoreSimProcess.run(["python3", "-c", Self.client, served.base + "/inApps/v1/transactions/1"], executable: "/usr/bin/env")
        #expect(asked.stdout == "401\n", "\(asked.stdout)\(asked.stderr)")
        #expect(served.stop() == 0)

        let notPEM = try folder.write("plain.txt", "not a key\n")
        let refused = try StoreSimProcess.run(["serve", "--data-dir", folder.file("other"), "--listen", "127.0.0.1:0",
                                               "--tls-cert", certificate, "--tls-key", notPEM])
        #expect(refused.status == 2)
        #expect(refused.stderr == "storesim: error: \(notPEM): is not PEM text (-----BEGIN …)\n")
        let alone = try StoreSimProcess.run(["serve", "--data-dir", folder.file("other"), "--tls-cert", certificate])
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("storesim: error: --tls-cert and --tls-key go together"))
    }
}
