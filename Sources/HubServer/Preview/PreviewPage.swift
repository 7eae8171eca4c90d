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

    /// The files' bytes, made once (every response shares them).
    private static let htmlBytes = ByteBuffer(string: html)
    private static let scriptBytes = ByteBuffer(string: scriptText)
    private static let styleBytes = ByteBuffer(string: styleText)

    /// The page: the view drawn as text with its components over it, and the chain panel.
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Hub preview</title>
        <link rel="stylesheet" href="/preview.css">
        </head>
        <body>
        <main>
          <nav>
            <button id="back" type="button" disabled>◀ Back</button>
            <span class="stack" id="stack"></span>
            <span id="status">connecting…</span>
          </nav>
          <div id="screen"><pre id="text"></pre></div>
        </main>
        <aside>
          <h2>Chain</h2>
          <table><thead><tr><th>operation</th><th>status</th><th>runs</th><th>ms</th></tr></thead><tbody id="chain"></tbody></table>
          <p id="error"></p>
        </aside>
        <script src="/preview.js"></script>
        </body>
        </html>
        """#
}
