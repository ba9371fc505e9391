import Clock
import CX11
import OskshiftCore

// Why a property and not a socket: the manager-selection window already identifies the one instance serving
// the display, X delivers PropertyNotify to anyone waiting for the first status (readiness), the daemon writes
// only when its status changed (one request, no reply, no extra wake-up), and nothing needs a path in
// XDG_RUNTIME_DIR that could go stale after a crash: the window dies with the daemon's connection.

extension X11Adapter {
    /// Publishes the daemon's status (JSON) on its selection window through the writer.
    public func publishStatus(_ json: String) {
        guard managerWindow != 0 else { return }
        writer.publishStatus(on: managerWindow, json: json)
    }
}

/// Why `oskshift status` got no status.
public enum StatusReadError: Error, Equatable {
    case cannotOpenDisplay(String)
    /// No window owns `_OSKSHIFT_S<screen>`: no oskshift runs on the display.
    case noInstance(display: String)
    /// An instance runs but published nothing within the timeout (still starting, or stuck).
    case notReady(display: String, timeoutMs: Int)
    /// The owner went away while we waited.
    case instanceExited(display: String)
}

/// The client side of the status property: finds the instance serving the display and reads its status,
/// waiting (bounded) for the first one, which the daemon writes once it is ready.
public enum StatusProperty {
    /// The JSON text, or why there is none. The corresponding Xlib calls are XGetSelectionOwner, XSelectInput,
    /// XGetWindowProperty and XCheckTypedWindowEvent.
    public static func read(displayName: String?, timeoutMs: Int) -> Result<String, StatusReadError> {
        withInstance(displayName: displayName) { connection, owner, display in
            // Selected before the first read, so a status written between the read and the wait is not missed.
            connection.selectInput(owner, PropertyChangeMask | StructureNotifyMask)
            let deadline = Deadline(afterMs: timeoutMs)
            while true {
                if let raw = connection.property(owner, connection.atoms.status, maxLongs: 1 << 20) {
                    guard raw.type == connection.atoms.utf8String, raw.format == 8 else {
                        return .failure(.notReady(display: display, timeoutMs: timeoutMs))
                    }
                    return .success(String(decoding: raw.bytes, as: UTF8.self))
                }
                // A property read on a destroyed window fails like an absent property: tell the two apart.
                if connection.attributes(owner) == nil { return .failure(.instanceExited(display: display)) }
                var event = XEvent()
                let watched = PropertyChangeMask | StructureNotifyMask
                while XCheckWindowEvent(connection.display, owner, watched, &event) != 0 {
                    if event.type == DestroyNotify { return .failure(.instanceExited(display: display)) }
                }
                guard deadline.waitForInput(on: connection.fileDescriptor, atMostMs: 1000) != nil else {
                    return .failure(.notReady(display: display, timeoutMs: timeoutMs))
                }
            }
        }
    }

    /// Opens the display and finds the instance serving it (the owner of its manager selection), then runs `body`
    /// with the connection, the owner's window and the display's name; the connection is closed after it.
    static func withInstance(
        displayName: String?, _ body: (Connection, Window, String) -> Result<String, StatusReadError>
    ) -> Result<String, StatusReadError> {
        let connection: Connection
        do {
            connection = try Connection(displayName: displayName)
        } catch {
            return .failure(.cannotOpenDisplay(error.description))
        }
        defer { XCloseDisplay(connection.display) }
        let owner = XGetSelectionOwner(connection.display, connection.atoms.managerSelection)
        guard owner != 0 else { return .failure(.noInstance(display: connection.name)) }
        return body(connection, owner, connection.name)
    }
}
