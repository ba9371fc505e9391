import Glibc

// Top-level code is main-actor isolated; the daemon lives in its own files and owns its thread (swift-xlib.md).
exit(Daemon.main(arguments: Array(CommandLine.arguments.dropFirst())))
