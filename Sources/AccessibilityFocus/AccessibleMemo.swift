import CATSPI
import OskshiftCore

/// Something remembered per accessible. It holds a reference to every key, so libatspi keeps those objects, and
/// their addresses, while they are remembered; `retain` and `release` do the same for values that are objects.
/// Bounded: when full it starts over.
struct AccessibleMemo<Value> {
    static var capacity: Int { 512 }
    private var entries: [AccessiblePointer: Value] = [:]
    /// Counts the times the memo started over (or was emptied): what was keyed by its accessibles' addresses
    /// elsewhere is stale from then on.
    private(set) var generation = 0
    private let retain: (Value) -> Void
    private let release: (Value) -> Void

    init(retain: @escaping (Value) -> Void = { _ in }, release: @escaping (Value) -> Void = { _ in }) {
        self.retain = retain
        self.release = release
    }

    subscript(accessible: AccessiblePointer) -> Value? { entries[accessible] }

    /// Keeps the first value remembered for `accessible`.
    mutating func remember(_ value: Value, for accessible: AccessiblePointer) {
        guard entries[accessible] == nil else { return }
        if entries.count >= Self.capacity { removeAll() }
        g_object_ref(UnsafeMutableRawPointer(accessible))
        retain(value)
        entries[accessible] = value
    }

    /// Forgets every accessible whose value satisfies `isGone`.
    mutating func forget(where isGone: (Value) -> Bool) {
        for (accessible, value) in entries where isGone(value) {
            entries[accessible] = nil
            g_object_unref(UnsafeMutableRawPointer(accessible))
            release(value)
        }
    }

    mutating func removeAll() {
        forget { _ in true }
        generation += 1
    }
}

/// Where a walk up from an accessible ended: its top-level, and the displacement of the root pane it lies under
/// when its application reports that pane elsewhere than its container (`PaneOffset`, LibreOffice's VCL).
struct WalkEnd {
    var toplevel: AccessiblePointer
    var paneOffset: Point?
}

extension AccessibleMemo where Value == WalkEnd {
    /// Which top-level each accessible met on a walk up belongs to, the top-levels referenced too. A widget moved
    /// into another window keeps its old answer until that window's extents can no longer be read (`forget`);
    /// toolkits do not move fields between windows.
    static func toplevels() -> Self {
        Self(retain: { g_object_ref(UnsafeMutableRawPointer($0.toplevel)) },
             release: { g_object_unref(UnsafeMutableRawPointer($0.toplevel)) })
    }

    /// Whether `toplevel` is some remembered accessible's top-level (so the memo references it).
    func holds(_ toplevel: AccessiblePointer) -> Bool {
        entries.values.contains { $0.toplevel == toplevel }
    }

    /// A new reference to the remembered top-level of `accessible` and its pane's offset, or nil.
    func walkEnd(of accessible: AccessiblePointer) -> WalkEnd? {
        guard let end = self[accessible] else { return nil }
        g_object_ref(UnsafeMutableRawPointer(end.toplevel))
        return end
    }

    mutating func remember<Accessibles: Sequence>(_ accessibles: Accessibles, _ end: WalkEnd)
    where Accessibles.Element == AccessiblePointer {
        for accessible in accessibles where accessible != end.toplevel { remember(end, for: accessible) }
    }
}
