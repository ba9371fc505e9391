"""The few libX11 calls the helpers need, through ctypes (no third-party Python packages).

Used by x_hostile_client.py (malformed properties, window churn), x_configure_watch.py (counts
ConfigureNotify on a window) and x_window_manager_wake.py (the traffic a silent test desktop lacks), which run as
their own processes on the test desktop.
"""
import ctypes
import ctypes.util

_lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")

Window = ctypes.c_ulong
Atom = ctypes.c_ulong


class XConfigureEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("event", Window), ("window", Window),
                ("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("above", Window), ("override_redirect", ctypes.c_int)]


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", Window), ("message_type", Atom), ("format", ctypes.c_int),
                ("data", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("xconfigure", XConfigureEvent), ("xclient", XClientMessageEvent),
                ("pad", ctypes.c_long * 24)]


class XSetWindowAttributes(ctypes.Structure):
    _fields_ = [("background_pixmap", ctypes.c_ulong), ("background_pixel", ctypes.c_ulong),
                ("border_pixmap", ctypes.c_ulong), ("border_pixel", ctypes.c_ulong),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
                ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong),
                ("save_under", ctypes.c_int), ("event_mask", ctypes.c_long),
                ("do_not_propagate_mask", ctypes.c_long), ("override_redirect", ctypes.c_int),
                ("colormap", ctypes.c_ulong), ("cursor", ctypes.c_ulong)]


ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)

_lib.XOpenDisplay.restype = ctypes.c_void_p
_lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
_lib.XDefaultRootWindow.restype = Window
_lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
_lib.XInternAtom.restype = Atom
_lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
_lib.XCreateWindow.restype = Window
_lib.XCreateWindow.argtypes = [ctypes.c_void_p, Window, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                               ctypes.c_uint, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p, ctypes.c_ulong,
                               ctypes.POINTER(XSetWindowAttributes)]
_lib.XChangeProperty.argtypes = [ctypes.c_void_p, Window, Atom, Atom, ctypes.c_int, ctypes.c_int,
                                 ctypes.c_void_p, ctypes.c_int]
_lib.XMapWindow.argtypes = [ctypes.c_void_p, Window]
_lib.XUnmapWindow.argtypes = [ctypes.c_void_p, Window]
_lib.XDestroyWindow.argtypes = [ctypes.c_void_p, Window]
_lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.XFlush.argtypes = [ctypes.c_void_p]
_lib.XSelectInput.argtypes = [ctypes.c_void_p, Window, ctypes.c_long]
_lib.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(XEvent)]
_lib.XPending.argtypes = [ctypes.c_void_p]
_lib.XConnectionNumber.argtypes = [ctypes.c_void_p]
_lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
_lib.XSetErrorHandler.argtypes = [ERROR_HANDLER]
_lib.XSendEvent.argtypes = [ctypes.c_void_p, Window, ctypes.c_int, ctypes.c_long, ctypes.POINTER(XEvent)]

PROP_MODE_REPLACE = 0
STRUCTURE_NOTIFY_MASK = 1 << 17
CONFIGURE_NOTIFY = 22
CLIENT_MESSAGE = 33
SUBSTRUCTURE_REDIRECT_MASK = 1 << 20
CW_OVERRIDE_REDIRECT = 1 << 9
CW_BACK_PIXEL = 1 << 1


@ERROR_HANDLER
def _ignore_errors(display, error):
    # The hostile client races its own destroys and the WM: BadWindow and friends are expected.
    return 0


class Display:
    def __init__(self, name=None):
        self.handle = _lib.XOpenDisplay(name.encode() if name else None)
        if not self.handle:
            raise RuntimeError("cannot open display %r" % name)
        _lib.XSetErrorHandler(_ignore_errors)
        self.root = _lib.XDefaultRootWindow(self.handle)
        self._atoms = {}

    def atom(self, name):
        if name not in self._atoms:
            self._atoms[name] = _lib.XInternAtom(self.handle, name.encode(), 0)
        return self._atoms[name]

    def create_window(self, x, y, width, height, override_redirect=False):
        attributes = XSetWindowAttributes()
        attributes.override_redirect = 1 if override_redirect else 0
        attributes.background_pixel = 0x808080
        return _lib.XCreateWindow(self.handle, self.root, x, y, width, height, 0, 0, 1, None,
                                  CW_OVERRIDE_REDIRECT | CW_BACK_PIXEL, ctypes.byref(attributes))

    def change_property(self, window, name, type_name, format_bits, values):
        """Sets a property with exactly the type, format and items given, right or wrong."""
        if format_bits == 8:
            data = bytes(values)
            buffer = ctypes.create_string_buffer(data, len(data))
            count = len(data)
        else:
            item = {16: ctypes.c_short, 32: ctypes.c_long}[format_bits]  # Xlib wants longs for format 32
            buffer = (item * max(len(values), 1))(*values)
            count = len(values)
        _lib.XChangeProperty(self.handle, window, self.atom(name), self.atom(type_name), format_bits,
                             PROP_MODE_REPLACE, buffer, count)

    def map(self, window):
        _lib.XMapWindow(self.handle, window)

    def unmap(self, window):
        _lib.XUnmapWindow(self.handle, window)

    def destroy(self, window):
        _lib.XDestroyWindow(self.handle, window)

    def select_structure_events(self, window):
        _lib.XSelectInput(self.handle, window, STRUCTURE_NOTIFY_MASK)

    def send_to_window_manager(self, type_name):
        """A ClientMessage of `type_name` on the root, with no data, sent with SubstructureRedirectMask alone: only the
        client holding the root's redirect (the window manager) receives it."""
        event = XEvent()
        event.xclient.type = CLIENT_MESSAGE
        event.xclient.window = self.root
        event.xclient.message_type = self.atom(type_name)
        event.xclient.format = 32
        _lib.XSendEvent(self.handle, self.root, 0, SUBSTRUCTURE_REDIRECT_MASK, ctypes.byref(event))

    def sync(self):
        _lib.XSync(self.handle, 0)

    def flush(self):
        _lib.XFlush(self.handle)

    def pending(self):
        return _lib.XPending(self.handle)

    def next_event(self):
        event = XEvent()
        _lib.XNextEvent(self.handle, ctypes.byref(event))
        return event

    def fileno(self):
        return _lib.XConnectionNumber(self.handle)

    def close(self):
        _lib.XCloseDisplay(self.handle)
