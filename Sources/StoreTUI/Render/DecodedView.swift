import IAPCore
import ReadSide

/// The transaction manager's decoded signed transaction, over the manager: the JWS header's
/// algorithm and certificate chain, whether it verifies against the root the Server pinned, and
/// every field of the payload in Apple's names (a date also as the simulated time it names).
/// Lines that do not fit scroll with PgUp/PgDn; a line too long for the box ends in `…`.
enum DecodedView {
    static func draw(_ transactionId: TransactionID, _ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer,
                     screen: Rect) {
        let language = state.language
        let inner = buffer.box(frame(screen), title: language(.decodedTitle, transactionId))
        let lines = self.lines(transactionId, state, model, width: inner.width)
        let offset = min(state.decodedOffset, maxOffset(lines.count, height: inner.height))
        let more = lines.count - offset - inner.height
        let shown = lines.dropFirst(offset).prefix(more > 0 ? inner.height - 1 : inner.height)
        for (index, line) in shown.enumerated() {
            buffer.put(clipped(line.text, inner.width), x: inner.x, y: inner.y + index, style: line.style, color: line.color,
                       limit: inner.width)
        }
        if more > 0 {
            buffer.put(clipped(language(.decodedMore, more + 1), inner.width), x: inner.x, y: inner.y + inner.height - 1,
                       style: .dim, limit: inner.width)
        }
    }

    /// How far the lines may scroll: the last line at the bottom of the box.
    static func maxOffset(_ state: TUIState, _ model: WorldView, _ transactionId: TransactionID) -> Int {
        let box = frame(Rect(x: 0, y: 0, width: state.columns, height: state.rows))
        return maxOffset(lines(transactionId, state, model, width: box.width - 4).count, height: box.height - 2)
    }

    private static func maxOffset(_ count: Int, height: Int) -> Int {
        max(0, count - height)
    }

    /// The box: the whole screen but the header's first row and the status and footer rows.
    private static func frame(_ screen: Rect) -> Rect {
        Rect(x: screen.x, y: screen.y + 1, width: screen.width, height: screen.height - 3)
    }

    /// The lines shown in a box `width` wide, with the style and colour of each; why a JWS does
    /// not verify wraps, so that it is read whole.
    static func lines(_ transactionId: TransactionID, _ state: TUIState, _ model: WorldView, width: Int)
        -> [(text: String, style: CellStyle, color: CellColor)] {
        let language = state.language
        guard let row = model.transactions.first(where: { $0.id == transactionId }), let decoded = model.decoded(row) else {
            return [(language(.notSigned), [], .none)]
        }
        let roles: [StoreKit2Phrase] = [.chainLeaf, .chainIntermediate, .chainRoot]
        let roleWidth = roles.map { DisplayWidth.of(language($0)) }.max() ?? 0
        var lines: [(text: String, style: CellStyle, color: CellColor)] = [
            (language(.decodedHeader, decoded.algorithm ?? "?", decoded.chain.count), .bold, .none),
        ]
        for (index, name) in decoded.chain.enumerated() {
            let role = index < roles.count ? language(roles[index]) : "x5c[\(index)]"
            lines.append(("  " + fit(role, roleWidth + 2) + name, [], .none))
        }
        switch decoded.verification {
        case .verified: lines.append((language(.verified), .bold, .green))
        case .failed(let error): lines += wrap(language(.notVerified, language.words(error)), width).map { ($0, .bold, .red) }
        case .noPinnedRoot: lines.append((language(.noPinnedRoot), .bold, .yellow))
        }
        lines.append((language(.payload), .bold, .none))
        let nameWidth = (decoded.fields.map { DisplayWidth.of($0.name) }.max() ?? 0) + 2
        for field in decoded.fields {
            let date = field.date.map { "  (" + SimulatedTime.format($0) + ")" } ?? ""
            lines.append(("  " + fit(field.name, nameWidth) + field.value + date, [], .none))
        }
        return lines
    }
}
