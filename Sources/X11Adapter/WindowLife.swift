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
