import IAPCore
import ReadSide
import WorldCore

/// The worlds the interface holds: the one it opened on and those added beside it (fresh
/// worlds and lessons), each with the interface state it was last shown in. An added world
/// lives in a temporary data directory of its own, removed when the interface ends or a real
/// crash ends the process; its crashes stay in this process.
final class WorldShelf {
    private struct Shelved {
        /// The world, with what the interface keeps of its reads.
        let readModel: ReadModel
        var state: TUIState?
        let directory: DataDirectory?
    }

    private var shelved: [Shelved]

    init(_ first: ReadModel) {
        shelved = [Shelved(readModel: first, state: nil, directory: nil)]
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

    /// Opens a fresh world on `catalog` in a new temporary data directory, with keys of its own,
    /// and shelves it last.
    func addFresh(catalog: Catalog) throws(WorldError) -> World {
        let directory = try DataDirectory.temporary()
        do {
            let world = try World(directory: directory, catalog: catalog, seed: nil)
            shelved.append(Shelved(readModel: ReadModel(world), state: nil, directory: directory))
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
}
