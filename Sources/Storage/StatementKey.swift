/// A statement's SQL as the key of the statements a connection keeps prepared: hashed by its
/// length and its last bytes alone, where statements differ (their conditions and values come
/// last), so that finding a kept statement does not hash the whole text of every query; equal
/// only when the whole text is.
struct StatementKey: Hashable {
    let sql: String

    static let hashedBytes = 16

    func hash(into hasher: inout Hasher) {
        var sql = sql
        sql.withUTF8 { utf8 in
            hasher.combine(utf8.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8.suffix(Self.hashedBytes))))
        }
    }
}
