/// The command line (PRODUCT.md "Command line").
struct Options: Equatable {
    enum Command: Equatable { case run, status, checkConfig, printConfig, version, help }

    var command = Command.run
    var configPath: String?
    var displayName: String?
    var dryRun = false
    var verbose = false
    var replace = false
    /// `status --json`: the status as one line of JSON.
    var json = false
    /// `status --sync`: wait until the instance has handled everything sent before, then print its sync answer.
    var sync = false
    /// `status --sync --mark N`: count the requests after the N-th (the `sequence` of an earlier answer).
    var mark = 0
    /// `--autostart`: started by the XDG autostart entry; steps aside quietly (SessionGate.swift).
    var autostart = false

    static let version = "oskshift 0.1.0"

    static let help = """
        usage: oskshift [--config FILE] [--display DPY] [--dry-run] [--verbose] [--replace] [--autostart]
               oskshift --check-config [--config FILE]
               oskshift --print-config [--config FILE]
               oskshift status [--display DPY] [--json] [--sync [--mark N]]
               oskshift --version | --help

        Keeps the focused field of an X11 window clear of the on-screen keyboard, and puts the window back
        when the keyboard goes away.

          --config FILE   read FILE instead of $XDG_CONFIG_HOME/oskshift/config.toml
          --display DPY   the X display to serve (default: $DISPLAY)
          --dry-run       decide and log, never move a window
          --verbose       log every event and every decision on stderr
          --replace       take over from an oskshift already serving the display
          --autostart     as the XDG autostart entry: exit 0 without a word when the systemd user unit or
                          another oskshift already serves the session
          --check-config  report configuration errors as FILE:LINE:COL: message; exit 0 when valid, 2 when not
          --print-config  print the effective configuration as TOML
          --version       print the version
          --help          print this help
          status          print the running instance's state (keyboard, focus, adjusted windows) once it
                          is ready; --json for scripts; exit 1 when no oskshift serves the display;
                          --sync: once it has handled everything sent before, the move and state requests
                          it sent after request number N (--mark, default 0) and whether it still waits
                          on its own clock or for the window manager

        Exit status: 0 stopped by a signal, windows restored; 1 display lost; 2 usage or configuration error;
        3 another oskshift serves the display; 4 a Wayland session (XDG_SESSION_TYPE=wayland or WAYLAND_DISPLAY set).

        """

    /// A sentence saying what is wrong with the command line.
    struct UsageError: Error, Equatable {
        var sentence: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var commands: [Command] = []
        var marked = false
        var index = 0
        func value(for option: String, inline: String?) -> Result<String, UsageError> {
            if let inline { return .success(inline) }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                return .failure(UsageError(sentence: "option \(option) needs a value"))
            }
            return .success(arguments[index])
        }
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument, inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--config":
                switch value(for: name, inline: inline) {
                case .success(let path): options.configPath = path
                case .failure(let error): return .failure(error)
                }
            case "--display":
                switch value(for: name, inline: inline) {
                case .success(let display): options.displayName = display
                case .failure(let error): return .failure(error)
                }
            case "--mark":
                switch value(for: name, inline: inline) {
                case .success(let text):
                    guard let mark = Int(text), mark >= 0 else {
                        return .failure(UsageError(sentence: "--mark needs a request number (0 or more), not \(text)"))
                    }
                    options.mark = mark
                    marked = true
                case .failure(let error): return .failure(error)
                }
            case "--dry-run", "--verbose", "--replace", "--autostart", "--json", "--sync", "--check-config",
                "--print-config", "--version", "--help", "-h":
                if inline != nil { return .failure(UsageError(sentence: "option \(name) takes no value")) }
                switch name {
                case "--dry-run": options.dryRun = true
                case "--verbose": options.verbose = true
                case "--replace": options.replace = true
                case "--autostart": options.autostart = true
                case "--json": options.json = true
                case "--sync": options.sync = true
                case "--check-config": commands.append(.checkConfig)
                case "--print-config": commands.append(.printConfig)
                case "--version": commands.append(.version)
                default: commands.append(.help)
                }
            case "status" where inline == nil:
                commands.append(.status)
            default:
                if argument.hasPrefix("-") {
                    return .failure(UsageError(sentence: "unknown option \(argument) (see oskshift --help)"))
                }
                return .failure(UsageError(sentence: "unexpected argument \(argument) (see oskshift --help)"))
            }
            index += 1
        }
        if commands.count > 1 {
            return .failure(
                UsageError(sentence: "choose one of status, --check-config, --print-config, --version, --help"))
        }
        if options.json, commands.first != .status {
            return .failure(UsageError(sentence: "--json goes with status (oskshift status --json)"))
        }
        if options.sync, commands.first != .status {
            return .failure(UsageError(sentence: "--sync goes with status (oskshift status --sync)"))
        }
        if marked, !options.sync {
            return .failure(UsageError(sentence: "--mark goes with status --sync"))
        }
        if options.autostart, !commands.isEmpty {
            return .failure(UsageError(sentence: "--autostart goes with running the daemon (oskshift --autostart)"))
        }
        options.command = commands.first ?? .run
        return .success(options)
    }
}
