/// What the engine knows about one window, in one place: each stage holds exactly the facts that stage has, so
/// a window is never both moved by the user and adjusted, and a destroyed window leaves nothing behind (one removal).
enum TrackedWindow: Equatable, Sendable {
    /// Nobody asked to move it: how the window manager treats windows nobody asks to move.
    case untouched(Untouched)
    /// The user moved or resized it while adjusted: left alone until focus leaves it or the keyboard hides. What
    /// its frames showed since, if it was reported.
    case released(Untouched?)
    /// Its window manager answered a move by leaving it in place (matchbox's NORMAL windows, a tile), and it is
    /// home or was never moved: left alone until the keyboard hides.
    case refused(Untouched?)
    /// Moved by the engine: its original geometry and its life (`Adjustment`), and what it learnt while adjusted.
    case adjusted(Adjustment, AdjustedFacts)
}

/// A window nobody asked to move, as the window manager keeps it.
enum Untouched: Equatable, Sendable {
    /// Its last frame.
    case at(Rect)
    /// Moved by the window manager straight up from `from` to just above the keyboard, by itself: it keeps windows
    /// out of a docked keyboard's strut (`WindowManagerModel.strutFit`), and puts this one back at `from` when the
    /// strut goes, so that is its original geometry if we adjust it.
    case fitted(at: Rect, from: Rect)

    var frame: Rect {
        switch self {
        case .at(let frame), .fitted(let frame, _): return frame
        }
    }

    var fittedFrom: Rect? {
        if case .fitted(_, let from) = self { return from }
        return nil
    }
}

/// What an adjusted window learnt beyond its `Adjustment`, which a new adjustment of the same window keeps.
struct AdjustedFacts: Equatable, Sendable {
    /// Its window manager refused a move (kept it above a docked keyboard's strut, or in place): where it keeps
    /// it, it stays while the keyboard is up.
    var refused = false
    /// Put elsewhere than home at the exit, and asked home once more (`Engine+Stopping`).
    var askedAgainAtExit = false
    /// Its frame was reported before it was adjusted: once home it is followed as untouched again from there (a
    /// window adjusted before any report of its frame leaves nothing behind, as if never adjusted).
    var reportedBefore = false
}

/// Every window the engine knows about, one `TrackedWindow` each. Only these methods change it.
struct TrackedWindows: Equatable, Sendable {
    private var windows: [WindowID: TrackedWindow] = [:]

    /// The window's stage; nil for a window never seen.
    subscript(_ id: WindowID) -> TrackedWindow? { windows[id] }

    /// The window's adjustment, nil when it is not adjusted. Setting one adjusts the window (a refusal still
    /// believed stays); setting nil ends the adjustment, the window left at its last frame.
    subscript(adjusted id: WindowID) -> Adjustment? {
        get {
            if case .adjusted(let adjustment, _) = windows[id] { return adjustment }
            return nil
        }
        set {
            switch (windows[id], newValue) {
            case (.adjusted(_, let facts), let adjustment?):
                windows[id] = .adjusted(adjustment, facts)
            case (.refused(let before), let adjustment?):
                windows[id] = .adjusted(adjustment, AdjustedFacts(refused: true, reportedBefore: before != nil))
            case (.released(let before), let adjustment?):
                windows[id] = .adjusted(adjustment, AdjustedFacts(reportedBefore: before != nil))
            case (.untouched, let adjustment?):
                windows[id] = .adjusted(adjustment, AdjustedFacts(reportedBefore: true))
            case (nil, let adjustment?):
                windows[id] = .adjusted(adjustment, AdjustedFacts())
            case (.adjusted(let adjustment, _), nil):
                endAdjustment(id, at: adjustment.current)
            case (_, nil):
                break
            }
        }
    }

    /// The adjustment ended with the window at `frame` (home, or taken over by the user).
    mutating func endAdjustment(_ id: WindowID, at frame: Rect) {
        guard case .adjusted(_, let facts) = windows[id] else { return }
        let untouched: Untouched? = facts.reportedBefore ? .at(frame) : nil
        if facts.refused {
            windows[id] = .refused(untouched)
        } else {
            windows[id] = untouched.map { .untouched($0) }
        }
    }

    /// Every adjustment, by window.
    var adjustments: [WindowID: Adjustment] {
        windows.compactMapValues { if case .adjusted(let adjustment, _) = $0 { return adjustment } else { return nil } }
    }

    /// The adjusted windows in a stable order.
    var adjustedIDs: [WindowID] { adjustments.keys.sorted() }

    /// Windows the user took over (`released`), and those whose window manager refuses our moves.
    var released: Set<WindowID> { Set(windows.keys.filter { isReleased($0) }) }
    var refused: Set<WindowID> {
        Set(windows.keys.filter { isRefused($0) })
    }

    func isReleased(_ id: WindowID) -> Bool {
        if case .released = windows[id] { return true }
        return false
    }

    func isRefused(_ id: WindowID) -> Bool {
        switch windows[id] {
        case .refused: return true
        case .adjusted(_, let facts): return facts.refused
        default: return false
        }
    }

    /// The window, no longer adjusted, is the user's until focus leaves it or the keyboard hides.
    mutating func release(_ id: WindowID, at frame: Rect) {
        windows[id] = .released(.at(frame))
    }

    /// Its window manager refused a move. Returns whether that was new.
    @discardableResult
    mutating func refuse(_ id: WindowID) -> Bool {
        switch windows[id] {
        case .adjusted(let adjustment, var facts):
            guard !facts.refused else { return false }
            facts.refused = true
            windows[id] = .adjusted(adjustment, facts)
        case .refused: return false
        case .untouched(let untouched): windows[id] = .refused(untouched)
        case .released(let untouched): windows[id] = .refused(untouched)
        case nil: windows[id] = .refused(nil)
        }
        return true
    }

    /// A refusal believed of an adjusted window proved wrong (a move of ours landed after all): it is moved again.
    mutating func withdrawRefusal(_ id: WindowID) {
        guard case .adjusted(let adjustment, var facts) = windows[id] else { return }
        facts.refused = false
        windows[id] = .adjusted(adjustment, facts)
    }

    /// Asked home once more at the exit: an adjusted window is, once.
    mutating func noteAskedAgainAtExit(_ id: WindowID) {
        guard case .adjusted(let adjustment, var facts) = windows[id] else { return }
        facts.askedAgainAtExit = true
        windows[id] = .adjusted(adjustment, facts)
    }

    func wasAskedAgainAtExit(_ id: WindowID) -> Bool {
        if case .adjusted(_, let facts) = windows[id] { return facts.askedAgainAtExit }
        return false
    }

    /// Focus left the released windows: they are anyone's again.
    mutating func forgetReleases() {
        for (id, window) in windows {
            if case .released(let untouched) = window { windows[id] = untouched.map { .untouched($0) } }
        }
    }

    /// The keyboard hid: releases and refusals are believed for one keyboard session (asked again at the next
    /// show, a window manager that really refuses costs one request, and a refusal misread in a burst of events
    /// does not last).
    mutating func forgetReleasesAndRefusals() {
        forgetReleases()
        for (id, window) in windows {
            switch window {
            case .refused(let untouched): windows[id] = untouched.map { .untouched($0) }
            case .adjusted(let adjustment, var facts) where facts.refused:
                facts.refused = false
                windows[id] = .adjusted(adjustment, facts)
            default: break
            }
        }
    }

    /// Notes the frame of a window not adjusted; returns the frame it had before, nil for a window not reported
    /// before (or adjusted: its frames are its adjustment's).
    mutating func noteFrame(_ id: WindowID, _ frame: Rect) -> Rect? {
        switch windows[id] {
        case .adjusted: return nil
        case .untouched(let before):
            windows[id] = .untouched(before.keepingFit(at: frame))
            return before.frame
        case .released(let before):
            windows[id] = .released(before?.keepingFit(at: frame) ?? .at(frame))
            return before?.frame
        case .refused(let before):
            windows[id] = .refused(before?.keepingFit(at: frame) ?? .at(frame))
            return before?.frame
        case nil:
            windows[id] = .untouched(.at(frame))
            return nil
        }
    }

    /// Whether a window not adjusted was fitted above the keyboard by the window manager: from `before` (the
    /// first frame it came from is kept), or nil when it was moved otherwise.
    mutating func noteFitted(_ id: WindowID, from before: Rect?) {
        func updated(_ untouched: Untouched?) -> Untouched? {
            guard let untouched else { return nil }
            guard let before else { return .at(untouched.frame) }
            return .fitted(at: untouched.frame, from: untouched.fittedFrom ?? before)
        }
        switch windows[id] {
        case .untouched(let untouched): windows[id] = updated(untouched).map { .untouched($0) }
        case .released(let untouched): windows[id] = .released(updated(untouched))
        case .refused(let untouched): windows[id] = .refused(updated(untouched))
        case .adjusted, nil: break
        }
    }

    /// Windows the window manager fitted above the keyboard by itself: their frame now and the one before.
    var fitted: [(id: WindowID, frame: Rect, from: Rect)] {
        windows.keys.sorted().compactMap { id in
            let untouched: Untouched?
            switch windows[id] {
            case .untouched(let seen): untouched = seen
            case .released(let seen), .refused(let seen): untouched = seen
            case .adjusted, nil: untouched = nil
            }
            guard case .fitted(let frame, let from) = untouched else { return nil }
            return (id, frame, from)
        }
    }

    /// The frame a window the window manager fitted above the keyboard came from, forgotten as it is adjusted
    /// (the adjustment's original geometry holds it from then on).
    mutating func takeFittedFrom(_ id: WindowID) -> Rect? {
        let from: Rect?
        switch windows[id] {
        case .untouched(let seen): from = seen.fittedFrom
        case .released(let seen), .refused(let seen): from = seen?.fittedFrom
        case .adjusted, nil: from = nil
        }
        if from != nil { noteFitted(id, from: nil) }
        return from
    }

    /// A window destroyed or withdrawn: nothing about it is kept (a window withdrawn while moved is found again by
    /// its saved geometry, `Engine.adopt`).
    mutating func forget(_ id: WindowID) {
        windows[id] = nil
    }

    var isEmpty: Bool { windows.isEmpty }
}

extension Untouched {
    /// At a new frame, a fit by the window manager still remembered (decided by `TrackedWindows.noteFitted`).
    func keepingFit(at frame: Rect) -> Untouched {
        if case .fitted(_, let from) = self { return .fitted(at: frame, from: from) }
        return .at(frame)
    }
}
