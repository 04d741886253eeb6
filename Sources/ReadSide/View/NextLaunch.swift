import WorldCore

/// What the app's next launch will show after a crash ends the process: the purchases its
/// recovery takes up (the orders in the cache and the Store's unfinished transactions, each once)
/// and the losses its loss report tells of; and the command that launches it.
public struct NextLaunch: Sendable, Equatable {
    public let recovers: Int
    public let lost: Int

    public init(recovers: Int, lost: Int) {
        self.recovers = recovers
        self.lost = lost
    }

    /// What the next launch of the world `view` shows will show.
    public init(_ view: WorldView) {
        let unfinished = view.queue.filter(\.isUnfinished).map(\.id)
        self.init(recovers: Set(view.pendingOrders.map(\.transactionId) + unfinished).count, lost: view.audit.lost)
    }

    /// The command that launches the app of the world in `directory` and shows what its launch
    /// found: the interface, as `program` (the path this process was started by, when it was
    /// started by a path, so that the line can be pasted where `storesim` is not on the PATH),
    /// each word quoted for a shell where it needs to be.
    public static func command(directory: String, program: String = "storesim") -> String {
        let invoked = program.contains("/") ? program : "storesim"
        return shellWord(invoked) + " --data-dir " + shellWord(directory)
    }

    /// `word` as a shell reads it back: as it is when it has only plain characters, else quoted.
    private static func shellWord(_ word: String) -> String {
        let plain = word.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/._-+=:,@".utf8.contains(byte)
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
