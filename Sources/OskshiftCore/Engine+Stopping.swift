/// The daemon's exit: every window sent home at once, then followed until the server reports each one there
/// (`windowsOnTheirWayHome`), so that the daemon waits for them (bounded) and names any it could not bring home.
extension Engine {
    /// Everything at once, queued or not: the window manager applies the requests in order, after whatever is in
    /// flight. Each window stays known, returning, until its restore is reported back.
    mutating func restoreAllAtOnce(now: Int) -> [Action] {
        var actions: [Action] = []
        for id in windows.adjustedIDs {
            guard var adjustment = windows[adjusted: id] else { continue }
            var sent: [Action]
            if !adjustment.isReturning {
                sent = restoringActions(adjustment)
            } else if let home = adjustment.requests.queued {
                sent = [.moveResize(id, frame: adjustment.requests.reading.request(for: home), extents: adjustment.extents),
                        .clearOriginal(id)]
            } else if adjustment.requests.pending.isEmpty && adjustment.current != adjustment.shown {
                // Its restore was refused (kept above a docked keyboard's strut): asked once more.
                sent = [.moveResize(id, frame: adjustment.requests.reading.request(for: adjustment.shown),
                                    extents: adjustment.extents)]
            } else {
                sent = []  // its restore went out already
            }
            adjustment.requests.dropQueued()
            for case .moveResize(_, let asked, _) in sent {
                adjustment.requests.noteSentAlongside(adjustment.requests.reading.landing(of: asked), asked: asked,
                                                      extents: adjustment.extents, now: now)
            }
            if adjustment.leftState && !adjustment.isReturning {
                // The window manager answers the state change with the original frame.
                adjustment.requests.pending.append(PendingRequest(frame: adjustment.original.frame, time: now))
            }
            adjustment.shown = home(of: adjustment)
            adjustment.stage = .returning
            let home = adjustment.current == adjustment.shown && adjustment.requests.pending.isEmpty
            store(home ? nil : adjustment, of: id)
            actions += sent
        }
        return actions + stopTimer()
    }

    /// After `stopping`, only where the windows land matters.
    mutating func whileStopping(_ event: Event, now: Int) -> [Action] {
        switch event {
        case .windowConfigured(let id, let frame): return landedWhileStopping(id, frame: frame, real: true, now: now)
        case .windowFrameRead(let id, let frame): return landedWhileStopping(id, frame: frame, real: false, now: now)
        case .windowConfigureSynthetic(let id): return syntheticConfigure(id)
        case .windowDestroyed(let id):
            store(nil, of: id)
            return []
        case .windowReframed(let id): return reframed(id)
        default:
            return []
        }
    }

    /// A window on its way home landed: home, or read otherwise (asked again as read), or elsewhere (asked again
    /// once for home).
    private mutating func landedWhileStopping(_ id: WindowID, frame: Rect, real: Bool, now: Int) -> [Action] {
        guard var adjustment = windows[adjusted: id] else { return [] }
        let home = adjustment.shown
        let room = screen.monitor(for: frame)?.workArea ?? frame
        let believed = adjustment.requests.belief
        let landing = adjustment.land(frame, real: real, room: room, windowManager: windowManager)
        _ = noteBelief(of: id, from: believed, to: adjustment.requests.belief)
        switch landing {
        case .misread, .reframedAway, .lateAnswerAway:
            let again = adjustment.askAgainAsRead(now: now)
            store(adjustment, of: id)
            return [again]
        case .home where frame != home && !adjustment.leftState && !windows.wasAskedAgainAtExit(id):
            // The window manager answered the restore with another frame: asked once more.
            noteAskedAgainAtExit(id)
            let again = adjustment.askAgainAsRead(now: now)
            store(adjustment, of: id)
            return [again]
        case .home:
            if frame != home { noteLeftAway(WindowAway(id: id, home: home, current: frame)) }
            store(nil, of: id)
        default:
            store(adjustment, of: id)
        }
        return []
    }

    /// The windows sent home at the daemon's exit whose arrival the server has not reported yet: where each should
    /// be, and where it was last reported.
    public var windowsOnTheirWayHome: [WindowAway] {
        adjustments.values.sorted { $0.id < $1.id }.map { WindowAway(id: $0.id, home: $0.shown, current: $0.current) }
    }
}

/// A window not (yet) at its original frame at the daemon's exit.
public struct WindowAway: Equatable, Sendable {
    public var id: WindowID
    public var home: Rect
    public var current: Rect
}
