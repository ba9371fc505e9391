import CX11
import OskshiftCore

/// A property as the server returned it. Only the list matching `format` is filled.
struct RawProperty {
    var type: Atom
    var format: Int
    /// Format 32 items. Xlib hands them over as C `long` (8 bytes on x86_64), sign-extended or not depending on
    /// the path, so readers that need 32-bit semantics truncate them themselves.
    var longs: [Int] = []
    var bytes: [UInt8] = []
}

extension Connection {
    /// Reads a whole property (up to `maxLongs` 32-bit units). Nil when it is absent or the window is gone.
    /// Served from `propertyCache` when the window's changes are reported to us.
    func property(_ window: Window, _ name: Atom, maxLongs: Int = 256) -> RawProperty? {
        if let known = propertyCache.lookup(window, name, maxLongs: maxLongs) { return known }
        let value = readProperty(window, name, maxLongs: maxLongs)
        propertyCache.store(window, name, maxLongs: maxLongs, value)
        return value
    }

    /// The corresponding Xlib call is XGetWindowProperty.
    private func readProperty(_ window: Window, _ name: Atom, maxLongs: Int) -> RawProperty? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, name, 0, maxLongs, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard Int(status) == Success, type != 0, let data else { return nil }
        var result = RawProperty(type: type, format: Int(format))
        switch format {
        case 32:
            data.withMemoryRebound(to: CLong.self, capacity: Int(count)) { items in
                result.longs = (0..<Int(count)).map { Int(items[$0]) }
            }
        case 8:
            result.bytes = Array(UnsafeBufferPointer(start: data, count: Int(count)))
        default:
            break
        }
        return result
    }

    /// Format-32 items of the given type, only when there are at least `minCount`.
    func longs(_ window: Window, _ name: Atom, type: Atom, minCount: Int = 1) -> [Int]? {
        guard let raw = property(window, name), raw.type == type, raw.format == 32, raw.longs.count >= minCount
        else { return nil }
        return raw.longs
    }

    /// An ATOM list property (`_NET_WM_STATE`, `_NET_WM_WINDOW_TYPE`, `_NET_SUPPORTED`); empty when absent or
    /// malformed.
    func atomList(_ window: Window, _ name: Atom, maxLongs: Int = atomListLongs) -> [Atom] {
        property(window, name, maxLongs: maxLongs).map(Self.atoms(of:)) ?? []
    }

    static let atomListLongs = 1024

    /// The atoms of an ATOM/32 property; empty for any other type or format.
    static func atoms(of raw: RawProperty) -> [Atom] {
        guard raw.type == XA_ATOM, raw.format == 32 else { return [] }
        return raw.longs.map { Atom(UInt32(truncatingIfNeeded: $0)) }
    }

    /// A WINDOW property such as `_NET_ACTIVE_WINDOW`: nil when absent, malformed or zero.
    func windowProperty(_ window: Window, _ name: Atom) -> Window? {
        guard let items = longs(window, name, type: XA_WINDOW), let first = items.first else { return nil }
        let value = Window(UInt32(truncatingIfNeeded: first))
        return value == 0 ? nil : value
    }

    /// A single CARDINAL.
    func cardinal(_ window: Window, _ name: Atom) -> Int? {
        longs(window, name, type: XA_CARDINAL)?.first.map { Int(UInt32(truncatingIfNeeded: $0)) }
    }

    /// A text property: `_NET_WM_NAME` (UTF8_STRING) first, then WM_NAME (STRING, read as UTF-8 where it is).
    func windowName(_ window: Window) -> String? {
        if let raw = property(window, atoms.netWMName, maxLongs: 64), raw.type == atoms.utf8String, raw.format == 8 {
            return String(decoding: raw.bytes, as: UTF8.self)
        }
        if let raw = property(window, atoms.wmName, maxLongs: 64), raw.format == 8 {
            return String(decoding: raw.bytes, as: UTF8.self)
        }
        return nil
    }

    /// WM_CLASS: two NUL-terminated STRINGs, instance then class. Nil unless both are there.
    func wmClass(_ window: Window) -> WMClass? {
        guard let raw = property(window, atoms.wmClass, maxLongs: 64), raw.type == XA_STRING, raw.format == 8
        else { return nil }
        let parts = raw.bytes.split(separator: 0, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        return WMClass(
            instance: String(decoding: parts[0], as: UTF8.self), className: String(decoding: parts[1], as: UTF8.self))
    }

    /// WM_STATE's first word: 0 withdrawn, 1 normal, 3 iconic. Nil when the window has none (not a managed client).
    func wmState(_ window: Window) -> Int? {
        longs(window, atoms.wmState, type: atoms.wmState).map { Int(UInt32(truncatingIfNeeded: $0[0])) }
    }
}
