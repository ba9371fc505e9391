@testable import AccessibilityFocus
import OskshiftCore
import Testing

/// Accessibles are plain strings here; the watcher uses libatspi's object addresses.
@Suite("Following the focused editable through AT-SPI events")
struct FocusTrackerTests {
    typealias Tracker = FocusTracker<String>
    let app: Int32 = 100
    let keyboard: Int32 = 200

    @Test("Focus on an editable reads it, and the second copy of the event reads it again as a re-layout")
    func focusOnEditableReads() {
        var tracker = Tracker(ignoredPIDs: [keyboard])
        #expect(tracker.handle(.focused("entry-1", pid: app, kind: .editable)) == .read("entry-1", .focus))
        #expect(tracker.handle(.focused("entry-1", pid: app, kind: .editable)) == .read("entry-1", .bounds))
        #expect(tracker.trackedField == "entry-1")
    }

    @Test("A focus-out of the previous field arriving after the next field's focus-in changes nothing")
    func lateFocusOutIsIgnored() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        #expect(tracker.handle(.focused("entry-2", pid: app, kind: .editable)) == .read("entry-2", .focus))
        #expect(tracker.handle(.unfocused("entry-1")) == .none)
        #expect(tracker.handle(.caretMoved("entry-2")) == .read("entry-2", .caret))
        #expect(tracker.handle(.caretMoved("entry-1")) == .askWhetherFocused("entry-1"))
        #expect(tracker.trackedField == "entry-2")
    }

    @Test("A focus-out followed by the next field's focus-in never reports focus left editable")
    func focusOutThenFocusInDoesNotFlicker() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        #expect(tracker.handle(.unfocused("entry-1")) == .none)
        #expect(tracker.handle(.focused("entry-2", pid: app, kind: .editable)) == .read("entry-2", .focus))
    }

    @Test("Focus moving to a button reports focus left editable once, for the application that had it")
    func focusToButtonLeavesEditable() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        #expect(tracker.handle(.focused("button", pid: 300, kind: .other)) == .leftEditable(pid: app))
        #expect(tracker.handle(.focused("other-button", pid: 300, kind: .other)) == .none)
        #expect(tracker.trackedField == nil)
    }

    @Test("A focus-out and then a button's focus-in report focus left editable")
    func focusOutThenButtonLeavesEditable() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        _ = tracker.handle(.unfocused("entry-1"))
        #expect(tracker.handle(.caretMoved("entry-1")) == .askWhetherFocused("entry-1"))
        #expect(tracker.handle(.focused("button", pid: app, kind: .other)) == .leftEditable(pid: app))
    }

    @Test("The window's own focus notice on activation keeps the field")
    func toplevelFocusKeepsField() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        #expect(tracker.handle(.focused("frame", pid: app, kind: .toplevel)) == .none)
        #expect(tracker.trackedField == "entry-1")
    }

    @Test("Everything from the keyboard's own process is ignored")
    func keyboardProcessIsIgnored() {
        var tracker = Tracker(ignoredPIDs: [keyboard])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        #expect(tracker.handle(.focused("key-a", pid: keyboard, kind: .other)) == .none)
        #expect(tracker.handle(.focused("osk-entry", pid: keyboard, kind: .editable)) == .none)
        #expect(tracker.trackedField == "entry-1")
    }

    @Test("Text changes and bounds changes of the field read it again; of other accessibles they do not")
    func textAndBoundsOfTheField() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("view", pid: app, kind: .editable))
        #expect(tracker.handle(.textChanged("view")) == .read("view", .text))
        #expect(tracker.handle(.textChanged("label")) == .none)
        #expect(tracker.handle(.boundsChanged("view", size: nil)) == .read("view", .bounds))
        #expect(tracker.handle(.boundsChanged("label", size: Size(width: 10, height: 10))) == .none)
    }

    @Test("A resize of the field's top-level reads the field again; a move does not")
    func toplevelResizeReadsField() {
        var tracker = Tracker(ignoredPIDs: [])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        _ = tracker.handle(.toplevelRead(field: "entry-1", toplevel: "frame", size: Size(width: 402, height: 325)))
        #expect(tracker.handle(.boundsChanged("frame", size: Size(width: 402, height: 325))) == .none)
        #expect(tracker.handle(.boundsChanged("frame", size: Size(width: 402, height: 200)))
            == .read("entry-1", .bounds))
        #expect(tracker.handle(.boundsChanged("frame", size: Size(width: 402, height: 200))) == .none)
    }

    @Test("A field that lost the focus, none other focused yet, is still read on its bounds and its window's resize")
    func focusedOutFieldIsStillFollowed() {
        // xvkbd under blackbox takes the X focus as it maps, and its events are ignored: GTK3 re-laid out a form
        // maximized just before only then, and the field's new place must still reach the daemon.
        var tracker = Tracker(ignoredPIDs: [keyboard])
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        _ = tracker.handle(.toplevelRead(field: "entry-1", toplevel: "frame", size: Size(width: 402, height: 333)))
        #expect(tracker.handle(.unfocused("entry-1")) == .none)
        #expect(tracker.handle(.focused("key-a", pid: keyboard, kind: .other)) == .none)
        #expect(tracker.handle(.boundsChanged("entry-1", size: nil)) == .read("entry-1", .bounds))
        #expect(tracker.handle(.boundsChanged("frame", size: Size(width: 1280, height: 775)))
            == .read("entry-1", .bounds))
        #expect(tracker.handle(.boundsChanged("frame", size: Size(width: 1280, height: 775))) == .none)
        #expect(tracker.handle(.boundsChanged("label", size: nil)) == .none)
        #expect(tracker.followedField == "entry-1")
        #expect(tracker.followedPID == app)
        #expect(tracker.trackedField == nil)
        #expect(tracker.handle(.focused("button", pid: app, kind: .other)) == .leftEditable(pid: app))
        #expect(tracker.followedField == nil)
        #expect(tracker.handle(.boundsChanged("entry-1", size: nil)) == .none)
    }

    @Test("Nothing is followed before the first focus event")
    func nothingBeforeFirstFocus() {
        var tracker = Tracker(ignoredPIDs: [])
        #expect(tracker.handle(.textChanged("entry-1")) == .none)
        #expect(tracker.handle(.unfocused("entry-1")) == .none)
        #expect(tracker.handle(.focused("button", pid: app, kind: .other)) == .none)
    }

    @Test("A caret moving in a field nobody announced asks whether it has the focus, and a yes follows it as a focus")
    func unannouncedCaretAsksForTheFocus() {
        // GTK 4.8: a form started with its text view focused sends no focus event; typing sends caret moves.
        var tracker = Tracker(ignoredPIDs: [keyboard])
        #expect(tracker.handle(.caretMoved("view")) == .askWhetherFocused("view"))
        #expect(tracker.trackedField == nil)
        #expect(tracker.handle(.focused("view", pid: app, kind: .editable)) == .read("view", .focus))
        #expect(tracker.handle(.caretMoved("view")) == .read("view", .caret))
        #expect(tracker.handle(.textChanged("label")) == .none)
    }

    @Test("A window activated while no field of its process is followed asks for the focus inside it; else nothing")
    func activationWithoutAFocusEventAsksForTheFocus() {
        var tracker = Tracker(ignoredPIDs: [keyboard])
        #expect(tracker.handle(.windowActivated("frame", pid: app)) == .findFocus(inWindow: "frame"))
        _ = tracker.handle(.focused("entry-1", pid: app, kind: .editable))
        #expect(tracker.handle(.windowActivated("frame", pid: app)) == .none)
        #expect(tracker.handle(.windowActivated("other-frame", pid: 300)) == .findFocus(inWindow: "other-frame"))
        #expect(tracker.handle(.windowActivated("osk", pid: keyboard)) == .none)
    }
}
