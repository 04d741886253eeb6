import CSQLite

extension SQLiteDatabase {
    /// What this connection wrote since the last call: `.unknown` on the first call, which starts
    /// keeping them, and after a rollback (`SQLiteChanges`). Only this connection's writes are
    /// seen; a writer's file has no other.
    public func takeChanges() -> SQLiteChanges {
        if let changeLog { return changeLog.take() }
        let log = SQLiteChangeLog()
        let context = Unmanaged.passUnretained(log).toOpaque()
        sqlite3_update_hook(handle, { context, _, _, table, rowid in
            guard let context, let table else { return }
            Unmanaged<SQLiteChangeLog>.fromOpaque(context).takeUnretainedValue().wrote(String(cString: table), rowid: rowid)
        }, context)
        sqlite3_rollback_hook(handle, { context in
            guard let context else { return }
            Unmanaged<SQLiteChangeLog>.fromOpaque(context).takeUnretainedValue().forget()
        }, context)
        changeLog = log
        return log.take()
    }
}
