# oskshift: build, test, benchmark, install. Every target installs the Debian packages it needs when missing.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIGURATION ?= release

.PHONY: all deps build test check unit toml-test e2e soak compatibility bench demo demo-kiosk demo-apps install uninstall deb clean

all: build

deps:
	bash scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIGURATION) --product oskshift

# The README's test command: the core's functions kept under 60 lines (scripts/check_function_length.py), unit
# tests, the TOML conformance suite, then the end-to-end suite on Xvfb in three
# processes (OSKSHIFT_E2E_JOBS, scripts/e2e_shards.py: the test classes, each with an X session of its own, split
# between them by the last run's times). Most of an e2e test's time is spent waiting for applications: on the 2-core
# machine three at once took 458 s where two took 672 s and one about 900 s, for the same sum of the tests' times
# (docs/testing.md). The checks wait for the daemon's sync, not the clock, so the load does not change what they see.
# OSKSHIFT_E2E_JOBS=1 runs the classes one after another.
test: deps
	python3 scripts/check_function_length.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	bash scripts/toml-test.sh
	OSKSHIFT_E2E_JOBS=$${OSKSHIFT_E2E_JOBS:-3} bash scripts/e2e.sh
	python3 scripts/compatibility_table.py

# The edit-build-test loop, under 3 minutes: the core's functions kept under 60 lines, the unit tests, the TOML
# conformance suite, and a smoke test of the daemon on Xvfb (openbox, xvkbd, an xterm: a covered field moved and
# put back exactly, an uncovered window never touched, focus changes, the user's move, maximized windows, animation).
check: deps
	python3 scripts/check_function_length.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	bash scripts/toml-test.sh
	bash scripts/e2e.sh CoveredFieldsWithXvkbd

# The compatibility tables (docs/compatibility.md, and their summary in the README), from the rows the last e2e run
# wrote (out/e2e/compatibility.jsonl).
compatibility:
	python3 scripts/compatibility_table.py --update docs/compatibility.md --update README.md

unit: deps
	$(SWIFT) test

toml-test: deps
	bash scripts/toml-test.sh

e2e: deps
	bash scripts/e2e.sh

# The long soak: each keyboard's run (xvkbd, docked onboard) for OSKSHIFT_SOAK_SECONDS (900: 30 minutes for both;
# `make test` runs 100 steps each, about 25 s: tests/e2e/test_soak.py says what each proves). Figures in out/soak/
# (RELIABILITY.md, "Soak").
soak: deps
	OSKSHIFT_SOAK_SECONDS=$${OSKSHIFT_SOAK_SECONDS:-900} bash scripts/e2e.sh Soak
	cat out/soak/figures-*.txt | grep -v '^ *[0-9.]* s '

# Benchmarks (not tests): the engine's cost per event, then scripts/bench/run.sh on private Xvfb desktops (reaction
# latency against the polling-script baseline, the show from the keyboard's map call, idle cost, memory, start-up,
# X round trips, AT-SPI moves, the Tab beside GTK's own part, kiosk browser taps), ending with one summary table
# (goal / measured / floor); ~15-20 min. See BENCHMARKS.md.
# OSKSHIFT_BIN=path skips the daemon's release build.
bench: deps
	$(SWIFT) build -c release --product engine-bench
	mkdir -p out/bench
	.build/release/engine-bench > out/bench/engine-bench.txt
	cat out/bench/engine-bench.txt
	bash scripts/bench/run.sh

demo: deps
	bash scripts/demo.sh

# The kiosk variant: chromium --kiosk with a long web form (out/demo-kiosk/). OSKSHIFT_BIN=path skips the build.
demo-kiosk: deps
	$(if $(OSKSHIFT_BIN),,$(SWIFT) build --product oskshift)
	OSKSHIFT_BIN=$(or $(OSKSHIFT_BIN),$(shell $(SWIFT) build --product oskshift --show-bin-path 2>/dev/null)/oskshift) \
	    /usr/bin/python3 scripts/demo_kiosk.py

# The same before/after picture for a GTK 4 form and a LibreOffice Writer document (out/demo-apps/).
demo-apps: deps
	$(if $(OSKSHIFT_BIN),,$(SWIFT) build --product oskshift)
	OSKSHIFT_BIN=$(or $(OSKSHIFT_BIN),$(shell $(SWIFT) build --product oskshift --show-bin-path 2>/dev/null)/oskshift) \
	    /usr/bin/python3 scripts/demo_apps.py

# OSKSHIFT_BIN=path installs that binary instead of building one (the end-to-end tests install their build).
# The unit's ExecStart is rewritten to the installed binary: $(PREFIX)/bin/oskshift.
install: $(if $(OSKSHIFT_BIN),,build)
	install -Dm755 $(or $(OSKSHIFT_BIN),.build/$(CONFIGURATION)/oskshift) $(DESTDIR)$(PREFIX)/bin/oskshift
	install -Dm644 config/oskshift.toml $(DESTDIR)/etc/xdg/oskshift/config.toml
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's|^ExecStart=.*/oskshift|ExecStart=$(PREFIX)/bin/oskshift|' systemd/oskshift.service \
	    > $(DESTDIR)$(PREFIX)/lib/systemd/user/oskshift.service
	chmod 644 $(DESTDIR)$(PREFIX)/lib/systemd/user/oskshift.service
	install -Dm644 man/oskshift.1 $(DESTDIR)$(PREFIX)/share/man/man1/oskshift.1
	install -Dm644 man/oskshift.toml.5 $(DESTDIR)$(PREFIX)/share/man/man5/oskshift.toml.5
	install -d $(DESTDIR)/etc/xdg/autostart
	sed -E 's#^(Exec|TryExec)=[^ ]*/oskshift#\1=$(PREFIX)/bin/oskshift#' autostart/oskshift.desktop \
	    > $(DESTDIR)/etc/xdg/autostart/oskshift.desktop
	chmod 644 $(DESTDIR)/etc/xdg/autostart/oskshift.desktop
	install -Dm644 session/60oskshift-qtwebengine-accessibility \
	    $(DESTDIR)/etc/X11/Xsession.d/60oskshift-qtwebengine-accessibility
	install -Dm644 session/60-oskshift-qtwebengine-accessibility.conf \
	    $(DESTDIR)$(PREFIX)/lib/environment.d/60-oskshift-qtwebengine-accessibility.conf

# A binary Debian package in out/deb/, checked by lintian (docs/packaging.md). OSKSHIFT_BIN=path packages that
# release binary instead of building one.
deb: $(if $(OSKSHIFT_BIN),deps,build)
	bash scripts/deb.sh

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/oskshift $(DESTDIR)/etc/xdg/oskshift/config.toml \
	      $(DESTDIR)$(PREFIX)/lib/systemd/user/oskshift.service \
	      $(DESTDIR)$(PREFIX)/share/man/man1/oskshift.1 $(DESTDIR)$(PREFIX)/share/man/man5/oskshift.toml.5 \
	      $(DESTDIR)/etc/xdg/autostart/oskshift.desktop \
	      $(DESTDIR)/etc/X11/Xsession.d/60oskshift-qtwebengine-accessibility \
	      $(DESTDIR)$(PREFIX)/lib/environment.d/60-oskshift-qtwebengine-accessibility.conf
	-rmdir $(DESTDIR)/etc/xdg/oskshift $(DESTDIR)/etc/xdg/autostart 2>/dev/null

clean:
	rm -rf .build out
