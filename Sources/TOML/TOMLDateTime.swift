/// A calendar date, as in `1979-05-27`.
public struct TOMLDate: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A time of day, as in `07:32:00.999`. Digits past nanoseconds are dropped, as the TOML spec allows.
public struct TOMLTime: Equatable, Sendable {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int

    public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }
}

/// The four TOML date and time types in one value: offset date-time (date, time and offset), local date-time
/// (date and time), local date (date only) and local time (time only).
public struct TOMLDateTime: Equatable, Sendable, CustomStringConvertible {
    public var date: TOMLDate?
    public var time: TOMLTime?
    /// Minutes east of UTC; nil for the local types.
    public var offsetMinutes: Int?

    public init(date: TOMLDate?, time: TOMLTime?, offsetMinutes: Int? = nil) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    public var typeName: String {
        switch (date, time, offsetMinutes) {
        case (_?, _?, _?): return "offset date-time"
        case (_?, _?, nil): return "local date-time"
        case (_?, nil, _): return "local date"
        default: return "local time"
        }
    }

    /// RFC 3339 text, the form TOML itself uses.
    public var description: String {
        var text = ""
        if let date {
            text += pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
        }
        if let time {
            if date != nil { text += "T" }
            text += pad(time.hour, 2) + ":" + pad(time.minute, 2) + ":" + pad(time.second, 2)
            if time.nanosecond > 0 {
                var fraction = pad(time.nanosecond, 9)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                text += "Z"
            } else {
                let magnitude = abs(offsetMinutes)
                text += (offsetMinutes < 0 ? "-" : "+") + pad(magnitude / 60, 2) + ":" + pad(magnitude % 60, 2)
            }
        }
        return text
    }

    private func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
