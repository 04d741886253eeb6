/// A database with a `settings(key TEXT PRIMARY KEY, value TEXT)` table: the Store's and the
/// Server's keep their switches and counters there, read and written through these.
public protocol SettingsTable {
    /// The connection the table lives in.
    var database: SQLiteDatabase { get }
}

extension SettingsTable {
    /// The setting's text, or nil when it was never set.
    public func setting(_ key: String) throws(StorageError) -> String? {
        try database.rows("SELECT key, value FROM settings WHERE key = ?", [.text(key)], table: "settings", key: "key") {
            (row) throws(SQLiteColumnError) in try row.text("value")
        }.first
    }

    /// A setting read through `decode`: a value it cannot decode is an error naming the row.
    public func setting<Value>(_ key: String, as decode: (String) -> Value?) throws(StorageError) -> Value? {
        guard let text = try setting(key) else { return nil }
        guard let value = decode(text) else {
            throw StorageError(path: database.path, reason: .unreadableRow(
                table: "settings", row: "key \(SQLiteValue.text(key))", column: .unknownValue(column: "value", value: text)))
        }
        return value
    }

    /// Every setting whose key starts with `prefix` (which must not end in U+10FFFF), keyed by
    /// the rest of the key: one range of the key's index, however many other settings there are.
    public func settings(prefix: String) throws(StorageError) -> [String: String] {
        guard let last = prefix.unicodeScalars.last, let next = Unicode.Scalar(last.value + 1) else { return [:] }
        let upper = String(prefix.unicodeScalars.dropLast()) + String(next)
        let rows = try database.rows("SELECT key, value FROM settings WHERE key >= ? AND key < ?", [.text(prefix), .text(upper)],
                                     table: "settings", key: "key") { (row) throws(SQLiteColumnError) in
            (String(try row.text("key").dropFirst(prefix.count)), try row.text("value"))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func setSetting(_ key: String, _ value: String) throws(StorageError) {
        try database.query("INSERT OR REPLACE INTO settings(key, value) VALUES(?, ?)", [.text(key), .text(value)])
    }

    public func removeSetting(_ key: String) throws(StorageError) {
        try database.query("DELETE FROM settings WHERE key = ?", [.text(key)])
    }

    /// The world the file belongs to (its `world-id` setting), written when a world first has
    /// both the Store's and the Server's file open; nil in a file made before worlds had one.
    public func worldId() throws(StorageError) -> String? {
        try setting("world-id")
    }

    public func setWorldId(_ id: String) throws(StorageError) {
        try setSetting("world-id", id)
    }
}
