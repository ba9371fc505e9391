#ifndef OSKSHIFT_CATSPI_SHIM_H
#define OSKSHIFT_CATSPI_SHIM_H
/* libatspi (with the GLib and libdbus headers it pulls in) and eventfd. Only AccessibilityFocus imports it. */
#include <atspi/atspi.h>
#include <dbus/dbus.h>
#include <sys/eventfd.h>

/* G_VALUE_HOLDS is a macro, which Swift does not import. A bounds-changed event carries the new extents. */
static inline const AtspiRect *oskshift_atspi_event_rect(const AtspiEvent *event) {
    if (!G_VALUE_HOLDS(&event->any_data, ATSPI_TYPE_RECT)) {
        return NULL;
    }
    return (const AtspiRect *)g_value_get_boxed(&event->any_data);
}

/* Listener callbacks own their copy of the event (atspi-event-listener.c passes atspi_event_copy). */
static inline void oskshift_atspi_event_free(AtspiEvent *event) {
    g_boxed_free(ATSPI_TYPE_EVENT, event);
}
#endif
