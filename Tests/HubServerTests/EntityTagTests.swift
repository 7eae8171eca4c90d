import Testing
@testable import HubServer

/// Entity tags hash a view's JSON a word at a time: the same bytes always give the same tag (in
/// every process: it is not seeded), and a changed or missing byte, in a word or in the tail,
/// another; `If-None-Match` holds one tag, a list of them, weak ones or `*`.
@Suite struct EntityTagTests {
    private static let bytes = Array(#"{"body":[{"id":"row-1","text":{"title":"Row 1"}}],"title":"rows"}"#.utf8)

    @Test func theSameBytesGetTheSameTagAndAChangedOrMissingByteAnother() {
        let tag = EntityTag.of(Self.bytes)
        #expect(tag == EntityTag.of(Self.bytes))
        #expect(tag.count == 18 && tag.first == "\"" && tag.last == "\"")
        var tags: Set<String> = [tag]
        for index in Self.bytes.indices {
            var changed = Self.bytes
            changed[index] ^= 0x01
            tags.insert(EntityTag.of(changed))
            tags.insert(EntityTag.of(Array(Self.bytes[..<index])))
        }
        #expect(tags.count == 1 + 2 * Self.bytes.count)
    }

    @Test func ifNoneMatchHoldsTheTagAListWeakTagsOrAStar() {
        let tag = EntityTag.of(Self.bytes)
        #expect(EntityTag.matches(tag, tag))
        #expect(EntityTag.matches("\"other\", " + tag, tag))
        #expect(EntityTag.matches("\"other\",W/" + tag, tag))
        #expect(EntityTag.matches("*", tag))
        #expect(!EntityTag.matches("\"other\"", tag))
        #expect(!EntityTag.matches("", tag))
    }
}
