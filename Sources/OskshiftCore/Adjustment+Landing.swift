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
    /// A request sent with extents the window no longer has was answered in the frame its client size makes with
    /// the new ones: the placement is asked again with them.
    case framedWithOtherExtents
    /// The frame it already had (nothing pending): nothing learnt.
    case repeated
    /// Every restoring request is answered: the window is on its own again, and forgotten.
    case home
    /// Returning, framed anew by the window manager (a window mapped again) where it placed it on its own, the
    /// restore sent before the frame existed lost: home is asked again, with the new frame's extents.
    case reframedAway
    /// Returning with nothing of ours pending, a move of ours answered late, away from home: the refusal believed
    /// before it was misread (the frame read before the window manager got to the move). Home is asked again.
    case lateAnswerAway
    /// The restore was refused: the window manager keeps the window where it is for now (above a docked keyboard's
    /// strut). It stays on its way home, and the restore is asked again when the work area changes.
    case homeRefused
    /// Moved up above the keyboard by the window manager itself (a docked keyboard's strut: marco, metacity and
    /// KWin re-constrain every window into the smaller work area): its place while the keyboard is up.
    case placedByWindowManager
    /// Moved or resized by someone else: the user.
    case movedByUser
}

/// What one reported frame is, decided from the window's state before it (`Adjustment.classify`): each case
/// carries what applying it needs (`Adjustment.apply`), and says which `Landing` the engine acts on.
enum Verdict: Equatable, Sendable {
    /// The frame of a request still pending, at this index: that one and every older one answered.
    case answered(Int)
    /// The window manager's answer to leaving maximized or fullscreen state; `beforeFirstStep`: a late one, come
    /// while the placement's animation had not sent its first step.
    case normalGeometry(beforeFirstStep: Bool)
    case misread(Reading)
    case stepNotGranted
    /// Kept lower than `wanted`, above the work area's top.
    case clamped(wanted: Rect)
    /// The request pending at this index answered, framed with the extents the window has now.
    case framedWithOtherExtents(Int)
    /// Another frame while requests are pending: one of them granted in part, or another move meanwhile.
    case partialAnswer
    case refused
    case repeated
    /// A frame we asked for before, answered late.
    case lateAnswer
    case resizedByApplication
    case placedByWindowManager
    case movedByUser
    /// Returning: left where it was, the restore refused for now.
    case homeRefused
    /// Returning: a frame no pending request names.
    case returningElsewhere
    /// Returning, nothing pending: a move of ours answered late, away from home.
    case lateAnswerAway
    /// Returning: framed anew since the restore went out, and placed elsewhere by the window manager.
    case reframedAway
}

extension Adjustment {
    /// The transition on a reported frame, from each stage: the frame classified (`classify`), then applied.
    /// `real`: the frame's own ConfigureNotify (after which the window manager still owes the client its synthetic
    /// echo); else the frame read after a synthetic one.
    mutating func land(_ frame: Rect, real: Bool, room: Rect, keyboard: Rect? = nil,
                       windowManager: WindowManagerModel = WindowManagerModel()) -> Landing {
        if real, let read = requests.readAhead {
            requests.readAhead = nil
            if frame == read && frame == current {
                return .repeated  // the ConfigureNotify of a frame already read after its synthetic answer
            }
        }
        if !real { requests.readAhead = frame }
        requests.answered()  // the window manager got to our request (or to the user's)
        if real { requests.owed = requests.owed.configured }
        // A reading being tried is believed or dropped on this landing before the landing is classified.
        requests.belief = requests.belief.afterLanding(frame, wanted: requests.pending.last?.frame)
        let verdict = classify(frame, room: room, keyboard: keyboard, windowManager: windowManager)
        if case .answered = verdict {
            requests.newlyFramed = false
            requests.granted = true
        }
        return apply(verdict, frame: frame)
    }

    /// What `frame` is, from the window's state before it. Pure: nothing changes.
    func classify(_ frame: Rect, room: Rect, keyboard: Rect?, windowManager: WindowManagerModel) -> Verdict {
        if let answered = requests.pending.firstIndex(where: { $0.frame == frame }) { return .answered(answered) }
        // The window manager answers in order: on the way home with a request older than the restore still pending
        // (a placement above the work area's top, kept at the top), a frame none of them names is the oldest's
        // answer, not a reading of the restore (learnt from it, the restore was asked again 40 px too low).
        if case .returning = stage, requests.pending.count > 1,
           keptAtTheTop(frame, wanted: requests.pending[0].frame, room: room) {
            return .answered(0)
        }
        let reading = learntReading(from: frame, room: room, keyboard: keyboard, windowManager: windowManager)
        if case .returning = stage { return classifyOnTheWayHome(frame, reading: reading) }
        if home == .windowState(normalFrame: nil) || (isLeavingState && leftState) {
            return .normalGeometry(beforeFirstStep: false)
        }
        if let answered = answerFramedWithOtherExtents(frame) { return .framedWithOtherExtents(answered) }
        if let reading { return .misread(reading) }
        if stepNotGranted(frame, room: room) { return .stepNotGranted }
        if let wanted = clampedRequest(frame, room: room) { return .clamped(wanted: wanted) }
        if !requests.pending.isEmpty { return frame == current && !leftState ? .refused : .partialAnswer }
        if frame == current { return .repeated }  // restacking, or a repeat
        if answersStateBeforeFirstStep { return .normalGeometry(beforeFirstStep: true) }
        if requests.requested.contains(frame) { return .lateAnswer }
        // Only the height changed (and the top, when the window manager kept the taller window on screen): the
        // application resized itself (a text view grew with its text), which is no move of the user's.
        if frame.x == current.x && frame.width == current.width && frame.height != current.height {
            return .resizedByApplication
        }
        return movedUpToTheKeyboard(frame, keyboard: keyboard) ? .placedByWindowManager : .movedByUser
    }

    /// What `frame` is to a window on its way home, none of its pending requests named by it.
    private func classifyOnTheWayHome(_ frame: Rect, reading: Reading?) -> Verdict {
        // A restore that lands elsewhere by a reading not known yet is asked again once, as read.
        if let reading { return .misread(reading) }
        if frame == current, !requests.pending.isEmpty, frame != shown {
            // With the restore still queued, the window manager answered the request in flight before it by leaving
            // the window where it was: that request is done with, and the restore goes out now (with the clearing of
            // the saved geometry it carries). Only a restore sent can be refused.
            return requests.queued == nil ? .homeRefused : .answered(requests.pending.count - 1)
        }
        if requests.newlyFramed, frame != shown { return .reframedAway }
        if requests.pending.isEmpty, requests.queued == nil, frame != shown, requests.requested.contains(frame) {
            return .lateAnswerAway
        }
        return .returningElsewhere
    }

    /// Applies a verdict: the window's frames, requests and layout, and the landing the engine acts on.
    mutating func apply(_ verdict: Verdict, frame: Rect) -> Landing {
        switch verdict {
        case .answered(let index):
            requests.pending.removeFirst(index + 1)
            current = frame
            if isReturning { return requests.pending.isEmpty && requests.queued == nil ? .home : .ours }
            if frame == target { forgetMoveWithStateChange() }
            return .ours
        case .returningElsewhere:
            if !requests.requested.contains(frame) { requests.pending.removeAll() }  // moved elsewhere, by the user
            current = frame
            return requests.pending.isEmpty && requests.queued == nil ? .home : .ours
        case .homeRefused:
            dropRequests()
            return .homeRefused
        case .lateAnswerAway:
            current = frame
            return .lateAnswerAway
        case .reframedAway:
            // Asked once per framing: a later frame elsewhere, with nothing of that framing left, is the user's.
            requests.newlyFramed = false
            current = frame
            return .reframedAway
        case .normalGeometry(let beforeFirstStep):
            home = .windowState(normalFrame: frame)
            current = frame
            if beforeFirstStep { startAnimationAgain(from: frame) }
            return .normalGeometry
        case .misread(let reading):
            requests.belief = .trying(reading, insteadOf: requests.reading)
            current = frame
            return .misread(reading)
        case .framedWithOtherExtents(let index):
            requests.pending.removeFirst(index + 1)
            current = frame
            return .framedWithOtherExtents
        case .partialAnswer, .lateAnswer:
            // Which request a partial answer answers is not known: all stay pending.
            current = frame
            return .ours
        case .repeated:
            return .repeated
        case .movedByUser:
            return .movedByUser
        case .stepNotGranted, .clamped, .refused, .resizedByApplication, .placedByWindowManager:
            return applyStop(verdict, at: frame)
        }
    }

    /// The verdicts after which the window is where the window manager (or its application) put it, and stays:
    /// nothing of ours left pending.
    private mutating func applyStop(_ verdict: Verdict, at frame: Rect) -> Landing {
        if verdict != .resizedByApplication && verdict != .placedByWindowManager { dropRequests() }
        current = frame
        shown = frame
        switch verdict {
        case .stepNotGranted:
            heading(to: target, animation: nil)
            return .stepNotGranted
        case .clamped(let wanted):
            return .clamped(top: noteLimit(at: frame.minY, wanted: wanted))
        case .resizedByApplication:
            let target = self.target
            updateLayout { $0.keptHeight = frame.height > target.height ? frame.height : nil }
            return .resizedByApplication
        case .placedByWindowManager:
            heading(to: frame, animation: nil)
            return .placedByWindowManager
        default:
            return .refused
        }
    }

    private mutating func dropRequests() {
        requests.pending.removeAll()
        requests.dropQueued()
    }

    /// The window manager keeps the title bar below the top at `limit`. A first clamp of a top that lay within a
    /// title bar's height of it may be a snap zone: the top just above that height is tried once.
    private mutating func noteLimit(at limit: Int, wanted: Rect) -> Int {
        let withinTitle = limit - wanted.minY <= extents.top, titleHeight = extents.top
        updateLayout { layout in
            if wanted.minY < limit {
                let untried = layout.snap == nil && withinTitle
                layout.snap = untried ? .allowedAbove(limit - titleHeight - 1) : .ruledOut
            }
            layout.topLimit = limit
        }
        return limit
    }

    /// The request `frame` answers by keeping the window lower: asked above the work area, put lower (or left
    /// where it was, already as high as allowed; taller when it keeps a minimum height too). Left where it was,
    /// it is a clamp only at a limit met before, above the work area's top (where only a limit could keep it), or
    /// after a request of ours was granted (it moves); else a refusal (i3's tile, at the top of the screen, never
    /// moved at all).
    private func clampedRequest(_ frame: Rect, room: Rect) -> Rect? {
        let stayed = frame == current && layout?.topLimit == nil && frame.minY >= room.minY && !requests.granted
        guard let wanted = requests.pending.last?.frame, frame.width == wanted.width, frame.height >= wanted.height,
              wanted.minY < room.minY, frame.minY > wanted.minY || keptAtItsLimit(frame, wanted: wanted), !stayed
        else { return nil }
        return wanted
    }

    private var isLeavingState: Bool { if case .leavingState = stage { return true } else { return false } }

    /// The state just left and the placement's first step not sent yet: the window manager is still answering
    /// the state change (fluxbox may give its last frame after saying the state is left).
    private var answersStateBeforeFirstStep: Bool {
        guard case .placed(let placement) = stage, case .windowState = home, let animation = placement.animation
        else { return false }
        return animation.from == current && shown == current
    }

    /// The placement's animation starts again from the window manager's normal geometry.
    private mutating func startAnimationAgain(from frame: Rect) {
        guard case .placed(var placement) = stage, let animation = placement.animation else { return }
        shown = frame
        placement.animation = Animation(from: frame, to: placement.target, start: animation.start,
                                        duration: animation.duration, curve: animation.curve)
        stage = .placed(placement)
    }

    /// Straight up to just above the keyboard, nothing of ours pending: the window manager's doing (a user's drag
    /// lands anywhere, this one exactly there).
    private func movedUpToTheKeyboard(_ frame: Rect, keyboard: Rect?) -> Bool {
        guard let keyboard else { return false }
        return frame.x == current.x && frame.width == current.width && frame.height <= current.height
            && frame.minY < current.minY && frame.maxY <= keyboard.minY + Reading.largestMisreading
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

    /// The index of the newest request pending that `frame` answers with the extents the window has now, when they
    /// are not the ones it was sent with and no newer request sent with them is pending (it will land where wanted):
    /// pekwm's extents, read from the tree between its resizes of the client and of the frame, were none for a
    /// moment; the placement sent with them named a client as large as the frame, and landed 4x24 px larger once
    /// the borders were back, after the window had reached its placement (its field 14 px under the margin).
    func answerFramedWithOtherExtents(_ frame: Rect) -> Int? {
        guard case .placed(let placement) = stage, placement.animation == nil, frame != target,
              let index = requests.pending.lastIndex(where: { request in
                  let client = request.extents.clientRect(ofFrame: request.asked)
                  return request.extents != extents && frame.origin == request.frame.origin
                      && frame.size == extents.frameRect(ofClient: client).size
              }),
              !requests.pending[(index + 1)...].contains(where: { $0.extents == extents })
        else { return nil }
        return index
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

    /// Asked above the work area's top, and put lower with nothing else changed: the window manager's limit.
    private func keptAtTheTop(_ frame: Rect, wanted: Rect, room: Rect) -> Bool {
        frame.x == wanted.x && frame.size == wanted.size && wanted.minY < room.minY && frame.minY > wanted.minY
    }

    /// Asked for the top of the limit met before (another x, a reading not yet known there) and left where it was,
    /// at that limit: the limit once more, not a refusal.
    private func keptAtItsLimit(_ frame: Rect, wanted: Rect) -> Bool {
        frame == current && frame.minY == layout?.topLimit && wanted.minY <= frame.minY
    }
}
