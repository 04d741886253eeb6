/// A JSON object being validated: refuses unknown and repeated keys up front, then hands out
/// its members as fields that know their own path.
struct CatalogObject {
    let path: CatalogPath
    /// The members in file order.
    let fields: [(key: String, field: CatalogField)]

    /// `value` as an object at `path`. With `allowedKeys`, any other key is an error; without,
    /// any key is allowed (maps like `localizations` and `grant`). A repeated key is always an
    /// error: JSON readers disagree about which copy wins.
    init(_ value: CatalogJSON, at path: CatalogPath, allowedKeys: [String]? = nil) throws(CatalogIssue) {
        guard case .object(let members) = value else {
            throw CatalogIssue(path: path, problem: "expected an object, found \(value.kind)")
        }
        var seen = Set<String>()
        for member in members {
            let memberPath = path.key(member.key)
            if let allowedKeys, !allowedKeys.contains(member.key) {
                throw CatalogIssue(path: memberPath, problem: "unknown key" + NearWords(member.key, among: allowedKeys).hint)
            }
            guard seen.insert(member.key).inserted else {
                throw CatalogIssue(path: memberPath, problem: "key appears more than once")
            }
        }
        self.path = path
        self.fields = members.map { ($0.key, CatalogField(value: $0.value, path: path.key($0.key))) }
    }

    /// The member `key`, or nil when the object does not have it.
    func optional(_ key: String) -> CatalogField? {
        fields.first { $0.key == key }?.field
    }

    /// The member `key`; an error when the object does not have it.
    func required(_ key: String) throws(CatalogIssue) -> CatalogField {
        guard let field = optional(key) else { throw CatalogIssue(path: path.key(key), problem: "missing required key") }
        return field
    }

    /// An error when the object has member `key`.
    func forbid(_ key: String, _ problem: String) throws(CatalogIssue) {
        if let field = optional(key) { throw CatalogIssue(path: field.path, problem: problem) }
    }
}
