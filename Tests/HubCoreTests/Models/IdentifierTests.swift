import Testing

@testable import HubCore

// HUBIdentifierTests.m.

struct IdentifierTests {
    @Test func propertyAssignment() {
        let identifier = Identifier(namespace: "namespace", name: "name")
        #expect(identifier.namespace == "namespace")
        #expect(identifier.name == "name")
        #expect(identifier.description == "namespace:name")
    }

    @Test func comparingTwoEqualIdentifiers() {
        let identifierA = Identifier(namespace: "namespace", name: "name")
        let identifierB = Identifier(namespace: "namespace", name: "name")
        #expect(identifierA == identifierB)
        #expect(identifierA.hashValue == identifierB.hashValue)
        #expect(Set([identifierA, identifierB]).count == 1)
    }

    @Test func comparingIdentifiersWithDifferentNamespaceOrNameShouldNotBeEqual() {
        let identifier = Identifier(namespace: "namespace", name: "name")
        #expect(identifier != Identifier(namespace: "otherNamespace", name: "name"))
        #expect(identifier != Identifier(namespace: "namespace", name: "otherName"))
        #expect(identifier != Identifier(namespace: "name", name: "namespace"))
    }

    @Test func creatingIdentifierFromString() throws {
        let identifier = try #require(Identifier(string: "namespace:name"))
        #expect(identifier.namespace == "namespace")
        #expect(identifier.name == "name")
        #expect(identifier == Identifier(namespace: "namespace", name: "name"))
    }

    @Test(arguments: ["", "namespaceWithoutName", "a:b:c"])
    func creatingIdentifierWithInvalidStringReturnsNil(string: String) {
        #expect(Identifier(string: string) == nil)
    }
}

/// Parsing splits at the one colon, by bytes for ASCII strings and by Characters otherwise.
struct IdentifierParsingTests {
    @Test(arguments: [
        ("cities:row", "cities", "row"), (":row", "", "row"), ("cities:", "cities", ""), (":", "", ""),
        ("städte:zeile", "städte", "zeile"), ("🏙:row", "🏙", "row"),
    ])
    func splitsAtTheOneColon(string: String, namespace: String, name: String) throws {
        let identifier = try #require(Identifier(string: string))
        #expect(identifier == Identifier(namespace: namespace, name: name))
    }

    @Test(arguments: ["a::b", "::", "städte:a:b", "a:\u{301}b"])
    func anythingButOneColonIsNotAnIdentifier(string: String) {
        // A mark combining with the colon makes it another Character: no colon at all.
        #expect(Identifier(string: string) == nil)
    }
}
