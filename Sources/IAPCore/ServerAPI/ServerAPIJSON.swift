/// Writes one JSON object of the App Store Server API's answers member by member into bytes, as
/// the project writes JSON by hand: strings escaped as `JSONEncoder` escapes them
/// (`JSONString.appendEncoderQuoted`), numbers as their digits, members in the order written.
public struct ServerAPIJSON: Sendable {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var empty = true

    public init() {}

    /// A member whose value is a string.
    public mutating func member(_ key: StaticString, _ value: String) {
        name(key)
        JSONString.appendEncoderQuoted(value, to: &bytes)
    }

    /// A member whose value is a whole number.
    public mutating func member(_ key: StaticString, _ value: Int64) {
        name(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A member whose value is `true` or `false`.
    public mutating func member(_ key: StaticString, _ value: Bool) {
        name(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is an array of strings.
    public mutating func member(_ key: StaticString, _ values: [String]) {
        name(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONString.appendEncoderQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A member whose value is an array of objects, each written by `write`.
    public mutating func member<Element>(_ key: StaticString, _ elements: [Element], _ write: (Element, inout ServerAPIJSON) -> Void) {
        name(key)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var object = ServerAPIJSON()
            write(element, &object)
            bytes.append(contentsOf: object.closed())
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The object's bytes, closed.
    public func closed() -> [UInt8] {
        bytes + [UInt8(ascii: "}")]
    }

    private mutating func name(_ key: StaticString) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: #"":"#.utf8)
    }
}
