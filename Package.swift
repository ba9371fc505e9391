// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "oskshift",
    products: [
        .executable(name: "oskshift", targets: ["oskshift"]),
    ],
    targets: [
        // Xlib, XTest and XRandR. Only X11Adapter imports it.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xtst xrandr",
            providers: [.apt(["libx11-dev", "libxtst-dev", "libxrandr-dev"])]
        ),
        // The pure core: geometry, configuration model, avoidance policy, engine. No C, no clock, no I/O.
        .target(name: "OskshiftCore"),
        // A TOML 1.0 decoder in pure Swift.
        .target(name: "TOML"),
        // The configuration file: TOML to the core's Configuration, validation, printing, lookup.
        .target(name: "ConfigFile", dependencies: ["OskshiftCore", "TOML"]),
        // The X11 side: reads the server into engine events, performs engine actions.
        .target(name: "X11Adapter", dependencies: ["CX11", "OskshiftCore"]),
        .executableTarget(name: "oskshift", dependencies: ["OskshiftCore", "ConfigFile", "X11Adapter"]),
        // The toml-test decoder interface: TOML on stdin, tagged JSON on stdout.
        .executableTarget(name: "toml-decoder", dependencies: ["TOML"]),
        // Micro-benchmark of the engine's cost per event (a command, not a test).
        .executableTarget(name: "engine-bench", dependencies: ["OskshiftCore"]),
        .testTarget(name: "OskshiftCoreTests", dependencies: ["OskshiftCore"]),
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "ConfigFileTests", dependencies: ["ConfigFile", "OskshiftCore"]),
    ]
)
