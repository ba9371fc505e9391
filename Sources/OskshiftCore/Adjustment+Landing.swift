/// What a frame reported for an adjusted window means: our own moves (a frame we asked for), the window manager's
/// answers (another frame while a request is pending) and refusals (the same frame again), the application
/// resizing itself, and the user's moves (a new frame with nothing pending).
enum Landing: Equatable, Sendable {
    /// One of our requests answered, in time or late, or in part (a minimum size the window manager keeps).
    case ours
    /// The window manager's answer to leaving maximized or fullscreen state: its remembered normal geometry.
    case normalGeometry
    /// The window manager answered our move by leaving the window where it was.
    case refused
    /// An animation's step (or a frame wanted before the target) landed elsewhere than asked: left where it was,
    /// or put at another top above the work area (a snap zone, a limit). A step teaches nothing about the window
    /// manager's limits: the animation ends, and the target is asked at once, its landing judged.
    case stepNotGranted
    /// The window manager reads our requests otherwise than we asked (a constant difference, `Reading`): learnt,
    /// and the frame asked for again once.
    case misread(Reading)
    /// The window manager kept the window's top at this height (its title bar below the work area's top):
    /// remembered for the window, and planned within.
    case clamped(top: Int)
    /// Only the height changed: the application resized itself.
    case resizedByApplication
    /// The frame it already had (nothing pending): nothing learnt.
    case repeated
    /// Every restoring request is answered: the window is on its own again, and forgotten.
    case home
    /// The restore was refused: the window manager keeps the window where it is for now (above a docked keyboard's
    /// strut). It stays on its way home, and the restore is asked again when the work area changes.
    case homeRefused
    /// Moved up above the keyboard by the window manager itself (a docked keyboard's strut: marco, metacity and
    /// KWin re-constrain every window into the smaller work area): its place while the keyboard is up.
    case placedByWindowManager
    /// Moved or resized by someone else: the user.
    case movedByUser
}

extension Adjustment {
    /// The transition on a reported frame, from each stage. `real`: the frame's own ConfigureNotify (after which
    /// the window manager still owes the client its synthetic echo); else the frame read after a synthetic one.
    mutating func land(_ frame: Rect, real: Bool, room: Rect, keyboard: Rect? = nil,
                       windowManager: WindowManagerModel = WindowManagerModel()) -> Landing {
        if real, let read = requests.readAhead {
            requests.readAhead = nil
            if frame == read && frame == current {
                return .repeated  // the ConfigureNotify of a frame already read after its synthetic answer
            }
        }
        if !real { requests.readAhead = frame }
        requests.inFlightSince = nil  // the window manager got to our request (or to the user's)
        if real { requests.owed = requests.owed.configured }
        let answered = requests.pending.firstIndex { $0.frame == frame }
        if answered != nil {
            requests.newlyFramed = false
            requests.granted = true
        }
        requests.belief = requests.belief.afterLanding(frame, wanted: requests.pending.last?.frame)
        switch stage {
        case .returning:
            // Our restoring requests coming back; once none is left, the window is on its own again. A restore
            // that lands elsewhere by a reading not known yet is asked again once, as read.
            if answered == nil, let reading = learntReading(from: frame, room: room, keyboard: keyboard, windowManager: windowManager) {
                requests.belief = .trying(reading, insteadOf: requests.reading)
                current = frame
                return .misread(reading)
            }
            if answered == nil, frame == current, !requests.pending.isEmpty, frame != shown {
                requests.pending.removeAll()
                requests.queued = nil
                return .homeRefused
            }
            if let answered {
                requests.pending.removeFirst(answered + 1)
            } else if !requests.requested.contains(frame) {
                requests.pending.removeAll()  // moved elsewhere, by the user
            }
            current = frame
            return requests.pending.isEmpty && requests.queued == nil ? .home : .ours

        case .leavingState, .placed, .restoring:
            if let answered {
                requests.pending.removeFirst(answered + 1)
                current = frame
                if frame == target { forgetMoveWithStateChange() }
                return .ours
            }
            var leaving = false
            if case .leavingState = stage { leaving = true }
            if home == .windowState(normalFrame: nil) || (leaving && leftState) {
                // The window manager's answers to leaving the state, the last one its remembered normal geometry
                // (fluxbox gives the height back first, then the width: two frames before the state is left).
                home = .windowState(normalFrame: frame)
                current = frame
                return .normalGeometry
            }
            if answered == nil, let reading = learntReading(from: frame, room: room, keyboard: keyboard, windowManager: windowManager) {
                requests.belief = .trying(reading, insteadOf: requests.reading)
                current = frame
                return .misread(reading)
            }
            if stepNotGranted(frame, room: room) {
                requests.pending.removeAll()
                requests.queued = nil
                current = frame
                shown = frame
                heading(to: target, animation: nil)
                return .stepNotGranted
            }
            // Left where it was, it is a clamp only at a limit met before, above the work area's top (where only
            // a limit could keep it), or after a request of ours was granted (it moves); else a refusal (i3's tile,
            // at the top of the screen, never moved at all).
            let stayed = frame == current && layout?.topLimit == nil && frame.minY >= room.minY && !requests.granted
            if let wanted = requests.pending.last?.frame, frame.width == wanted.width, frame.height >= wanted.height,
               wanted.minY < room.minY, frame.minY > wanted.minY || keptAtItsLimit(frame, wanted: wanted), !stayed {
                // Asked above the work area, put lower (or left where it was, already as high as allowed; taller
                // when it keeps a minimum height too): the window manager keeps the title bar below the top.
                requests.pending.removeAll()
                requests.queued = nil
                current = frame
                shown = frame
                let limit = frame.minY
                let withinTitle = limit - wanted.minY <= extents.top, titleHeight = extents.top
                updateLayout { layout in
                    if wanted.minY < limit {
                        let untried = layout.snap == nil && withinTitle
                        layout.snap = untried ? .allowedAbove(limit - titleHeight - 1) : .ruledOut
                    }
                    layout.topLimit = limit
                }
                return .clamped(top: limit)
            }
            if !requests.pending.isEmpty {
                let refused = frame == current && !leftState
                current = frame
                guard refused else {
                    // The window manager's answer to a request of ours, granted in part (a minimum size it keeps),
                    // or another move while ours are pending: which request it answers is not known, so all stay
                    // pending.
                    return .ours
                }
                requests.pending.removeAll()
                requests.queued = nil
                shown = frame
                return .refused
            }
            if frame == current { return .repeated }  // restacking, or a repeat
            if case .placed(var placement) = stage, case .windowState = home, let animation = placement.animation,
               animation.from == current, shown == current {
                // The state just left and the placement's first step not sent yet: the window manager is still
                // answering the state change (fluxbox may give its last frame after saying the state is left).
                home = .windowState(normalFrame: frame)
                current = frame
                shown = frame
                placement.animation = Animation(from: frame, to: placement.target, start: animation.start,
                                                duration: animation.duration, curve: animation.curve)
                stage = .placed(placement)
                return .normalGeometry
            }
            if requests.requested.contains(frame) {
                current = frame  // a late answer to a request of ours (the window manager was seconds behind)
                return .ours
            }
            if frame.x == current.x && frame.width == current.width && frame.height != current.height {
                // Only the height changed (and the top, when the window manager kept the taller window on screen):
                // the application resized itself (a text view grew with its text, and its minimum size with it),
                // which is no move of the user's. Placed again from the height it has now.
                current = frame
                shown = frame
                let target = self.target
                updateLayout { $0.keptHeight = frame.height > target.height ? frame.height : nil }
                return .resizedByApplication
            }
            if let keyboard, frame.x == current.x, frame.width == current.width, frame.height <= current.height,
               frame.minY < current.minY, frame.maxY <= keyboard.minY + Reading.largestMisreading {
                // Straight up to just above the keyboard, nothing of ours pending: the window manager's doing (a
                // user's drag lands anywhere, this one exactly there).
                current = frame
                shown = frame
                heading(to: frame, animation: nil)
                return .placedByWindowManager
            }
            return .movedByUser
        }
    }

    /// A reading learnt from `frame` landing for the newest request (an older one still pending changed nothing:
    /// it got no ConfigureNotify); nil when it teaches nothing new. Not from the frame the window had (a refusal),
    /// nor while a request made with other frame extents may still be answered (its client size makes another
    /// frame: that is no reading), nor from a frame we asked for before (a window manager seconds behind answering
    /// an older request late: the 10 000-event burst learnt "2 px higher" so and left a saved geometry behind).
    /// Nor from a frame moved only vertically to where its bottom lies at a keyboard's top: a window manager that fits windows above a docked
    /// keyboard's strut by itself (KWin, as the strut grows while the keyboard slides in) put it there, which our
    /// request only met by chance (taken for a reading of "1 px lower", every later request, the restore with
    /// them, went 1 px off).
    func learntReading(from frame: Rect, room: Rect, keyboard: Rect?, windowManager: WindowManagerModel) -> Reading? {
        if let wanted = requests.pending.last?.frame,
           windowManager.explainsAsStrutFit(frame, wanted: wanted, keyboard: keyboard) {
            return nil  // moved only up or down, to where the window manager fits windows above a strut
        }
        guard requests.belief.mayLearn, !requests.newlyFramed, frame != current, !requests.requested.contains(frame),
              let newest = requests.pending.last,
              requests.pending.allSatisfy({ $0.extents == extents })
        else { return nil }
        return requests.reading.learning(from: frame, asked: newest.asked, room: room, extents: newest.extents)
    }

    /// The move that went with leaving fullscreen reached its frame: nothing left to check.
    mutating func forgetMoveWithStateChange() {
        switch stage {
        case .leavingState(let target, let layout, .some):
            stage = .leavingState(target: target, layout: layout, movedWith: nil)
        case .placed(var placement) where placement.movedWithStateChange != nil:
            placement.movedWithStateChange = nil
            stage = .placed(placement)
        default:
            break
        }
    }

    /// On the way to a placement, the newest request still pending is not the target (an animation's step), and
    /// the window manager left the window where it was, or put it lower than a step above the work area's top (a
    /// snap, a limit). Not on the way home: a window manager that keeps a window where it is while the keyboard is
    /// up (IceWM within a strut's work area) refuses the restore, and a step through a snap zone is clamped on.
    private func stepNotGranted(_ frame: Rect, room: Rect) -> Bool {
        guard !isRestoring, let wanted = requests.pending.last?.frame, wanted != target else { return false }
        let putLower = frame.x == wanted.x && frame.size == wanted.size && wanted.minY < room.minY
            && frame.minY > wanted.minY
        return frame == current || putLower
    }

    /// Asked for the top of the limit met before (another x, a reading not yet known there) and left where it was,
    /// at that limit: the limit once more, not a refusal.
    private func keptAtItsLimit(_ frame: Rect, wanted: Rect) -> Bool {
        frame == current && frame.minY == layout?.topLimit && wanted.minY <= frame.minY
    }
}
