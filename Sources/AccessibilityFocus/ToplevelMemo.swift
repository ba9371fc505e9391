import CATSPI

/// Which top-level accessible each accessible met on a walk up belongs to. It holds a reference to every key and
/// value, so libatspi keeps those objects, and their addresses, while they are remembered. A widget moved into
/// another window keeps its old answer until that window's extents can no longer be read (`forget`); toolkits do
/// not move fields between windows. Bounded: when full it starts over.
struct ToplevelMemo {
    static let capacity = 512
    private var toplevels: [AccessiblePointer: AccessiblePointer] = [:]

    /// A new reference to the remembered top-level of `accessible`, or nil.
    func toplevel(of accessible: AccessiblePointer) -> AccessiblePointer? {
        guard let toplevel = toplevels[accessible] else { return nil }
        g_object_ref(UnsafeMutableRawPointer(toplevel))
        return toplevel
    }

    mutating func remember<Accessibles: Sequence>(_ accessibles: Accessibles, toplevel: AccessiblePointer)
    where Accessibles.Element == AccessiblePointer {
        for accessible in accessibles where accessible != toplevel && toplevels[accessible] == nil {
            if toplevels.count >= Self.capacity { removeAll() }
            g_object_ref(UnsafeMutableRawPointer(accessible))
            g_object_ref(UnsafeMutableRawPointer(toplevel))
            toplevels[accessible] = toplevel
        }
    }

    /// Forgets every accessible remembered under `toplevel`.
    mutating func forget(toplevel: AccessiblePointer) {
        for (accessible, remembered) in toplevels where remembered == toplevel {
            toplevels[accessible] = nil
            g_object_unref(UnsafeMutableRawPointer(accessible))
            g_object_unref(UnsafeMutableRawPointer(remembered))
        }
    }

    mutating func removeAll() {
        for (accessible, toplevel) in toplevels {
            g_object_unref(UnsafeMutableRawPointer(accessible))
            g_object_unref(UnsafeMutableRawPointer(toplevel))
        }
        toplevels.removeAll()
    }
}
