import CX11
import OskshiftCore

/// The Xlib calls behind the walks below.
extension Connection {
    /// Parent and children. Nil when the window is gone. The corresponding Xlib call is XQueryTree.
    func queryTree(_ window: Window) -> (parent: Window, children: [Window])? {
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        defer { if let children { XFree(children) } }
        let list = children.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
        return (parent, list)
    }

    /// The corresponding Xlib call is XGetWindowAttributes.
    func attributes(_ window: Window) -> XWindowAttributes? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return attributes
    }

    /// The window's outer rect (border included) in its parent's coordinates. The corresponding Xlib call is
    /// XGetGeometry.
    func geometry(_ window: Window) -> Rect? {
        guard let answer = getGeometry(window) else { return nil }
        let border = 2 * answer.border
        return Rect(x: answer.x, y: answer.y, width: answer.width + border, height: answer.height + border)
    }

    /// The window's inside rect in root coordinates. The corresponding Xlib calls are XGetGeometry and
    /// XTranslateCoordinates.
    func rootRect(_ window: Window) -> Rect? {
        guard let answer = getGeometry(window) else { return nil }
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, window, root, 0, 0, &rootX, &rootY, &child) != 0 else { return nil }
        return Rect(x: Int(rootX), y: Int(rootY), width: answer.width, height: answer.height)
    }

    /// The window's X border width. The corresponding Xlib call is XGetGeometry.
    func borderWidth(_ window: Window) -> Int? {
        getGeometry(window)?.border
    }

    /// XGetGeometry's answer: x, y of the border's outer top-left in the parent, the size inside the border, and
    /// the border width. Nil when the window is gone.
    private func getGeometry(_ window: Window) -> (x: Int, y: Int, width: Int, height: Int, border: Int)? {
        var rootReturn: Window = 0
        var x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        guard XGetGeometry(display, window, &rootReturn, &x, &y, &width, &height, &border, &depth) != 0 else {
            return nil
        }
        return (Int(x), Int(y), Int(width), Int(height), Int(border))
    }
}

/// Walking the window tree: WM frames, clients and subwindows. Over the seam, so the unit tests walk their own trees.
extension WindowTree {
    /// The ancestor of `window` (itself included) that is a child of the root: the WM frame of a reparented
    /// client, or the client itself.
    func topLevel(of window: Window) -> Window? {
        var current = window
        for _ in 0..<32 {
            if current == root { return nil }
            guard let tree = queryTree(current) else { return nil }
            if tree.parent == root { return current }
            current = tree.parent
        }
        return nil
    }

    /// Whether `window` is a strict descendant of `ancestor`.
    func isDescendant(_ window: Window, of ancestor: Window) -> Bool {
        var current = window
        for _ in 0..<32 {
            guard current != root, let tree = queryTree(current) else { return false }
            if tree.parent == ancestor { return true }
            current = tree.parent
        }
        return false
    }

    /// The managed client (the window with WM_STATE) inside a root child: the child itself or a descendant a few
    /// levels down (frames nest the client one or two levels deep).
    func client(inTopLevel topLevel: Window) -> Window? {
        var level = [topLevel]
        for _ in 0..<4 {
            var next: [Window] = []
            for window in level {
                if wmState(window) != nil { return window }
                if let tree = queryTree(window) { next += tree.children }
            }
            if next.isEmpty || next.count > 64 { return nil }
            level = next
        }
        return nil
    }

    /// The client top-level that holds `window`: the nearest ancestor (itself included) with WM_STATE, else the
    /// client inside its root child (focus sometimes sits on the WM's frame).
    func client(containing window: Window) -> Window? {
        var current = window
        for _ in 0..<32 {
            if current == root || current == 0 { return nil }
            if wmState(current) != nil { return current }
            guard let tree = queryTree(current) else { return nil }
            if tree.parent == root { return client(inTopLevel: current) }
            current = tree.parent
        }
        return nil
    }

    /// All descendants of `window`, up to `limit`.
    func descendants(of window: Window, limit: Int = 2000) -> [Window] {
        var result: [Window] = []
        var pending = [window]
        while let next = pending.popLast(), result.count < limit {
            guard let tree = queryTree(next) else { continue }
            result += tree.children
            pending += tree.children
        }
        return result
    }
}
