"""The Debian package: `make deb` once per class, installed into this machine with dpkg, and the
installed daemon started the way the XDG autostart entry says, in a kiosk-like session: Xvfb, openbox, a
floating onboard shown through D-Bus, a yad form (GTK3). No systemd user manager is reachable from the private
session, as in an `.xinitrc` or LXDE session, so the entry's daemon is the one that runs.

Installing writes to the real machine: root only, and never over an oskshift dpkg already knows (package.py).
"""
import glob
import os
import re
import signal
import subprocess
import unittest

import browsers
import package
import requirements
from daemon import DEFAULT_CONFIG, READY, REPOSITORY
from e2e_case import DesktopTestCase
from keyboards import Onboard
from waiting import wait_for

QT_VARIABLE = "QTWEBENGINE_ENABLE_LINUX_ACCESSIBILITY"
WAYLAND_SENTENCE = ("oskshift: this is a Wayland session (%s) and oskshift can move only X11 windows; "
                    "log in to an X11 session to use it\n")


def project_version():
    with open(os.path.join(REPOSITORY, "Sources", "oskshift", "Options.swift")) as f:
        return re.search(r'static let version = "oskshift (\S+)"', f.read()).group(1)


class InstalledPackageInAKioskSession(DesktopTestCase):
    keyboard_kind = Onboard
    keyboard_options = {"docked": False}

    @classmethod
    def setUpClass(cls):
        requirements.require_tools(cls, *package.BUILD_TOOLS)
        reason = package.why_this_machine_cannot_take_it()
        if reason:
            requirements.fail_on_ci_or_skip(cls, reason)
        os.makedirs(os.path.join(REPOSITORY, "out", "e2e", cls.__name__), exist_ok=True)
        cls.deb = package.build(os.path.join(REPOSITORY, "out", "e2e", cls.__name__, "make-deb.log"))
        package.dpkg("-i", cls.deb)
        try:
            super().setUpClass()
            # A kiosk builder's own settings: offset by the pointer band, no animation (daemon.py explains why).
            config_dir = os.path.join(cls.desktop.env["XDG_CONFIG_HOME"], "oskshift")
            os.makedirs(config_dir, exist_ok=True)
            with open(os.path.join(config_dir, "config.toml"), "w") as f:
                f.write(DEFAULT_CONFIG)
        except BaseException:
            package.purge_quietly()
            raise

    @classmethod
    def tearDownClass(cls):
        try:
            super().tearDownClass()
        finally:
            package.purge_quietly()

    # --- helpers ----------------------------------------------------------------------------------------

    def run_autostart_entry(self, env=None):
        """Starts the entry's Exec line as a session manager would: in the session's environment, no terminal."""
        log_path = os.path.join(self.test_dir, "autostart.log")
        log = open(log_path, "ab")
        self.addCleanup(log.close)
        process = subprocess.Popen(package.autostart_command(), env=env or self.desktop.env, cwd=self.desktop.home,
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)

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

    def wait_ready(self, process):
        def ready():
            if process.poll() is not None:
                raise AssertionError("the autostart daemon exited with %d; log:\n%s" % (process.returncode,
                                                                                        process.read_log()))
            return READY.search(process.read_log())
        wait_for(ready, timeout=10, interval=0.02, what="the installed daemon's ready line")

    def run_installed(self, *args, env=None):
        return subprocess.run(["/usr/bin/oskshift", *args], env=env or self.desktop.env, capture_output=True,
                              text=True, timeout=15)

    # --- the package's contents -------------------------------------------------------------------------

    def test_the_package_has_the_projects_version_the_shipped_files_and_library_dependencies_but_no_toolchain(self):
        fields = subprocess.run(["dpkg-deb", "-f", self.deb, "Version", "Architecture", "Depends"],
                                capture_output=True, text=True, timeout=30, check=True).stdout
        info = dict(line.split(": ", 1) for line in fields.splitlines())
        architecture = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                                      check=True).stdout.strip()
        self.assertEqual((info["Version"], info["Architecture"]), (project_version(), architecture))
        depends = [d.strip().split(" ")[0] for d in info["Depends"].split(",")]
        for library in ("libc6", "libx11-6", "libxtst6", "libxrandr2", "libxi6", "libatspi2.0-0"):
            self.assertIn(library, depends, "computed by dh_shlibdeps from the binary's NEEDED libraries")
        self.assertEqual([d for d in depends if "swift" in d], [], "the Swift runtime is linked in")

        files = set(package.installed_paths())
        for path in ("/usr/bin/oskshift", "/usr/lib/systemd/user/oskshift.service",
                     "/usr/share/man/man1/oskshift.1.gz", "/usr/share/man/man5/oskshift.toml.5.gz",
                     "/etc/xdg/oskshift/config.toml", "/etc/xdg/autostart/oskshift.desktop",
                     package.XSESSION_SNIPPET, package.ENVIRONMENT_D):
            self.assertIn(path, files)
        conffiles = subprocess.run(["dpkg-query", "-W", "-f=${Conffiles}", package.PACKAGE], capture_output=True,
                                   text=True, timeout=30, check=True).stdout
        self.assertEqual(sorted(line.split()[0] for line in conffiles.splitlines() if line.strip()),
                         package.CONFFILES)
        with open(os.path.join(REPOSITORY, "config", "oskshift.toml")) as shipped, \
                open("/etc/xdg/oskshift/config.toml") as installed:
            self.assertEqual(installed.read(), shipped.read(), "the commented defaults, as in the repository")

        with open("/usr/lib/systemd/user/oskshift.service") as f:
            unit = f.read().splitlines()
        self.assertIn("ExecStart=/usr/bin/oskshift", unit)
        self.assertIn("RestartPreventExitStatus=2 3 4", unit, "a refused Wayland session (4) is not restarted")
        self.assertEqual(self.run_installed("--version").stdout, "oskshift %s\n" % project_version())

        with open(os.path.join(package.OUT, "lintian.txt")) as f:
            self.assertEqual([line for line in f.read().splitlines() if line.startswith(("E:", "W:"))], [],
                             "lintian: no error and no warning")

    # --- the autostart entry ----------------------------------------------------------------------------

    def test_the_autostart_entrys_daemon_moves_a_covered_yad_field_above_onboard_and_back_then_stops_cleanly(self):
        self.assertEqual(package.autostart_command(), ["/usr/bin/oskshift", "--autostart"])
        daemon = self.run_autostart_entry()
        self.wait_ready(daemon)
        form = self.yad_form("kiosk-form", fields=4, geometry="500x300+390+440")  # frame 502x325+390+440
        original = form.frame()
        form.tap_field_at_y(700)

        keyboard = self.keyboard.show()
        self.assertEqual(keyboard, type(keyboard)(290, 595, 700, 205), "onboard where its settings put it")
        self.assertFrameBecomes(form, self.expected_offset_frame(original, 700, keyboard))
        self.keyboard.hide()
        self.assertFrameBecomes(form, original)

        daemon.send_signal(signal.SIGTERM)
        self.assertEqual(daemon.wait(timeout=10), 0)
        self.assertNotRegex(daemon.read_log(), r"(?im)error|warn", "a clean run logs no error")

    def test_the_autostart_entry_exits_0_without_a_word_when_another_oskshift_serves_the_display(self):
        first = self.run_autostart_entry()
        self.wait_ready(first)
        second = subprocess.run(package.autostart_command(), env=self.desktop.env, capture_output=True, text=True,
                                timeout=15)
        self.assertEqual((second.returncode, second.stdout, second.stderr), (0, "", ""))
        self.assertIsNone(first.poll(), "the first instance keeps serving")

    def test_the_autostart_entry_exits_0_without_a_word_and_leaves_the_display_alone_when_the_user_unit_runs(self):
        # A stand-in for systemctl that answers as a user manager running the unit would; it records its call.
        fake_bin = os.path.join(self.test_dir, "bin")
        os.makedirs(fake_bin)
        calls = os.path.join(self.test_dir, "systemctl-calls.txt")
        with open(os.path.join(fake_bin, "systemctl"), "w") as f:
            f.write("#!/bin/sh\necho \"$@\" >> %s\n"
                    "printf 'Id=oskshift.service\\nActiveState=active\\nUnitFileState=enabled\\n\\n'\n"
                    "printf 'Id=graphical-session.target\\nActiveState=active\\nUnitFileState=static\\n'\n" % calls)
        os.chmod(os.path.join(fake_bin, "systemctl"), 0o755)
        env = dict(self.desktop.env, PATH=fake_bin + ":" + self.desktop.env["PATH"])

        result = subprocess.run(package.autostart_command(), env=env, capture_output=True, text=True, timeout=15)
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))
        with open(calls) as f:
            self.assertEqual(f.read(), "--user show --property=Id,ActiveState,UnitFileState oskshift.service "
                                       "graphical-session.target\n")
        status = self.run_installed("status", "--display", self.desktop.display)
        self.assertEqual((status.returncode, status.stderr),
                         (1, "oskshift: no oskshift instance serves display %s\n" % self.desktop.display))

    # --- QtWebEngine's pages in every session -----------------------------------------------------------

    def session_environment(self, **given):
        """The environment an X session gets from /etc/X11/Xsession, which sources every Xsession.d file: the
        package's snippet sourced by sh into the desktop's environment (plus `given`)."""
        env = {key: value for key, value in self.desktop.env.items() if key != QT_VARIABLE}
        env.update(given)
        out = subprocess.run(["sh", "-c", '. "$0" && env -0', package.XSESSION_SNIPPET], env=env,
                             capture_output=True, timeout=10, check=True).stdout
        return dict(entry.split("=", 1) for entry in out.decode().split("\0") if "=" in entry)

    def test_every_x_session_and_the_user_manager_start_qtwebengine_with_its_pages_on_the_accessibility_bus(self):
        self.assertEqual(self.session_environment().get(QT_VARIABLE), "1", "Xsession.d sets it")
        self.assertEqual(self.session_environment(**{QT_VARIABLE: "0"}).get(QT_VARIABLE), "0",
                         "a value the session chose is kept")
        # systemd's own environment.d generator, as the user manager runs it at its start.
        generator = "/usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator"
        if not os.access(generator, os.X_OK):
            requirements.require_tools(self, "30-systemd-environment-d-generator (systemd)")
        out = subprocess.run([generator], env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                             timeout=10, check=True).stdout
        self.assertIn("%s=1" % QT_VARIABLE, out.splitlines())

    def test_a_qtwebengine_kiosk_started_in_a_session_with_the_package_has_its_tapped_input_cleared(self):
        # The installed daemon with the built-in defaults (the accessibility bus asked, no animation); the kiosk
        # started afterwards in the session's environment, as a display manager's session starts it.
        if not glob.glob("/usr/lib/python3/dist-packages/PyQt5/QtWebEngineWidgets*"):
            requirements.require_tools(self, "PyQt5.QtWebEngineWidgets (python3-pyqt5.qtwebengine)")
        config = os.path.join(self.test_dir, "defaults.toml")
        with open(config, "w") as f:
            f.write("[animation]\nduration_ms = 0\n")
        log_path = os.path.join(self.test_dir, "oskshift.log")
        log = open(log_path, "ab")
        self.addCleanup(log.close)
        daemon = subprocess.Popen(["/usr/bin/oskshift", "--config", config, "--verbose"], env=self.desktop.env,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
        self.addCleanup(lambda: daemon.poll() is None and (daemon.kill(), daemon.wait()))

        def read_log():
            with open(log_path, errors="replace") as f:
                return f.read()
        daemon.read_log = read_log
        self.wait_ready(daemon)
        kiosk = browsers.Browser(self, [browsers.PYTHON_WITH_QT, browsers.QTWEBENGINE_KIOSK, "--qt", "5",
                                        browsers.WEB_FORM], "qtwebengine5-kiosk", env=self.session_environment())
        field = kiosk.wait_field("field-11", timeout=20)["widget"]
        self.desktop.run("xdotool", "mousemove", str(field.x + 100), str(field.y + field.height // 2), "click", "1")
        wait_for(lambda: "field-11" in (self.desktop.x.property_text(kiosk.window, "_NET_WM_NAME") or ""),
                 what="field-11 focused")
        keyboard = self.keyboard.show()
        self.assertGreater(field.bottom + 8, keyboard.y, "test setup: field-11 is under onboard")

        def clear():
            now = kiosk.field("field-11")
            return now if now and now["widget"].bottom + 8 <= keyboard.y and now["widget"].y >= 0 else None
        wait_for(clear, timeout=5, what="field-11 clear of onboard, by its own extents")
        self.assertRegex(daemon.read_log(), r"decision: window=0x%x source=widget" % kiosk.window)
        self.keyboard.hide()
        wait_for(lambda: kiosk.is_fullscreen() and self.desktop.x.client_rect(kiosk.window) == (0, 0, 1280, 800),
                 what="the kiosk fullscreen again")

    # --- Wayland ----------------------------------------------------------------------------------------

    def test_the_installed_daemon_refuses_a_wayland_session_with_one_sentence_and_exit_4(self):
        for variable, value in (("WAYLAND_DISPLAY", "wayland-0"), ("XDG_SESSION_TYPE", "wayland")):
            with self.subTest(variable=variable):
                result = self.run_installed(env=dict(self.desktop.env, **{variable: value}))
                self.assertEqual((result.returncode, result.stdout, result.stderr),
                                 (4, "", WAYLAND_SENTENCE % ("%s=%s" % (variable, value))))
        status = self.run_installed("status", "--display", self.desktop.display)
        self.assertEqual(status.returncode, 1, "the refusals left no instance behind")

    # --- removal ----------------------------------------------------------------------------------------

    def test_dpkg_r_removes_everything_but_the_conffiles_and_dpkg_p_removes_those_and_the_unit_link(self):
        files = [path for path in package.installed_paths() if os.path.isfile(path)]
        self.assertTrue(os.path.islink(package.ENABLEMENT_LINK), "the postinst enables the user unit globally")
        try:
            package.dpkg("-r", package.PACKAGE)
            self.assertEqual(package.dpkg_status(), "rc")
            self.assertEqual(sorted(path for path in files if os.path.lexists(path)), package.CONFFILES)

            package.dpkg("-P", package.PACKAGE)
            self.assertEqual(package.dpkg_status(), "")
            self.assertEqual([path for path in files if os.path.lexists(path)], [])
            self.assertFalse(os.path.lexists(package.ENABLEMENT_LINK))
            self.assertFalse(os.path.exists("/etc/xdg/oskshift"), "purge leaves no empty directory")
        finally:
            # The other tests of the class, whatever their order, need it installed.
            package.dpkg("-i", self.deb)


if __name__ == "__main__":
    unittest.main()
