import Clock
import CX11
import OskshiftCore

/// The accessory bar: oskshift's own window with previous / next / done buttons, flush on top of the keyboard.
///
/// Creating, placing and drawing this window is done here and not in Writer.swift: Writer is the one place that
/// changes OTHER clients' windows; this window is ours. What the buttons do to other clients (XTest Tab) does
/// go through Writer.
///
/// Override-redirect rather than a managed DOCK/TOOLBAR window with WM_HINTS input=False: no WM ever gives it
/// focus, decorates, places, or restacks it below the application (openbox and matchbox-window-manager differ in
/// all of these for managed windows), it lands exactly at the rect we ask for in one request, and it stays above
/// every managed window after XRaiseWindow. A WM raise of a managed window can still cover it: the bar listens
/// for VisibilityNotify and raises itself again.
public final class AccessoryBar {
    let connection: Connection
    let window: Window
    let gc: GC
    let font: UnsafeMutablePointer<XFontStruct>?
    let colours: (background: UInt, face: UInt, text: UInt, line: UInt)
    public private(set) var buttons: [AccessoryButton] = []
    /// Where the bar is (root coordinates); nil while unmapped.
    public private(set) var shownRect: Rect?
    /// The button held down (drawn inverted) between ButtonPress and ButtonRelease.
    private var pressed: Int?
    /// Buttons released inside themselves since the last `takeActivated()`.
    private var activated: [AccessoryButton] = []
    /// When the bar last raised itself on VisibilityNotify (MonotonicClock ms): at most 5 times a second, so two
    /// clients that both insist on being on top cannot raise each other in a busy loop.
    private var lastVisibilityRaise: Int = -1000

    init(connection: Connection) {
        self.connection = connection
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | VisibilityChangeMask
        window = XCreateWindow(
            display, connection.root, 0, 0, 1, 1, 0, Int32(CopyFromParent), UInt32(InputOutput), nil,
            UInt(CWOverrideRedirect | CWEventMask), &attributes)
        gc = XCreateGC(display, window, 0, nil)
        font = Self.loadFont(display)
        if let font { XSetFont(display, gc, font.pointee.fid) }
        colours = (Self.colour(display, "#2b2b2b", fallback: 0), Self.colour(display, "#3c3f41", fallback: 0),
                   Self.colour(display, "#f0f0f0", fallback: 0xFFFFFF), Self.colour(display, "#1a1a1a", fallback: 0))
        XSetWindowBackground(display, window, colours.background)
        // Named so tests and xprop can find it, and with a class no keyboard rule matches.
        var hint = XClassHint()
        "oskshift-accessory".withCString { name in
            "Oskshift".withCString { className in
                hint.res_name = UnsafeMutablePointer(mutating: name)
                hint.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, window, &hint)
            }
        }
        XStoreName(display, window, "oskshift accessory bar")
    }

    /// Large, legible core fonts first; "fixed" exists on every X server (Xvfb has it built in).
    static let fontNames = [
        "-*-helvetica-bold-r-normal--18-*-*-*-p-*-iso8859-1",
        "-*-*-bold-r-normal--18-*-*-*-p-*-iso8859-1",
        "9x15bold",
        "fixed",
    ]

    static func loadFont(_ display: OpaquePointer) -> UnsafeMutablePointer<XFontStruct>? {
        for name in fontNames {
            if let font = XLoadQueryFont(display, name) { return font }
        }
        return nil
    }

    static func colour(_ display: OpaquePointer, _ spec: String, fallback: UInt) -> UInt {
        let screen = XDefaultScreen(display)
        var exact = XColor(), colour = XColor()
        guard XAllocNamedColor(display, XDefaultColormap(display, screen), spec, &colour, &exact) != 0 else {
            return fallback
        }
        return colour.pixel
    }

    /// Places the bar at `rect` with `buttons` and raises it, or unmaps it (nil). Only what changed is sent.
    public func show(at rect: Rect?, buttons: [AccessoryButton]) {
        let display = connection.display
        guard let rect, !rect.isEmpty, !buttons.isEmpty else {
            if shownRect != nil { XUnmapWindow(display, window) }
            shownRect = nil
            pressed = nil
            return
        }
        let relabelled = buttons != self.buttons
        self.buttons = buttons
        let previous = shownRect
        shownRect = rect
        if previous == nil || rect != previous {
            XMoveResizeWindow(display, window, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
        if previous == nil {
            XMapRaised(display, window)
        } else if rect != previous {
            XRaiseWindow(display, window)
        }
        if previous != nil, relabelled || rect.size != previous?.size { draw() }
    }

    /// The buttons released inside themselves since the last call, oldest first.
    public func takeActivated() -> [AccessoryButton] {
        defer { activated.removeAll() }
        return activated
    }

    /// An event for the bar's window: handled here (true), or not the bar's (false).
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case Expose:
            guard event.xexpose.window == window else { return false }
            if event.xexpose.count == 0 { draw() }
        case VisibilityNotify:
            guard event.xvisibility.window == window else { return false }
            // A WM raised a managed window over us: stay above the application.
            let now = MonotonicClock.milliseconds()
            if event.xvisibility.state != VisibilityUnobscured, shownRect != nil, now - lastVisibilityRaise >= 200 {
                lastVisibilityRaise = now
                XRaiseWindow(connection.display, window)
            }
        case ButtonPress:
            guard event.xbutton.window == window else { return false }
            pressed = index(at: event.xbutton)
            draw()
        case ButtonRelease:
            guard event.xbutton.window == window else { return false }
            if let held = pressed, index(at: event.xbutton) == held, held < buttons.count {
                activated.append(buttons[held])
            }
            pressed = nil
            draw()
        default:
            return false
        }
        return true
    }

    private var rects: [Rect] {
        guard let size = shownRect?.size else { return [] }
        return AccessoryLayout.buttonRects(barWidth: size.width, barHeight: size.height, count: buttons.count)
    }

    private func index(at event: XButtonEvent) -> Int? {
        AccessoryLayout.button(at: Point(x: Int(event.x), y: Int(event.y)), in: rects)
    }

    static func label(_ button: AccessoryButton) -> String {
        switch button {
        case .previous: return "< Previous"
        case .next: return "Next >"
        case .done: return "Done"
        }
    }

    /// Each button a face with a label centred on it; the held one inverted (light face, dark label).
    func draw() {
        guard shownRect != nil else { return }
        let display = connection.display
        for (index, rect) in rects.enumerated() {
            let inverted = index == pressed
            let face = inside(rect, by: 3)
            XSetForeground(display, gc, colours.background)
            XFillRectangle(display, window, gc, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
            XSetForeground(display, gc, inverted ? colours.text : colours.face)
            XFillRectangle(display, window, gc, Int32(face.x), Int32(face.y), UInt32(face.width), UInt32(face.height))
            let text = Self.label(buttons[index])
            let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
            let count = Int32(bytes.count)
            let width = font.map { Int(XTextWidth($0, bytes, count)) } ?? text.count * 6
            let ascent = Int(font?.pointee.ascent ?? 10), descent = Int(font?.pointee.descent ?? 3)
            let x = rect.x + (rect.width - width) / 2
            let y = rect.y + (rect.height - ascent - descent) / 2 + ascent
            XSetForeground(display, gc, inverted ? colours.line : colours.text)
            XDrawString(display, window, gc, Int32(x), Int32(y), bytes, count)
        }
        XFlush(display)
    }

    private func inside(_ rect: Rect, by inset: Int) -> Rect {
        Rect(x: rect.x + inset, y: rect.y + inset, width: max(rect.width - 2 * inset, 1),
             height: max(rect.height - 2 * inset, 1))
    }
}

extension X11Adapter {
    /// The accessory bar's window, created on first use (so a daemon with `[accessory] enabled = false` never
    /// makes one).
    public func accessoryBarWindow() -> AccessoryBar {
        if let accessoryBar { return accessoryBar }
        let bar = AccessoryBar(connection: connection)
        accessoryBar = bar
        return bar
    }

    /// The bar window was made (it is kept, unmapped, once made).
    public var accessoryBarExists: Bool { accessoryBar != nil }

    /// Return (or keypad Enter) presses seen since the last call, for `hide_on_return`.
    public func takeReturnPresses() -> Int {
        defer { returnPresses = 0 }
        return returnPresses
    }

    /// XI_RawKeyPress on the root: counts Return and KP_Enter. Raw events reach us whoever holds the focus or a
    /// grab; only keys typed through the server (XTest, a real keyboard) produce them, not XSendEvent.
    func recordKeyPress(_ event: inout XEvent) {
        guard XGetEventData(connection.display, &event.xcookie) != 0 else { return }
        defer { XFreeEventData(connection.display, &event.xcookie) }
        guard let raw = event.xcookie.data?.assumingMemoryBound(to: XIRawEvent.self) else { return }
        if let focusedClient { output.append(.userInput(WindowID(focusedClient))) }
        guard settings.watchesReturnKey else { return }
        let keycode = raw.pointee.detail
        let returnKeys = [XK_Return, XK_KP_Enter].map { Int32(XKeysymToKeycode(connection.display, KeySym($0))) }
        if keycode != 0, returnKeys.contains(keycode) { returnPresses += 1 }
    }
}
