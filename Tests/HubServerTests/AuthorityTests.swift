import Testing
@testable import HubServer

/// A `Host` or an origin's authority: plain ASCII ones are read byte by byte, anything else
/// character by character, with the same answers.
@Suite struct AuthorityTests {
    @Test(arguments: [
        ("127.0.0.1:8080", "127.0.0.1", 8080), ("Hub.Example.", "hub.example", nil), ("localhost:", "localhost", nil),
        ("a.", "a", nil), (".", ".", nil), ("host:0080", "host", 80), ("[::1]:8080", "[::1]", 8080),
        ("\u{212A}iosk:65535", "kiosk", 65_535),
    ] as [(String, String, Int?)])
    func readsHostAndPort(_ text: String, _ host: String, _ port: Int?) throws {
        let authority = try #require(Authority(text))
        #expect(authority.host == host && authority.port == port)
    }

    @Test(arguments: ["", ":80", "host:65536", "host:123456", "host:1:2", "a b", "user@host", "host/path", "[::1", "é.example"])
    func refusesWhatIsNotHostAndPort(_ text: String) {
        #expect(Authority(text) == nil)
    }
}
