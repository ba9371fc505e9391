#ifndef OSKSHIFT_CX11_SHIM_H
#define OSKSHIFT_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XInput2.h>

/* XISetMask is a function-like macro, which Swift does not import. */
static inline void oskshift_xi_set_mask(unsigned char *mask, int event) {
    XISetMask(mask, event);
}
#endif
