import OskshiftCore

/// What the Writer sends to put a client's frame at a rect, apart from the sending: the whole encoding of
/// `Action.moveResize`, so that what each window manager is told can be read (and tested) without a server.
enum MoveResizeRequest: Equatable {
    /// `_NET_MOVERESIZE_WINDOW` to the root for the client, data.l = flags, x, y, width, height. x, y are the
    /// frame's top-left, width and height the client's size (EWMH). How WMs read it differs (docs/x11-adapter.md,
    /// "Window managers' readings"): openbox puts the frame there; marco and mutter their visible frame, inside
    /// invisible borders; i3 the client's top-left.
    case netMoveResizeWindow(flags: Int, x: Int, y: Int, width: Int, height: Int)
    /// XMoveResizeWindow on the client: a ConfigureRequest, which the WM redirects. x, y place the outer corner of
    /// the client's X border, width and height are inside it. For a reparented client ICCCM's NorthWest gravity
    /// puts the frame's top-left at x, y (openbox measured so); a client that is its own top-level gets its
    /// border's outer corner: the client's origin less its border. A window manager that reads x, y otherwise
    /// (matchbox takes them for the client's position) shows it in where the frame lands: the engine learns that
    /// reading (`Reading`) and asks for the frame that lands where it is wanted.
    case configureClient(x: Int, y: Int, width: Int, height: Int)

    /// Gravity NorthWest (1), x, y, width and height given (0xF << 8), source 2 = pager/tool (<< 12): a request
    /// that is not the application's own.
    static let netMoveResizeFlags = 1 | (0xF << 8) | (2 << 12)

    /// Where the client sits, for a ConfigureRequest: in a frame of the window manager's, or on the root with its
    /// own X border (the server's border_width) as the only frame.
    enum Placement: Equatable {
        case reparented
        case ownTopLevel(border: Int)
    }

    /// `placement` is only asked for a ConfigureRequest: it costs a QueryTree.
    init(frame: Rect, extents: FrameExtents, supportsMoveResize: Bool, placement: @autoclosure () -> Placement)
    {
        let inner = extents.clientRect(ofFrame: frame)
        // A window of width or height 0 is a BadValue in X.
        let width = max(inner.width, 1), height = max(inner.height, 1)
        if supportsMoveResize {
            self = .netMoveResizeWindow(flags: Self.netMoveResizeFlags, x: frame.x, y: frame.y, width: width,
                height: height)
            return
        }
        switch placement() {
        case .reparented:
            self = .configureClient(x: frame.x, y: frame.y, width: width, height: height)
        case .ownTopLevel(let border):
            // The extents of a client that is its own top-level count its X border (Facts.swift): x, y go back
            // out to the border's outer corner, where the server places the window.
            self = .configureClient(x: inner.x - border, y: inner.y - border, width: width, height: height)
        }
    }
}
