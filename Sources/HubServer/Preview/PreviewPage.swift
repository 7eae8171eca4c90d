import Hummingbird

/// The preview page: one static page whose script opens `/preview/{uri}/updates` (a live session
/// on the server) and shows each state the session sends: the view drawn as text, a box over
/// every component (a click selects it: its actions run, and a target opens on top, with a
/// back button), and the chain panel (each operation's status, runs, time and error). The same
/// page serves every view URI: the script reads it from the page's own path.
///
/// The script and the style sheet are files of their own (`/preview.js`, `/preview.css`), so
/// that the page's `Content-Security-Policy` allows this server's scripts and styles and
/// nothing inline: a constant policy, with no hash to keep in step with the script.
enum PreviewPage {
    /// The page: only this server's scripts and styles run in it, it talks to this server
    /// alone, and no other page may frame it (clickjacking).
    static var response: Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: contentSecurityPolicy],
            body: ResponseBody(byteBuffer: htmlBytes))
    }

    /// `/preview.js`: the page's script.
    static var script: Response {
        Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8"], body: ResponseBody(byteBuffer: scriptBytes))
    }

    /// `/preview.css`: the page's style sheet.
    static var styleSheet: Response {
        Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8"], body: ResponseBody(byteBuffer: styleBytes))
    }

    /// The page's policy: scripts and styles from this server's own files (the script sets
    /// element styles through the DOM, which a policy allows), connections (its update stream
    /// and clicks) to this server only, nothing else loaded, no form sent, no frame around it.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The files, compiled into the program from `Preview/Resources/` (SwiftPM's `embedInCode`):
    /// the page, its script and its style sheet are edited as HTML, JavaScript and CSS, and
    /// served from memory wherever the program runs, with no resource bundle to find.
    static let html = String(decoding: PackageResources.preview_html, as: UTF8.self)
    /// The page's script: opens `/preview/{uri}/updates` for the view of the page's own path,
    /// shows each state it sends, and posts clicks and the back button to the session, as JSON.
    static let scriptText = String(decoding: PackageResources.preview_js, as: UTF8.self)
    /// The page's style sheet.
    static let styleText = String(decoding: PackageResources.preview_css, as: UTF8.self)

    /// The files' bytes, made once (every response shares them).
    private static let htmlBytes = ByteBuffer(bytes: PackageResources.preview_html)
    private static let scriptBytes = ByteBuffer(bytes: PackageResources.preview_js)
    private static let styleBytes = ByteBuffer(bytes: PackageResources.preview_css)
}
