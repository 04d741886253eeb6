import CNcurses
import Glibc

/// Bracketed paste: once asked, the terminal sends a paste as `ESC [200~ TEXT ESC [201~`, so
/// that pasted text is told from typed keys — a newline in it is not Enter, a `q` in it does not
/// quit. The interface hands it whole to what takes text (a URL entry).
extension TerminalScreen {
    static let escape: wint_t = 0x1B
    private static let pasteStart = Array("[200~".unicodeScalars)
    private static let pasteEnd = Array("\u{1B}[201~".unicodeScalars)
    /// The most characters of a paste kept; the rest of a longer one is read and dropped.
    static let pasteLimit = 4096

    /// Asks the terminal to bracket pastes, or to stop (xterm's mode 2004; terminals without it
    /// ignore the request).
    static func askForBracketedPaste(_ on: Bool) {
        let request = Array((on ? "\u{1B}[?2004h" : "\u{1B}[?2004l").utf8)
        _ = request.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// After an ESC: the text of a bracketed paste, read to its end; nil for anything else, with
    /// what was read after the ESC put back to be read as keys.
    func readPaste() -> String? {
        wtimeout(window, 0)
        var read: [(status: Int32, code: wint_t)] = []
        for expected in Self.pasteStart {
            var code: wint_t = 0
            let status = wget_wch(window, &code)
            guard status != ERR else { break }
            read.append((status, code))
            guard status == OK, code == expected.value else { break }
        }
        guard read.count == Self.pasteStart.count, read.allSatisfy({ $0.status == OK }) else {
            putBack(read)
            return nil
        }
        wtimeout(window, 100)
        var text: [Unicode.Scalar] = []
        var code: wint_t = 0
        while true {
            let status = wget_wch(window, &code)
            guard status != ERR else { break }
            guard status == OK, let scalar = Unicode.Scalar(UInt32(code)) else { continue }
            text.append(scalar)
            if text.count >= Self.pasteEnd.count, Array(text.suffix(Self.pasteEnd.count)) == Self.pasteEnd {
                text.removeLast(Self.pasteEnd.count)
                break
            }
            if text.count > Self.pasteLimit + Self.pasteEnd.count { text.removeFirst() }
        }
        var pasted = String.UnicodeScalarView()
        pasted.append(contentsOf: text.prefix(Self.pasteLimit))
        return String(pasted)
    }

    /// Puts back what was read, to be read again in the same order.
    private func putBack(_ read: [(status: Int32, code: wint_t)]) {
        for item in read.reversed() {
            if item.status == KEY_CODE_YES {
                ungetch(Int32(bitPattern: item.code))
            } else {
                unget_wch(wchar_t(bitPattern: item.code))
            }
        }
    }
}
