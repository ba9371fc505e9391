#ifndef OSKSHIFT_CLINUX_SHIM_H
#define OSKSHIFT_CLINUX_SHIM_H
/* signalfd(2) is not in Swift's Glibc module; the daemon's loop reads its signals through it. */
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <poll.h>
#endif
