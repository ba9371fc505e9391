import ConfigFile
import OskshiftCore
import Testing
import TestSupport

/// Schema-level fuzzing: random documents that are always valid TOML (so every error is the schema's), with random
/// keys, types and values in [avoidance], [animation], [keyboard_control], [[keyboard]] and [[app]], written in the
/// forms TOML allows (headers, dotted keys, inline tables, quoted keys, hex/octal/binary/underscored integers,
/// basic and literal strings, comments). Beside the text the generator keeps a model: the Configuration the
/// document means when every value is valid, and the lines that hold a bad value, an unknown key or a rule missing
/// its required key. The schema must then accept exactly the documents without bad lines (yielding the model, which
/// prints back to itself), and reject the others with errors only on bad lines, at least one on each.

/// The document generator's draws, on a fixed seed so that every run tries the same documents.
private extension SplitMix64 {
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &self)! }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}

/// A value as TOML text, and what it does to the model when it is valid (nil: the schema must reject it).
private struct Generated {
    var text: String
    var apply: ((inout Configuration) -> Void)?
}

private let commands = ["onboard", "dbus-send --dest=\"org.onboard\" show", "echo 'hi'", "päth\\to\tx", "", "a # b",
                        "x = y", "[not a table]", "ünïcödé ✓"]
private let globs = ["xterm", "firefox*", "Émacs", "osk-[0-9]", "On-screen ?", "*", "a\"b", "tab\there", "XVkbd"]
/// The wrong-typed values that are not strings (a string is right for a command, and a non-empty one for a glob).
private let nonStrings = wrongTyped.filter { !$0.hasPrefix("\"") }
private let unknownKeys = ["colour", "Mode", "margin_px", "durationMs", "\"é\"", "\"quoted key\"", "'lit key'", "a.b", "x-y"]
private let wrongTyped = ["1.5", "\"8\"", "true", "[1, 2]", "{ a = 1 }", "1979-05-27T07:32:00Z", "07:32:00", "inf",
                          "-0.0", "[]", "2024-01-01", "[\"caret\", [\"window\"]]", "{}"]

private struct DocumentGenerator {
    var random: SplitMix64
    var lines: [String] = []
    var badLines: Set<Int> = []
    var model = Configuration()
    var headersStarted = false
    /// A clean document has only valid values and keys (so about a third of the documents must be accepted).
    var clean = false

    mutating func valid(_ p: Double) -> Bool { clean || random.chance(p) }

    mutating func mistake(_ p: Double) -> Bool { !clean && random.chance(p) }

    // --- TOML spellings ---------------------------------------------------------------------------------------

    mutating func integer(_ n: Int) -> String {
        guard n >= 0 else { return String(n) }
        switch random.int(0...9) {
        case 0: return "0x" + String(n, radix: 16, uppercase: random.chance(0.5))
        case 1: return "0o" + String(n, radix: 8)
        case 2: return "0b" + String(n, radix: 2)
        case 3: return "+" + String(n)
        case 4:  // underscores between digits
            let digits = Array(String(n))
            guard digits.count > 1 else { return String(n) }
            let at = random.int(1...(digits.count - 1))
            return String(digits[..<at]) + "_" + String(digits[at...])
        default: return String(n)
        }
    }

    mutating func string(_ text: String) -> String {
        let literalOK = !text.contains("'") && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if literalOK && random.chance(0.3) { return "'" + text + "'" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += random.chance(0.5) ? "\\t" : "\\u0009"
            default:
                if scalar.value > 0x7F && random.chance(0.4) {
                    out += "\\U" + String(repeating: "0", count: 8 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    mutating func key(_ name: String) -> String {
        switch random.int(0...9) {
        case 0: return "\"" + name + "\""
        case 1: return "'" + name + "'"
        default: return name
        }
    }

    mutating func wrong(_ extra: [String] = []) -> Generated { Generated(text: random.pick(wrongTyped + extra)) }

    // --- values per key ---------------------------------------------------------------------------------------

    mutating func boundedInt(_ range: ClosedRange<Int>, _ set: @escaping (inout Configuration, Int) -> Void)
        -> Generated
    {
        if valid(0.75) {
            let n = random.chance(0.2) ? random.pick([range.lowerBound, range.upperBound]) : random.int(range)
            return Generated(text: integer(n)) { set(&$0, n) }
        }
        if random.chance(0.5) {
            let n = random.pick([range.lowerBound - 1, range.upperBound + 1, -1, Int.max, Int.min, 1 << 40])
            return Generated(text: integer(n))
        }
        return wrong()
    }

    mutating func choice<C: RawRepresentable & CaseIterable>(_: C.Type, _ set: @escaping (inout Configuration, C) -> Void)
        -> Generated where C.RawValue == String
    {
        if valid(0.75) {
            let value = random.pick(Array(C.allCases))
            return Generated(text: string(value.rawValue)) { set(&$0, value) }
        }
        return random.chance(0.5) ? Generated(text: string(random.pick(["sideways", "Offset", "", "ease_out", "none "])))
            : wrong()
    }

    mutating func focus(_ set: @escaping (inout Configuration, [FocusSource]) -> Void) -> Generated {
        let all = FocusSource.allCases.shuffled(using: &random)
        if valid(0.75) {
            let sources = Array(all.prefix(random.int(1...all.count)))
            let text = "[" + sources.map { string($0.rawValue) }.joined(separator: random.pick([", ", ",", " , "])) + "]"
            return Generated(text: text) { set(&$0, sources) }
        }
        return Generated(text: random.pick([
            "[]", "[\"caret\", \"caret\"]", "[\"mouse\"]", "[\"caret\", 1]", "\"caret\"", "[\"Caret\"]", "[[\"caret\"]]",
        ]))
    }

    mutating func bool(_ set: @escaping (inout Configuration, Bool) -> Void) -> Generated {
        if valid(0.75) {
            let value = random.chance(0.5)
            return Generated(text: value ? "true" : "false") { set(&$0, value) }
        }
        return Generated(text: random.pick(wrongTyped.filter { $0 != "true" } + ["1", "\"true\"", "\"True\""]))
    }

    mutating func command(_ set: @escaping (inout Configuration, String) -> Void) -> Generated {
        if valid(0.75) {
            let value = random.pick(commands)
            return Generated(text: string(value)) { set(&$0, value) }
        }
        return Generated(text: random.pick(nonStrings))
    }

    /// A glob for a rule; `set` gets nil for an invalid one (the rule's required key is then present but bad).
    mutating func glob() -> (text: String, value: String?) {
        if valid(0.8) {
            let value = random.pick(globs)
            return (string(value), value)
        }
        return (random.chance(0.5) ? "\"\"" : random.pick(nonStrings), nil)
    }

    mutating func value(section: String, key: String) -> Generated {
        switch (section, key) {
        case ("avoidance", "mode"): return choice(AvoidanceMode.self) { $0.avoidance.mode = $1 }
        case ("avoidance", "margin"): return boundedInt(0...1000) { $0.avoidance.margin = $1 }
        case ("avoidance", "focus"): return focus { $0.avoidance.focus = $1 }
        case ("avoidance", "pointer_band"): return boundedInt(1...2000) { $0.avoidance.pointerBand = $1 }
        case ("avoidance", "maximized"): return choice(MaximizedPolicy.self) { $0.avoidance.maximized = $1 }
        case ("avoidance", "fullscreen"): return choice(FullscreenPolicy.self) { $0.avoidance.fullscreen = $1 }
        case ("animation", "duration_ms"): return boundedInt(0...5000) { $0.animation.durationMs = $1 }
        case ("animation", "curve"): return choice(AnimationCurve.self) { $0.animation.curve = $1 }
        case ("keyboard_control", "auto_show"): return bool { $0.keyboard.autoShow = $1 }
        case ("keyboard_control", "show_command"): return command { $0.keyboard.showCommand = $1 }
        case ("keyboard_control", "hide_command"): return command { $0.keyboard.hideCommand = $1 }
        case ("keyboard_control", "hide_delay_ms"): return boundedInt(0...60000) { $0.keyboard.hideDelayMs = $1 }
        case ("keyboard_control", "hide_on_return"): return bool { $0.keyboard.hideOnReturn = $1 }
        default: fatalError("no generator for \(section).\(key)")
        }
    }

    // --- document -----------------------------------------------------------------------------------------------

    @discardableResult
    mutating func emit(_ text: String, bad: Bool = false) -> Int {
        var line = text
        if random.chance(0.1) { line = random.pick(["  ", "\t", " "]) + line }
        if random.chance(0.15) { line += random.pick([" # comment", "\t# = [x]", " #"]) }
        lines.append(line)
        let number = lines.count
        if bad { badLines.insert(number) }
        if random.chance(0.15) { lines.append(random.pick(["", "# a comment line", "   "])) }
        return number
    }

    mutating func entries(section: String, keys: [String]) -> [(text: String, generated: Generated)] {
        var chosen = keys.filter { _ in random.chance(0.5) }.shuffled(using: &random)
        var result: [(String, Generated)] = []
        if mistake(0.12) { chosen.insert("?unknown", at: random.int(0...chosen.count)) }
        var unknownUsed: Set<String> = []
        for name in chosen {
            if name == "?unknown" {
                let unknown = random.pick(unknownKeys)
                guard unknownUsed.insert(unknown).inserted else { continue }
                result.append((unknown, Generated(text: random.pick(["1", "\"x\"", "true", "[1]"]))))
            } else {
                result.append((key(name), value(section: section, key: name)))
            }
        }
        return result
    }

    mutating func section(_ name: String, keys: [String]) {
        let items = entries(section: name, keys: keys)
        let form = headersStarted ? 0 : random.int(0...4)
        if form == 1 {  // inline table at the root: every entry on one line
            let text = name + " = { " + items.map { "\($0.text) = \($0.generated.text)" }.joined(separator: ", ") + " }"
            emit(text, bad: items.contains { $0.generated.apply == nil })
        } else if form == 2 && !items.isEmpty {  // dotted keys at the root
            for item in items {
                emit("\(name).\(item.text) = \(item.generated.text)", bad: item.generated.apply == nil)
            }
        } else {
            headersStarted = true
            emit("[\(name)]")
            for item in items { emit("\(item.text) = \(item.generated.text)", bad: item.generated.apply == nil) }
        }
        for item in items { item.generated.apply?(&model) }
    }

    mutating func keyboardRule() {
        headersStarted = true
        let header = emit("[[keyboard]]")
        var rule = KeyboardRule()
        var bad = false
        var present = 0
        for name in ["class", "name"].shuffled(using: &random) where random.chance(0.6) {
            let (text, value) = glob()
            emit("\(key(name)) = \(text)", bad: value == nil)
            if name == "class" { rule.classGlob = value } else { rule.nameGlob = value }
            bad = bad || value == nil
            present += 1
        }
        if present == 0 && clean {
            let value = random.pick(globs)
            emit("class = \(string(value))")
            rule.classGlob = value
            present = 1
        }
        if mistake(0.08) { emit("\(random.pick(unknownKeys)) = 1", bad: true) }
        if present == 0 { badLines.insert(header) }
        if !bad && present > 0 { model.keyboards.append(rule) }
    }

    mutating func appRule() {
        headersStarted = true
        let header = emit("[[app]]")
        var rule = AppRule(classGlob: "")
        var valid = true
        var hasClass = false
        for name in ["class", "mode", "margin", "focus"].shuffled(using: &random)
        where name == "class" ? !mistake(0.1) : random.chance(0.4) {
            switch name {
            case "class":
                let (text, value) = glob()
                emit("\(key(name)) = \(text)", bad: value == nil)
                rule.classGlob = value ?? ""
                valid = valid && value != nil
                hasClass = true
            case "mode":
                let generated = choice(AvoidanceMode.self) { _, _ in }
                emit("\(key(name)) = \(generated.text)", bad: generated.apply == nil)
                rule.mode = AvoidanceMode.allCases.first { generated.text.contains("\"\($0.rawValue)\"")
                    || generated.text.contains("'\($0.rawValue)'") }
                valid = valid && generated.apply != nil
            case "margin":
                let generated = boundedInt(0...1000) { _, _ in }
                emit("\(key(name)) = \(generated.text)", bad: generated.apply == nil)
                rule.margin = generated.apply == nil ? nil : Self.parseInteger(generated.text)
                valid = valid && generated.apply != nil
            default:
                var sources: [FocusSource]?
                let generated = focus { _, s in _ = s }
                emit("\(key(name)) = \(generated.text)", bad: generated.apply == nil)
                if generated.apply != nil {
                    sources = generated.text.dropFirst().dropLast().split(separator: ",").map {
                        let word = $0.trimmingSpaces.dropFirst().dropLast()
                        return FocusSource(rawValue: String(word))!
                    }
                }
                rule.focus = sources
                valid = valid && generated.apply != nil
            }
        }
        if mistake(0.08) { emit("\(random.pick(unknownKeys)) = 1", bad: true) }
        if !hasClass { badLines.insert(header) }
        if valid && !rule.classGlob.isEmpty { model.apps.append(rule) }
    }

    /// The integer a TOML integer literal written by `integer(_:)` stands for.
    static func parseInteger(_ text: String) -> Int? {
        var digits = text.replacingUnderscores
        if digits.hasPrefix("+") { digits.removeFirst() }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int(digits.dropFirst(2), radix: radix)
        }
        return Int(digits)
    }

    mutating func document() -> String {
        if mistake(0.05) { emit("\(random.pick(["verbose", "colour", "avoidance_mode"])) = true", bad: true) }
        var parts: [Int] = [0, 1, 2].filter { _ in random.chance(0.6) }
        parts += Array(repeating: 3, count: random.int(0...3)) + Array(repeating: 4, count: random.int(0...3))
        if mistake(0.05) { parts.append(5) }
        // Root forms (inline tables, dotted keys) must come before the first header: sections go first.
        let sections = parts.filter { $0 < 3 }.shuffled(using: &random)
        let rules = parts.filter { $0 >= 3 }.shuffled(using: &random)
        for part in sections + rules {
            switch part {
            case 0: section("avoidance", keys: ["mode", "margin", "focus", "pointer_band", "maximized", "fullscreen"])
            case 1: section("animation", keys: ["duration_ms", "curve"])
            case 2:
                section("keyboard_control",
                        keys: ["auto_show", "show_command", "hide_command", "hide_delay_ms", "hide_on_return"])
            case 3: keyboardRule()
            case 4: appRule()
            default:
                headersStarted = true
                emit("[\(random.pick(["colours", "Avoidance", "animations"]))]", bad: true)
                emit("x = 1")
            }
        }
        return lines.joined(separator: "\n") + (random.chance(0.8) ? "\n" : "")
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}

@Test("3 000 random schema-level documents: accepted exactly when every value is valid, errors only on bad lines")
func schemaFuzzedDocumentsBehave() throws {
    var random = SplitMix64(seed: 0x5C4E_3A00)
    var accepted = 0
    var rejected = 0
    var errorCount = 0
    for round in 0..<3_000 {
        var generator = DocumentGenerator(random: random)
        generator.clean = round % 3 == 0
        let source = generator.document()
        random = generator.random
        let lineCount = source.split(separator: "\n", omittingEmptySubsequences: false).count
        let lineLengths = source.split(separator: "\n", omittingEmptySubsequences: false).map { $0.unicodeScalars.count }
        switch ConfigFile.parse(source, file: "s.toml") {
        case .success(let configuration):
            accepted += 1
            #expect(generator.badLines.isEmpty, "round \(round): accepted with bad lines \(generator.badLines)\n\(source)")
            #expect(configuration == generator.model, "round \(round): not what the document says\n\(source)")
            let printed = ConfigFile.render(configuration)
            #expect(try ConfigFile.parse(printed, file: "p.toml").get() == configuration, "round \(round)\n\(printed)")
            #expect(ConfigFile.render(try ConfigFile.parse(printed, file: "p.toml").get()) == printed)
        case .failure(let errors):
            rejected += 1
            errorCount += errors.count
            #expect(!generator.badLines.isEmpty, "round \(round): rejected a valid document: \(errors)\n\(source)")
            #expect(!errors.isEmpty)
            for error in errors {
                #expect(error.file == "s.toml")
                #expect(error.line >= 1 && error.line <= lineCount, "round \(round): \(error)")
                #expect(error.column >= 1 && error.column <= (lineLengths[safe: error.line - 1] ?? 0) + 1,
                        "round \(round): \(error) outside its line\n\(source)")
                #expect(generator.badLines.contains(error.line), "round \(round): \(error) on a good line\n\(source)")
            }
            let errorLines = Set(errors.map(\.line))
            #expect(generator.badLines.isSubset(of: errorLines),
                    "round \(round): bad lines \(generator.badLines.sorted()) not all reported: \(errors)\n\(source)")
            #expect(errors.map { [$0.line, $0.column] }.lexicographicallyPrecedesOrEqualSorted,
                    "round \(round): errors not in file order: \(errors)")
        }
    }
    print("schema fuzz: \(accepted) accepted and round-tripped, \(rejected) rejected with \(errorCount) errors")
    #expect(accepted > 300 && rejected > 300)
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension Array where Element == [Int] {
    fileprivate var lexicographicallyPrecedesOrEqualSorted: Bool {
        zip(self, dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) }
    }
}
