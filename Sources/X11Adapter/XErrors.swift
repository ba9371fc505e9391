import CX11
import Glibc
import Synchronization

/// One protocol error the server reported, kept for the log.
public struct XErrorRecord: Sendable, CustomStringConvertible {
    public var errorCode: UInt8
    public var requestCode: UInt8
    public var resource: UInt

    public var description: String {
        "X error \(errorCode) (request \(requestCode)) on 0x\(String(resource, radix: 16))"
    }
}

/// Errors arrive asynchronously through a C callback that cannot capture anything, so they are parked here and
/// collected by the loop. Bounded: a hostile client can make us hit BadWindow thousands of times.
let reportedXErrors = Mutex<[XErrorRecord]>([])

/// The display name, for the sentence printed when the connection is lost.
let connectionName = Mutex<String>("")

enum XErrorHandlers {
    /// XSetErrorHandler: protocol errors (BadWindow when a window vanished between an event and our request,
    /// BadMatch from a window that changed shape meanwhile) are expected and never fatal.
    /// XSetIOErrorHandler + XSetIOErrorExitHandler: a lost server is a clean `exit 1` with one sentence.
    static func install(on display: OpaquePointer) {
        _ = XSetErrorHandler { _, event in
            guard let event else { return 0 }
            let record = XErrorRecord(
                errorCode: event.pointee.error_code, requestCode: event.pointee.request_code,
                resource: event.pointee.resourceid)
            reportedXErrors.withLock { errors in
                if errors.count < 64 { errors.append(record) }
            }
            return 0
        }
        // Xlib's default handler prints its own multi-line message first; ours stays silent and lets the exit
        // handler say it once.
        _ = XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(display, { _, _ in
            let name = connectionName.withLock { $0 }
            writeStandardError("oskshift: lost the connection to the X server on display \(name)\n")
            exit(1)
        }, nil)
    }

    /// The errors reported since the last call.
    static func take() -> [XErrorRecord] {
        reportedXErrors.withLock { errors in
            defer { errors.removeAll() }
            return errors
        }
    }
}

/// write(2) on fd 2: usable from the C callbacks, where nothing may be captured.
func writeStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
