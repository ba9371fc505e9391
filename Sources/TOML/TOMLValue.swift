/// A decoded TOML value and the position of its first character (for a table made by a header or a dotted key,
/// the position of the key that made it), so that a schema can point at the exact value it rejects.
public struct TOMLValue: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        case dateTime(TOMLDateTime)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public var kind: Kind
    public var position: SourcePosition

    public init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    /// The TOML spec's name for the value's type, for messages such as "expected an integer, not a string".
    public var typeName: String {
        switch kind {
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "float"
        case .boolean: return "boolean"
        case .dateTime(let value): return value.typeName
        case .array: return "array"
        case .table: return "table"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    public var integerValue: Int64? {
        if case .integer(let value) = kind { return value }
        return nil
    }

    public var booleanValue: Bool? {
        if case .boolean(let value) = kind { return value }
        return nil
    }

    public var arrayValue: [TOMLValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    public var tableValue: TOMLTable? {
        if case .table(let value) = kind { return value }
        return nil
    }
}

/// One `key = value` of a table, with where the key was written.
public struct TOMLEntry: Equatable, Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: TOMLValue

    public init(key: String, keyPosition: SourcePosition, value: TOMLValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A TOML table. Keys keep the order in which the document defined them: a configuration printer and
/// first-match-wins rules depend on it.
public struct TOMLTable: Equatable, Sendable {
    public private(set) var entries: [TOMLEntry] = []
    private var indexByKey: [String: Int] = [:]

    public init() {}

    public init(_ entries: [TOMLEntry]) {
        for entry in entries { self[entry: entry.key] = entry }
    }

    public var keys: [String] { entries.map(\.key) }
    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    public subscript(key: String) -> TOMLValue? {
        indexByKey[key].map { entries[$0].value }
    }

    /// The whole entry, with the key's position. Setting an existing key replaces it in place.
    public subscript(entry key: String) -> TOMLEntry? {
        get { indexByKey[key].map { entries[$0] } }
        set {
            switch (indexByKey[key], newValue) {
            case (let index?, let entry?):
                entries[index] = entry
            case (nil, let entry?):
                indexByKey[key] = entries.count
                entries.append(entry)
            case (let index?, nil):
                entries.remove(at: index)
                indexByKey = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
            case (nil, nil):
                break
            }
        }
    }
}
