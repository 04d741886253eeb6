import Foundation
import TestSupport

/// A script run by the built binary in a fresh Google Play world made from seed 7, so that its
/// orders are the same every run: the first is `firstOrder`.
enum SeededPlayRun {
    /// The order id of a seed-7 world's first purchase.
    static let firstOrder = "GPA.2456-4418-0127-73265"

    /// Runs `script` (written to `folder`) in a new world in `folder`: the run, and the world's data directory.
    static func run(_ script: String, in folder: TemporaryFolder) throws -> (run: StoreSimProcess.Result, world: String) {
        let file = try folder.write("script.scenario", script)
        let world = folder.file("world")
        return (try StoreSimProcess.run(["run", "--store", "play", "--seed", "7", "--data-dir", world, file]), world)
    }
}
