import IAPCore
import ReadSide

/// The header rows: the app and its strategy, what is armed, its StoreKit (when it is not
/// StoreKit 1) and the switches, the simulated clock,
/// and on the third row the world shown (once there are several), the audit's badge while anything is lost, recoverable or credited twice
/// (with an outside server, which only `storesim audit` asks for its credits, a line that says so),
/// and an armed crash the strategy never reaches, with the notification lane's summary at its
/// right while the lane is hidden. A switch away from its usual value is in capitals (where the
/// language has them).
enum HeaderView {
    static func draw(_ model: WorldView, _ language: Language, world: String? = nil, into buffer: inout CellBuffer, width: Int,
                     laneSummary: String? = nil) {
        let status: (Phrase, CellColor, CellStyle)
        switch model.appStatus {
        case .running where model.recovering: status = (.appRecovering, .yellow, .bold)
        case .running: status = (.appRunning, .green, .bold)
        case .crashed: status = (.appCrashed, .red, [.bold, .reverse])
        case .notLaunched: status = (.appNotLaunched, .yellow, .bold)
        case .quit: status = (.appClosed, .yellow, .bold)
        }
        buffer.fill(x: 0, y: 0, width: width, height: 1, with: Cell(text: " ", style: .reverse))
        var x = buffer.put(" StoreSim ", x: 0, y: 0, style: [.reverse, .bold])
        x += buffer.put(" \(language(status.0)) ", x: x, y: 0, style: status.2.union(.reverse), color: status.1)
        let store = model.settings.store
        if store == .play {
            x += buffer.put(" Google Play ", x: x, y: 0, style: [.reverse, .bold], color: .green)
        }
        x += buffer.put(" \(language(.headerStrategy, model.settings.strategy.word(on: store))) ", x: x, y: 0, style: .reverse)
        if let armed = model.armedCrash {
            let what = language(model.armedPowerCut ? .headerPowerCutArmed : .headerCrashArmed, armed.word(on: store))
            x += buffer.put(" \(what) ", x: x, y: 0, style: [.reverse, .bold], color: .red)
        }
        let clock = " " + SimulatedTime.format(model.now) + " "
        buffer.put(clock, x: max(x, width - DisplayWidth.of(clock)), y: 0, style: .reverse)
        buffer.put(fit(" " + switchesRow(model, language, width: width - 1), width), x: 0, y: 1, style: .dim, limit: width)
        var end = world.map { buffer.put(" \($0) ", x: 0, y: 2, style: [.reverse, .bold], color: .cyan, limit: width) + 1 } ?? 0
        if model.settings.serverURL == nil {
            end += auditBadge(model.audit, language, into: &buffer, at: end, width: width)
        } else {
            end += buffer.put(" \(language(.auditByOutsideServer)) ", x: end, y: 2, style: .dim, limit: width - end)
        }
        if model.armedCrashUnreachable, let armed = model.armedCrash {
            end += buffer.put(" \(language(.neverReaches, model.settings.strategy.word(on: store), armed.word(on: store))) ", x: end, y: 2,
                              style: [.reverse, .bold], color: .yellow)
        }
        if let laneSummary {
            let x = max(end + 1, width - DisplayWidth.of(laneSummary) - 1)
            buffer.put(clipped(laneSummary, width - x), x: x, y: 2, style: .bold, limit: width - x)
        }
    }

    /// The second row, within `width`: the network, the Server, every Store switch and the
    /// account. When they do not fit, Store switches at their usual value give way (from the
    /// last), so that one away from it is never cut off.
    private static func switchesRow(_ model: WorldView, _ language: Language, width: Int) -> String {
        var items = switches(model, language)
        var row: String { items.map(\.text).joined(separator: "  ") }
        while DisplayWidth.of(row) > width, let usual = items.lastIndex(where: \.usual) {
            items.remove(at: usual)
        }
        return row
    }

    /// The second row's items; `usual` for a Store switch at its usual value.
    private static func switches(_ model: WorldView, _ language: Language) -> [(text: String, usual: Bool)] {
        let server = model.settings.server
        let store = StoreSwitch.every.compactMap { storeSwitch -> (String, Bool)? in
            let value = model.storeSwitches[storeSwitch]
            guard let label = storeSwitch.headerLabel, !(storeSwitch.headerHidesNormal && value == storeSwitch.normal) else { return nil }
            let word = FaultSwitch.word(storeSwitch, value, language)
            return ("\(language(label)) \(value == storeSwitch.normal ? word : word.uppercased())", value == storeSwitch.normal)
        }
        return [
            (language(.switchNet, model.settings.networkOnline ? language(.online) : language(.offline).uppercased()), false),
            (language(.switchServer, server == .up ? language(.serverUp) : language(FaultSwitch.mode(server)).uppercased()), false),
        ] + (model.settings.serverURL.map { [(language(.switchOutsideServer, $0), false)] } ?? [])
          + (model.settings.api == .storekit2 ? [(language(.headerStoreKit2), false)] : []) + store + [(language(.switchAccount, model.account), false)]
    }

    /// The audit's counts on the third row, while any of them is not zero: red when a purchase
    /// is lost or credited twice, yellow while one is only waiting to be recovered.
    /// Returns the width it took.
    private static func auditBadge(_ audit: AuditSummary, _ language: Language, into buffer: inout CellBuffer, at x: Int, width: Int) -> Int {
        guard audit.lost + audit.recoverable + audit.doubleCredited > 0 else { return 0 }
        let text = " \(language(.auditBadge, audit.lost, audit.recoverable, audit.doubleCredited)) "
        let color: CellColor = audit.lost + audit.doubleCredited > 0 ? .red : .yellow
        return buffer.put(text, x: x, y: 2, style: [.reverse, .bold], color: color, limit: width - x)
    }
}
