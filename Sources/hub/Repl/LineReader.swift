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

/// Lines read with libedit: editing, a history kept in a file, and tab completion by
/// `complete` (which gets the word before the cursor and returns its completions).
final class EditLineReader: LineReader {
    private let historyFile: String

    /// A reader keeping its history in `historyFile`, completing with `complete`.
    init(historyFile: String, complete: @escaping (String) -> [String]) {
        self.historyFile = historyFile
        Completion.complete = complete
        hub_edit_set_completer { text, _, _ in
            hub_edit_completion_done()
            return rl_completion_matches(text) { text, state in
                if state == 0 { Completion.candidates = Completion.complete(text.map { String(cString: $0) } ?? "") }
                guard !Completion.candidates.isEmpty else { return nil }
                return strdup(Completion.candidates.removeFirst())
            }
        }
        _ = read_history(historyFile)
    }

    func readLine(prompt: String) -> String? {
        var previous = sigaction()
        while true {
            // Ctrl-C at the prompt drops the line being typed and asks again, as lua5.4 and
            // python3 do: the session and its screens stay.
            hub_edit_catch_interrupts(&previous)
            let read = readline(prompt)
            hub_edit_restore_interrupts(&previous)
            if hub_edit_take_interrupt() != 0 {
                free(read)
                print("")
                continue
            }
            guard let line = read else { return nil }
            return remember(line)
        }
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
}
