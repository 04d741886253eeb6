import ReadSide

/// The lanes beside the timeline (or in its place on a narrow screen): the outside server's
/// while the app verifies with one (`server url`), the notifications' once the Store posts
/// any; when both apply, the outside server's above and the notifications' below, half the
/// height each.
enum LanesView {
    /// Whether the world has a lane to show.
    static func any(_ model: WorldView) -> Bool {
        model.settings.serverURL != nil || model.notifications != nil
    }

    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        switch (model.settings.serverURL, model.notifications) {
        case (let url?, let notifications?):
            let top = rect.height / 2
            OutsideServerLaneView.draw(state, url: url, into: &buffer, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: top))
            NotificationLaneView.draw(state, notifications, model, into: &buffer,
                                      in: Rect(x: rect.x, y: rect.y + top, width: rect.width, height: rect.height - top))
        case (let url?, nil):
            OutsideServerLaneView.draw(state, url: url, into: &buffer, in: rect)
        case (nil, let notifications?):
            NotificationLaneView.draw(state, notifications, model, into: &buffer, in: rect)
        case (nil, nil):
            break
        }
    }

    /// What `l` says it did, as the lanes it shows or hides.
    static func toggled(_ state: TUIState, _ model: WorldView) -> String {
        let language = state.language
        guard model.settings.serverURL != nil else { return language(state.showsLane ? .laneShown : .laneHidden) }
        guard state.showsLane else { return language(.lanesHidden) }
        return language(model.notifications == nil ? .outsideLaneShown : .lanesShown)
    }
}
