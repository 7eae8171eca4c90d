import CEdit
import Foundation

/// What the prompt does while it waits for a key, so that time runs between lines: screens stay
/// live, and timers fire and print while the author types.
struct PromptChores {
    /// In how many milliseconds there is something to do (it is asked again after each key).
    var due: () -> Int
    /// Does what is due; what it prints goes above the prompt (``TerminalInput/above(_:)``).
    var run: () -> Void
}

/// Standard input read a character at a time for libedit's prompt, doing ``PromptChores``
/// while no key comes, and output written above the line being edited meanwhile. One prompt
/// per process: libedit's callbacks are C functions, which cannot capture.
enum TerminalInput {
    nonisolated(unsafe) private static var chores: PromptChores?
    /// What Ctrl-C does besides dropping the line being typed; gives the prompt to show again.
    nonisolated(unsafe) private static var dropped: (() -> String)?
    /// Bytes to hand libedit before reading more: what a completion types, a key typed just
    /// after Ctrl-C (read before its signal was seen, the new line's first).
    nonisolated(unsafe) private static var typedAhead: [UInt8] = []
    /// Whether the prompt is waiting for a key (its line shows, being edited).
    nonisolated(unsafe) private static var isWaiting = false
    /// Whether the line being edited was cleared to write above it, and must show again.
    nonisolated(unsafe) private static var isCleared = false

    /// Makes libedit read through ``nextCharacter()``, doing `chores` while it waits; on
    /// Ctrl-C, `dropped` is called and the prompt it gives shows.
    static func install(_ chores: PromptChores, dropped: @escaping () -> String) {
        Self.chores = chores
        Self.dropped = dropped
        hub_edit_set_getc { _ in TerminalInput.nextCharacter() }
    }

    /// `read` (a call of libedit's readline) with the prompt's own handlers of SIGINT and
    /// SIGWINCH installed: ``nextByte()`` sees their flags. (The flags are static variables of
    /// the C shim: each Swift file that uses them gets its own copy, so only this one does.)
    static func reading<Line>(_ read: () -> Line) -> Line {
        var previous = hub_edit_signals()
        hub_edit_catch_signals(&previous)
        defer { hub_edit_restore_signals(&previous) }
        return read()
    }

    /// Makes `bytes` the next keys libedit reads, as if typed.
    static func typeAhead(_ bytes: [UInt8]) {
        typedAhead += bytes
    }

    /// Runs `write`, which writes whole lines to the terminal: above the line being edited
    /// when the prompt is waiting for a key (the line shows again after the chores).
    static func above(_ write: () -> Void) {
        if isWaiting, !isCleared {
            print("\r\u{1B}[K", terminator: "")
            isCleared = true
        }
        write()
        fflush(nil)
    }

    /// The code point of the next character typed (UTF-8 decoded: libedit takes it whole),
    /// or -1 at the end of input.
    private static func nextCharacter() -> Int32 {
        guard let lead = nextByte() else { return -1 }
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1 else { return Int32(lead) }
        var bytes = [lead]
        for _ in 1..<length {
            guard let byte = nextByte(), byte & 0xC0 == 0x80 else { return 0xFFFD }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.first.map { Int32($0.value) } ?? 0xFFFD
    }

    /// The next byte of standard input, doing the chores until it comes; nil at the end of
    /// input or on a read error. Ctrl-C drops the line being typed and shows a new prompt, as
    /// lua5.4 and python3 do: the session and its screens stay.
    private static func nextByte() -> UInt8? {
        if !typedAhead.isEmpty { return typedAhead.removeFirst() }
        isWaiting = true
        defer { isWaiting = false }
        while true {
            if hub_edit_take_interrupt() != 0 { return dropLine() }
            if hub_edit_take_resize() != 0 { rl_resize_terminal() }
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&input, 1, Int32(clamping: chores.map { max(0, $0.due()) } ?? -1))
            if ready > 0 {
                var byte: UInt8 = 0
                guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
                // Ctrl-C comes as a byte where the terminal does not make it SIGINT.
                if byte == Self.controlC { return dropLine() }
                // The terminal discards what was typed before Ctrl-C and not read yet: a key
                // read once its signal came was typed after it, and starts the new line.
                if hub_edit_take_interrupt() != 0 {
                    typedAhead = [byte]
                    return dropLine()
                }
                return byte
            }
            if ready < 0 {
                // A signal (SIGINT, a resize) is seen at the top of the loop.
                guard errno == EINTR else { return nil }
                continue
            }
            chores?.run()
            if isCleared {
                isCleared = false
                rl_forced_update_display()
            }
        }
    }

    /// The byte Ctrl-C types.
    private static let controlC: UInt8 = 0x03

    /// The byte that makes libedit (in its emacs bindings) kill the whole line.
    private static let killLine: UInt8 = 0x15

    /// Leaves the line being typed where it shows and goes to the next, where libedit, given
    /// the kill-line key returned, shows the prompt (the one `dropped` gives: a statement begun
    /// on earlier lines is dropped too) with nothing typed.
    private static func dropLine() -> UInt8 {
        print("")
        if let prompt = dropped?() { _ = rl_set_prompt(prompt) }
        return killLine
    }
}
