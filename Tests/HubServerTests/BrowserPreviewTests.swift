import Foundation
import HubCore
import Testing
@testable import HubServer

/// The preview page in a real browser (headless Chromium): it shows the view's rows, a click on
/// a component performs its action (a city's row opens the city, and back returns), and an
/// edited operation file changes the page without reloading it; a view URI's query reaches the
/// view. Its `Content-Security-Policy` lets all of that run, and nothing injected.
@Suite struct BrowserPreviewTests {
    /// Keeps, in `window.violations`, the directive of every breach of a page's policy.
    static let recordingViolations = """
        window.violations = [];
        document.addEventListener("securitypolicyviolation", (event) => window.violations.push(event.effectiveDirective));
        """

    @Test func thePreviewShowsClicksAndFollowsEditsLive() async throws {
        try await withWatchedCitiesCopy(serving: [ServerPaths.fixture("Live")]) { server, rows in
            let url = "http://127.0.0.1:\(server.port)/preview/cities:overview"
            try await offThePool {
                let browser = try HeadlessChromium()
                try browser.beforeEveryPage(Self.recordingViolations)
                try browser.navigate(url)
                let text = "document.getElementById('text').textContent"
                #expect(try browser.wait(until: "\(text).includes('Amsterdam')"))
                #expect(try browser.evaluate("document.querySelectorAll('.component').length") == .int(8))
                #expect(try browser.evaluate("document.getElementById('chain').rows.length") == .int(2))
                // A page that reloaded would lose this.
                _ = try browser.evaluate("window.stayed = 'the same page'")

                // The row's box is where the row was drawn: a click selects it, and its target opens.
                _ = try browser.evaluate("document.querySelector('[data-component=\"city-Berlin\"]').click()")
                #expect(try browser.wait(until: "document.getElementById('stack').textContent.includes('cities:city:Berlin')"))
                #expect(try browser.wait(until: "\(text).includes(\"Germany's capital, on the Spree.\")"))
                _ = try browser.evaluate("document.getElementById('back').click()")
                #expect(try browser.wait(until: "\(text).includes('Amsterdam') && document.getElementById('back').disabled"))

                // An edited operation file: the page changes in place.
                let source = try String(contentsOf: rows, encoding: .utf8)
                try source.replacingOccurrences(of: "row.title = city[1]", with: #"row.title = city[1] .. " (edited)""#)
                    .write(to: rows, atomically: true, encoding: .utf8)
                #expect(try browser.wait(until: "\(text).includes('Madrid (edited)')"))
                #expect(try browser.evaluate("window.stayed") == .string("the same page"))
                #expect(try browser.evaluate("window.violations") == .array([]))

                // A view URI with a query: the page's stream asks for the same view.
                try browser.navigate("http://127.0.0.1:\(server.port)/preview/echo:view?q=abba")
                #expect(try browser.wait(until: "\(text).includes('echo:view?q=abba')"))
            }
        }
    }

    @Test func thePageDrawsTheViewAtTheWidthItsPaneHasAndAgainWhenTheWindowIsResized() async throws {
        try await withServer([ServerPaths.examples]) { server in
            try await offThePool {
                let browser = try HeadlessChromium()
                try browser.resize(width: 1_000, height: 800)
                try browser.navigate("http://127.0.0.1:\(server.port)/preview/songs:list")
                // The view's lines are as many columns as the pane holds, and the screen ends
                // inside the pane: every row's [delete] at its right end shows.
                let fits = """
                    (() => {
                      const screen = document.getElementById('screen'), pane = screen.parentElement;
                      const lines = document.getElementById('text').textContent.split('\\n');
                      return [Math.max(...lines.map((line) => line.length)), lines.filter((line) => line.endsWith('[delete]')).length,
                              screen.getBoundingClientRect().right <= pane.getBoundingClientRect().right];
                    })()
                    """
                let text = "document.getElementById('text').textContent"
                #expect(try browser.wait(until: "\(text).includes('[delete]') && \(text).split('\\n')[1].length < 80"))
                let wide = try browser.evaluate(fits)
                guard case .array(let measures) = wide, case .int(let columns) = measures[0] else {
                    Issue.record("measured \(wide)")
                    return
                }
                #expect((60..<80).contains(columns), "a 1000-pixel window beside a 340-pixel panel: \(columns) columns")
                #expect(measures[1] == .int(3) && measures[2] == .bool(true), "every song's [delete] shows: \(wide)")
                // Narrower: the page asks again, and the view is drawn narrower.
                try browser.resize(width: 700, height: 800)
                #expect(try browser.wait(until: "\(text).split('\\n')[1].length < \(columns - 20)"))
                #expect(try browser.evaluate("\(fits)[2]") == .bool(true))
            }
        }
    }

    @Test func thePagesPolicyStopsAnInjectedScriptAndStyle() async throws {
        try await withServer([ServerPaths.examples]) { server in
            try await offThePool {
                let browser = try HeadlessChromium()
                try browser.beforeEveryPage(Self.recordingViolations)
                try browser.navigate("http://127.0.0.1:\(server.port)/preview/cities:overview")
                #expect(try browser.wait(until: "document.getElementById('text').textContent.includes('Amsterdam')"))
                // The style sheet applied: the chain panel is 340 px wide.
                #expect(try browser.evaluate("getComputedStyle(document.querySelector('aside')).width") == .string("340px"))
                // What a view's text would inject, were it ever taken as markup.
                _ = try browser.evaluate("""
                    const script = document.createElement("script");
                    script.textContent = "window.injected = true";
                    document.body.appendChild(script);
                    const style = document.createElement("style");
                    style.textContent = "body { display: none }";
                    document.head.appendChild(style);
                    """)
                #expect(try browser.wait(until: "window.violations.length == 2"))
                #expect(try browser.evaluate("[window.injected === undefined, getComputedStyle(document.body).display]") == .array([.bool(true), .string("flex")]))
                #expect(try browser.evaluate("window.violations.sort()") == .array([.string("script-src-elem"), .string("style-src-elem")]))
            }
        }
    }
}
