import OskshiftCore
import TOML

/// Reads typed settings out of TOML values, collecting every error (with the exact position of the offending
/// key or value) instead of stopping at the first, so one --check-config run shows them all.
struct SchemaReader {
    let file: String
    private(set) var errors: [ConfigError] = []

    init(file: String) {
        self.file = file
    }

    mutating func fail(_ message: String, at position: SourcePosition) {
        errors.append(ConfigError(file: file, line: position.line, column: position.column, message: message))
    }

    mutating func unknownKey(_ entry: TOMLEntry, in section: String?, known: [String]) {
        let name = (section.map { $0 + "." } ?? "") + TOMLText.key(entry.key)
        fail("unknown key \(name) (expected \(alternatives(known, quoted: false)))", at: entry.keyPosition)
    }

    mutating func integer(_ value: TOMLValue, _ name: String, in range: ClosedRange<Int>) -> Int? {
        if let number = value.integerValue, number >= range.lowerBound, number <= range.upperBound {
            return Int(number)
        }
        fail("\(name) must be an integer between \(range.lowerBound) and \(range.upperBound), "
            + "not \(TOMLText.describe(value))", at: value.position)
        return nil
    }

    mutating func boolean(_ value: TOMLValue, _ name: String) -> Bool? {
        if let flag = value.booleanValue { return flag }
        fail("\(name) must be true or false, not \(TOMLText.describe(value))", at: value.position)
        return nil
    }

    mutating func string(_ value: TOMLValue, _ name: String) -> String? {
        if let text = value.stringValue { return text }
        fail("\(name) must be a string, not \(TOMLText.describe(value))", at: value.position)
        return nil
    }

    /// A glob on WM_CLASS or WM_NAME; an empty one would only match windows without a name, surely a mistake.
    mutating func glob(_ value: TOMLValue, _ name: String) -> String? {
        if let text = value.stringValue, !text.isEmpty { return text }
        fail("\(name) must be a non-empty string (a glob), not \(TOMLText.describe(value))", at: value.position)
        return nil
    }

    /// One of an enumeration's raw values, which are the words the TOML file uses.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ value: TOMLValue, _ name: String) -> Choice?
    where Choice.RawValue == String {
        if let text = value.stringValue, let choice = Choice(rawValue: text) { return choice }
        let words = Choice.allCases.map(\.rawValue)
        fail("\(name) must be \(alternatives(words, quoted: true)), not \(TOMLText.describe(value))",
             at: value.position)
        return nil
    }

    /// Focus sources are tried in order, so the list must name at least one, each at most once.
    mutating func focusSources(_ value: TOMLValue, _ name: String) -> [FocusSource]? {
        distinctChoices(value, name, of: "focus source")
    }

    /// A non-empty array of an enumeration's raw values, each at most once, in the order written. `noun` names
    /// one element in messages; `emptyHint` follows the message for an empty array.
    mutating func distinctChoices<Choice: RawRepresentable & CaseIterable & Equatable>(
        _ value: TOMLValue, _ name: String, of noun: String, emptyHint: String = ""
    ) -> [Choice]? where Choice.RawValue == String {
        guard let elements = value.arrayValue else {
            fail("\(name) must be an array of \(noun)s, not \(TOMLText.describe(value))", at: value.position)
            return nil
        }
        if elements.isEmpty {
            fail("\(name) must list at least one \(noun)\(emptyHint)", at: value.position)
            return nil
        }
        var choices: [Choice] = []
        var valid = true
        for element in elements {
            guard let text = element.stringValue, let choice = Choice(rawValue: text) else {
                let words = alternatives(Choice.allCases.map(\.rawValue), quoted: true)
                fail("\(name) entries must be \(words), not \(TOMLText.describe(element))", at: element.position)
                valid = false
                continue
            }
            if choices.contains(choice) {
                fail("\(name) lists \(TOMLText.quoted(text)) twice", at: element.position)
                valid = false
                continue
            }
            choices.append(choice)
        }
        return valid ? choices : nil
    }

    /// A section written as `[name]` (or an inline table).
    mutating func table(_ value: TOMLValue, _ name: String) -> TOMLTable? {
        if let table = value.tableValue { return table }
        fail("\(name) must be a table ([\(name)]), not \(TOMLText.describe(value))", at: value.position)
        return nil
    }

    /// Rules written as `[[name]]` (or an array of inline tables), with the position of each rule.
    mutating func tables(_ value: TOMLValue, _ name: String, hint: String = "") -> [(TOMLTable, SourcePosition)] {
        guard let elements = value.arrayValue else {
            fail("\(name) must be an array of tables ([[\(name)]]), not \(TOMLText.describe(value))\(hint)",
                 at: value.position)
            return []
        }
        var tables: [(TOMLTable, SourcePosition)] = []
        for element in elements {
            if let table = element.tableValue {
                tables.append((table, element.position))
            } else {
                fail("each \(name) entry must be a table ([[\(name)]]), not \(TOMLText.describe(element))",
                     at: element.position)
            }
        }
        return tables
    }
}

/// `a, b or c`, optionally with each word quoted as a TOML string.
func alternatives(_ words: [String], quoted: Bool) -> String {
    let shown = quoted ? words.map(TOMLText.quoted) : words
    guard shown.count > 1 else { return shown.first ?? "" }
    return shown.dropLast().joined(separator: ", ") + " or " + shown[shown.count - 1]
}
