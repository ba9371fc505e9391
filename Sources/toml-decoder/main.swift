// The toml-test decoder interface: a TOML document on stdin, its tagged JSON on stdout, exit 1 when invalid.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TOML

func readStandardInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count <= 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

do {
    print(TaggedJSON.encode(try TOMLDecoder.decode(bytes: readStandardInput())))
} catch {
    let message = Array("toml-decoder: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}
