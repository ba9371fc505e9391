import CX11
import OskshiftCore
import Testing

@testable import X11Adapter

@Suite("Requests for a window whose id the server has since given to another")
struct WindowLifeTests {
    let victim = WindowID(0xc0000c)
    let frame = Rect(x: 600, y: 300, width: 486, height: 341)
    let extents = FrameExtents(left: 1, right: 1, top: 20, bottom: 5)

    func destroyed(_ window: Window) -> XEvent {
        var event = XEvent()
        event.xdestroywindow.type = DestroyNotify
        event.xdestroywindow.event = window
        event.xdestroywindow.window = window
        return event
    }

    func created(_ window: Window) -> XEvent {
        var event = XEvent()
        event.xcreatewindow.type = CreateNotify
        event.xcreatewindow.window = window
        return event
    }

    func configured(_ window: Window) -> XEvent {
        var event = XEvent()
        event.xconfigure.type = ConfigureNotify
        event.xconfigure.window = window
        return event
    }

    var everyWrite: [Action] {
        [.moveResize(victim, frame: frame, extents: extents), .setMaximized(victim, true),
         .setFullscreen(victim, false), .saveOriginal(victim, SavedGeometry(frame: frame, state: WindowState())),
         .clearOriginal(victim)]
    }

    @Test("A restore asked for a window destroyed meanwhile, whose id a new window already has, is not sent")
    func restoreForADestroyedWindowWhoseIdIsReused() {
        let unhandled = [destroyed(0xc0000c), created(0xc0000c), configured(0xc0000c)]
        for action in everyWrite {
            #expect(WindowLife.isStale(action, unhandled: unhandled))
        }
    }

    @Test("A write is dropped when the window's DestroyNotify alone is still unhandled, or a CreateNotify alone")
    func destroyOrCreateAlone() {
        #expect(WindowLife.isStale(everyWrite[0], unhandled: [destroyed(0xc0000c)]))
        #expect(WindowLife.isStale(everyWrite[0], unhandled: [created(0xc0000c)]))
    }

    @Test("A write goes out when the unhandled events end or begin only other windows, or merely configure it")
    func otherWindowsDoNotStopIt() {
        let unhandled = [destroyed(0xe00004), created(0xe00005), configured(0xc0000c)]
        for action in everyWrite {
            #expect(!WindowLife.isStale(action, unhandled: unhandled))
        }
        #expect(!WindowLife.isStale(everyWrite[0], unhandled: []))
    }

    @Test("Actions that write to no client window are never held back")
    func actionsWithoutATarget() {
        #expect(WindowLife.target(of: .typeTab(backward: false)) == nil)
        #expect(!WindowLife.isStale(.typeTab(backward: false), unhandled: [destroyed(0xc0000c)]))
    }

    @Test("A restore decided early in a batch that also holds the window's destruction and a new window under its id is held back")
    func restoreDecidedBeforeTheEngineHearsOfTheDestroy() {
        var ends = PendingEnds()
        ends.reported([.keyboardHidden, .windowDestroyed(victim), .windowConfigured(victim, frame: frame)])
        ends.fed(.keyboardHidden)
        for action in everyWrite {
            #expect(ends.holdsBack(action))
        }
        ends.fed(.windowDestroyed(victim))
        for action in everyWrite {
            #expect(!ends.holdsBack(action))
        }
    }

    @Test("Held back until each of two destructions under one id in a batch is fed, and never past the batch")
    func twoEndsAndTheBatchsEnd() {
        var ends = PendingEnds()
        ends.reported([.windowDestroyed(victim), .windowDestroyed(victim)])
        ends.fed(.windowDestroyed(victim))
        #expect(ends.holdsBack(everyWrite[0]))
        ends.batchFed()
        #expect(ends == PendingEnds())
        #expect(!ends.holdsBack(everyWrite[0]))
    }

    @Test("Another window's pending destruction holds back nothing for this one")
    func otherWindowsEnds() {
        var ends = PendingEnds()
        ends.reported([.windowDestroyed(WindowID(0xe00004))])
        #expect(!ends.holdsBack(everyWrite[0]))
        #expect(!ends.holdsBack(.typeTab(backward: true)))
    }
}
