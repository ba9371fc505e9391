import OskshiftCore

/// Extents exactly as an application reported them (an `AtspiRect`), before deciding whether they mean anything.
///
/// GTK3 reports INT_MIN coordinates for widgets that are not showing (scrolled out of view, in a hidden page),
/// some toolkits report 0,0,0,0 or negative sizes when they do not know, and nothing on an X screen lies beyond
/// X's 16-bit coordinates. All of these are "unknown" to the watcher.
struct ReportedExtents: Equatable {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32

    /// Anything beyond this is not a place on an X screen (coordinates are INT16, sizes CARD16; a GTK3 scale of
    /// up to 4 on the logical side still fits).
    static let coordinateLimit: Int32 = 65_535

    /// The field's rect, or nil when unknown. A field must have an area.
    var fieldRect: Rect? {
        guard isPlausible, width > 0, height > 0 else { return nil }
        return Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
    }

    /// The caret's character box, at least 1 px wide (a caret at the end of the text is reported 0 px wide), or
    /// nil when unknown. A box without height says nothing about the line.
    var caretRect: Rect? {
        guard isPlausible, width >= 0, height > 0 else { return nil }
        return Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)).padded
    }

    /// A 1 px caret just after this character box: where the caret is when it sits after the last character.
    var caretAfterRect: Rect? {
        guard let box = caretRect else { return nil }
        return Rect(x: box.maxX, y: box.y, width: 1, height: box.height)
    }

    private var isPlausible: Bool {
        let limit = Self.coordinateLimit
        guard x != Int32.min, y != Int32.min else { return false }
        guard abs(Int64(x)) <= Int64(limit), abs(Int64(y)) <= Int64(limit) else { return false }
        guard width <= limit, height <= limit else { return false }
        return !(x == 0 && y == 0 && width == 0 && height == 0)
    }
}

/// Where the caret is, from the character boxes around the caret offset.
enum CaretPlacement {
    /// `atCaret` is the box of the character at the caret offset; `beforeCaret` the one before it (asked only
    /// when the first is unknown and the offset is past 0). At the end of the text some toolkits report no box
    /// at the caret offset: the caret then sits just after the previous character.
    static func caret(atCaret: ReportedExtents?, beforeCaret: ReportedExtents?) -> Rect? {
        if let rect = atCaret?.caretRect { return rect }
        return beforeCaret?.caretAfterRect
    }
}
