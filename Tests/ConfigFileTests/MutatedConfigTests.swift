import ConfigFile
import OskshiftCore
import Testing

/// A deterministic generator (64-bit LCG with the high bits used), so each run tries the same files.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

/// Snippets that are meaningful to the schema, so mutations hit keys, types and ranges, not only syntax.
private let snippets = [
    "\n[[app]]\nclass = \"x\"\n", "\n[[keyboard]]\nname = \"k\"\n", "margin = 5000\n", "\"caret\", ", "-1", "1.5",
    "mode = \"none\"\n", "\n[avoidance]\n", "\n[keyboard_control]\n", "true", "\"", "[", "]", "=", "#", "\n",
]

@Test("5 000 mutated configurations: errors point into the file, and what is accepted prints back the same")
func mutatedConfigurationsBehave() throws {
    var generator = SeededGenerator(state: 0x0C0F_F1E5)
    let seeds = [ConfigFile.render(.defaults), ConfigFile.render(everyKeySet())]
    var accepted = 0
    for round in 0..<5_000 {
        var text = Array(seeds[round % seeds.count].unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let at = Int.random(in: 0..<text.count, using: &generator)
            if Bool.random(using: &generator) {
                text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...6, using: &generator)))
            } else {
                text.insert(contentsOf: snippets.randomElement(using: &generator)!.unicodeScalars, at: at)
            }
        }
        let source = String(String.UnicodeScalarView(text))
        switch ConfigFile.parse(source, file: "m.toml") {
        case .success(let configuration):
            accepted += 1
            #expect(try ConfigFile.parse(ConfigFile.render(configuration), file: "p.toml").get() == configuration)
        case .failure(let errors):
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { $0.line >= 1 && $0.line <= lines && $0.column >= 1 })
        }
    }
    #expect(accepted > 0 && accepted < 5_000)
}
