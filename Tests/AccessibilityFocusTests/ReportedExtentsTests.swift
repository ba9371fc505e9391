@testable import AccessibilityFocus
import OskshiftCore
import Testing

@Suite("Extents the applications report")
struct ReportedExtentsTests {
    @Test("A showing field's extents are its rect")
    func plainField() {
        #expect(ReportedExtents(x: 109, y: 178, width: 384, height: 34).fieldRect
            == Rect(x: 109, y: 178, width: 384, height: 34))
    }

    @Test("INT_MIN, all zero, negative or empty sizes and impossible coordinates are unknown")
    func unknownExtents() {
        let min = Int32.min
        #expect(ReportedExtents(x: min, y: min, width: 384, height: 34).fieldRect == nil)
        #expect(ReportedExtents(x: 10, y: min, width: 384, height: 34).fieldRect == nil)
        #expect(ReportedExtents(x: 0, y: 0, width: 0, height: 0).fieldRect == nil)
        #expect(ReportedExtents(x: 0, y: 0, width: 0, height: 0).caretRect == nil)
        #expect(ReportedExtents(x: 10, y: 10, width: -1, height: -1).fieldRect == nil)
        #expect(ReportedExtents(x: 10, y: 10, width: 100, height: 0).fieldRect == nil)
        #expect(ReportedExtents(x: 100_000, y: 10, width: 100, height: 20).fieldRect == nil)
        #expect(ReportedExtents(x: 10, y: 10, width: 100, height: Int32.max).fieldRect == nil)
    }

    @Test("Negative coordinates on a monitor left of or above the origin are kept")
    func negativeCoordinates() {
        #expect(ReportedExtents(x: -1200, y: -10, width: 100, height: 20).fieldRect
            == Rect(x: -1200, y: -10, width: 100, height: 20))
    }

    @Test("A zero-width caret is padded to one pixel; a caret without height is unknown")
    func caretPadding() {
        #expect(ReportedExtents(x: 150, y: 186, width: 0, height: 17).caretRect
            == Rect(x: 150, y: 186, width: 1, height: 17))
        #expect(ReportedExtents(x: 150, y: 186, width: 8, height: 0).caretRect == nil)
    }

    @Test("Without a box at the caret offset the caret sits just after the previous character")
    func caretAfterLastCharacter() {
        let previous = ReportedExtents(x: 142, y: 186, width: 8, height: 17)
        #expect(CaretPlacement.caret(atCaret: ReportedExtents(x: 0, y: 0, width: 0, height: 0), beforeCaret: previous)
            == Rect(x: 150, y: 186, width: 1, height: 17))
        #expect(CaretPlacement.caret(atCaret: nil, beforeCaret: previous) == Rect(x: 150, y: 186, width: 1, height: 17))
        let atCaret = ReportedExtents(x: 118, y: 226, width: 8, height: 17)
        #expect(CaretPlacement.caret(atCaret: atCaret, beforeCaret: previous)
            == Rect(x: 118, y: 226, width: 8, height: 17))
        #expect(CaretPlacement.caret(atCaret: nil, beforeCaret: nil) == nil)
    }
}
