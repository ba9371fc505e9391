// sd_notify (readiness and status for Type=notify) and sd_journal_sendv (structured journal entries).
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
