import OskshiftCore

/// An application in a PID namespace of its own (Flatpak, `unshare --pid`): the accessibility bus reports its process
/// as the host sees it, while its windows carry the number the process has inside the namespace (`_NET_WM_PID` 1 or
/// 2, the same in every sandbox), so no window of the reported process exists. Its field's window is then found by
/// geometry alone: a top-level reported in screen coordinates lines up with the X frame or client of the window that
/// holds it, and with no other window, unless two windows sit at the same place with the same size; then nothing is
/// known and nothing moves.
public enum WindowByGeometry<ID: Hashable & Sendable>: Equatable, Sendable {
    /// Exactly one window lines up.
    case one(AccessibleWindowMatch<ID>)
    /// These windows line up equally well: which one holds the field cannot be told.
    case several([ID])
    /// None lines up, or the update has no screen-coordinate top-level to compare (GTK 4's window-relative one is
    /// at 0,0 whatever the window's place).
    case none
}

extension AccessibleWindowMatcher {
    /// The window of `update` among every known window, whatever its process, by the top-level's geometry alone (see
    /// `WindowByGeometry`). Each window is tried at scales 1 to 3 (GTK3's `GDK_SCALE`), the smallest that lines up
    /// counting.
    public static func matchByGeometry<ID>(
        _ update: AccessibleFocusUpdate, among candidates: [AccessibleWindowCandidate<ID>]
    ) -> WindowByGeometry<ID> {
        guard update.editable, coordinates(of: update) == .screen, update.toplevel != nil else { return .none }
        var lined: [AccessibleWindowMatch<ID>] = []
        for candidate in candidates {
            for scale in scales(for: update.toolkit) {
                guard let toplevel = update.scaled(by: scale).toplevel,
                      let window = [candidate.frame, candidate.client].first(where: {
                          toplevel.isClose(to: $0, within: scale + 1)
                      })
                else { continue }
                lined.append(AccessibleWindowMatch(
                    id: candidate.id, scale: scale, correction: Point(x: window.x - toplevel.x, y: window.y - toplevel.y)))
                break
            }
        }
        switch lined.count {
        case 0: return .none
        case 1: return .one(lined[0])
        default: return .several(lined.map(\.id))
        }
    }

    /// Whether `update`'s process has a window among `candidates`: when not, its window can only be found by
    /// geometry. An update that names no process (0) is matched among every window already.
    public static func processHasNoWindow<ID>(_ update: AccessibleFocusUpdate,
                                              among candidates: [AccessibleWindowCandidate<ID>]) -> Bool {
        update.pid != 0 && !candidates.contains { $0.pid == update.pid }
    }
}

/// The X window an application's active top-level is, as far as geometry and the X focus tell (`owner(of:among:)`).
public enum ActiveWindowOwner<ID: Hashable & Sendable>: Equatable, Sendable {
    /// A window carries the application's process number: its `_NET_WM_PID` says it already.
    case byProcess
    /// This window, found so.
    case found(ID, BusMatch)
    /// These windows line up alike and none has the X focus: which one it is cannot be told.
    case undecided([ID])
    /// None lines up (or a window-relative top-level, which says nothing about the place).
    case none
}

extension AccessibleWindowMatcher {
    /// The window of an application's active top-level when no window carries its process number (a sandbox's
    /// numbers, a D-Bus proxy's connection): the one window whose frame or client lines up with it (`geometry`), or
    /// among windows that line up alike the one with the X focus, which an active top-level has
    /// (`geometry and the X focus`).
    public static func owner<ID>(of active: ActiveToplevel, among candidates: [AccessibleWindowCandidate<ID>])
        -> ActiveWindowOwner<ID>
    {
        let update = active.asUpdate
        guard processHasNoWindow(update, among: candidates) else { return .byProcess }
        switch matchByGeometry(update, among: candidates) {
        case .one(let match):
            return .found(match.id, .geometry)
        case .several(let windows):
            guard let focused = candidates.first(where: { $0.focused && windows.contains($0.id) }) else {
                return .undecided(windows)
            }
            return .found(focused.id, .inputFocus)
        case .none:
            return .none
        }
    }
}

/// Which windows found by geometry belong to which application on the bus, and so which window process numbers speak
/// for an application on the bus: an application there is authoritative about its own focus (PRODUCT.md), also when
/// its focus moves from a field to a button, and the engine knows a window's application by its `_NET_WM_PID`.
///
/// A sandbox's window number is reported as on the bus only while every known window with that number is one where
/// a field of an application on the bus was found: every sandbox numbers its processes from 1, so the same number may
/// stand for another sandboxed application that is not on the bus, whose windows the X-side sources must keep
/// serving (its press, its whole window).
public struct SandboxedWindows<ID: Hashable & Sendable>: Sendable {
    private struct Owner: Equatable, Sendable {
        var application: Int32
        var windowPID: Int32
    }

    private var owners: [ID: Owner] = [:]

    public init() {}

    /// A field of `application` (its process as the bus reports it) was found by geometry in `window`, whose
    /// `_NET_WM_PID` is `windowPID`.
    public mutating func note(window: ID, windowPID: Int32, application: Int32) {
        owners[window] = Owner(application: application, windowPID: windowPID)
    }

    /// What a geometry match teaches about `application`'s windows, given the `_NET_WM_PID` of each window: the one
    /// window found holds its field; windows that line up alike may each hold it, so each is taken as maybe its
    /// (their numbers then speak for it, and the X-side sources, which would move one of them for its whole height
    /// or around a press, stay out: nothing moves while the field's window cannot be told). A window without a
    /// number is left alone: the bus's number of its application is not needed for it (no `_NET_WM_PID` is
    /// taken for any process's).
    /// True when it learnt something new.
    @discardableResult
    public mutating func learn(from found: WindowByGeometry<ID>, application: Int32, windowPIDs: [ID: Int32]) -> Bool {
        let windows: [ID]
        switch found {
        case .one(let match): windows = [match.id]
        case .several(let ids): windows = ids
        case .none: windows = []
        }
        var learnt = false
        for window in windows {
            guard let windowPID = windowPIDs[window] else { continue }
            let owner = Owner(application: application, windowPID: windowPID)
            if owners[window] != owner {
                owners[window] = owner
                learnt = true
            }
        }
        return learnt
    }

    /// No window was found by geometry (or all are forgotten): nothing to tell the engine beyond the bus's list.
    public var isEmpty: Bool { owners.isEmpty }

    /// The window is gone.
    public mutating func forget(window: ID) {
        owners[window] = nil
    }

    /// Whether a field of `application` was found by geometry in any window (a cheap test before looking for them).
    public func hasWindows(of application: Int32) -> Bool {
        owners.values.contains { $0.application == application }
    }

    /// The application (its process as the bus reports it) whose field was last found by geometry in `window`.
    public func application(of window: ID) -> Int32? { owners[window]?.application }

    /// The window process numbers to report as on the bus beside `applications` (the processes the bus names), given
    /// every known window and its `_NET_WM_PID`.
    public func windowPIDs(speakingFor applications: Set<Int32>, windows: [(id: ID, pid: Int32?)]) -> Set<Int32> {
        var numbers: Set<Int32> = []
        for owner in owners.values where applications.contains(owner.application) {
            let sharing = windows.filter { $0.pid == owner.windowPID }
            let allOwned = sharing.allSatisfy { window in
                owners[window.id].map { applications.contains($0.application) } ?? false
            }
            if !sharing.isEmpty, allOwned { numbers.insert(owner.windowPID) }
        }
        return numbers
    }
}
