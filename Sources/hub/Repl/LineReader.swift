import CEdit
import Foundation

/// Reads the lines typed at a prompt: with line editing, history and tab completion (libedit)
/// at a terminal, or plainly from a pipe.
protocol LineReader {
    /// The next line, after showing `prompt`; nil at the end of input.
    func readLine(prompt: String) -> String?
}

/// Lines read plainly from standard input, with no prompt (a pipe, a file).
struct PlainLineReader: LineReader {
    func readLine(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Lines read with libedit: editing, a history kept in a file, tab completion by `complete`
/// (which gets the word before the cursor and returns its completions), `chores` done while
/// the prompt waits for a key, and Ctrl-C dropping the line being typed (`dropped` gives the
/// prompt to show again).
final class EditLineReader: LineReader {
    private let historyFile: String

    /// A reader keeping its history in `historyFile`, completing with `complete`, doing
    /// `chores` between keys, calling `dropped` when Ctrl-C drops the line being typed.
    init(
        historyFile: String, chores: PromptChores, dropped: @escaping () -> String, complete: @escaping (String) -> [String]
    ) {
        self.historyFile = historyFile
        // libedit edits characters, not bytes, in a UTF-8 locale (the terminal's, or C.UTF-8).
        if setlocale(LC_CTYPE, "").map({ String(cString: $0).uppercased().contains("UTF-8") }) != true {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        TerminalInput.install(chores, dropped: dropped)
        Completion.complete = complete
        hub_edit_set_completer { text, _, _ in
            hub_edit_completion_done()
            let word = text.map { String(cString: $0) } ?? ""
            let candidates = Completion.complete(word)
            if candidates.count == 1, Completion.typeRest(of: candidates[0], after: word) { return nil }
            Completion.candidates = candidates
            return rl_completion_matches(text) { _, _ in
                guard !Completion.candidates.isEmpty else { return nil }
                return strdup(Completion.candidates.removeFirst())
            }
        }
        _ = read_history(historyFile)
    }

    func readLine(prompt: String) -> String? {
        // Ctrl-C drops the line being typed: the session and its screens stay.
        TerminalInput.reading { readline(prompt) }.map(remember)
    }

    /// The text of `line` (freed here), added to the history unless blank.
    private func remember(_ line: UnsafeMutablePointer<CChar>) -> String {
        defer { free(line) }
        let text = String(cString: line)
        if !text.trimmingCharacters(in: .whitespaces).isEmpty {
            add_history(line)
            _ = write_history(historyFile)
        }
        return text
    }
}

/// What libedit's completion callbacks (C functions, which cannot capture) reach: the one
/// prompt's completer and the candidates it is handing out.
private enum Completion {
    nonisolated(unsafe) static var complete: (String) -> [String] = { _ in [] }
    nonisolated(unsafe) static var candidates: [String] = []

    /// Types what `candidate`, the only completion of `word`, adds to it, as keys libedit reads
    /// next: nothing after it (a method's `(`, a field's `.` come next) and no bell, where
    /// libedit, handed one match, adds a space and rings the bell all the same. False when
    /// `candidate` does not start with `word`: libedit replaces the word then.
    static func typeRest(of candidate: String, after word: String) -> Bool {
        guard candidate.utf8.starts(with: word.utf8) else { return false }
        TerminalInput.typeAhead(Array(candidate.utf8.dropFirst(word.utf8.count)))
        return true
    }
}
