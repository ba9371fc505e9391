import CX11
import OskshiftCore

extension Connection {
    /// The monitors (XRandR ≥ 1.5 XRRGetMonitors; the whole root when there are none) with each one's work area:
    /// the monitor ∩ the current desktop's `_NET_WORKAREA` (the first desktop's when the current one is unknown).
    ///
    /// `_NET_WORKAREA` is one rect for the whole screen, so a strut on one monitor also trims the others where
    /// the rect spans them; struts are not read one by one (clients set malformed ones).
    func readScreen() -> OskshiftCore.Screen {
        var monitors: [Monitor] = []
        var count: Int32 = 0
        if let list = XRRGetMonitors(display, root, 1, &count) {
            defer { XRRFreeMonitors(list) }
            for index in 0..<Int(max(count, 0)) {
                let info = list[index]
                guard info.width > 0, info.height > 0 else { continue }
                var name = ""
                if info.name != 0, let cName = XGetAtomName(display, info.name) {
                    name = String(cString: cName)
                    XFree(cName)
                }
                monitors.append(Monitor(
                    name: name, rect: Rect(x: Int(info.x), y: Int(info.y), width: Int(info.width),
                    height: Int(info.height))))
            }
        }
        if monitors.isEmpty, let rootRect = geometry(root) {
            monitors = [Monitor(name: "screen", rect: Rect(x: 0, y: 0, width: rootRect.width,
                height: rootRect.height))]
        }
        if let area = workArea() {
            monitors = monitors.map { monitor in
                var monitor = monitor
                monitor.workArea = monitor.rect.intersection(area) ?? monitor.rect
                return monitor
            }
        }
        return OskshiftCore.Screen(monitors: monitors)
    }

    /// `_NET_WORKAREA`: CARDINAL[4 * desktops].
    func workArea() -> Rect? {
        guard let words = longs(root, atoms.netWorkarea, type: XA_CARDINAL, minCount: 4) else { return nil }
        var desktop = cardinal(root, atoms.netCurrentDesktop) ?? 0
        if desktop * 4 + 4 > words.count { desktop = 0 }
        let w = words[(desktop * 4)..<(desktop * 4 + 4)].map { Int(Int32(truncatingIfNeeded: $0)) }
        guard w[2] > 0, w[3] > 0 else { return nil }
        return Rect(x: w[0], y: w[1], width: w[2], height: w[3])
    }
}
