/// The document's tables while it is being parsed. TOML's rules about which table may be extended depend on
/// how each table came to exist, so that is recorded here and forgotten once the document is frozen into values.
final class TableBuilder {
    enum Origin {
        /// Created only as the parent of a `[header]` (`a` in `[a.b]`); a later `[a]` may still define it.
        case implicit
        /// Defined by its own `[header]`; never again.
        case header
        /// Created by a dotted key (`a.b = 1`); headers may add sub-tables to it but not redefine it.
        case dotted
        /// An element of an array of tables (`[[a]]`).
        case arrayElement
        /// The root of an inline table, closed once its `}` is read.
        case inline
    }

    enum Node {
        case value(TOMLValue)
        case table(TableBuilder)
        case tableArray(TableArrayBuilder)
    }

    var origin: Origin
    var position: SourcePosition
    private var order: [(key: String, position: SourcePosition)] = []
    private var nodes: [String: Node] = [:]

    init(origin: Origin, position: SourcePosition) {
        self.origin = origin
        self.position = position
    }

    func child(_ key: String) -> Node? { nodes[key] }

    func insert(_ key: KeyPart, _ node: Node) {
        order.append((key.name, key.position))
        nodes[key.name] = node
    }

    func freeze() -> TOMLTable {
        var table = TOMLTable()
        for (key, keyPosition) in order {
            let value: TOMLValue
            switch nodes[key]! {
            case .value(let plain):
                value = plain
            case .table(let builder):
                value = TOMLValue(.table(builder.freeze()), at: builder.position)
            case .tableArray(let array):
                let elements = array.tables.map { TOMLValue(.table($0.freeze()), at: $0.position) }
                value = TOMLValue(.array(elements), at: array.position)
            }
            table[entry: key] = TOMLEntry(key: key, keyPosition: keyPosition, value: value)
        }
        return table
    }
}

/// An array of tables made by `[[header]]`s; unlike a static array it grows with each header.
final class TableArrayBuilder {
    let position: SourcePosition
    var tables: [TableBuilder] = []

    init(position: SourcePosition) {
        self.position = position
    }
}

/// One part of a dotted key, with where it was written.
struct KeyPart {
    var name: String
    var position: SourcePosition
}

func dotted(_ path: [KeyPart]) -> String {
    path.map { TOMLText.key($0.name) }.joined(separator: ".")
}

extension TableBuilder {
    /// `[a.b.c]`: walks to the parent, creating implicit tables, and defines the last table.
    func openTable(_ path: [KeyPart]) throws(TOMLError) -> TableBuilder {
        let parent = try walkToParent(of: path)
        let last = path[path.count - 1]
        switch parent.child(last.name) {
        case nil:
            let table = TableBuilder(origin: .header, position: last.position)
            parent.insert(last, .table(table))
            return table
        case .table(let table) where table.origin == .implicit:
            table.origin = .header
            table.position = last.position
            return table
        case .table(let table) where table.origin == .dotted:
            throw TOMLError("table [\(dotted(path))] was already defined by dotted keys", at: last.position)
        case .table:
            throw TOMLError("table [\(dotted(path))] is defined twice", at: last.position)
        case .tableArray:
            throw TOMLError("[\(dotted(path))] is an array of tables, not a table", at: last.position)
        case .value(let value):
            throw TOMLError(holdsMessage(dotted(path), value), at: last.position)
        }
    }

    /// `[[a.b.c]]`: walks to the parent and appends a new table to the array of tables.
    func appendTable(_ path: [KeyPart], headerPosition: SourcePosition) throws(TOMLError) -> TableBuilder {
        let parent = try walkToParent(of: path)
        let last = path[path.count - 1]
        let element = TableBuilder(origin: .arrayElement, position: headerPosition)
        switch parent.child(last.name) {
        case nil:
            let array = TableArrayBuilder(position: headerPosition)
            array.tables.append(element)
            parent.insert(last, .tableArray(array))
        case .tableArray(let array):
            array.tables.append(element)
        case .table:
            throw TOMLError("[[\(dotted(path))]] is already a table, not an array of tables", at: last.position)
        case .value(let value):
            throw TOMLError(holdsMessage(dotted(path), value), at: last.position)
        }
        return element
    }

    /// Header paths may pass through any table, and into the last element of an array of tables.
    private func walkToParent(of path: [KeyPart]) throws(TOMLError) -> TableBuilder {
        var table = self
        for (offset, part) in path.dropLast().enumerated() {
            switch table.child(part.name) {
            case nil:
                let created = TableBuilder(origin: .implicit, position: part.position)
                table.insert(part, .table(created))
                table = created
            case .table(let existing):
                table = existing
            case .tableArray(let array):
                table = array.tables[array.tables.count - 1]
            case .value(let value):
                let prefix = dotted(Array(path[...offset]))
                throw TOMLError(holdsMessage(prefix, value), at: part.position)
            }
        }
        return table
    }

    /// `a.b.c = value` inside this table.
    func assign(_ path: [KeyPart], _ value: TOMLValue) throws(TOMLError) {
        var table = self
        for (offset, part) in path.dropLast().enumerated() {
            let prefix = dotted(Array(path[...offset]))
            switch table.child(part.name) {
            case nil:
                let created = TableBuilder(origin: .dotted, position: part.position)
                table.insert(part, .table(created))
                table = created
            case .table(let existing) where existing.origin == .dotted || existing.origin == .implicit:
                // Adding to an implicit table this way defines it: a later [header] for it would redefine it.
                existing.origin = .dotted
                table = existing
            case .table:
                throw TOMLError("table \(prefix) was defined by a [header] and cannot be extended with dotted keys",
                                at: part.position)
            case .tableArray:
                throw TOMLError("\(prefix) is an array of tables and cannot be extended with dotted keys",
                                at: part.position)
            case .value(let existing):
                throw TOMLError(holdsMessage(prefix, existing), at: part.position)
            }
        }
        let last = path[path.count - 1]
        if table.child(last.name) != nil {
            throw TOMLError("key \(dotted(path)) is defined twice", at: last.position)
        }
        table.insert(last, .value(value))
    }
}

/// Why a key that already has a plain value cannot become or contain a table.
func holdsMessage(_ key: String, _ value: TOMLValue) -> String {
    if case .table = value.kind { return "\(key) is an inline table and cannot be extended" }
    return "key \(key) already holds \(article(value.typeName))"
}

func article(_ typeName: String) -> String {
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    return (vowels.contains(typeName.first ?? "x") ? "an " : "a ") + typeName
}
