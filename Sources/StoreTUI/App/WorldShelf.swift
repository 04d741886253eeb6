import IAPCore
import ReadSide
import WorldCore

/// The worlds the interface holds: the one it opened on and those added beside it (fresh
/// worlds and lessons), each with the interface state it was last shown in and the events it
/// had since. An added world lives in a temporary data directory of its own, removed when the
/// interface ends or a real crash ends the process; its crashes stay in this process.
final class WorldShelf {
    private struct Shelved {
        /// The world, with what the interface keeps of its reads.
        let readModel: ReadModel
        var state: TUIState?
        let directory: DataDirectory?
        /// What the world did since the interface last took its events.
        let events: EventBuffer
    }

    private var shelved: [Shelved] = []

    /// Shelves the world the interface opens on; its events are kept from now on.
    init(_ first: ReadModel) {
        shelve(first, directory: nil)
    }

    var count: Int { shelved.count }

    func world(at index: Int) -> World {
        shelved[index].readModel.world
    }

    /// The read model of the world at `index`.
    func readModel(at index: Int) -> ReadModel {
        shelved[index].readModel
    }

    /// The interface state the world at `index` was last shown in; nil for one never shown.
    func state(at index: Int) -> TUIState? {
        shelved[index].state
    }

    /// Keeps `state` as the one the world at `index` is shown in next time.
    func keep(_ state: TUIState, at index: Int) {
        shelved[index].state = state
    }

    /// Whether the world at `index` did something since its events were last taken.
    func hasEvents(at index: Int) -> Bool {
        !shelved[index].events.isEmpty
    }

    /// The events of the world at `index` since they were last taken, oldest first. A world
    /// served beside the interface goes on changing while another is shown; what it did then
    /// reaches its timeline when it is shown again.
    func takeEvents(at index: Int) -> [Event] {
        shelved[index].events.take()
    }

    /// Opens a fresh world on `catalog` in a new temporary data directory, with keys of its own,
    /// and shelves it last.
    func addFresh(catalog: Catalog, store: StoreKind = .appStore) throws(WorldError) -> World {
        let directory = try DataDirectory.temporary()
        do {
            let world = try World(directory: directory, catalog: catalog, seed: nil, store: store)
            shelve(ReadModel(world), directory: directory)
            return world
        } catch {
            directory.removeTemporary()
            throw error
        }
    }

    /// Removes the added worlds' data directories.
    func removeAdded() {
        for item in shelved {
            item.directory?.removeTemporary()
        }
    }

    /// Shelves a world and keeps its events, after whatever already hears them (a server's
    /// transcript).
    private func shelve(_ readModel: ReadModel, directory: DataDirectory?) {
        let events = EventBuffer(limit: TUIState.timelineLimit)
        let world = readModel.world
        let heard = world.onEvent
        world.onEvent = { event in
            heard?(event)
            events.append(event)
        }
        shelved.append(Shelved(readModel: readModel, state: nil, directory: directory, events: events))
    }
}

/// The events a shelved world had since the interface last took them; only the newest `limit`
/// are kept, as many as the timeline shows.
private final class EventBuffer {
    private var events: [Event] = []
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    var isEmpty: Bool { events.isEmpty }

    func append(_ event: Event) {
        events.append(event)
        if events.count > limit * 2 { events.removeFirst(events.count - limit) }
    }

    func take() -> [Event] {
        defer { events = [] }
        return events
    }
}
