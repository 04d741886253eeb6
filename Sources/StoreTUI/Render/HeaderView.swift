import IAPCore
import Simulator

/// The two header rows: the app and its strategy, the switches, the simulated clock.
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
            x += buffer.put(" crash armed: \(armed.rawValue) ", x: x, y: 0, style: [.reverse, .bold], color: .red)
        }
        let clock = " " + SimulatedTime.format(model.now) + " "
        buffer.put(clock, x: max(x, width - DisplayWidth.of(clock)), y: 0, style: .reverse)

        let switches = model.storeSwitches
        let parts = [
            "net \(model.settings.networkOnline ? "online" : "OFFLINE")",
            "server \(model.settings.server == .up ? "up" : model.settings.server.rawValue.uppercased())",
            "ask-to-buy \(switches.askToBuy ? "ON" : "off")",
            "fail \(switches.failPurchases == nil ? "off" : "ON")",
            "payments \(switches.paymentsAllowed ? "on" : "OFF")",
            "account \(model.account)",
        ]
        buffer.put(" " + parts.joined(separator: "  "), x: 0, y: 1, style: .dim, limit: width)
    }
}
