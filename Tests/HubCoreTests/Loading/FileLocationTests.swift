import Testing
@testable import HubCore

/// A location read from an error's `file:line` (or `file:line:column`), and written back the same.
@Suite struct FileLocationTests {
    @Test(arguments: [
        ("Examples/Cities/operations/rows.lua:12", FileLocation(file: "Examples/Cities/operations/rows.lua", line: 12)),
        ("data/cities.json:3:17", FileLocation(file: "data/cities.json", line: 3, column: 17)),
        ("...F25380E9/feature.lua:1", FileLocation(file: "...F25380E9/feature.lua", line: 1)),
        ("[string \"x\"]:4", FileLocation(file: "[string \"x\"]", line: 4)),
    ])
    func aLocationIsReadAndWrittenBackAsItWas(text: String, location: FileLocation) {
        #expect(FileLocation(parsing: text) == location)
        #expect(location.description == text)
    }

    @Test(arguments: ["feature.lua", "feature.lua:", ":12", "feature.lua:twelve", ""])
    func textWithoutALineIsNoLocation(text: String) {
        #expect(FileLocation(parsing: text) == nil)
    }

    @Test func aContentErrorGivesItsLocationAsAValue() {
        let error = JSONParseError(message: "unexpected end of input", line: 2, column: 5, offset: 9).contentError(source: "a.json")
        #expect(error.fileLocation == FileLocation(file: "a.json", line: 2, column: 5))
        #expect(ContentError(domain: "hub", message: "no place").fileLocation == nil)
    }
}
