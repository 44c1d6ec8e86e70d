#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# debian/ follows include/clslice.h: the newest debian/changelog entry is
# the header's version, and the runtime package is named after the SONAME
# (libclslice<MAJOR.MINOR> before 1.0, libclslice<MAJOR> from 1.0 on), in
# debian/control and in its .install file.  So a version bump fails here,
# in the suite, until debian/ follows it, rather than at release time in
# scripts/release_debian.sh (which runs this first).  Reads three files:
# well under a second.
#   test_debian_version.sh SOURCE-DIR
set -euo pipefail
cd "$1"
fail() { echo "test_debian_version: $*" >&2; exit 1; }

version_part() {
  sed -n "s/^#define CLSLICE_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" include/clslice.h
}
major=$(version_part MAJOR) minor=$(version_part MINOR) patch=$(version_part PATCH)
[ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] ||
  fail "no CLSLICE_VERSION_MAJOR/MINOR/PATCH in include/clslice.h"
version=$major.$minor.$patch
if [ "$major" = 0 ]; then abi=$major.$minor; else abi=$major; fi

# The first line of a changelog: "clslice (VERSION) DISTRIBUTION; ...".
first=$(head -n 1 debian/changelog)
[[ $first =~ ^clslice\ \(([^\)]*)\)\  ]] ||
  fail "debian/changelog does not start with an entry for clslice: $first"
[ "${BASH_REMATCH[1]}" = "$version" ] ||
  fail "debian/changelog's newest entry is ${BASH_REMATCH[1]}, include/clslice.h says $version (add an entry)"

grep -qx "Package: libclslice$abi" debian/control ||
  fail "debian/control has no package libclslice$abi, the name the SONAME libclslice.so.$abi gives"
grep -q "^Depends: libclslice$abi (= \${binary:Version})" debian/control ||
  fail "debian/control: libclslice-dev and python3-clslice must depend on libclslice$abi"
[ -f "debian/libclslice$abi.install" ] ||
  fail "no debian/libclslice$abi.install for the package libclslice$abi"
grep -q 'Package: libclslice[0-9]' <(grep -v "^Package: libclslice$abi\$" debian/control) &&
  fail "debian/control names a runtime package other than libclslice$abi"
echo "test_debian_version: ok (clslice $version, libclslice$abi)"
