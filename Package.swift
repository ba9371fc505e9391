// swift-tools-version:6.0
import PackageDescription

// Our modules use neither Regex nor async/await. Without the implicit imports the release daemon, linked with the
// static Swift runtime below, no longer takes _StringProcessing and _RegexParser in (measured: 0.5-0.7 MB less
// resident; BENCHMARKS.md). The static runtime itself saves about 2 MB resident over the shared libswiftCore.
let lean: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
        "-Xfrontend", "-disable-implicit-concurrency-module-import",
    ]),
]

// Absolute, so the linker finds the hot-function list whatever the build's working directory.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

// The daemon's release link (BENCHMARKS.md, Memory): the static stdlib; lld; DT_RELR relocations (.rela.dyn
// 500 KB -> 4 KB, 0.4 MB less resident); the functions the daemon runs laid out together
// (scripts/link/hot-functions.txt, from callgrind), so that fault-around maps hot code instead of 64 KB of cold
// stdlib around each touched page (the binary's resident pages 4.5 -> 3.0 MB; a stale list is harmless, missing
// symbols are skipped without a warning); and no dynamic export of every symbol, which the stdlib's link arguments
// ask for (.dynsym and .dynstr 130 -> 16 KB).
let releaseLink = [
    "-static-stdlib", "-use-ld=lld",
    "-L\(packageDirectory)/scripts/link/static-cxx", "-Xclang-linker", "-static-libgcc",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--symbol-ordering-file=\(packageDirectory)/scripts/link/hot-functions.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "--no-export-dynamic",
]

let package = Package(
    name: "oskshift",
    products: [
        .executable(name: "oskshift", targets: ["oskshift"]),
    ],
    targets: [
        // Xlib, XTest, XRandR and XInput2. Only X11Adapter imports it.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xtst xrandr xi",
            providers: [.apt(["libx11-dev", "libxtst-dev", "libxrandr-dev", "libxi-dev"])]
        ),
        // signalfd and timerfd, which Swift's Glibc module leaves out. Only the daemon imports it.
        .systemLibrary(name: "CLinux"),
        // The pure core: geometry, configuration model, avoidance policy, engine. No C, no clock, no I/O.
        .target(name: "OskshiftCore", swiftSettings: lean),
        // CLOCK_MONOTONIC, the daemon's one clock (the core reads none), and the Deadline that its bounded waits
        // poll against.
        .target(name: "Clock", swiftSettings: lean),
        // The JSON string writer that DaemonStatus and TOML's tagged JSON share. A leaf of its own: TOML is a decoder
        // with no part in the daemon's model, and DaemonStatus has no business with TOML.
        .target(name: "JSONEscaping", swiftSettings: lean),
        // A TOML 1.0 decoder in pure Swift.
        .target(name: "TOML", dependencies: ["JSONEscaping"], swiftSettings: lean),
        // The configuration file: TOML to the core's Configuration, validation, printing, lookup.
        .target(name: "ConfigFile", dependencies: ["OskshiftCore", "TOML"], swiftSettings: lean),
        // The X11 side: reads the server into engine events, performs engine actions.
        .target(name: "X11Adapter", dependencies: ["CX11", "OskshiftCore", "Clock"], swiftSettings: lean),
        .executableTarget(
            name: "oskshift", dependencies: ["OskshiftCore", "ConfigFile", "X11Adapter", "CLinux", "AccessibilityFocus",
                "DaemonStatus", "Clock"],
            swiftSettings: lean,
            linkerSettings: [.unsafeFlags(releaseLink, .when(configuration: .release))]
        ),
        // The `oskshift status` model, its JSON and text forms, and log priorities. Pure, no I/O.
        .target(name: "DaemonStatus", dependencies: ["OskshiftCore", "JSONEscaping"], swiftSettings: lean),
        // The toml-test decoder interface: TOML on stdin, tagged JSON on stdout.
        .executableTarget(name: "toml-decoder", dependencies: ["TOML"]),
        // Micro-benchmark of the engine's cost per event (a command, not a test).
        .executableTarget(name: "engine-bench", dependencies: ["OskshiftCore", "Clock"]),
        // libatspi (AT-SPI 2) and libdbus. Only AccessibilityFocus imports it.
        .systemLibrary(
            name: "CATSPI",
            pkgConfig: "atspi-2",
            providers: [.apt(["libatspi2.0-dev"])]
        ),
        // The AT-SPI focus source: the focused editable's widget and caret rects, on a thread of its own.
        .target(name: "AccessibilityFocus", dependencies: ["CATSPI", "OskshiftCore", "Clock"], swiftSettings: lean),
        // Prints every accessibility focus update (a diagnostic command).
        .executableTarget(name: "atspi-probe", dependencies: ["AccessibilityFocus", "Clock"]),
        // What more than one test target needs (the seeded generator of the random and fuzz tests).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "OskshiftCoreTests", dependencies: ["OskshiftCore", "TestSupport"]),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "TestSupport"]),
        .testTarget(name: "ConfigFileTests", dependencies: ["ConfigFile", "OskshiftCore", "TestSupport"]),
        .testTarget(name: "AccessibilityFocusTests", dependencies: ["AccessibilityFocus", "OskshiftCore"]),
        .testTarget(name: "DaemonStatusTests", dependencies: ["DaemonStatus", "OskshiftCore"]),
        // The X side's translation (events in, engine events and requests out) over a made-up window tree: no
        // server. CX11 for the event structs the tests build.
        .testTarget(name: "X11AdapterTests", dependencies: ["X11Adapter", "CX11", "OskshiftCore"]),
        // The daemon's own pure parts (SessionGate: Wayland refusal, the autostart entry's decision).
        .testTarget(name: "OskshiftDaemonTests", dependencies: ["oskshift"]),
    ]
)
