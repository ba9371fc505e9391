"""oskshift as a service: the systemd unit, sd_notify messages, `oskshift status`, and `make install`.

The notify tests own the NOTIFY_SOCKET: a unix datagram socket bound in a temp dir, read as systemd would.
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import unittest

import requirements
from daemon import DEFAULT_CONFIG, READY, REPOSITORY, require_binary
from e2e_case import DesktopTestCase
from faults import FastX
from keyboards import Xvkbd
from waiting import wait_for

UNIT = os.path.join(REPOSITORY, "systemd", "oskshift.service")


class NotifySocket:
    """What systemd's manager would receive from the service: one datagram per sd_notify call."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="oskshift-notify-")
        self.path = os.path.join(self.dir, "notify")
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(self.path)
        self.socket.setblocking(False)
        self.messages = []

    def receive(self):
        while True:
            try:
                self.messages.append(self.socket.recv(4096).decode())
            except BlockingIOError:
                return self.messages

    def wait_for_field(self, field, since=0, timeout=5.0):
        """The first message after index `since` holding `field` (e.g. "READY=1"); returns its index."""
        def found():
            for index, message in enumerate(self.receive()[since:], start=since):
                if field in message.split("\n"):
                    return index + 1
            return None
        return wait_for(found, timeout=timeout, interval=0.01,
                        what="%r on NOTIFY_SOCKET (got %r)" % (field, self.messages)) - 1

    def close(self):
        self.socket.close()
        shutil.rmtree(self.dir, ignore_errors=True)


class UnitAndInstall(unittest.TestCase):
    def test_the_user_unit_passes_systemd_analyze_verify_with_no_message(self):
        requirements.require_tools(self, "systemd-analyze")
        binary = require_binary(self)
        with tempfile.TemporaryDirectory() as work:
            runtime = os.path.join(work, "runtime")
            os.mkdir(runtime, 0o700)
            # The shipped ExecStart names /usr/local/bin/oskshift; verify checks that it exists, so point a copy at
            # the binary under test. --man=no: the man pages are not installed on the test machine.
            with open(UNIT) as f:
                unit = re.sub(r"(?m)^ExecStart=\S+", "ExecStart=" + binary, f.read())
            path = os.path.join(work, "oskshift.service")
            with open(path, "w") as f:
                f.write(unit)
            env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
            result = subprocess.run(["systemd-analyze", "verify", "--user", "--man=no", path], env=env,
                                    capture_output=True, text=True, timeout=60)
        complaints = [line for line in (result.stdout + result.stderr).splitlines() if "oskshift" in line]
        self.assertEqual((result.returncode, complaints), (0, []), result.stdout + result.stderr)

    def test_the_unit_is_a_notify_user_service_that_reloads_with_sighup(self):
        with open(UNIT) as f:
            lines = set(f.read().splitlines())
        for line in ("Type=notify", "ExecReload=/bin/kill -HUP $MAINPID", "Restart=on-failure",
                     "PartOf=graphical-session.target", "After=graphical-session.target",
                     "WantedBy=graphical-session.target", "ExecStart=/usr/local/bin/oskshift"):
            self.assertIn(line, lines)

    def test_make_install_puts_eight_files_under_destdir_with_both_execs_at_the_prefix_and_uninstall_removes_them(self):
        requirements.require_tools(self, "make")
        binary = require_binary(self)
        with tempfile.TemporaryDirectory() as destdir:
            make = ["make", "-C", REPOSITORY, "DESTDIR=" + destdir, "PREFIX=/opt/osk", "OSKSHIFT_BIN=" + binary]
            result = subprocess.run(make + ["install"], capture_output=True, text=True, timeout=120)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            installed = sorted(os.path.relpath(os.path.join(root, name), destdir)
                               for root, _, names in os.walk(destdir) for name in names)
            self.assertEqual(installed, [
                "etc/X11/Xsession.d/60oskshift-qtwebengine-accessibility",
                "etc/xdg/autostart/oskshift.desktop",
                "etc/xdg/oskshift/config.toml",
                "opt/osk/bin/oskshift",
                "opt/osk/lib/environment.d/60-oskshift-qtwebengine-accessibility.conf",
                "opt/osk/lib/systemd/user/oskshift.service",
                "opt/osk/share/man/man1/oskshift.1",
                "opt/osk/share/man/man5/oskshift.toml.5",
            ])
            self.assertTrue(os.access(os.path.join(destdir, "opt/osk/bin/oskshift"), os.X_OK))
            with open(os.path.join(destdir, "opt/osk/lib/systemd/user/oskshift.service")) as f:
                exec_lines = [line for line in f.read().splitlines() if line.startswith("ExecStart=")]
            self.assertEqual(exec_lines, ["ExecStart=/opt/osk/bin/oskshift"])
            with open(os.path.join(destdir, "etc/xdg/autostart/oskshift.desktop")) as f:
                exec_lines = [line for line in f.read().splitlines() if line.startswith(("Exec=", "TryExec="))]
            self.assertEqual(exec_lines, ["Exec=/opt/osk/bin/oskshift --autostart", "TryExec=/opt/osk/bin/oskshift"])

            result = subprocess.run(make + ["uninstall"], capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            left = [os.path.join(root, name) for root, _, names in os.walk(destdir) for name in names]
            self.assertEqual(left, [])

    def test_both_man_pages_render_without_a_groff_warning(self):
        requirements.require_tools(self, "groff")
        for page in ("oskshift.1", "oskshift.toml.5"):
            result = subprocess.run(["groff", "-man", "-ww", "-z", os.path.join(REPOSITORY, "man", page)],
                                    capture_output=True, text=True, timeout=30)
            self.assertEqual((result.returncode, result.stderr), (0, ""), page)


class ServiceOnXvfb(DesktopTestCase):
    keyboard_kind = Xvkbd

    def start_service(self, notify=None, extra_env=None, config=DEFAULT_CONFIG):
        """The daemon as systemd would start it: NOTIFY_SOCKET set, stderr to a log file."""
        log_path = os.path.join(self.test_dir, "oskshift-service.log")
        config_path = os.path.join(self.test_dir, "oskshift-service.toml")
        with open(config_path, "w") as f:
            f.write(config)
        env = dict(self.desktop.env, **(extra_env or {}))
        if notify:
            env["NOTIFY_SOCKET"] = notify.path
        log = open(log_path, "wb")
        self.addCleanup(log.close)
        process = subprocess.Popen([self.binary, "--config", config_path, "--display", self.desktop.display,
                                    "--verbose"], env=env, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT)

        def stop():
            if process.poll() is None:
                process.kill()
                process.wait()
        self.addCleanup(stop)

        def read_log():
            with open(log_path, errors="replace") as f:
                return f.read()
        process.read_log = read_log
        return process

    def status(self, *args):
        return subprocess.run([self.binary, "status", "--display", self.desktop.display, *args],
                              env=self.desktop.env, capture_output=True, text=True, timeout=15)

    def notify_socket(self):
        notify = NotifySocket()
        self.addCleanup(notify.close)
        return notify

    def test_notify_sends_ready_with_a_status_then_follows_the_keyboard_reloads_and_stops(self):
        notify = self.notify_socket()
        process = self.start_service(notify)
        ready = notify.wait_for_field("READY=1")
        self.assertEqual(notify.messages[ready], "READY=1\nSTATUS=no keyboard seen, no window adjusted")
        self.assertIsNotNone(READY.search(process.read_log()), "the ready line is printed by then")

        term = self.xterm("covered", "80x24+100+400")
        term.tap_field_at_y(700)
        self.keyboard.show()
        shown = notify.wait_for_field("STATUS=keyboard visible, 1 window adjusted", since=ready + 1)
        self.keyboard.hide()
        hidden = notify.wait_for_field("STATUS=keyboard hidden, no window adjusted", since=shown + 1)

        process.send_signal(signal.SIGHUP)
        reloading = notify.wait_for_field("RELOADING=1", since=hidden + 1)
        self.assertRegex(notify.messages[reloading], r"^RELOADING=1\nMONOTONIC_USEC=\d+$")
        notify.wait_for_field("READY=1", since=reloading + 1)

        process.send_signal(signal.SIGTERM)
        self.assertEqual(process.wait(timeout=10), 0)
        stopping = notify.wait_for_field("STOPPING=1", since=reloading + 1)
        self.assertEqual(notify.messages[stopping], "STOPPING=1\nSTATUS=stopping, restoring windows")

    def test_status_prints_the_keyboard_the_focus_and_the_moved_window_as_text_and_as_json(self):
        process = self.start_service()
        term = self.xterm("covered", "80x24+100+400")
        original = term.frame()
        term.tap_field_at_y(700)
        keyboard = self.keyboard.show()
        expected = self.expected_offset_frame(original, 700, keyboard)
        self.assertFrameBecomes(term, expected)

        def adjusted_status():
            result = self.status("--json")
            self.assertEqual(result.returncode, 0, result.stderr)
            status = json.loads(result.stdout)
            return status if status["adjusted"] and status["adjusted"][0]["current"]["y"] == expected.y else None
        status = wait_for(adjusted_status, timeout=5, what="the status to show the adjusted window")

        rect = lambda r: {"x": r.x, "y": r.y, "width": r.width, "height": r.height}  # noqa: E731
        self.assertEqual(status["display"], self.desktop.display)
        self.assertEqual(status["pid"], process.pid)
        self.assertEqual(status["keyboard"], {"window": self.keyboard.window, "rect": rect(keyboard),
                                              "visible": True})
        self.assertEqual(status["focus"]["window"], term.window)
        self.assertEqual(status["focus"]["source"], "pointer")
        self.assertEqual(status["focus"]["frame"], rect(expected))
        field = status["focus"]["field"]
        self.assertEqual(field["y"] + field["height"] + 8, keyboard.y, "the field ends margin px above the keyboard")
        self.assertEqual(status["adjusted"], [{"window": term.window, "original": rect(original),
                                               "original_state": "normal", "current": rect(expected),
                                               "restoring": False}])
        self.assertTrue((status["last_decision"] or "").startswith("window=0x%x source=pointer " % term.window),
                        status["last_decision"])

        text = self.status()
        self.assertEqual(text.returncode, 0, text.stderr)
        lines = text.stdout.splitlines()
        self.assertEqual(lines[0], "oskshift %d on display %s" % (process.pid, self.desktop.display))
        self.assertEqual(lines[1], "keyboard: 0x%x %s, visible" % (self.keyboard.window, keyboard))
        self.assertEqual(lines[3], "adjusted: 0x%x from %s (normal), now %s" % (term.window, original, expected))

        self.keyboard.hide()
        self.assertFrameBecomes(term, original)
        hidden = wait_for(lambda: (lambda s: s if not s["keyboard"]["visible"] and not s["adjusted"] else None)(
            json.loads(self.status("--json").stdout)), timeout=5, what="the status after the keyboard hid")
        self.assertEqual(hidden["keyboard"]["rect"], rect(keyboard), "a hidden keyboard shows where it was")

    def test_status_exits_1_with_a_sentence_when_no_instance_serves_the_display(self):
        result = self.status()
        self.assertEqual((result.returncode, result.stdout, result.stderr),
                         (1, "", "oskshift: no oskshift instance serves display %s\n" % self.desktop.display))

    def test_status_waits_for_a_starting_instance_and_answers_once_it_is_ready(self):
        x = FastX(self.desktop.display)
        self.addCleanup(x.close)
        process = self.start_service()
        # The selection is taken before "ready"; a status asked in between waits for the first status. Asked once
        # the server names the selection's owner: before, "no instance" is the documented answer (a retry at once
        # met it again on a fresh-clone run, the daemon still starting).
        wait_for(lambda: x.selection_owner("_OSKSHIFT_S0") != 0, timeout=10, what="the daemon's manager selection")
        started = time.monotonic()
        result = self.status("--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertLess(time.monotonic() - started, 5.0)
        self.assertIsNotNone(READY.search(process.read_log()), "status answered only after the ready line")

    def test_under_an_inherited_journal_stream_that_is_not_stderr_the_lines_stay_plain(self):
        process = self.start_service(extra_env={"JOURNAL_STREAM": "1:1"})
        wait_for(lambda: READY.search(process.read_log()), timeout=10, what="the ready line on stderr")
        process.send_signal(signal.SIGTERM)
        self.assertEqual(process.wait(timeout=10), 0)
        self.assertRegex(process.read_log(), r"(?m)^event: stopping$")


if __name__ == "__main__":
    unittest.main()
