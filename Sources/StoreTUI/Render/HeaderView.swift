import IAPCore
import Simulator

/// The header rows: the app and its strategy, what is armed, the switches, the simulated clock,
/// and on the third row the audit's badge while anything is lost, recoverable or credited twice,
/// and an armed crash the strategy never reaches.
enum HeaderView {
    static func draw(_ model: WorldView, into buffer: inout CellBuffer, width: Int) {
        let status: (String, CellColor, CellStyle)
        switch model.appStatus {
        case .running where model.recovering: status = ("App: recovering", .yellow, .bold)
        case .running: status = ("App: running", .green, .bold)
        case .crashed: status = ("App: crashed", .red, [.bold, .reverse])
        case .notLaunched, .quit: status = ("App: \(model.appStatus.text)", .yellow, .bold)
        }
        buffer.fill(x: 0, y: 0, width: width, height: 1, with: Cell(text: " ", style: .reverse))
        var x = buffer.put(" StoreSim ", x: 0, y: 0, style: [.reverse, .bold])
        x += buffer.put(" \(status.0) ", x: x, y: 0, style: status.2.union(.reverse), color: status.1)
        x += buffer.put(" strategy: \(model.settings.strategy.rawValue) ", x: x, y: 0, style: .reverse)
        if let armed = model.armedCrash {
            let what = model.armedPowerCut ? "power cut" : "crash"
            x += buffer.put(" \(what) armed: \(armed.rawValue) ", x: x, y: 0, style: [.reverse, .bold], color: .red)
        }
        let clock = " " + SimulatedTime.format(model.now) + " "
        buffer.put(clock, x: max(x, width - DisplayWidth.of(clock)), y: 0, style: .reverse)

        let parts = [
            "net \(model.settings.networkOnline ? "online" : "OFFLINE")",
            "server \(model.settings.server == .up ? "up" : model.settings.server.rawValue.uppercased())",
        ] + StoreSwitch.all.compactMap { $0.headerText(model.storeSwitches[$0]) } + ["account \(model.account)"]
        buffer.put(fit(" " + parts.joined(separator: "  "), width), x: 0, y: 1, style: .dim, limit: width)
        let badge = auditBadge(model.audit, into: &buffer, width: width)
        if model.armedCrashUnreachable, let armed = model.armedCrash {
            buffer.put(" \(model.settings.strategy.rawValue) never reaches \(armed.rawValue) ", x: badge, y: 2,
                       style: [.reverse, .bold], color: .yellow)
        }
    }

    /// The audit's counts on the third row, while any of them is not zero: red when a purchase
    /// is lost or credited twice, yellow while one is only waiting to be recovered.
    /// Returns the width it took.
    private static func auditBadge(_ audit: AuditSummary, into buffer: inout CellBuffer, width: Int) -> Int {
        guard audit.lost + audit.recoverable + audit.doubleCredited > 0 else { return 0 }
        let text = " lost \(audit.lost) · recoverable \(audit.recoverable) · double-credited \(audit.doubleCredited) "
        let color: CellColor = audit.lost + audit.doubleCredited > 0 ? .red : .yellow
        return buffer.put(text, x: 0, y: 2, style: [.reverse, .bold], color: color, limit: width)
    }
}
