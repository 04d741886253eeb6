import Foundation
import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// The faults panel and the header read each Store switch's declaration: every switch on its
/// line with its value, the header's second row, and Enter turning a switch to its next value.
@Suite struct FaultsPanelTests {
    private func view() -> WorldView {
        var view = WorldViewFixture.view()
        view.storeSwitches[.fail] = .failing(.networkError)
        view.storeSwitches[.payments] = .off
        view.storeSwitches[.productRequests] = .off
        view.storeSwitches.withdrawn = ["com.storesim.coins.100"]
        return view
    }

    @Test func thePanelShowsEverySwitchAndItsValue() {
        var state = TUIState(columns: 100, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        let screen = Screen.render(state, view()).textRows
        let panel = screen.compactMap { row -> String? in
            guard let start = row.firstIndex(of: "│"), let end = row.lastIndex(of: "│"), start < end else { return nil }
            return row[row.index(after: start)..<end].trimmingCharacters(in: .whitespaces)
        }
        let lines = [
            "network (App ↔ Server)        online", "server                        up",
            "store ask-to-buy              off", "store interrupt purchases     off", "store fail purchases          network",
            "store payments                off", "store product requests        failing", "store sells selected product  no",
        ]
        for line in lines {
            #expect(panel.contains(line), "\(line) in \(screen.joined(separator: "\n"))")
        }
        #expect(screen[1].trimmingCharacters(in: .whitespaces) == "net online  server up  ask off  interrupt off  fail NETWORK  pay OFF  account demo")
    }

    @Test func enterTurnsEachStoreSwitchToItsNextValue() {
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        var commands: [[TUIEffect]] = []
        for _ in 0..<8 {
            _ = TUIUpdate.update(&state, .input(.key(.down)), model: view())
            commands.append(TUIUpdate.update(&state, .input(.key(.enter)), model: view()))
        }
        #expect(commands == [
            [.perform(.server(.down))], [.perform(.store(.askToBuy, on: true))], [.perform(.store(.interrupt, on: true))],
            [.perform(.store(.fail, on: false))], [.perform(.store(.payments, on: true))],
            [.perform(.store(.productRequests, on: true))], [.perform(.storeSet(.gracePeriod, .named("16d")))],
            [.perform(.storeSell(productId: "com.storesim.coins.100", on: true))],
        ])
        var failing = view()
        failing.storeSwitches[.fail] = .off
        state.panelSelection = 4
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: failing) == [.perform(.storeFail(.unknown))])
    }

    @Test func theChinesePanelAndHeaderWordEachSwitch() {
        var state = TUIState(columns: 100, rows: 24, locale: "zh_CN")
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        let screen = Screen.render(state, view()).textRows
        let panel = screen.map { $0.filter { $0 != " " } }.joined(separator: "\n")
        for line in ["│商店：购买前询问关", "│商店：中断购买关", "│商店：购买失败network", "│商店：允许付款关", "│商店：商品请求失败",
                     "│商店：出售所选商品否"] {
            #expect(panel.contains(line), "\(line) in \(screen.joined(separator: "\n"))")
        }
        #expect(screen[1].contains(" 购买前询问 关  中断 关  失败 NETWORK  付款 关  "), "\(screen[1])")
    }

    /// The environment the Server verifies at first is the panel's last row, after every older
    /// one, on the smallest screen too; Enter points the Server at the other environment, and the
    /// row tells where it points.
    @Test func theLastRowPointsTheServerAtTheOtherEnvironmentFirst() {
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        state.panelSelection = FaultSwitch.allCases.count - 1
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: view()) == [.perform(.serverVerifyFirst(.sandbox))])
        var sandbox = view()
        sandbox.serverVerifiesFirst = .sandbox
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: sandbox) == [.perform(.serverVerifyFirst(.production))])
        let english = Screen.render(state, sandbox).textRows.map { $0.filter { $0 != " " } }.joined(separator: "\n")
        #expect(english.contains("│serververifiesfirstatsandbox"), "\(english)")
        var chinese = TUIState(columns: 80, rows: 24, locale: "zh_CN")
        _ = TUIUpdate.update(&chinese, .input(.key(.character("f"))), model: sandbox)
        chinese.panelSelection = state.panelSelection
        let panel = Screen.render(chinese, sandbox).textRows.map { $0.filter { $0 != " " } }.joined(separator: "\n")
        #expect(panel.contains("│服务器：先验证的环境沙盒"), "\(panel)")
    }
}

