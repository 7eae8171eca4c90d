import Foundation
import HubTestThreads
import Testing

/// `hub check`: the examples are clean; a folder of features seeded with mistakes gives one
/// located message per mistake, then a summary, and a failing status.
@Suite(.offThePool) struct CheckCommandTests {
    private let fixtures = "Tests/HubCLITests/Fixtures/Unchecked"

    /// The problems every check of the fixtures reports, in order.
    private var problems: [String] {
        let folder = fixtures
        return [
            "\(folder)/d_syntax/feature.lua:5: '}' expected (to close '{' at line 2) near <eof> (feature folder '\(folder)/d_syntax' not loaded)",
            "\(folder)/e_again/feature.lua:2: feature 'twin' is declared again at \(folder)/f_twin/feature.lua:2: a feature id "
                + "belongs to one folder, so neither folder loads (feature folder '\(folder)/e_again' not loaded)",
            "\(folder)/f_twin/feature.lua:2: feature 'twin' is declared already at \(folder)/e_again/feature.lua:2: a feature id "
                + "belongs to one folder, so neither folder loads (feature folder '\(folder)/f_twin' not loaded)",
            "\(folder)/c_repeats/feature.lua:9: component 'repeats:card' is registered again, replacing the registration at "
                + "\(folder)/c_repeats/feature.lua:8",
            "\(folder)/c_repeats/feature.lua:12: action 'repeats:buy' is registered again, replacing the registration at "
                + "\(folder)/c_repeats/feature.lua:11",
            "\(folder)/b_basket/feature.lua:2: feature 'basket' claims 'shop:basket', but feature 'shop' "
                + "(\(folder)/a_shop/feature.lua:2) was registered first and opens it",
            "\(folder)/c_repeats/feature.lua:14: feature 'repeats' reads JSON with schema 'catalogue', which nothing registers "
                + "(no custom schema is registered); its JSON is read with the default schema",
            "\(folder)/c_repeats/data/broken.json:5:1: malformed JSON: unexpected end of input in an array",
        ]
    }

    /// The problem of the fixtures' HTTP recording, which every check reports last.
    private var recordingProblem: String {
        "\(fixtures)/c_repeats/tests/http/catalogue.http:3: bad status line 'HTTP 20': expected 'HTTP <3-digit status>', "
            + "optionally followed by ' after <N> ms'"
    }

    @Test func theExamplesAreClean() throws {
        let result = try HubProcess.run(["check", "--features", "Examples"])
        #expect(result.output == "hub check: no problems in 9 feature folders\n")
        #expect(result.errors == "")
        #expect(result.status == 0)
    }

    @Test func eachSeededMistakeGetsOneLocatedMessage() throws {
        let result = try HubProcess.run(["check", "--features", fixtures])
        #expect(result.output == (problems + [recordingProblem, "hub check: 9 problems in 6 feature folders", ""]).joined(separator: "\n"))
        #expect(result.errors == "")
        #expect(result.status == 1)
    }

    @Test func strictAlsoReadsJSONWithTheSchemaAndLooksForUnregisteredComponents() throws {
        let result = try HubProcess.run(["check", "--features", fixtures, "--strict"])
        let strict = [
            "\(fixtures)/c_repeats/data/view.json:2:12: title: the view title should be a string, not 12; it is skipped",
            "\(fixtures)/c_repeats/data/view.json:5:39: body[1].component.id: no component 'repeats:odd' is registered; "
                + "the fallback for its category draws it",
            "\(fixtures)/c_repeats/feature.lua:22: view 'repeats:home': model 'ghost' names component 'repeats:ghost', "
                + "which nothing registers; the fallback for its category draws it",
        ]
        #expect(result.output == (problems + strict + [recordingProblem, "hub check: 12 problems in 6 feature folders", ""])
            .joined(separator: "\n"))
        #expect(result.status == 1)
    }

    @Test func strictOnTheExamplesFindsEveryFailureTheExamplesShowOnPurposeAndTheComponentTheEmbeddingAppRegistersInSwift() throws {
        // The Chain example silences one error and fails a view with another on purpose; the
        // Limits example's views are runaways on purpose. Each is named at its own line, with
        // what became of it.
        let result = try HubProcess.run(["check", "--features", "Examples", "--strict"])
        #expect(result.output == """
            Examples/Chain/operations/examples.lua:49: view 'chain:errors': operation 'fetch' failed: offline; operation 'banner' \
            was handed it and finished normally, so the chain went on without it
            Examples/Chain/operations/examples.lua:49: view 'chain:forwarded': operation 'fetch' failed: offline \
            (passed on at Examples/Chain/operations/examples.lua:74); the view failed with it
            Examples/Embedding/Basket/feature.lua:12: view 'shop:basket': model 'Apples' names component 'shop:price', \
            which nothing registers; the fallback for its category draws it
            Examples/Limits/feature.lua:5: view 'limits:spin': operation 'feature:4' failed: instruction budget exceeded \
            (1000000 instructions); the view failed with it
            Examples/Limits/feature.lua:9: view 'limits:stuck': operation 'feature:8' failed: timed out after 200 ms; \
            the view failed with it
            Examples/Limits/feature.lua:13: view 'limits:again': operation 'feature:12' failed: rescheduled itself 50 times \
            in a row with nothing else happening (a loop?); the view failed with it
            Examples/Limits/feature.lua:17: view 'limits:pattern': operation 'feature:16' failed: instruction budget exceeded \
            (1000000 instructions); the view failed with it
            hub check: 7 problems in 9 feature folders

            """)
        #expect(result.status == 1)
    }

    @Test func everyMistakeOfEachFolderIsReportedOnceAtItsLine() throws {
        let folder = "Tests/HubCLITests/Fixtures/All"
        let result = try HubProcess.run(["check", "--features", folder, "--strict"])
        let keys = "action_handler, budget, hosts, id, max_reschedules, max_response, operations, reload_policy, schema, store, "
            + "timeout, title, uri, uri_exclude, uri_match, uri_prefix"
        let broken = " (feature folder '\(folder)/broken' not loaded)"
        let misspelt: String = "\(folder)/broken/operations/typo.lua:2: hub.operation: "
            + "an operation needs a 'perform' function; unknown key 'perfrom'; did you mean 'perform'?"
        let unfinished: String = "\(folder)/broken/feature.lua:6: operations/bare.lua returned nothing: "
            + "end it with `return hub.operation { ... }`"
        let timout: String = "\(folder)/broken/feature.lua:2: feature 'broken': unknown key 'timout'; "
            + "did you mean 'timeout'? (known: \(keys))"
        let missing: String = "\(folder)/missing/operations/songs.lua:2: module 'data.songs' not found in feature folder "
            + "'\(folder)/missing' (tried data/songs.lua, data/songs/init.lua) (feature folder '\(folder)/missing' not loaded)"
        let clash: String = "\(folder)/second/feature.lua:2: feature 'second' claims 'same:home', but feature 'first' "
            + "(\(folder)/first/feature.lua:2) was registered first and opens it"
        let ghost: String = "\(folder)/first/feature.lua:8: view 'same:home': model 'row' names component 'first:ghost', "
            + "which nothing registers; the fallback for its category draws it"
        let lines: [String] = [
            misspelt + broken, unfinished + broken, timout + broken, missing, clash, ghost, "hub check: 6 problems in 4 feature folders", "",
        ]
        #expect(result.output == lines.joined(separator: "\n"))
        #expect(result.status == 1)
    }

    @Test func aPathWithoutFeaturesIsAnError() throws {
        let result = try HubProcess.run(["check", "--features", "Sources"])
        #expect(result.errors == "hub: no feature.lua found under 'Sources'\n")
        #expect(result.output == "")
        #expect(result.status == 1)
    }
}
