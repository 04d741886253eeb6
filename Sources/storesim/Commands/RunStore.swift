import IAPCore
import Storage
import WorldCore

/// The store `run` plays its scripts on, decided before anything is written: `--store` for a
/// new world; an existing world's own (from `world.json`), which `--store` may only repeat.
enum RunStore {
    /// The store of the world in `directory` (nil: a fresh temporary one), with `option` the
    /// `--store` given; refused in one line when it names the other store of an existing world,
    /// or when `--api` (a StoreKit generation) is asked of Google Play.
    static func store(_ option: StoreKind?, of directory: DataDirectory?, api: StoreKitAPI?) throws(CLIError) -> StoreKind {
        var store = option ?? .appStore
        if let directory, let existing = try existingStore(directory) {
            if let option, option != existing {
                throw .input("\(directory.path): this world sells on \(existing.displayName); --store \(option.rawValue) needs a fresh world (storesim reset)")
            }
            store = existing
        }
        if store == .play, api != nil {
            throw .usage("--api chooses a StoreKit generation: a world that sells on Google Play has none")
        }
        return store
    }

    /// The store of the world in `directory`; nil when no world has run there. Its files are
    /// checked first as a writer's are (`DataDirectory.checkFiles`): the commands that ask are
    /// writers, and one that is refused is refused for that.
    private static func existingStore(_ directory: DataDirectory) throws(CLIError) -> StoreKind? {
        guard (try? directory.requireWorld()) != nil else { return nil }
        do {
            try directory.checkFiles(for: .writing)
            return try WorldSettings.load(path: directory.settings).store
        } catch {
            throw .input(error.description)
        }
    }
}
