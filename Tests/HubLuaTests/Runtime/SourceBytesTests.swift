import Foundation
import HubCore
import HubRender
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// Feature files are read as bytes, as Lua reads a file: a Latin-1 string literal loads as its
/// four bytes and comes back the same through `require` and `hub.read`, and an error raised
/// from such a file keeps its `file:line` and its message, the bytes that are not UTF-8 shown
/// as U+FFFD.
@Suite struct SourceBytesTests {
    /// A feature folder whose files are `files` (relative path → bytes), loaded in a runtime.
    private static func load(_ files: [String: [UInt8]]) throws -> (runtime: HubRuntime, folder: String) {
        let folder = try makeFeatureFolder("", named: "latin")
        for (relative, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + relative)) }
        return (try makeRuntime(folder), folder)
    }

    @Test func aLatin1LiteralLoadsAsItsBytesAndRoundTrips() throws {
        let (runtime, folder) = try Self.load([
            "feature.lua": LuaParity.latin1(
                """
                -- caf\u{E9}: a comment in Latin-1
                word = "caf\u{E9}"
                hub.feature { id = "latin", uri = "latin:view", operations = { function(ctx)
                  ctx.view.title = #word .. " bytes, last " .. word:byte(-1)
                end } }
                """),
            "words.lua": LuaParity.latin1("return { word = \"caf\u{E9}\" }\n"),
            "word.txt": LuaParity.latin1("caf\u{E9}"),
        ])
        defer { try? FileManager.default.removeItem(atPath: FeatureFolder.parent(of: folder)) }
        let result = try runtime.evaluate(
            """
            return { #word, word == "caf\\xE9", require("words").word == word, hub.read("word.txt") == word,
              string.char(word:byte(1, -1)) == word }
            """, inFolder: "/latin")
        #expect(result == .array([.int(4), .bool(true), .bool(true), .bool(true), .bool(true)]))
        #expect(try runtime.open("latin:view").viewModel.title == "4 bytes, last 233")
    }

    @Test func anErrorFromALatin1FileNamesItsFileAndLine() throws {
        let (runtime, folder) = try Self.load([
            "feature.lua": LuaParity.latin1("hub.feature { id = \"latin\", uri = \"latin:view\", operations = { function(ctx) end } }\n"),
            "broken.lua": LuaParity.latin1("local word = \"caf\u{E9}\"\nerror(\"no \" .. word .. \" here\")\n"),
            "unfinished.lua": LuaParity.latin1("local word = \"caf\u{E9}\" ..\n"),
        ])
        defer { try? FileManager.default.removeItem(atPath: FeatureFolder.parent(of: folder)) }
        // (Lua shortens a long temporary path from the left: its end names the file.)
        #expect {
            try runtime.evaluate("require('broken')", inFolder: "/latin")
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.location?.description.hasSuffix("latin/broken.lua:2") == true && error.message == "no caf\u{FFFD} here"
        }
        #expect {
            try runtime.evaluate("require('unfinished')", inFolder: "/latin")
        } throws: { error in
            (error as? ScriptError)?.description.hasSuffix("latin/unfinished.lua:2: unexpected symbol near <eof>") == true
        }
    }
}
