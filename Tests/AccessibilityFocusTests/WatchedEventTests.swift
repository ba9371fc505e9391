@testable import AccessibilityFocus
import Testing

@Suite("The AT-SPI events the watcher follows")
struct WatchedEventTests {
    @Test("Event names map to what the tracker is told")
    func classification() {
        #expect(WatchedEvent.classify(type: "object:state-changed:focused", detail1: 1) == .focused)
        #expect(WatchedEvent.classify(type: "object:state-changed:focused", detail1: 0) == .unfocused)
        #expect(WatchedEvent.classify(type: "focus:", detail1: 0) == .focused)
        #expect(WatchedEvent.classify(type: "object:text-caret-moved", detail1: 5) == .caretMoved)
        #expect(WatchedEvent.classify(type: "object:text-changed:insert", detail1: 0) == .textChanged)
        #expect(WatchedEvent.classify(type: "object:text-changed:delete:system", detail1: 0) == .textChanged)
        #expect(WatchedEvent.classify(type: "object:bounds-changed", detail1: 0) == .boundsChanged)
        #expect(WatchedEvent.classify(type: "object:state-changed:showing", detail1: 1) == nil)
        #expect(WatchedEvent.classify(type: "window:activate", detail1: 0) == .windowActivated)
        #expect(WatchedEvent.classify(type: "window:deactivate", detail1: 0) == nil)
    }
}
