"""The Debian package under test: built once with `make deb`, installed into this machine with dpkg, removed.

Installing writes /usr/bin, /usr/lib/systemd/user and /etc/xdg of the real machine, so the caller must be root
(CI runs as root on a throwaway machine) and no oskshift may be installed already: a test must never remove
what it did not install.
"""
import glob
import os
import shlex
import subprocess

from daemon import REPOSITORY

PACKAGE = "oskshift"
OUT = os.path.join(REPOSITORY, "out", "deb")
AUTOSTART_ENTRY = "/etc/xdg/autostart/oskshift.desktop"
XSESSION_SNIPPET = "/etc/X11/Xsession.d/60oskshift-qtwebengine-accessibility"
ENVIRONMENT_D = "/usr/lib/environment.d/60-oskshift-qtwebengine-accessibility.conf"
CONFFILES = [XSESSION_SNIPPET, "/etc/xdg/autostart/oskshift.desktop", "/etc/xdg/oskshift/config.toml"]
# What deb-systemd-helper's global enable (the postinst) links; it stays until purge, as Debian does for units.
ENABLEMENT_LINK = "/etc/systemd/user/graphical-session.target.wants/oskshift.service"
BUILD_TOOLS = ("make", "dpkg", "dpkg-deb", "dpkg-buildpackage", "dh", "lintian", "readelf")


def why_this_machine_cannot_take_it():
    """A sentence when installing here would be wrong (not root, or an oskshift already there), else None."""
    if os.geteuid() != 0:
        return "installing the package needs root (CI runs as root)"
    status = dpkg_status()
    if status:
        return "dpkg already knows %s (status %r); this test installs and purges its own build: dpkg -P %s " \
               "first" % (PACKAGE, status, PACKAGE)
    if os.path.exists("/usr/bin/oskshift"):
        return "/usr/bin/oskshift exists outside any package (make install PREFIX=/usr?); remove it first"
    return None


def is_release_build(binary):
    """A debug build links libswiftCore from the toolchain, which the package must not need."""
    result = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, timeout=30)
    return result.returncode == 0 and "libswift" not in result.stdout


def build(log_path):
    """`make deb`, packaging $OSKSHIFT_BIN when it is a release build (else make builds one); the .deb's path."""
    env = dict(os.environ, PATH=os.environ.get("PATH", "") + ":/opt/swift/usr/bin")
    given = env.pop("OSKSHIFT_BIN", None)
    if given and is_release_build(given):
        env["OSKSHIFT_BIN"] = given
    with open(log_path, "w") as log:
        result = subprocess.run(["make", "-C", REPOSITORY, "deb"], env=env, stdout=log, stderr=subprocess.STDOUT,
                                timeout=900)
    if result.returncode != 0:
        with open(log_path) as log:
            raise AssertionError("make deb failed (exit %d):\n%s" % (result.returncode, log.read()[-3000:]))
    debs = glob.glob(os.path.join(OUT, "oskshift_*.deb"))
    if len(debs) != 1:
        raise AssertionError("make deb left %r in %s, expected one oskshift_*.deb" % (debs, OUT))
    return debs[0]


def dpkg(*args):
    """Runs dpkg; raises with its output when it fails."""
    result = subprocess.run(["dpkg", *args], capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if result.returncode != 0:
        raise AssertionError("dpkg %s failed (exit %d):\n%s%s" % (" ".join(args), result.returncode,
                                                                  result.stdout, result.stderr))
    return result.stdout


def dpkg_status():
    """dpkg's two-letter state of the package ("ii" installed, "rc" conffiles left), "" when it knows none."""
    result = subprocess.run(["dpkg-query", "-W", "-f=${db:Status-Abbrev}", PACKAGE], capture_output=True,
                            text=True, timeout=30)
    status = result.stdout.strip() if result.returncode == 0 else ""
    return "" if status in ("", "un", "pn") else status


def installed_paths():
    """Every path `dpkg -L` lists for the installed package."""
    return [line for line in dpkg("-L", PACKAGE).splitlines() if line.strip()]


def purge_quietly():
    subprocess.run(["dpkg", "-P", PACKAGE], capture_output=True, timeout=120)


def autostart_command(entry_path=AUTOSTART_ENTRY):
    """The Exec line of an XDG autostart entry as an argument list, the way a session manager runs it."""
    with open(entry_path) as f:
        in_entry = False
        for line in f.read().splitlines():
            if line.startswith("["):
                in_entry = line == "[Desktop Entry]"
            elif in_entry and line.startswith("Exec="):
                words = shlex.split(line[len("Exec="):])
                # Field codes (%f, %u...) expand to nothing for an entry started without files.
                return [word for word in words if not (len(word) == 2 and word.startswith("%"))]
    raise AssertionError("no Exec= line in the [Desktop Entry] group of %s" % entry_path)
