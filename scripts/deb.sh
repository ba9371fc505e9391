#!/usr/bin/env bash
# Builds the binary Debian package into out/deb/ and checks it with lintian (`make deb`; docs/packaging.md).
#
# debhelper runs in a staged copy of the files the package ships (out/deb/oskshift-VERSION/), so its output
# lands in out/deb/ and not in the repository's parent directory, and its clean step cannot touch .build/.
# OSKSHIFT_BIN=path packages that binary; the default is the release build (`make deb` builds it first).
set -euo pipefail
cd "$(dirname "$0")/.."

version="$(sed -n 's/^ *static let version = "oskshift \(.*\)"$/\1/p' Sources/oskshift/Options.swift)"
changelog_version="$(dpkg-parsechangelog -S Version)"
if [ "$version" != "$changelog_version" ]; then
    echo "deb: the project's version is $version but debian/changelog says $changelog_version;" \
         "add an entry: dch -v $version" >&2
    exit 1
fi

binary="$(realpath "${OSKSHIFT_BIN:-.build/release/oskshift}")"
if [ "$("$binary" --version)" != "oskshift $version" ]; then
    echo "deb: $binary is not oskshift $version (it says: $("$binary" --version))" >&2
    exit 1
fi
# A debug build links the Swift runtime from the toolchain: the package would need the toolchain installed.
if readelf -d "$binary" | grep -q 'NEEDED.*libswift'; then
    echo "deb: $binary links the Swift runtime dynamically (a debug build?); package a release build" >&2
    exit 1
fi

out=out/deb
stage="$out/oskshift-$version"
rm -rf "$out"
mkdir -p "$stage"
cp -r Makefile debian autostart config man session systemd "$stage/"

(cd "$stage" && OSKSHIFT_BIN="$binary" dpkg-buildpackage -b -us -uc) > "$out/build.log" 2>&1 || {
    tail -40 "$out/build.log" >&2
    echo "deb: dpkg-buildpackage failed; the whole log is $out/build.log" >&2
    exit 1
}
deb="$out/oskshift_${version}_$(dpkg --print-architecture).deb"

# Errors fail the build; warnings kept on purpose are overridden, each with its reason, in
# debian/oskshift.lintian-overrides (docs/packaging.md lists them).
lintian --fail-on error --display-info "$deb" | tee "$out/lintian.txt" >&2
echo "$deb"
