import Testing
@testable import OskshiftCore

@Suite("The whole-state view the tests compare")
struct EngineStateTests {
    @Test("Names every stored property of the engine, so a whole-state expectation misses nothing it holds")
    func namesEveryStoredProperty() {
        let engine = Fixture.engine()
        let held = Mirror(reflecting: engine).children.compactMap(\.label)
        let compared = Mirror(reflecting: EngineState(engine)).children.compactMap(\.label)
        #expect(compared == held)
    }
}
