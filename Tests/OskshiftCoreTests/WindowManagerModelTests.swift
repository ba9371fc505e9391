@testable import OskshiftCore
import Testing

@Suite("The window manager model")
struct WindowManagerModelTests {
    let keyboard = Rect(0, 595, 1280, 205)

    @Test("Knowing nothing, it predicts every request lands as asked, and asks for what is wanted")
    func empty() {
        let model = WindowManagerModel()
        #expect(model.constraints == [])
        #expect(model.landing(of: Rect(100, 400, 400, 300), strutKeyboard: keyboard) == Rect(100, 400, 400, 300))
        #expect(model.request(for: Rect(100, 400, 400, 300)) == Rect(100, 400, 400, 300))
    }

    @Test("Its constraints apply in order: the reading, then the fit above a strut; the planner inverts the reading")
    func readingThenStrutFit() {
        var model = WindowManagerModel()
        model.learn(reading: Reading(dx: -10, dy: -10, dw: 20, dh: 20), from: "a landing")
        model.learn(strutFitSlack: 1, from: "an untouched window")
        #expect(model.constraints == [.reads(Reading(dx: -10, dy: -10, dw: 20, dh: 20)), .fitsAboveStrut(slack: 1)])
        // Asked at 110,410 380x280: read as 100,400 400x300, reaching under the keyboard's top, fitted above it.
        #expect(model.landing(of: Rect(110, 410, 380, 280), strutKeyboard: keyboard) == Rect(100, 296, 400, 300))
        #expect(model.landing(of: Rect(110, 410, 380, 280), strutKeyboard: nil) == Rect(100, 400, 400, 300))
        #expect(model.request(for: Rect(100, 200, 400, 300)) == Rect(110, 210, 380, 280))
        #expect(model.reading?.evidence == "a landing")
    }

    @Test("A frame moved only vertically to the keyboard's top is explained as the fit: within 0-2 px below the keyboard's top before a slack is known, at the slack after, or up to 4 px above while its report lags")
    func explainsTheFit() {
        var model = WindowManagerModel()
        let wanted = Rect(100, 295, 400, 300)
        #expect(model.explainsAsStrutFit(Rect(100, 296, 400, 300), wanted: wanted, keyboard: keyboard))
        #expect(!model.explainsAsStrutFit(Rect(100, 298, 400, 300), wanted: wanted, keyboard: keyboard))
        // The keyboard reported 2 px lower than its window already is: the fit 2 px above the report.
        #expect(model.explainsAsStrutFit(Rect(100, 296, 400, 300), wanted: wanted, keyboard: Rect(0, 598, 1280, 202)))
        #expect(!model.explainsAsStrutFit(Rect(100, 290, 400, 300), wanted: wanted, keyboard: Rect(0, 598, 1280, 202)))
        #expect(!model.explainsAsStrutFit(Rect(90, 296, 420, 320), wanted: wanted, keyboard: keyboard))
        #expect(!model.explainsAsStrutFit(Rect(100, 296, 400, 300), wanted: wanted, keyboard: nil))
        model.learn(strutFitSlack: 0, from: "an untouched window")
        #expect(model.explainsAsStrutFit(Rect(100, 295, 400, 300), wanted: Rect(100, 300, 400, 300), keyboard: keyboard))
        #expect(!model.explainsAsStrutFit(Rect(100, 296, 400, 300), wanted: wanted, keyboard: keyboard))
    }
}
