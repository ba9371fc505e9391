import OskshiftCore

/// A field's screen rects read between two reads of its top-level, so that a read made while the application
/// took in a move of its window is seen and made again.
///
/// A screen-coordinate read of a field and of its top-level is two or more D-Bus calls, and the application may
/// take in a ConfigureNotify of its window between them: GTK 3, restored by the window manager after the keyboard
/// went, answered the field at its screen position under the window's old place (y 460 = the window at 179 + 281)
/// and the top-level at its new one (400), and the field was taken to lie at y 60 in its window, clear of the next
/// keyboard. Only a top-level that reads the same before and after the field's read vouches for it.
enum BracketedRead {
    /// The reads of the field made at most this many times.
    static let attempts = 3

    /// `fields` read until `toplevel` reads the same before and after it (at most `attempts` times), and the
    /// top-level read last. When the window never stands still for a read, the last one: as before this check.
    static func read<Fields, Toplevel: Equatable>(toplevel: () -> Toplevel?, fields: () -> Fields)
        -> (fields: Fields, toplevel: Toplevel?)
    {
        var before = toplevel()
        var attempt = 1
        while true {
            let read = fields()
            let after = toplevel()
            if after == before || attempt == attempts { return (read, after) }
            before = after
            attempt += 1
        }
    }
}
