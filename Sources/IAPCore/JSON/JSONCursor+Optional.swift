extension JSONCursor {
    /// A whole number that fits 64 bits, or nil when the value is of another kind (a string, a
    /// fraction, a number too large), which is skipped: for a reader that answers a wrong value
    /// with an error of its own rather than as malformed JSON.
    public mutating func integerIfWhole() throws(JSONCursorError) -> Int64? {
        if let value = try? integer() { return value }
        try skip()
        return nil
    }

    /// `true` or `false`, or nil when the value is of another kind, which is skipped.
    public mutating func boolIfBool() throws(JSONCursorError) -> Bool? {
        if let value = try? bool() { return value }
        try skip()
        return nil
    }

    /// A string, or nil when the value is of another kind, which is skipped.
    public mutating func stringIfString() throws(JSONCursorError) -> String? {
        if let value = try? string() { return value }
        try skip()
        return nil
    }
}
