import CX11
import OskshiftCore

/// A client top-level as found on the server: the client window, its frame, and their rects.
struct TopLevel: Equatable {
    var client: Window
    /// The root child holding the client: the WM frame, or the client itself when it is not reparented.
    var frame: Window
    /// The frame's outer rect in root coordinates.
    var frameRect: Rect
    var extents: FrameExtents
}

/// Reading a frame: the one place that relates the frame rect, the client rect and `_NET_FRAME_EXTENTS`. The frame
/// rect is the X frame's as the server has it, the extents the WM's word when it gives one: under marco and mutter
/// the X frame holds invisible borders the extents leave out (docs/x11-adapter.md, "Frames and extents").
extension WindowTree {
    /// Locates the frame of `client` and reads both rects.
    func topLevel(client: Window) -> TopLevel? {
        guard let frame = topLevel(of: client), let frameRect = geometry(frame) else { return nil }
        return TopLevel(client: client, frame: frame, frameRect: frameRect, extents: extents(client: client,
            frame: frame, frameRect: frameRect))
    }

    /// What the X frame holds beyond the client grown by the WM's `_NET_FRAME_EXTENTS` (marco: 10 px invisible
    /// resize borders on every side), read from the server: the frame and the client at the same moment. None
    /// without extents from the WM, or when the client does not lie inside them.
    func invisibleBorders(of topLevel: TopLevel) -> FrameExtents {
        guard topLevel.extents != .none, frameExtentsItems(topLevel.client) != nil,
              let frame = geometry(topLevel.frame), let client = rootRect(topLevel.client) else { return .none }
        let drawn = topLevel.extents.frameRect(ofClient: client)
        let hidden = FrameExtents(left: drawn.x - frame.x, right: frame.maxX - drawn.maxX, top: drawn.y - frame.y,
                                  bottom: frame.maxY - drawn.maxY)
        let values = [hidden.left, hidden.right, hidden.top, hidden.bottom]
        return values.allSatisfy({ $0 >= 0 && $0 <= 64 }) ? hidden : .none
    }

    /// `_NET_FRAME_EXTENTS` (left, right, top, bottom) when it is well-formed; else what the tree says: the
    /// client's offset inside its frame, its X border included. A client that is its own top-level has its X
    /// border as its only frame (a window manager that draws no decoration of its own but the border), so a
    /// frame converted to a client size loses the border instead of growing the window by it at each request.
    func extents(client: Window, frame: Window, frameRect: Rect) -> FrameExtents {
        if let items = frameExtentsItems(client) {
            let values = items.prefix(4).map { Int(UInt32(truncatingIfNeeded: $0)) }
            if values.allSatisfy({ $0 <= 4096 }) {
                return FrameExtents(left: values[0], right: values[1], top: values[2], bottom: values[3])
            }
        }
        // From positions relative to each parent, which a move of the frame leaves alone: `frameRect` is the frame
        // as last reported, and a window manager answering our moves may have moved it since (twm's frame known at
        // +98+235 and the client read at root +102+258, after the next landing, gave a top of 23 for 21, and a
        // field read relative to the client was placed 2 px low).
        guard let inner = attributes(client), let outer = attributes(frame),
            let offset = insideOffset(of: client, in: frame)
        else { return .none }
        let left = offset.x + Int(outer.border_width), top = offset.y + Int(outer.border_width)
        let frameWidth = Int(outer.width + 2 * outer.border_width), frameHeight = Int(outer.height + 2 * outer.border_width)
        let right = frameWidth - left - Int(inner.width), bottom = frameHeight - top - Int(inner.height)
        guard [left, top, right, bottom].allSatisfy({ $0 >= 0 && $0 <= 4096 }) else { return .none }
        return FrameExtents(left: left, right: right, top: top, bottom: bottom)
    }

    /// The window's inside top-left in the inside coordinates of `ancestor` (zero for the ancestor itself).
    private func insideOffset(of window: Window, in ancestor: Window) -> Point? {
        var x = 0, y = 0, current = window
        for _ in 0..<32 {
            if current == ancestor { return Point(x: x, y: y) }
            guard let attributes = attributes(current), let parent = queryTree(current)?.parent else { return nil }
            x += Int(attributes.x + attributes.border_width)
            y += Int(attributes.y + attributes.border_width)
            current = parent
        }
        return nil
    }
}

extension Connection {
    /// `_NET_WM_STATE` reduced to what the engine uses, plus HIDDEN.
    func windowState(_ client: Window) -> (state: WindowState, hidden: Bool) {
        windowState(atoms: atomList(client, atoms.netWMState))
    }

    /// `windowState` when the property cache holds it; nil when it would take a round trip.
    func cachedWindowState(_ client: Window) -> (state: WindowState, hidden: Bool)? {
        guard let cached = propertyCache.lookup(client, atoms.netWMState, maxLongs: Self.atomListLongs) else {
            return nil
        }
        return windowState(atoms: cached.map(Self.atoms(of:)) ?? [])
    }

    private func windowState(atoms list: [Atom]) -> (state: WindowState, hidden: Bool) {
        let list = Set(list)
        return (WindowState(
            maximizedVertically: list.contains(atoms.netWMStateMaximizedVert),
            maximizedHorizontally: list.contains(atoms.netWMStateMaximizedHorz),
            fullscreen: list.contains(atoms.netWMStateFullscreen)), list.contains(atoms.netWMStateHidden))
    }

    /// The first `_NET_WM_WINDOW_TYPE` we know; NORMAL when it is absent (EWMH's default for managed windows).
    func windowKind(_ client: Window) -> WindowKind {
        let types = atomList(client, atoms.netWMWindowType, maxLongs: 16)
        if types.isEmpty { return .normal }
        return types.lazy.compactMap { self.atoms.windowKinds[$0] }.first ?? .other
    }

    /// WM_NORMAL_HINTS min and max size (words 5-8, flags PMinSize = 16, PMaxSize = 32), trusted only when the
    /// property is a WM_SIZE_HINTS of at least 9 words and the sizes are sane.
    func sizeHints(_ client: Window) -> (min: Size?, max: Size?) {
        guard let words = longs(client, atoms.wmNormalHints, type: atoms.wmSizeHints, minCount: 9) else {
            return (nil, nil)
        }
        let flags = Int(UInt32(truncatingIfNeeded: words[0]))
        func size(_ index: Int) -> Size? {
            let width = Int(Int32(truncatingIfNeeded: words[index]))
            let height = Int(Int32(truncatingIfNeeded: words[index + 1]))
            guard width > 0, height > 0, width <= 32767, height <= 32767 else { return nil }
            return Size(width: width, height: height)
        }
        return (flags & 16 != 0 ? size(5) : nil, flags & 32 != 0 ? size(7) : nil)
    }

    func isKeyboard(_ window: Window, wmClass: WMClass?, extra: [KeyboardRule]) -> Bool {
        BuiltInKeyboards.matches(wmClass: wmClass, name: windowName(window), extra: extra)
    }

    /// Everything the engine needs to know about a client top-level.
    func facts(client: Window, keyboards extra: [KeyboardRule]) -> WindowFacts? {
        topLevel(client: client).flatMap { facts(topLevel: $0, overrideRedirect: nil, keyboards: extra) }
    }

    /// The same, for a client whose frame and rects are already known, and maybe its override-redirect flag
    /// (nil: read it).
    func facts(topLevel: TopLevel, overrideRedirect known: Bool?, keyboards extra: [KeyboardRule]) -> WindowFacts? {
        let client = topLevel.client
        guard let overrideRedirect = known ?? attributes(client).map({ $0.override_redirect != 0 }) else {
            return nil
        }
        let wmClass = wmClass(client)
        let hints = sizeHints(client)
        return WindowFacts(
            id: WindowID(client), frame: topLevel.frameRect, extents: topLevel.extents, kind: windowKind(client),
            // The client's own flag: some WMs (matchbox) make their frames override-redirect.
            overrideRedirect: overrideRedirect,
            state: windowState(client).state, minSize: hints.min, maxSize: hints.max, wmClass: wmClass,
            isKeyboard: isKeyboard(client, wmClass: wmClass, extra: extra), pid: processID(client))
    }

    /// `_NET_WM_PID`, when it is a well-formed CARDINAL. Xlib caches the interned atom.
    func processID(_ window: Window) -> Int32? {
        let atom = XInternAtom(display, "_NET_WM_PID", 0)
        guard let value = cardinal(window, atom), value > 0, value <= Int(Int32.max) else { return nil }
        return Int32(value)
    }
}
