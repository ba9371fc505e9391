/* The benchmark's observer: a connection of its own on the X server that timestamps, on receipt, what happens
 * to the root's children. It never acts; it only tells when the server reported what.
 *
 * Selects SubstructureNotify | PropertyChange on the root and prints one line per event of interest:
 *
 *   <monotonic ns> M <window>                   MapNotify of a root child (e.g. a keyboard's new frame)
 *   <monotonic ns> U <window>                   UnmapNotify of a root child
 *   <monotonic ns> C <window> <x> <y> <w> <h>   ConfigureNotify of a root child (outer rect, border included)
 *   <monotonic ns> R <window> <parent>          ReparentNotify seen on the root
 *   <monotonic ns> A <window>                   _NET_ACTIVE_WINDOW changed; its new value
 *   <monotonic ns> X <window> <type atom>       a ClientMessage sent to the root (an EWMH request to the WM)
 *
 * The timestamp is CLOCK_MONOTONIC (the clock Python's time.monotonic_ns reads) taken as soon as Xlib hands the
 * event over, before anything is printed. Reading _NET_ACTIVE_WINDOW's value is a round trip, done after its
 * timestamp. "ready" is printed once the masks are in effect (after an XSync).
 *
 * Build: cc -O2 -o x_event_watcher x_event_watcher.c -lX11
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int ignore_errors(Display *display, XErrorEvent *error) {
    (void)display;
    (void)error;
    return 0;
}

static unsigned long active_window(Display *display, Window root, Atom net_active) {
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    unsigned long value = 0;
    if (XGetWindowProperty(display, root, net_active, 0, 1, False, XA_WINDOW, &type, &format, &count, &after,
                           &data) == Success && data) {
        if (type == XA_WINDOW && format == 32 && count == 1) value = ((unsigned long *)data)[0];
        XFree(data);
    }
    return value;
}

int main(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "x_event_watcher: cannot open display\n");
        return 1;
    }
    XSetErrorHandler(ignore_errors);
    Window root = DefaultRootWindow(display);
    Atom net_active = XInternAtom(display, "_NET_ACTIVE_WINDOW", False);
    XSelectInput(display, root, SubstructureNotifyMask | PropertyChangeMask);
    XSync(display, False);
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ready\n");

    struct pollfd fd = {.fd = ConnectionNumber(display), .events = POLLIN};
    XEvent event;
    for (;;) {
        while (XPending(display)) {
            XNextEvent(display, &event);
            long long t = now_ns();
            switch (event.type) {
            case MapNotify:
                if (event.xmap.event == root) printf("%lld M %lu\n", t, event.xmap.window);
                break;
            case UnmapNotify:
                if (event.xunmap.event == root) printf("%lld U %lu\n", t, event.xunmap.window);
                break;
            case ConfigureNotify:
                if (event.xconfigure.event == root) {
                    XConfigureEvent *c = &event.xconfigure;
                    printf("%lld C %lu %d %d %d %d\n", t, c->window, c->x, c->y, c->width + 2 * c->border_width,
                           c->height + 2 * c->border_width);
                }
                break;
            case ReparentNotify:
                printf("%lld R %lu %lu\n", t, event.xreparent.window, event.xreparent.parent);
                break;
            case ClientMessage:  /* an EWMH request to the WM on the root (e.g. oskshift's _NET_MOVERESIZE_WINDOW) */
                printf("%lld X %lu %lu\n", t, event.xclient.window, event.xclient.message_type);
                break;
            case PropertyNotify:
                if (event.xproperty.window == root && event.xproperty.atom == net_active)
                    printf("%lld A %lu\n", t, active_window(display, root, net_active));
                break;
            default:
                break;
            }
        }
        if (poll(&fd, 1, -1) < 0) continue;
        if (fd.revents & (POLLHUP | POLLERR)) return 0;
    }
}
