import Foundation

/// A problem at one place in a JSON file, such as `$.clockMillis: must be a whole number from
/// 0 to 9`; the reader of the file adds the file's name.
public struct JSONPathError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The JSON path of the value, like `$.strategy`.
    public let path: String
    public let problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    init(_ issue: CatalogIssue) {
        path = issue.path.description
        problem = issue.problem
    }

    public var description: String { "\(path): \(problem)" }
}

/// A small JSON document whose top level is one object of plain values (a settings file),
/// read strictly with the catalog's reader: every error names the JSON path of the value and
/// shows the value escaped and cut.
public struct JSONSettingsObject {
    private let object: CatalogObject

    public init(_ data: Data) throws(JSONPathError) {
        do {
            object = try CatalogObject(CatalogJSONReader.read(data), at: .root)
        } catch {
            throw JSONPathError(error)
        }
    }

    /// The member `key` as one of `choices`, named by their raw values.
    public func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _ what: String) throws(JSONPathError) -> Value
    where Value.RawValue == String {
        let field = try required(key)
        do {
            return try Self.choice(field, what)
        } catch {
            throw JSONPathError(error)
        }
    }

    /// `field` as one of `Value`'s choices, named by their raw values.
    private static func choice<Value: RawRepresentable & CaseIterable>(_ field: CatalogField, _ what: String)
        throws(CatalogIssue) -> Value where Value.RawValue == String {
        let text = try field.string()
        guard let value = Value.allCases.first(where: { $0.rawValue == text }) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw field.issue("unknown \(what) \(LineText.quoted(text)) (expected one of \(names))")
        }
        return value
    }

    /// The member `key` as one of `choices`, or `fallback` when the object does not have it (a
    /// file written before the key existed).
    public func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _ what: String, or fallback: Value)
        throws(JSONPathError) -> Value where Value.RawValue == String {
        guard object.optional(key) != nil else { return fallback }
        return try choice(key, what)
    }

    /// The member `key` as an object whose every value is one of `Value`'s choices, its members
    /// in file order with each one's path for errors about its key; empty when the object does not
    /// have it (a file written before the key existed).
    public func choices<Value: RawRepresentable & CaseIterable>(_ key: String, _ what: String)
        throws(JSONPathError) -> [(key: String, path: String, value: Value)] where Value.RawValue == String {
        guard let field = object.optional(key) else { return [] }
        do throws(CatalogIssue) {
            return try field.object().fields.map { member throws(CatalogIssue) in
                (member.key, member.field.path.description, try Self.choice(member.field, what))
            }
        } catch {
            throw JSONPathError(error)
        }
    }

    /// The member `key` as `true` or `false`.
    public func bool(_ key: String) throws(JSONPathError) -> Bool {
        let field = try required(key)
        do {
            return try field.bool()
        } catch {
            throw JSONPathError(error)
        }
    }

    /// The member `key` as text, or nil when the object does not have it.
    public func optionalString(_ key: String) throws(JSONPathError) -> String? {
        guard let field = object.optional(key) else { return nil }
        do {
            return try field.string()
        } catch {
            throw JSONPathError(error)
        }
    }

    /// The member `key` as a whole number in `range`.
    public func integer(_ key: String, in range: ClosedRange<Int64>) throws(JSONPathError) -> Int64 {
        let field = try required(key)
        do {
            return try field.integer(in: range)
        } catch {
            throw JSONPathError(error)
        }
    }

    private func required(_ key: String) throws(JSONPathError) -> CatalogField {
        do {
            return try object.required(key)
        } catch {
            throw JSONPathError(error)
        }
    }
}
