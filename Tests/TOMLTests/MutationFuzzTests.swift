import Testing
import TestSupport
import TOML

/// Valid documents that touch every part of the grammar; mutations of them reach the parser's corners.
let fuzzCorpus: [String] = [
    "[avoidance]\nmode = \"auto\"\nmargin = 8\nfocus = [\"caret\", \"widget\"]\n",
    "[[app]]\nclass = 'firefox*'\nmode = \"inset\"\nmargin = 24\n[[app]]\nclass = \"xterm\"\n",
    "a.b.c = 1\na.d = { e = [1, 2.5, -inf], f = 'x' }\n[t]\n\"q k\" = true\n",
    "s = \"\"\"\nline \\\n  joined \\u00e9 \\U0001F600\n\"\"\"\nl = '''\nraw \\n'''\n",
    "d = 1979-05-27T07:32:00.999Z\ne = 1979-05-27 07:32:00-08:00\nf = 07:32:00\ng = 1979-05-27\n",
    "n = [0x1_F, 0o7, 0b1, 1_000, +1.0e-3, nan, 6.02E+23]\n# comment\r\nx = [ [ [ ] ], { } ]\n",
    "[a.b]\n[a]\n[[a.c]]\n[a.c.d]\nk = 'v'\n[[a.c]]\n",
]

/// Tokens that are meaningful to TOML, inserted to make structurally interesting mutations.
let fuzzTokens: [String] = [
    "[", "]", "[[", "]]", "{", "}", "=", ".", ",", "\"", "'", "\"\"\"", "'''", "\\", "\\u", "#", "\n", "\r",
    "\r\n", "\t", " ", "0x", "e", "_", "-", "+", ":", "T", "Z", "inf", "nan", "true", "\u{0}", "\u{7F}", "é",
]

func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
    var bytes = input
    let steps = Int.random(in: 1...4, using: &generator)
    for _ in 0..<steps {
        let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0 where !bytes.isEmpty:
            bytes.remove(at: at)
        case 1 where !bytes.isEmpty:
            bytes[at] = UInt8.random(in: 0...255, using: &generator)
        case 2:
            bytes.insert(contentsOf: Array(fuzzTokens.randomElement(using: &generator)!.utf8), at: at)
        case 3 where !bytes.isEmpty:
            let end = min(bytes.count, at + Int.random(in: 1...16, using: &generator))
            bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &generator))
        case 4 where !bytes.isEmpty:
            bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &generator)))
        default:
            let other = Array(fuzzCorpus.randomElement(using: &generator)!.utf8)
            bytes.insert(contentsOf: other.prefix(Int.random(in: 0...other.count, using: &generator)), at: at)
        }
    }
    return bytes
}

@Test("Every corpus document is itself valid")
func fuzzCorpusIsValid() throws {
    for document in fuzzCorpus { _ = try TOMLDecoder.decode(document) }
}

@Test("20 000 seeded mutations of valid documents never crash or hang the decoder")
func mutatedDocumentsNeverCrash() {
    var generator = SplitMix64(seed: 0x05C5_41F7)
    let clock = ContinuousClock()
    let start = clock.now
    var accepted = 0, rejected = 0
    for round in 0..<20_000 {
        let seed = Array(fuzzCorpus[round % fuzzCorpus.count].utf8)
        let input = mutate(seed, using: &generator)
        do {
            let table = try TOMLDecoder.decode(bytes: input)
            // What was accepted must also print: the tagged JSON walks every value.
            _ = TaggedJSON.encode(table)
            accepted += 1
        } catch {
            #expect(error.line >= 1 && error.column >= 1)
            rejected += 1
        }
    }
    #expect(accepted + rejected == 20_000)
    #expect(accepted > 0 && rejected > 0)
    // Bounded time: linear work per input; this is generous even for a debug build on a slow machine.
    #expect(clock.now - start < .seconds(60))
}
