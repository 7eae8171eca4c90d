import Foundation
import HubTestThreads
import Testing

/// `hub render --ascii` prints nothing but ASCII: lines, boxes, the library's glyphs (icons,
/// image placeholders, the ellipsis of cut text) and the content's own text.
@Suite(.offThePool) struct ASCIIRenderCLITests {
    /// A view of every example feature (one per `uri` and `uri_prefix` in their feature.lua files).
    static let views = [
        "cities:overview", "cities:city:Madrid", "food:overview", "songs:list", "songs:song:1", "todo:list",
        "github:search", "shop:basket", "market:basket", "limits:fine",
        "chain:titles", "chain:snapshots", "chain:errors", "chain:forwarded", "chain:articles", "chain:search",
        "chain:factory:one", "chain:policy",
    ]

    @Test func theViewsCoverEveryExampleFeature() throws {
        let examples = HubProcess.packageRoot.appendingPathComponent("Examples")
        var uris: [String] = []
        let files = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.lastPathComponent == "feature.lua" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            uris += text.matches(of: /uri(?:_prefix)? = "([^"]+)"/).map { String($0.output.1) }
        }
        #expect(uris.count >= 20)
        // limits' runaways are left out: each ends as an error, with no view to draw.
        for uri in uris where !uri.hasPrefix("limits:") || uri == "limits:fine" {
            #expect(Self.views.contains { $0.hasPrefix(uri) }, "no view of \(uri) is rendered")
        }
    }

    @Test(arguments: views)
    func everyExampleRendersInPureASCII(_ uri: String) throws {
        for width in ["80", "24"] {
            let result = try HubProcess.run(["render", "--features", "Examples", uri, "--width", width, "--ascii", "--color", "never"])
            #expect(!result.output.isEmpty, "\(uri) at \(width): \(result.errors)")
            let bytes = Array(result.output.utf8)
            let first = bytes.firstIndex { $0 >= 0x80 }
            #expect(first == nil, "\(uri) at \(width) columns is not ASCII:\n\(result.output)")
        }
    }

    @Test func theLibrarysGlyphsHaveASCIIStandIns() throws {
        // Cities' images are placeholders (▦ image-0, ░ fill); its rows are cut at 12 columns (…).
        let unicode = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--width", "12"])
        let ascii = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--width", "12", "--ascii"])
        #expect(unicode.status == 0 && ascii.status == 0)
        #expect(unicode.output.unicodeScalars.contains { !$0.isASCII })
        #expect(ascii.output.utf8.allSatisfy { $0 < 0x80 })
        // The same layout: every line as many columns wide.
        #expect(ascii.output.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
            == unicode.output.split(separator: "\n", omittingEmptySubsequences: false).map(\.count))
    }
}
