#!/usr/bin/env bash
# Installs the Debian packages that building and testing oskshift need, when any is missing.
# Runs apt-get as root, through sudo otherwise. Safe to run again: it does nothing when all are present.
set -euo pipefail

packages=(
    pkg-config libx11-dev libxtst-dev libxrandr-dev libxi-dev libatspi2.0-dev libstdc++-12-dev
    xvfb x11-utils x11-xserver-utils xdotool wmctrl openbox matchbox-window-manager
    # the window managers of tests/e2e/test_window_managers.py; marco aborts at start without the
    # org.mate.peripherals-mouse schema of mate-settings-daemon-common
    xfwm4 marco mate-settings-daemon-common metacity kwin-x11 icewm fluxbox i3-wm jwm fvwm pekwm blackbox twm
    onboard matchbox-keyboard xvkbd xterm at-spi2-core python3-pyatspi gir1.2-gtk-3.0 python3-gi
    yad zenity dbus dbus-x11 libglib2.0-bin dconf-gsettings-backend imagemagick procps psmisc strace
    systemd groff-base
    debhelper dpkg-dev lintian
    python3-pyqt5 python3-pyqt6 featherpad chromium firefox-esr
    python3-pyqt5.qtwebengine python3-pyqt6.qtwebengine qutebrowser
    gir1.2-gtk-4.0 gir1.2-adw-1 gnome-text-editor
    libreoffice-writer libreoffice-calc libreoffice-gtk3 xfce4-terminal
    openjdk-17-jdk-headless openjdk-17-jre libatk-wrapper-java libatk-wrapper-java-jni
    # Flatpak's sandbox and D-Bus proxy, for tests/e2e/test_sandboxed_apps.py
    bubblewrap xdg-dbus-proxy
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
