"""The benchmark's driver connection: the few Xlib requests it makes itself (ctypes on libX11, as tests/e2e/xlib.py).

Maps and unmaps the keyboard, activates windows the way a pager does (_NET_ACTIVE_WINDOW, source 2), moves
windows, and reads frame rects. Every request is flushed at once, so the toggles reach the server when asked.
"""
import ctypes

import xlib

_lib = xlib._lib
Window = xlib.Window


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", Window), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("xclient", XClientMessageEvent), ("pad", ctypes.c_long * 24)]


_lib.XSendEvent.argtypes = [ctypes.c_void_p, Window, ctypes.c_int, ctypes.c_long, ctypes.POINTER(XEvent)]
_lib.XMoveWindow.argtypes = [ctypes.c_void_p, Window, ctypes.c_int, ctypes.c_int]
_lib.XQueryTree.argtypes = [ctypes.c_void_p, Window, ctypes.POINTER(Window), ctypes.POINTER(Window),
                            ctypes.POINTER(ctypes.POINTER(Window)), ctypes.POINTER(ctypes.c_uint)]
_lib.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(Window), ctypes.POINTER(ctypes.c_int),
                              ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_uint),
                              ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                              ctypes.POINTER(ctypes.c_uint)]
_lib.XGetWindowProperty.argtypes = [ctypes.c_void_p, Window, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
                                    ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                    ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
                                    ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
_lib.XFree.argtypes = [ctypes.c_void_p]

CLIENT_MESSAGE = 33
SUBSTRUCTURE_NOTIFY = 1 << 19
SUBSTRUCTURE_REDIRECT = 1 << 20


class Driver(xlib.Display):
    def map(self, window):
        super().map(window)
        self.flush()

    def unmap(self, window):
        super().unmap(window)
        self.flush()

    def move(self, window, x, y):
        _lib.XMoveWindow(self.handle, window, x, y)
        self.flush()

    def activate(self, window):
        """_NET_ACTIVE_WINDOW as a pager asks for it (source 2), as `xdotool windowactivate` does."""
        event = XEvent()
        event.xclient.type = CLIENT_MESSAGE
        event.xclient.window = window
        event.xclient.message_type = self.atom("_NET_ACTIVE_WINDOW")
        event.xclient.format = 32
        event.xclient.data[0] = 2
        _lib.XSendEvent(self.handle, self.root, 0, SUBSTRUCTURE_NOTIFY | SUBSTRUCTURE_REDIRECT, ctypes.byref(event))
        self.flush()

    def parent(self, window):
        root, parent = Window(), Window()
        children = ctypes.POINTER(Window)()
        count = ctypes.c_uint()
        if not _lib.XQueryTree(self.handle, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                               ctypes.byref(count)):
            return None
        if children:
            _lib.XFree(children)
        return parent.value

    def frame_of(self, client):
        """The root child holding `client` (its WM frame)."""
        window = client
        while True:
            parent = self.parent(window)
            if parent is None:
                return None
            if parent == self.root:
                return window
            window = parent

    def frame_rect(self, frame):
        """(x, y, width, height) of a root child, border included: what the watcher prints for it."""
        root = Window()
        x, y = ctypes.c_int(), ctypes.c_int()
        w, h, b, d = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        if not _lib.XGetGeometry(self.handle, frame, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y),
                                 ctypes.byref(w), ctypes.byref(h), ctypes.byref(b), ctypes.byref(d)):
            return None
        return (x.value, y.value, w.value + 2 * b.value, h.value + 2 * b.value)

    def client_count(self):
        """How many clients the WM manages (_NET_CLIENT_LIST)."""
        kind, fmt = ctypes.c_ulong(), ctypes.c_int()
        count, after = ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        if _lib.XGetWindowProperty(self.handle, self.root, self.atom("_NET_CLIENT_LIST"), 0, 100000, 0, 0,
                                   ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
                                   ctypes.byref(data)) != 0:
            return 0
        if data:
            _lib.XFree(data)
        return count.value
