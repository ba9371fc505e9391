# oskshift: build, test, benchmark, install. Every target installs the Debian packages it needs when missing.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIGURATION ?= release

.PHONY: all deps build test unit toml-test e2e bench demo install uninstall clean

all: build

deps:
	bash scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIGURATION) --product oskshift

# The README's test command: unit tests, the TOML conformance suite, then the end-to-end suite on Xvfb.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	bash scripts/toml-test.sh
	bash scripts/e2e.sh

unit: deps
	$(SWIFT) test

toml-test: deps
	bash scripts/toml-test.sh

e2e: deps
	bash scripts/e2e.sh

bench: deps
	$(SWIFT) build -c release --product engine-bench
	.build/release/engine-bench

demo: deps
	bash scripts/demo.sh

install: build
	install -Dm755 .build/$(CONFIGURATION)/oskshift $(DESTDIR)$(PREFIX)/bin/oskshift
	install -Dm644 config/oskshift.toml $(DESTDIR)/etc/xdg/oskshift/config.toml
	install -Dm644 systemd/oskshift.service $(DESTDIR)$(PREFIX)/lib/systemd/user/oskshift.service
	install -Dm644 man/oskshift.1 $(DESTDIR)$(PREFIX)/share/man/man1/oskshift.1
	install -Dm644 man/oskshift.toml.5 $(DESTDIR)$(PREFIX)/share/man/man5/oskshift.toml.5

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/oskshift $(DESTDIR)/etc/xdg/oskshift/config.toml \
	      $(DESTDIR)$(PREFIX)/lib/systemd/user/oskshift.service \
	      $(DESTDIR)$(PREFIX)/share/man/man1/oskshift.1 $(DESTDIR)$(PREFIX)/share/man/man5/oskshift.toml.5
	-rmdir $(DESTDIR)/etc/xdg/oskshift 2>/dev/null

clean:
	rm -rf .build out
