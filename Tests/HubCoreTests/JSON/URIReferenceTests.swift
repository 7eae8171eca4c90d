import Testing

@testable import HubCore

// What `JSONPath.urlPath` accepts: RFC 3986 URI references, strictly.

struct URIReferenceTests {
    @Test(arguments: [
        "http://www.spotify.com",
        "https://user:pass@cdn.spotify.com:8080/image/of/food.jpg?size=large&x=1#top",
        "spotify:hub:framework",
        "cities:overview",
        "mailto:hub@example.com",
        "file:///tmp/image.png",
        "image.png",
        "../images/a%20b.png",
        "/absolute/path",
        "//example.com/path",
        "?query=only",
        "#fragment",
        "http://[::1]:80/",
        "http://[2001:db8::7]/c=GB?objectClass?one",
        "http://[::ffff:192.0.2.128]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "http://[v1.fe80::a+en1]/",
        "http://192.0.2.16:/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "a+b-c.d:rest",
    ])
    func validReferences(_ string: String) {
        #expect(URIReference.isValid(string))
    }

    @Test(arguments: [
        "",
        "é",
        "http://www.spotify.com/caf\u{e9}",
        "a path with spaces",
        "http://example.com/\"quoted\"",
        "http://example.com/<tag>",
        "http://example.com/a{b}",
        "http://example.com/%",
        "http://example.com/%2",
        "http://example.com/%zz",
        "http://example.com/#frag#ment",
        "http://exa mple.com/",
        "http://example.com:80a/",
        "http://a@b@example.com/",
        "http://[::1/",
        "http://[::1]x/",
        "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[1::2::3]/",
        "http://[:::1]/",
        "http://[12345::1]/",
        "http://[::256.1.1.1]/",
        "http://[::01.1.1.1]/",
        "http://[v.x]/",
        "http://[g::1]/",
        "1http:rest",
        ":no-scheme",
        "back\\slash",
        "tab\there",
    ])
    func invalidReferences(_ string: String) {
        #expect(!URIReference.isValid(string))
    }
}
