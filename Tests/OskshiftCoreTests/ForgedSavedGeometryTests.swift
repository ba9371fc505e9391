import OskshiftCore
import Testing

/// Found by the fault suite (tests/e2e/test_faults_hostile.py): a forged `_OSKSHIFT_ORIGINAL_GEOMETRY` of
/// 30000x30000+0+0 passed `isPlausible` (it overlaps the monitor and stays under the X limit of 32767), so the next
/// start "restored" an xterm to 30000x29994. A saved frame far larger than every monitor together was not written
/// by oskshift: a window that size never had a field on screen to move.
struct ForgedSavedGeometryTests {
    @Test("A forged saved geometry many times the size of the screen is discarded, never applied", arguments: [
        Rect(x: 0, y: 0, width: 30000, height: 30000), Rect(x: 0, y: 0, width: 400, height: 20000),
        Rect(x: -100, y: 0, width: 3000, height: 300),
    ])
    func absurdlyLargeSavedGeometryIsDiscarded(frame: Rect) {
        var driver = Driver(Fixture.engine())
        let window = Fixture.window(frame: Rect(x: 100, y: 250, width: 400, height: 300))
        #expect(driver.send(.displacedWindowFound(window, saved: SavedGeometry(frame: frame))) == [.clearOriginal(Fixture.a)])
    }

    @Test("A saved geometry up to twice the size of all monitors together is still restored")
    func largeButPossibleSavedGeometryIsRestored() {
        var driver = Driver(Fixture.engine())
        let saved = Rect(x: -10, y: -10, width: 2560, height: 1600)
        let window = Fixture.window(frame: Rect(x: 100, y: 250, width: 400, height: 300))
        #expect(driver.send(.displacedWindowFound(window, saved: SavedGeometry(frame: saved))) == [
            .moveResize(Fixture.a, frame: saved, extents: Fixture.extents), .clearOriginal(Fixture.a),
        ])
    }
}
