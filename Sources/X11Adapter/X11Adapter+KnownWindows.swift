import CX11
import OskshiftCore

/// KnownWindows' lookups against the adapter's connection, under the names the watchers use.
extension X11Adapter {
    func topLevel(client: Window) -> TopLevel? { known.topLevel(client: client, in: connection) }

    /// The root child holding `window` (itself or its WM frame).
    func frame(of window: Window) -> Window? { known.frame(of: window, in: connection) }

    func rect(ofRootChild window: Window) -> Rect? { known.rect(ofRootChild: window, in: connection) }

    func isViewable(_ window: Window) -> Bool? { known.isViewable(window, in: connection) }

    /// The managed client inside a root child, or the child itself when no WM manages anything.
    func clientFor(topLevel: Window) -> Window? { known.client(ofTopLevel: topLevel, in: connection) }

    /// `Connection.facts(client:keyboards:)` with the known frame and override-redirect flag, and when the frame
    /// was mapped.
    func facts(client: Window) -> WindowFacts? {
        guard let topLevel = topLevel(client: client),
            let overrideRedirect = known.overrideRedirect(of: client, in: connection)
        else { return nil }
        var facts = connection.facts(topLevel: topLevel, overrideRedirect: overrideRedirect,
            keyboards: settings.keyboards)
        facts?.mappedAtMs = known.mappedAt[topLevel.frame]
        return facts
    }
}
