import Glibc

/// Plain stderr lines for now; journald comes with its own issue. Every line is written whole with one
/// write(2), so lines from a dying process are never interleaved half-way.
enum Log {
    /// `oskshift: <sentence>`: failures and the lifecycle lines tests wait on.
    static func say(_ sentence: String) { line("oskshift: " + sentence) }

    static func line(_ text: String) { write(fd: 2, text + "\n") }

    /// Command output (--version, --help, --print-config) on stdout.
    static func output(_ text: String) { write(fd: 1, text) }

    private static func write(fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
