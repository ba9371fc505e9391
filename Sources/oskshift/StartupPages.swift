import ConfigFile
import Glibc

/// Start-up runs much code that no event runs again: the dynamic linker relocating a dozen libraries, the
/// configuration parser, libatspi's and Xlib's set-up. The kernel maps file pages in 64 KB runs around each page
/// touched ("fault-around"), so about 3 MB of such code pages stayed mapped in the daemon for its whole life
/// (BENCHMARKS.md, Memory). Once ready, the daemon unmaps the pages of its read-only file mappings with
/// MADV_DONTNEED. Nothing is lost: those pages are exactly the file's contents, still in the page cache, and a
/// page that is used again comes back at its first touch with a minor fault (a few µs, measured in the
/// first-event benchmark). Writable mappings and read-only ones holding copied-on-write pages (RELRO after
/// relocation) are left alone: there MADV_DONTNEED would throw away the relocated contents.
enum StartupPages {
    /// One mapping of /proc/self/smaps that may be released.
    struct Mapping: Equatable {
        let start: UInt
        let end: UInt
        let residentKilobytes: Int
    }

    /// The mappings of `smaps` (the text of /proc/self/smaps) whose resident pages are clean copies of a file:
    /// backed by a regular file that still exists, not writable, no anonymous (copied) page, something resident.
    static func releasable(smaps: String) -> [Mapping] {
        var result: [Mapping] = []
        var candidate: (start: UInt, end: UInt)?
        var resident = 0
        var anonymous = 0
        func finish() {
            if let range = candidate, resident > 0, anonymous == 0 {
                result.append(Mapping(start: range.start, end: range.end, residentKilobytes: resident))
            }
            candidate = nil
        }
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), fields.count >= 5 {  // a mapping's header line
                finish()
                resident = 0
                anonymous = 0
                let bounds = first.split(separator: "-")
                let path = fields.count == 6 ? fields[5].drop(while: { $0 == " " }) : ""
                guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                    fields[1].count == 4, !fields[1].contains("w"), fields[1].hasSuffix("p"),
                    path.hasPrefix("/"), !path.hasSuffix("(deleted)")
                else { continue }
                candidate = (start, end)
            } else if first == "Rss:", fields.count >= 2 {
                resident = Int(fields[1]) ?? 0
            } else if first == "Anonymous:", fields.count >= 2 {
                anonymous = Int(fields[1]) ?? 1
            }
        }
        finish()
        return result
    }

    /// Releases the resident pages of every releasable mapping; returns how many kB were unmapped.
    @discardableResult
    static func release() -> Int {
        guard case .success(let bytes) = FileSystem.readFile("/proc/self/smaps") else { return 0 }
        let smaps = String(decoding: bytes, as: UTF8.self)
        var released = 0
        for mapping in releasable(smaps: smaps) {
            let base = UnsafeMutableRawPointer(bitPattern: mapping.start)
            if madvise(base, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
                released += mapping.residentKilobytes
            }
        }
        return released
    }
}
