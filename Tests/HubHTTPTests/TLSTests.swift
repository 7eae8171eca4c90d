import Foundation
import HubCore
import HubHTTP
import HubTestBackend
import Testing

/// HTTPS: the transport checks a server's certificate against the system's trust store, so a
/// server with a self-signed certificate (Fixtures, made with `openssl req -x509 ... -subj
/// /CN=127.0.0.1`) is a transport failure that says TLS, and nothing is read from it.
@Suite struct TLSTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    @Test func aCertificateTheSystemDoesNotTrustIsATransportFailureThatSaysTLS() throws {
        let backend = try TestBackend.start(
            tls: (certificate: Self.fixtures + "/self-signed-cert.pem", key: Self.fixtures + "/self-signed-key.pem"))
        defer { backend.stop() }
        backend.route("/secret", .text("must not be read"))
        #expect(backend.baseURL.hasPrefix("https://127.0.0.1:"))

        let failure = exchange(AsyncHTTPTransport(), HubHTTPRequest(url: backend.url("/secret"))).failure()

        #expect(failure?.kind == .transport)
        #expect(failure?.message.hasPrefix("GET \(backend.url("/secret")): TLS with 127.0.0.1:\(backend.port) failed: ") == true,
            "\(failure?.message ?? "")")
        #expect(failure?.message.contains("CERTIFICATE_VERIFY_FAILED") == true, "\(failure?.message ?? "")")
        #expect(backend.requests.isEmpty)
    }
}
