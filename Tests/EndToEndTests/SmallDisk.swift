import Foundation
import TestSupport

/// A folder on a tmpfs of a few kilobytes, for a disk that really fills up: mounted when made,
/// unmounted when let go. Mounting needs root; `unavailable` says why it cannot be done here.
final class SmallDisk {
    private let folder: TemporaryFolder
    var path: String { folder.path }

    init(bytes: Int) throws {
        folder = try TemporaryFolder()
        try SystemTool.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder.path])
    }

    deinit {
        try? SystemTool.run("/usr/bin/umount", ["-l", folder.path])
    }

    /// Why no small disk can be mounted here (not root, no tmpfs), or nil when one can.
    static let unavailable: String? = {
        do {
            _ = try SmallDisk(bytes: 4096)
            return nil
        } catch {
            return "no tmpfs can be mounted here: \(error)"
        }
    }()
}
