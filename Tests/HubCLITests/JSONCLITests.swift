import Foundation
import HubTestThreads
import Testing

/// `hub json` on JSON the default schema cannot read.
@Suite(.offThePool) struct JSONCLITests {
    @Test func anEmptyViewWithoutASchemaWarnsAndStillSucceeds() throws {
        let result = try HubProcess.run(["json", "Examples/GitHub/data/search.json", "--width", "40"])
        #expect(result.status == 0)
        #expect(result.output == "\n")
        #expect(result.errors == """
            hub: warning: the default schema found no view model content in Examples/GitHub/data/search.json \
            (no title, header, body or overlays); if the file is in another schema, pass --schema-file FILE.lua --schema ID

            """)
    }

    @Test func aViewWithContentOrAGivenSchemaDoesNotWarn() throws {
        let food = try HubProcess.run(["json", "Examples/Food/data/food.json", "--model"])
        #expect(food.status == 0)
        #expect(food.errors.isEmpty)
        let github = try HubProcess.run([
            "json", "Examples/GitHub/data/search.json", "--schema-file", "Examples/GitHub/feature.lua", "--schema", "github",
        ])
        #expect(github.status == 0)
        #expect(github.errors.isEmpty)
    }
}
