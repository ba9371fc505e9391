#ifndef OSKSHIFT_CLINUX_SHIM_H
#define OSKSHIFT_CLINUX_SHIM_H
/* signalfd(2) is not in Swift's Glibc module; the daemon's loop reads its signals through it. */
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <poll.h>
#include <sys/epoll.h>
#include <spawn.h>
#include <unistd.h>

/* environ is a mutable C global, which Swift 6 rejects as not concurrency-safe; posix_spawn passes it on. */
static inline char **oskshift_environ(void) {
    extern char **environ;
    return environ;
}
#endif
