import CX11
import OskshiftCore

/// X hands a disconnected client's resource-id base to the next client that connects, so a window id is reused
/// within milliseconds: an application closes while we have it moved, another starts at once, and its window has
/// the same id. The engine decides from the events handled so far; a request it asks for goes out later, and by
/// then the server may hold events not yet handled that end that window (DestroyNotify) or begin another under
/// its id (CreateNotify). Such a request would move the newcomer to the old window's geometry, or tag it with the
/// old window's saved original: it is dropped, and the queued DestroyNotify tells the engine the window is gone.
enum WindowLife {
    /// The window an action writes to: a client we do not own.
    static func target(of action: Action) -> Window? {
        switch action {
        case .moveResize(let id, _, _), .setMaximized(let id, _), .setFullscreen(let id, _), .saveOriginal(let id, _),
            .clearOriginal(let id):
            return Window(id.raw)
        default:
            return nil
        }
    }

    /// The id whose window this event ends or begins, nil for any other event.
    static func endedOrBegun(by event: XEvent) -> Window? {
        switch event.type {
        case DestroyNotify: return event.xdestroywindow.window
        case CreateNotify: return event.xcreatewindow.window
        default: return nil
        }
    }

    /// Whether `action` must not go out: its window ends, or a new one takes its id, in events not yet handled.
    static func isStale(_ action: Action, unhandled: [XEvent]) -> Bool {
        guard let window = target(of: action) else { return false }
        return unhandled.contains { endedOrBegun(by: $0) == window }
    }
}

/// The ends of windows the adapter has handled and reported, and the engine has not been fed yet. The adapter
/// handles a whole batch of X events before the engine is fed their reports one by one, so an action decided for
/// an early report of the batch (the keyboard hidden: a restore) is performed when the adapter has already seen
/// the window destroyed and a new one under its id, later in the same batch: it is about the old window.
struct PendingEnds: Equatable {
    private var counts: [WindowID: Int] = [:]

    /// A batch of reports handed to the daemon.
    mutating func reported(_ events: [Event]) {
        for case .windowDestroyed(let id) in events { counts[id, default: 0] += 1 }
    }

    /// One report fed to the engine: from there on, actions for its id are about the window that has it now.
    mutating func fed(_ event: Event) {
        guard case .windowDestroyed(let id) = event, let count = counts[id] else { return }
        counts[id] = count > 1 ? count - 1 : nil
    }

    /// The batch is fed (a report the daemon dropped on the way must not hold back a later window's requests).
    mutating func batchFed() { counts.removeAll() }

    /// Whether `action` writes to a window whose end the engine has not been told yet.
    func holdsBack(_ action: Action) -> Bool {
        guard let window = WindowLife.target(of: action) else { return false }
        return counts[WindowID(UInt(window))] != nil
    }
}

extension Connection {
    /// The events the server has generated and we have not handled yet: a round trip (XSync, which keeps them),
    /// then Xlib's queue read without removing anything (XCheckIfEvent with a predicate that takes none).
    func unhandledEvents() -> [XEvent] {
        sync()
        var seen: [XEvent] = []
        var unused = XEvent()
        withUnsafeMutablePointer(to: &seen) { pointer in
            let argument = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self)
            _ = XCheckIfEvent(display, &unused, { _, event, argument in
                guard let event, let argument else { return 0 }
                UnsafeMutableRawPointer(argument).assumingMemoryBound(to: [XEvent].self).pointee.append(event.pointee)
                return 0
            }, argument)
        }
        return seen
    }
}
