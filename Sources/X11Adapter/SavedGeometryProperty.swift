import CX11
import OskshiftCore

/// `_OSKSHIFT_ORIGINAL_GEOMETRY` on a client window: CARDINAL, format 32, exactly 7 words:
///
///     x, y, width, height, maximizedVert, maximizedHorz, fullscreen
///
/// x and y are the frame's top-left in root coordinates and may be negative: they are stored as the
/// two's-complement 32-bit word of the signed value and read back the same way. width and height are the frame's
/// outer size. The three flags are 0 or 1.
enum SavedGeometryProperty {
    static let wordCount = 7

    static func encode(_ saved: SavedGeometry) -> [CLong] {
        let f = saved.frame
        let words = [
            f.x, f.y, f.width, f.height, saved.state.maximizedVertically ? 1 : 0,
            saved.state.maximizedHorizontally ? 1 : 0, saved.state.fullscreen ? 1 : 0,
        ]
        // The server keeps the low 32 bits of each long.
        return words.map { CLong(Int32(truncatingIfNeeded: $0)) }
    }

    /// Nil unless the type, format and word count are exactly right and the flags are 0 or 1. Plausibility
    /// against the monitors is the caller's check (`SavedGeometry.isPlausible(on:)`).
    static func decode(_ raw: RawProperty, cardinal: Atom) -> SavedGeometry? {
        guard raw.type == cardinal, raw.format == 32, raw.longs.count == wordCount else { return nil }
        let words = raw.longs.map { Int(Int32(truncatingIfNeeded: $0)) }
        guard words[4...6].allSatisfy({ $0 == 0 || $0 == 1 }) else { return nil }
        return SavedGeometry(
            frame: Rect(x: words[0], y: words[1], width: words[2], height: words[3]),
            state: WindowState(
                maximizedVertically: words[4] == 1, maximizedHorizontally: words[5] == 1, fullscreen: words[6] == 1))
    }
}

extension Connection {
    func savedGeometry(_ client: Window) -> SavedGeometry? {
        guard let raw = property(client, atoms.originalGeometry, maxLongs: 16) else { return nil }
        return SavedGeometryProperty.decode(raw, cardinal: XA_CARDINAL)
    }
}
