import Clock
import CX11
import Glibc
import OskshiftCore

// Why a ClientMessage to the selection window: X delivers a client's requests and the events they cause in order,
// so when the daemon reads the message it has read every event the server generated before it (the caller's own
// maps, key presses and property changes included). The answer goes on the caller's own window, so two callers
// never read each other's answer. i3's I3_SYNC works the same way.

/// A client's request to sync: answer once everything received before it has been handled.
public struct SyncRequest: Equatable, Sendable {
    /// The caller's number, echoed in the answer.
    public var serial: Int
    /// The request count after which the answer counts requests (`RequestJournal`).
    public var mark: Int
    /// The caller's window, where the answer is written as `_OSKSHIFT_SYNC_REPLY`.
    public var replyWindow: UInt

    public init(serial: Int, mark: Int, replyWindow: UInt) {
        self.serial = serial
        self.mark = mark
        self.replyWindow = replyWindow
    }
}

extension X11Adapter {
    /// `_OSKSHIFT_SYNC` on our selection window: data (serial, mark, the caller's window).
    func syncRequested(_ event: XClientMessageEvent) {
        guard event.window == managerWindow, event.message_type == connection.atoms.sync, event.format == 32 else {
            return
        }
        let data = event.data.l
        syncRequests.append(SyncRequest(serial: data.0, mark: data.1, replyWindow: UInt(bitPattern: data.2)))
    }

    /// The sync requests read since the last call, oldest first.
    public func takeSyncRequests() -> [SyncRequest] {
        defer { syncRequests.removeAll() }
        return syncRequests
    }

    /// The move, resize and state requests sent so far (the writer keeps the journal).
    public var requestJournal: RequestJournal { writer.journal }

    /// Writes the answer on the caller's window (a caller gone by then is a BadWindow, ignored like any other).
    public func answerSync(_ request: SyncRequest, json: String) {
        writer.answerSync(on: Window(request.replyWindow), json: json)
    }
}

/// The client side: sends `_OSKSHIFT_SYNC` to the instance serving the display and waits for its answer.
public enum SyncClient {
    /// The answer's JSON text, or why there is none. The corresponding Xlib calls are XGetSelectionOwner,
    /// XCreateWindow, XSendEvent, XCheckWindowEvent and XGetWindowProperty.
    public static func sync(displayName: String?, serial: Int, mark: Int, timeoutMs: Int)
        -> Result<String, StatusReadError>
    {
        StatusProperty.withInstance(displayName: displayName) { connection, owner, display in
            connection.selectInput(owner, StructureNotifyMask)
            let own = ownWindow(connection)
            send(connection, to: owner, serial: serial, mark: mark, replyTo: own)
            let deadline = Deadline(afterMs: timeoutMs)
            var event = XEvent()
            while true {
                while XCheckWindowEvent(connection.display, own, PropertyChangeMask, &event) != 0 {
                    guard event.xproperty.atom == connection.atoms.syncReply, event.xproperty.state == PropertyNewValue,
                          let raw = connection.property(own, connection.atoms.syncReply, maxLongs: 1 << 16)
                    else { continue }
                    return .success(String(decoding: raw.bytes, as: UTF8.self))
                }
                if XCheckWindowEvent(connection.display, owner, StructureNotifyMask, &event) != 0,
                   event.type == DestroyNotify
                {
                    return .failure(.instanceExited(display: display))
                }
                guard deadline.waitForInput(on: connection.fileDescriptor, atMostMs: 1000) != nil else {
                    return .failure(.notReady(display: display, timeoutMs: timeoutMs))
                }
            }
        }
    }

    /// An InputOnly window of our own that reports its property changes: where the answer lands.
    private static func ownWindow(_ connection: Connection) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.event_mask = PropertyChangeMask
        return XCreateWindow(connection.display, connection.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil,
                             UInt(CWOverrideRedirect | CWEventMask), &attributes)
    }

    /// With no event mask, XSendEvent delivers to the client that created the window: the daemon.
    private static func send(_ connection: Connection, to owner: Window, serial: Int, mark: Int, replyTo own: Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = owner
        event.xclient.message_type = connection.atoms.sync
        event.xclient.format = 32
        event.xclient.data.l = (serial, mark, Int(bitPattern: own), 0, 0)
        _ = XSendEvent(connection.display, owner, 0, 0, &event)
        connection.flush()
    }
}
