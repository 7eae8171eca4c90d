extension PreviewPage {
    /// The page's style sheet.
    static let styleText = #"""
        :root { --line: 1.25em; }
        body { margin: 0; font: 14px system-ui, sans-serif; display: flex; min-height: 100vh; color: #222; }
        main { flex: 1; padding: 12px 16px; overflow: auto; }
        nav { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
        nav .stack { font-family: monospace; color: #555; }
        #status { margin-left: auto; color: #888; }
        #screen { position: relative; display: inline-block; font: 14px/var(--line) monospace; background: #fafafa;
                  border: 1px solid #ddd; padding: 0; }
        #text { margin: 0; font: inherit; white-space: pre; }
        .component { position: absolute; box-sizing: border-box; cursor: pointer; border: 1px solid transparent; }
        .component:hover { border-color: #2a7ae2; background: rgba(42, 122, 226, 0.08); }
        aside { width: 340px; border-left: 1px solid #ddd; padding: 12px 16px; background: #f6f6f6; }
        aside h2 { font-size: 14px; margin: 0 0 8px; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        td, th { text-align: left; padding: 3px 4px; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
        .failed { color: #b00020; }
        .running { color: #a26b00; }
        #error { color: #b00020; white-space: pre-wrap; font-family: monospace; font-size: 12px; }
        """#
}
