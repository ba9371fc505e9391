#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two file operations the configuration needs, straight from libc: the daemon stays small without Foundation.
/// The daemon reads /proc/self/smaps with `readFile` too (StartupPages).
public enum FileSystem {
    public struct ReadFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The corresponding C call is stat(2).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The whole file, or the reason it could not be read (strerror of open(2) or read(2)).
    public static func readFile(_ path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(currentError()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(currentError())
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
        }
    }

    private static func currentError() -> ReadFailure {
        ReadFailure(description: String(cString: strerror(errno)))
    }
}
