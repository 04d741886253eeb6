/// Writes the JSON of what an event tells, by hand, byte for byte as the types' Codable
/// conformances and Foundation's `JSONEncoder` with `.sortedKeys` write it (a case as
/// `{"case":{…}}`, its unlabeled values as `_0`, `_1`, an absent optional left out), in a twentieth
/// of the encoder's time (0.2 µs an event against 4.5): `events.log` gets a line for every event,
/// and a launch that recovers a thousand orders writes four thousand. A writer puts a case's keys
/// in sorted order (`_0` before labels, labels by their bytes); a test holds every case's bytes to
/// the encoder's. The App Store Server API's answers are written with it too, their members in
/// Apple's order (`object`).
public struct EventJSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Appends `value`'s JSON to `bytes` in place: the writer takes the array for the while.
    public static func append(_ value: some EventJSON, to bytes: inout [UInt8]) {
        var writer = EventJSONWriter()
        swap(&writer.bytes, &bytes)
        value.write(to: &writer)
        swap(&writer.bytes, &bytes)
    }

    /// An enum's case with values: `{"name":{…}}`, the values written by `values`.
    public mutating func tag(_ name: StaticString, _ values: (inout EventJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        literalString(name)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: "{"))
        values(&self)
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "}"))
    }

    /// An enum's case without values: `{"name":{}}`.
    public mutating func tag(_ name: StaticString) {
        tag(name) { _ in }
    }

    /// A struct: `{…}`, its members written by `members`.
    public mutating func object(_ members: (inout EventJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        members(&self)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A member's key, after a comma unless it is the first of its object.
    public mutating func key(_ name: StaticString) {
        if let last = bytes.last, last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        literalString(name)
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func put(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    public mutating func put(_ key: StaticString, _ value: String?) {
        if let value { put(key, value) }
    }

    public mutating func put(_ key: StaticString, _ value: Int) {
        put(key, Int64(value))
    }

    public mutating func put(_ key: StaticString, _ value: Int64) {
        self.key(key)
        number(value)
    }

    public mutating func put(_ key: StaticString, _ value: Int64?) {
        if let value { put(key, value) }
    }

    public mutating func put(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func put(_ key: StaticString, _ value: some EventJSON) {
        self.key(key)
        value.write(to: &self)
    }

    public mutating func put(_ key: StaticString, _ value: (some EventJSON)?) {
        if let value { put(key, value) }
    }

    public mutating func put(_ key: StaticString, _ values: [some EventJSON]) {
        self.key(key)
        array(values) { value, json in value.write(to: &json) }
    }

    public mutating func put(_ key: StaticString, _ values: [String]) {
        self.key(key)
        array(values) { value, json in json.string(value) }
    }

    public mutating func put(_ key: StaticString, _ values: [Int]) {
        self.key(key)
        array(values) { value, json in json.number(Int64(value)) }
    }

    /// An array of objects, each one's members written by `members`.
    public mutating func put<Element>(_ key: StaticString, _ elements: [Element], _ members: (Element, inout EventJSONWriter) -> Void) {
        self.key(key)
        array(elements) { element, json in json.object { members(element, &$0) } }
    }

    /// One object's bytes, its members written by `members` in the order written (the App
    /// Store Server API's answers).
    public static func object(_ members: (inout EventJSONWriter) -> Void) -> [UInt8] {
        var json = EventJSONWriter()
        json.object(members)
        return json.bytes
    }

    /// A dictionary of counts: an object with its keys sorted by their bytes.
    public mutating func put(_ key: StaticString, _ counts: [String: Int]) {
        self.key(key)
        bytes.append(UInt8(ascii: "{"))
        for (index, name) in counts.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(name)
            bytes.append(UInt8(ascii: ":"))
            number(Int64(counts[name] ?? 0))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A string, quoted and escaped as `JSONEncoder` escapes it.
    public mutating func string(_ text: String) {
        ByteWriter.append(to: &bytes, atMost: 2 + 6 * text.utf8.count) { $0.encoderQuoted(text) }
    }

    /// A number's digits in a string, as an id is written.
    public mutating func quotedNumber(_ value: Int64) {
        ByteWriter.append(to: &bytes, atMost: 22) { line in
            line.byte(UInt8(ascii: "\""))
            line.decimal(value)
            line.byte(UInt8(ascii: "\""))
        }
    }

    public mutating func number(_ value: Int64) {
        ByteWriter.append(to: &bytes, atMost: 20) { $0.decimal(value) }
    }

    private mutating func array<Element>(_ values: [Element], _ write: (Element, inout EventJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(value, &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A name written in the source, quoted: names of cases and keys need no escaping.
    private mutating func literalString(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A value whose JSON the event log writes with an `EventJSONWriter`.
public protocol EventJSON {
    func write(to json: inout EventJSONWriter)
}

extension EventJSON {
    /// The value's JSON, as text.
    public var jsonText: String {
        var writer = EventJSONWriter()
        write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension EventJSON where Self: RawRepresentable, RawValue == String {
    /// A case with a raw text is written as its raw text.
    public func write(to json: inout EventJSONWriter) {
        json.string(rawValue)
    }
}

extension EventJSON where Self: RawRepresentable, RawValue == Int {
    /// A case with a raw number is written as its raw number.
    public func write(to json: inout EventJSONWriter) {
        json.number(Int64(rawValue))
    }
}
