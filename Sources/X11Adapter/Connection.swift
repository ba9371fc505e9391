import CX11
import Glibc

/// Why oskshift cannot watch the display.
public enum ConnectionError: Error, CustomStringConvertible {
    case cannotOpen(String)
    case missingExtension(String)

    public var description: String {
        switch self {
        case .cannotOpen(let name):
            return name.isEmpty
                ? "no X display: set DISPLAY or pass --display"
                : "cannot open X display \"\(name)\""
        case .missingExtension(let name):
            return "the X server lacks the \(name) extension"
        }
    }
}

/// The open display, its root window and the interned atoms. Owned by one thread.
final class Connection {
    let display: OpaquePointer
    let screenNumber: Int32
    let root: Window
    let atoms: Atoms
    /// The name XDisplayString reports, e.g. ":1".
    let name: String
    /// Property values kept until a PropertyNotify says they changed (see PropertyCache.swift).
    var propertyCache = PropertyCache()
    /// The serial of the request that selected each watched window's StructureNotifyMask: an event whose serial is
    /// lower was generated before the server applied it, so what the window did then was not reported to us.
    var watchedSince: [Window: UInt] = [:]

    /// The corresponding Xlib call is XOpenDisplay; a nil or empty name means $DISPLAY.
    init(displayName: String?) throws(ConnectionError) {
        let requested = displayName ?? ProcessEnvironment.value("DISPLAY") ?? ""
        if requested.isEmpty { throw .cannotOpen("") }
        guard let display = XOpenDisplay(requested) else { throw .cannotOpen(requested) }
        self.display = display
        let resolved = String(cString: XDisplayString(display))
        name = resolved
        connectionName.withLock { $0 = resolved }
        XErrorHandlers.install(on: display)
        screenNumber = XDefaultScreen(display)
        root = XRootWindow(display, screenNumber)
        atoms = Atoms(display: display, screenNumber: screenNumber)
    }

    /// The connection's socket, for poll(2). The corresponding Xlib call is XConnectionNumber.
    var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// The corresponding Xlib call is XFlush.
    func flush() { XFlush(display) }

    /// A round trip: afterwards every request has been processed and every resulting event queued.
    /// The corresponding Xlib call is XSync.
    func sync() { XSync(display, 0) }

    /// The corresponding Xlib call is XSelectInput. X keeps one mask per client and window, so callers pass the
    /// whole mask they want on that window. `cacheProperties`: the caller handles this window's PropertyNotify and
    /// DestroyNotify by calling `propertyChanged` / `windowDestroyed`, so its properties may be cached. Selected
    /// before any read, so no change between the read and the selection can go unreported.
    func selectInput(_ window: Window, _ mask: Int, cacheProperties: Bool = false) {
        let serial = UInt(XNextRequest(display))
        XSelectInput(display, window, mask)
        let watched = cacheProperties && mask & PropertyChangeMask != 0
        propertyCache.watch(window, watched)
        if watched, mask & StructureNotifyMask != 0 {
            if watchedSince[window] == nil { watchedSince[window] = serial }
        } else {
            watchedSince[window] = nil
        }
    }

    /// A PropertyNotify was received: the cached value (if any) is stale.
    func propertyChanged(_ window: Window, _ atom: Atom) {
        propertyCache.invalidate(window, atom)
    }

    /// A DestroyNotify was received: the XID may be reused by another window.
    func windowDestroyed(_ window: Window) {
        propertyCache.forget(window)
        watchedSince[window] = nil
    }
}

enum ProcessEnvironment {
    static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
