import CX11
import OskshiftCore
import Testing

@testable import X11Adapter

/// The root child a press belongs to: the pointer's answer, asked when the press is handled, checked against the
/// screen as the events handled so far show it (the screen at the press).
@Suite("The window a press landed in")
struct PressTargetTests {
    let form: Window = 0x40_0001, keyboard: Window = 0x60_0001, desktop: Window = 0x20_0001
    let formRect = Rect(x: 100, y: 100, width: 600, height: 500)
    let keyboardRect = Rect(x: 0, y: 400, width: 1280, height: 320)
    let tap = Point(x: 300, y: 550)

    func target(pointerChild: Window, shown: [Window: Rect], stacking: [Window]) -> (Window?, asked: Bool) {
        var asked = false
        let found = PressTarget.rootChild(at: tap, pointerChild: pointerChild, shown: { shown[$0] },
            stacking: {
                asked = true
                return stacking
            })
        return (found, asked)
    }

    @Test("A press in a window shown there at the press is that window's, without reading the stacking")
    func pointerAgrees() {
        let found = target(pointerChild: form, shown: [desktop: Rect(x: 0, y: 0, width: 1280, height: 720),
            form: formRect], stacking: [desktop, form])
        #expect(found.0 == form)
        #expect(found.asked == false)
    }

    @Test("A press on a keyboard mapped over the point after it belongs to the window that was there")
    func keyboardMappedSince() {
        // The keyboard's MapNotify, still queued, has not been handled: the picture has it unmapped (no rect).
        let found = target(pointerChild: keyboard, shown: [form: formRect], stacking: [form, keyboard])
        #expect(found.0 == form)
        #expect(found.asked == true)
    }

    @Test("A press on a keyboard created since (its CreateNotify not handled) belongs to the window beneath")
    func keyboardCreatedSince() {
        let found = target(pointerChild: keyboard, shown: [desktop: Rect(x: 0, y: 0, width: 1280, height: 720),
            form: formRect], stacking: [desktop, form, keyboard])
        #expect(found.0 == form)
    }

    @Test("A press on a keyboard already shown at the point is the keyboard's: a tap on a key")
    func keyOfShownKeyboard() {
        let found = target(pointerChild: keyboard, shown: [form: formRect, keyboard: keyboardRect],
            stacking: [form, keyboard])
        #expect(found.0 == keyboard)
        #expect(found.asked == false)
    }

    @Test("A press on a keyboard moved over the point since belongs to the window that was there")
    func keyboardMovedSince() {
        let elsewhere = Rect(x: 0, y: 720, width: 1280, height: 320)
        let found = target(pointerChild: keyboard, shown: [form: formRect, keyboard: elsewhere],
            stacking: [form, keyboard])
        #expect(found.0 == form)
    }

    @Test("Of the windows shown at the point, the topmost takes the press")
    func topmostOfShown() {
        let found = target(pointerChild: keyboard, shown: [desktop: Rect(x: 0, y: 0, width: 1280, height: 720),
            form: formRect], stacking: [form, desktop, keyboard])
        #expect(found.0 == desktop)
    }

    @Test("A press where the picture shows no window belongs to none")
    func nothingThere() {
        let found = target(pointerChild: 0, shown: [form: Rect(x: 900, y: 0, width: 100, height: 100)],
            stacking: [form])
        #expect(found.0 == nil)
    }

    @Test("The picture shows a root child only while its events have it mapped, at its last reported rect")
    func shownRectFollowsEvents() {
        var known = KnownWindows()
        known.noteRootChild(form, x: 100, y: 100, width: 600, height: 500, border: 0)
        known.noteMapped(form, false)
        #expect(known.shownRect(ofRootChild: form) == nil)
        known.noteMapped(form, true)
        #expect(known.shownRect(ofRootChild: form) == formRect)
        #expect(known.shownRect(ofRootChild: keyboard) == nil)
    }
}
