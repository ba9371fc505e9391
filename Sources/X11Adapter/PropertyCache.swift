import CX11

/// Properties already read, per window, for windows whose PropertyChangeMask this connection selected: the
/// server then reports every later change with a PropertyNotify, which drops that one atom's entry, so a cached
/// value is never older than the last event handled. A window's entries go when it is destroyed or when its mask
/// no longer has PropertyChangeMask. Absent properties are cached too (as nil).
struct PropertyCache {
    private struct Entry {
        var maxLongs: Int
        var value: RawProperty?
    }

    private var entries: [Window: [Atom: Entry]] = [:]

    /// Windows whose changes are reported, so their properties may be kept.
    private(set) var watched: Set<Window> = []

    /// `.some(value)` when known (value nil: the property is absent); nil when it has to be read.
    func lookup(_ window: Window, _ atom: Atom, maxLongs: Int) -> RawProperty?? {
        guard let entry = entries[window]?[atom], entry.maxLongs == maxLongs else { return nil }
        return .some(entry.value)
    }

    mutating func store(_ window: Window, _ atom: Atom, maxLongs: Int, _ value: RawProperty?) {
        guard watched.contains(window) else { return }
        entries[window, default: [:]][atom] = Entry(maxLongs: maxLongs, value: value)
    }

    /// A PropertyNotify for `atom` on `window`.
    mutating func invalidate(_ window: Window, _ atom: Atom) {
        entries[window]?[atom] = nil
    }

    mutating func watch(_ window: Window, _ reported: Bool) {
        if reported {
            watched.insert(window)
        } else {
            forget(window)
        }
    }

    /// The window is gone (DestroyNotify), or its changes are no longer reported.
    mutating func forget(_ window: Window) {
        watched.remove(window)
        entries[window] = nil
    }
}
