import Clock
import CX11
import OskshiftCore

/// How taking the `_OSKSHIFT_S<screen>` manager selection went.
public enum ManagerSelectionOutcome: Equatable {
    case acquired
    /// Another instance owns it (and `replace` was false, or it took the selection back first).
    case taken
    /// Replaced an instance that did not go away within the timeout; we own the selection anyway.
    case acquiredOldOwnerLingering
}

extension X11Adapter {
    /// ICCCM §2.8 manager selection: one instance per screen. With `replace`, takes the selection over and waits
    /// (up to `timeoutMs`) for the old owner's window to be destroyed, which it does once it has restored its
    /// windows. Then announces itself with a MANAGER client message on the root.
    /// The corresponding Xlib calls are XGetSelectionOwner, XSetSelectionOwner and XSendEvent.
    public func acquireManagerSelection(replace: Bool, timeoutMs: Int = 2000) -> ManagerSelectionOutcome {
        let display = connection.display
        let selection = connection.atoms.managerSelection
        let oldOwner = XGetSelectionOwner(display, selection)
        if oldOwner != 0, !replace { return .taken }

        if managerWindow == 0 {
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            attributes.event_mask = PropertyChangeMask
            managerWindow = XCreateWindow(
                display, connection.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil,
                UInt(CWOverrideRedirect | CWEventMask), &attributes)
        }
        if oldOwner != 0 {
            // Learn when it goes. A window that is already gone just makes this a BadWindow, ignored.
            connection.selectInput(oldOwner, StructureNotifyMask)
        }
        let time = serverTime()
        XSetSelectionOwner(display, selection, managerWindow, time)
        guard XGetSelectionOwner(display, selection) == managerWindow else { return .taken }

        var outcome = ManagerSelectionOutcome.acquired
        if oldOwner != 0, !waitForDestruction(of: oldOwner, timeoutMs: timeoutMs) {
            outcome = .acquiredOldOwnerLingering
        }

        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = connection.root
        event.xclient.message_type = connection.atoms.manager
        event.xclient.format = 32
        event.xclient.data.l = (Int(time), Int(selection), Int(managerWindow), 0, 0)
        _ = XSendEvent(display, connection.root, 0, StructureNotifyMask, &event)
        connection.flush()
        return outcome
    }

    /// A server timestamp, as ICCCM asks for selection ownership: append nothing to a property of our own window
    /// and read the time of the PropertyNotify. The corresponding Xlib call is XWindowEvent.
    func serverTime() -> Time {
        XChangeProperty(
            connection.display, managerWindow, connection.atoms.timestampProbe, XA_STRING, 8, PropModeAppend, nil, 0)
        var event = XEvent()
        XWindowEvent(connection.display, managerWindow, PropertyChangeMask, &event)
        return event.xproperty.time
    }

    private func waitForDestruction(of window: Window, timeoutMs: Int) -> Bool {
        var event = XEvent()
        let deadline = Deadline(afterMs: timeoutMs)
        while true {
            if XCheckTypedWindowEvent(connection.display, window, DestroyNotify, &event) != 0 { return true }
            if connection.attributes(window) == nil { return true }
            if deadline.waitForInput(on: connection.fileDescriptor, atMostMs: 100) == nil { return false }
        }
    }
}
