import JSONEscaping

/// The "tagged JSON" of the toml-test suite: tables as objects, arrays as arrays, and every other value as
/// `{"type": ..., "value": "..."}`. The conformance decoder prints it; the project's own tests compare with it.
public enum TaggedJSON {
    public static func encode(_ table: TOMLTable) -> String {
        var output = ""
        write(table, to: &output)
        return output
    }

    private static func write(_ table: TOMLTable, to output: inout String) {
        output += "{"
        for (offset, entry) in table.entries.enumerated() {
            if offset > 0 { output += "," }
            appendJSONString(entry.key, to: &output)
            output += ":"
            write(entry.value, to: &output)
        }
        output += "}"
    }

    private static func write(_ value: TOMLValue, to output: inout String) {
        switch value.kind {
        case .table(let table):
            write(table, to: &output)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .string(let text):
            tagged("string", text, to: &output)
        case .integer(let number):
            tagged("integer", String(number), to: &output)
        case .float(let number):
            tagged("float", floatText(number), to: &output)
        case .boolean(let flag):
            tagged("bool", flag ? "true" : "false", to: &output)
        case .dateTime(let dateTime):
            let type: String
            switch (dateTime.date, dateTime.time, dateTime.offsetMinutes) {
            case (_?, _?, _?): type = "datetime"
            case (_?, _?, nil): type = "datetime-local"
            case (_?, nil, _): type = "date-local"
            default: type = "time-local"
            }
            tagged(type, dateTime.description, to: &output)
        }
    }

    static func floatText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return number.description
    }

    private static func tagged(_ type: String, _ text: String, to output: inout String) {
        output += "{\"type\":\"\(type)\",\"value\":"
        appendJSONString(text, to: &output)
        output += "}"
    }
}
