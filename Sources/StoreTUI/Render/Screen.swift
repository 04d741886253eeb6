import ReadSide

/// Renders a whole frame from the interface state and the world's model: pure, into a buffer.
public enum Screen {
    public static func render(_ state: TUIState, _ model: WorldView) -> CellBuffer {
        var buffer = CellBuffer(columns: state.columns, rows: state.rows)
        guard !state.isTooSmall else {
            DialogViews.tooSmall(state, into: &buffer)
            return buffer
        }
        let width = state.columns
        let lanes = state.showsLane && LanesView.any(model)
        let laneSummary = state.showsLane ? nil : model.notifications.map { NotificationLaneView.summary($0, state.language) }
        HeaderView.draw(model, state.language, world: WorldsView.headerName(state), into: &buffer, width: width, laneSummary: laneSummary)
        let topHeight = topHeight(rows: state.rows, products: model.products.count)
        let leftWidth = width * 60 / 100
        CatalogView.draw(state, model, into: &buffer, in: Rect(x: 0, y: 3, width: leftWidth - 1, height: topHeight))
        PartiesView.draw(state, model, into: &buffer, in: Rect(x: leftWidth + 1, y: 3, width: width - leftWidth - 1, height: topHeight))
        for row in 3..<(3 + topHeight) {
            buffer.put("│", x: leftWidth, y: row, style: .dim)
        }
        let narrationY = 3 + topHeight + 1
        let narrationHeight = NarrationView.height(state, model)
        NarrationView.draw(state, model, into: &buffer, in: Rect(x: 0, y: narrationY, width: width, height: narrationHeight))
        let timelineY = narrationY + narrationHeight
        // The footer's keys take one row, or more where the mode shows every key; what is above
        // it gives way.
        let footerHeight = FooterView.height(state, model)
        let bottom = state.rows - footerHeight - 1
        drawTimeline(state, model, lanes: lanes, into: &buffer, in: Rect(x: 0, y: timelineY, width: width, height: bottom - timelineY))
        FooterView.draw(state, model, into: &buffer, width: width, rows: state.rows)
        let screen = Rect(x: 0, y: 0, width: width, height: bottom + 2)
        switch state.mode {
        case .main: break
        case .sheet(let productId): DialogViews.sheet(productId, state, model, into: &buffer, screen: screen)
        case .crashMenu: DialogViews.crashMenu(state.language, model, into: &buffer, screen: screen)
        case .powerCutMenu: DialogViews.powerCutMenu(state.language, model, into: &buffer, screen: screen)
        case .strategyMenu: DialogViews.strategyMenu(state.language, model, into: &buffer, screen: screen)
        case .transactions: TransactionsView.draw(state, model, into: &buffer, screen: screen)
        case .decoded(let transactionId):
            TransactionsView.draw(state, model, into: &buffer, screen: screen)
            DecodedView.draw(transactionId, state, model, into: &buffer, screen: screen)
        case .confirmDelete(let transactionId):
            TransactionsView.draw(state, model, into: &buffer, screen: screen)
            DialogViews.confirmDelete(transactionId, state, model, into: &buffer, screen: screen)
        case .confirmClear:
            TransactionsView.draw(state, model, into: &buffer, screen: screen)
            DialogViews.confirmClear(state, model, into: &buffer, screen: screen)
        case .faults: FaultsPanelView.draw(state, model, into: &buffer, screen: screen)
        case .urlEntry(let entry):
            FaultsPanelView.draw(state, model, into: &buffer, screen: screen)
            URLEntryView.draw(entry, state, into: &buffer, screen: screen)
        case .help: DialogViews.help(state.language, into: &buffer, screen: screen)
        case .worlds: WorldsView.draw(state, model, into: &buffer, screen: screen)
        case .report(let title, let lines): DialogViews.report(state.language, title, lines, into: &buffer, screen: screen)
        }
        return buffer
    }

    /// From this width on the lanes are shown beside the timeline; on a narrower screen they
    /// take the timeline's place while `l` shows them.
    static let laneBesideColumns = 120

    /// The timeline in `rect`, with the lanes when they are shown: beside the timeline on a wide
    /// screen, in its place on a narrow one.
    private static func drawTimeline(_ state: TUIState, _ model: WorldView, lanes: Bool, into buffer: inout CellBuffer, in rect: Rect) {
        guard lanes else {
            TimelineView.draw(state, model, into: &buffer, in: rect)
            return
        }
        guard rect.width >= laneBesideColumns else {
            LanesView.draw(state, model, into: &buffer, in: rect)
            return
        }
        let laneWidth = min(96, rect.width * 9 / 20)
        let timelineWidth = rect.width - laneWidth - 1
        TimelineView.draw(state, model, into: &buffer, in: Rect(x: rect.x, y: rect.y, width: timelineWidth, height: rect.height))
        for row in rect.y..<(rect.y + rect.height) {
            buffer.put("│", x: rect.x + timelineWidth, y: row, style: .dim)
        }
        LanesView.draw(state, model, into: &buffer, in: Rect(x: rect.x + timelineWidth + 1, y: rect.y, width: laneWidth, height: rect.height))
    }

    /// The height of the catalog and the parties beside it: the whole catalog when it fits,
    /// else as much as leaves the timeline its rows below.
    static func topHeight(rows: Int, products: Int) -> Int {
        min(max(products + 1, min(14, 8 + (rows - 24) / 3)), rows - 12)
    }

    /// How many catalog rows the screen shows.
    static func visibleProducts(rows: Int, products: Int) -> Int {
        max(1, topHeight(rows: rows, products: products) - 1)
    }
}
