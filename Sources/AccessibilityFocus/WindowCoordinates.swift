import OskshiftCore

/// A field read in WINDOW coordinates (`ATSPI_COORD_TYPE_WINDOW`) placed on its X window.
///
/// Why: the screen path needs two reads per focus move, the field's extents and its top-level's (to find the X
/// window and the frame the application measured against); each is a round trip to the application's main loop
/// (GTK3: p50 0.3-0.4, p99 1.7-3.6 ms each under load, BENCHMARKS.md). Relative to its window, the field needs no
/// top-level: for a top-level already matched to an X window at a screen-path read, one read does, and a window
/// that moves between the read and its use (our own move, right after it) changes nothing.
///
/// What each toolkit's WINDOW coordinates are, measured under openbox (docs/accessibility.md):
/// - GTK 3 (ATK, toolkit "gtk"): relative to the client window, in logical pixels at `GDK_SCALE` > 1;
/// - Chromium: relative to its client window (undecorated, so also its frame), root pixels;
/// - Firefox (Gecko): relative to the window manager's FRAME (a 900x600 client at +200+100 in a 902x625 frame at
///   +199+80 reported a field 1 px right and 20 px lower than the client origin would give);
/// - Qt 5 and 6: not used (the PyQt forms answer their screen coordinates again, featherpad nonsense).
public enum WindowCoordinates {
    public enum Origin: Equatable, Sendable {
        case client, frame
    }

    /// Where the toolkit's WINDOW coordinates start; nil for a toolkit whose answer is not trusted.
    public static func origin(forToolkit toolkit: String) -> Origin? {
        switch toolkit {
        case "gtk", "Chromium": return .client
        case "Gecko": return .frame
        default: return nil
        }
    }

    /// The field relative to the frame's origin in root pixels: `inWindow` times the window's scale (found when it
    /// was matched on the screen path), from the toolkit's origin. `frame` and `client` in root coordinates.
    public static func fieldRelativeToFrame(_ inWindow: Rect, origin: Origin, scale: Int, frame: Rect, client: Rect)
        -> Rect
    {
        let scaled = inWindow.scaled(by: scale)
        switch origin {
        case .frame: return scaled
        case .client: return scaled.offsetBy(dx: client.x - frame.x, dy: client.y - frame.y)
        }
    }
}
