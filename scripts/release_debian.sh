#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds the Debian packages from debian/ and checks them as a user gets
# them.  A release step, not part of the suite (a few minutes on 2 cores):
#   1. installs what it needs with apt-get (debhelper, dh-python, lintian,
#      the build dependencies; python3-numpy and PoCL for the checks);
#   2. checks that debian/changelog's version is include/clslice.h's and
#      that the runtime package is named after the SONAME
#      (libclslice<MAJOR.MINOR> before 1.0, libclslice<MAJOR> after);
#   3. copies the checkout (tracked and untracked files git does not
#      ignore) to OUT/src/clslice-VERSION and runs `dpkg-buildpackage -us
#      -uc` there (the source package and the binary ones, unsigned), so
#      everything lands in OUT/src/ and nothing is written into the
#      checkout;
#   4. runs lintian on the result, source and binaries: any error or
#      warning fails;
#   5. unpacks the four packages with `dpkg -x` into OUT/root (no root
#      rights, no chroot, nothing installed) and, against that root alone,
#      builds the README's C example with pkg-config and with
#      find_package (tests/consumer), runs it on the default OpenCL device
#      (it must print 10; no device fails where CLSLICE_REQUIRE_DEVICE=1,
#      else skips the run and says so), runs the tool and imports the
#      Python module through its links to the libraries (with
#      python3-numpy unpacked into the same root where python3 has none).
# Usage: scripts/release_debian.sh [OUT]   (default OUT: build-debian)
# Prints the packages with their sizes, lintian's summary and the time.
set -euo pipefail
start=$SECONDS
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(mkdir -p "${1:-build-debian}" && cd "${1:-build-debian}" && pwd)

die() { echo "release_debian.sh: $*" >&2; exit 1; }
step() { echo "-- release_debian: $* (at $((SECONDS - start)) s)"; }

# ---- 1. what the build and the checks need ---------------------------------
# debian/control's Build-Depends, the packaging tools, and for the checks
# a compiler, pkg-config, man and PoCL.  python3-numpy, which
# python3-clslice depends on, is unpacked beside the packages (step 5),
# not installed: a system-wide numpy would change what other programs on
# the machine find.
packages=(build-essential dpkg-dev fakeroot debhelper dh-python lintian
          cmake pkg-config ocl-icd-opencl-dev opencl-c-headers help2man
          groff-base man-db python3 pocl-opencl-icd)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null ||
      die "need root or sudo to install: ${missing[*]}"
    sudo=sudo
  fi
  step "installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

# ---- 2. versions ------------------------------------------------------------
version_part() {
  sed -n "s/^#define CLSLICE_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" include/clslice.h
}
major=$(version_part MAJOR) minor=$(version_part MINOR) patch=$(version_part PATCH)
version=$major.$minor.$patch
if [ "$major" = 0 ]; then abi=$major.$minor; else abi=$major; fi
# debian/changelog and the runtime package's name against the header (the
# suite's test_debian_version).
bash tests/unit/test_debian_version.sh "$root" >/dev/null ||
  die "debian/ does not follow include/clslice.h"
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)

# ---- 3. the packages --------------------------------------------------------
src=$out/src
rm -rf "$src" "$out/root" "$out/check"
mkdir -p "$src/clslice-$version"
step "copying the checkout to $src/clslice-$version"
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$src/clslice-$version"
step "dpkg-buildpackage -us -uc"
build_start=$SECONDS
(cd "$src/clslice-$version" &&
   DEB_BUILD_OPTIONS="parallel=$(nproc 2>/dev/null || echo 2)" \
   dpkg-buildpackage -us -uc) > "$out/build.log" 2>&1 ||
  { tail -n 40 "$out/build.log" >&2; die "dpkg-buildpackage failed ($out/build.log)"; }
build_secs=$((SECONDS - build_start))
changes=$src/clslice_${version}_$arch.changes
[ -f "$changes" ] || die "no $changes"
[ -f "$src/clslice_$version.dsc" ] || die "no source package ($src/clslice_$version.dsc)"
debs=()
for p in "libclslice$abi" libclslice-dev clslice python3-clslice; do
  deb=$src/${p}_${version}_$arch.deb
  [ -f "$deb" ] || die "dpkg-buildpackage made no $(basename "$deb")"
  debs+=("$deb")
done

# ---- 4. lintian -------------------------------------------------------------
step "lintian"
set +e
lintian --fail-on error,warning --display-info "$changes" > "$out/lintian.txt" 2>&1
lintian_rc=$?
set -e
cat "$out/lintian.txt"
[ "$lintian_rc" -eq 0 ] || die "lintian found errors or warnings ($out/lintian.txt)"
lintian_summary=$(awk -F': ' '/^[EWIPX]: / { n[substr($0, 1, 1)]++ }
  END { printf "%d errors, %d warnings, %d info", n["E"], n["W"], n["I"] }' \
  "$out/lintian.txt")

# ---- 5. the packages as a user gets them ------------------------------------
dest=$out/root
for deb in "${debs[@]}"; do dpkg -x "$deb" "$dest"; done
# numpy for the Python check, from the archive, into the same root.
mkdir -p "$out/deps"
if ! python3 -c 'import numpy' 2>/dev/null; then
  (cd "$out/deps" && rm -f python3-numpy_*.deb &&
     apt-get download python3-numpy >/dev/null 2>&1) ||
    die "apt-get download python3-numpy failed (offline?)"
  dpkg -x "$out"/deps/python3-numpy_*.deb "$dest"
fi
libdir=$dest/usr/lib/$multiarch
export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
check=$out/check
mkdir -p "$check"

# The README's example must print 10 on the default device; without one it
# is built but not run, unless a device is required.
have_device() {
  "$dest/usr/bin/clslice" devices >/dev/null 2>&1 # exit 4: no platform
}
run_readme() {
  local bin=$1 got libs
  libs=$(ldd "$bin") # not piped into grep -q: pipefail would see SIGPIPE
  grep -qF "libclslice.so.$abi => $libdir/libclslice.so.$abi" <<< "$libs" ||
    die "$bin does not load the unpacked libclslice.so.$abi: $(grep clslice <<< "$libs")"
  if ! have_device; then
    [ "${CLSLICE_REQUIRE_DEVICE:-}" = 1 ] &&
      die "no OpenCL device, and CLSLICE_REQUIRE_DEVICE=1 requires one"
    echo "   built; not run: no OpenCL device"
    return 0
  fi
  got=$("$bin") || die "$bin exited non-zero"
  [ "$got" = 10 ] || die "$bin printed '$got', the README says 10"
  echo "   built and run: printed 10"
}

step "the README's example with pkg-config from $dest"
pc="env PKG_CONFIG_PATH=$libdir/pkgconfig PKG_CONFIG_LIBDIR=$libdir/pkgconfig:/usr/lib/$multiarch/pkgconfig:/usr/share/pkgconfig pkg-config"
[ "$($pc --modversion clslice)" = "$version" ] ||
  die "clslice.pc says $($pc --modversion clslice), not $version"
# shellcheck disable=SC2046 # pkg-config's flags are meant to split
cc examples/readme_example.c $($pc --cflags --libs clslice) \
   -o "$check/readme_pkgconfig"
run_readme "$check/readme_pkgconfig"

step "the README's example with find_package(clslice $major.$minor) from $dest/usr"
cmake -S tests/consumer -B "$check/cmake" -DCLSLICE_CONSUMER_MODE=find_package \
      -DCLSLICE_SOURCE="$root" -DCMAKE_PREFIX_PATH="$dest/usr" \
      -DCMAKE_FIND_ROOT_PATH="$dest" -DCLSLICE_CONSUMER_VERSION="$major.$minor" \
      > "$check/cmake.log" 2>&1 ||
  { cat "$check/cmake.log" >&2; die "find_package(clslice) from $dest/usr failed"; }
grep -q "$dest/usr/lib/$multiarch/cmake/clslice" "$check/cmake/CMakeCache.txt" ||
  die "CMake did not take clslice from $dest/usr"
cmake --build "$check/cmake" > "$check/cmake-build.log" 2>&1 ||
  { cat "$check/cmake-build.log" >&2; die "building against the CMake package failed"; }
"$check/cmake/consumer_core" > /dev/null || die "consumer_core failed"
run_readme "$check/cmake/consumer_readme"

step "the tool, its man page and the Python module"
got=$("$dest/usr/bin/clslice" --version) || die "clslice --version failed"
grep -qF "$version" <<< "$got" ||
  die "clslice --version does not say $version: $got"
got=$(MANWIDTH=80 man -l "$dest/usr/share/man/man1/clslice.1.gz" 2>/dev/null) ||
  die "the man page does not render"
grep -q '^SYNOPSIS\|^DESCRIPTION' <<< "$got" ||
  die "the man page has no SYNOPSIS or DESCRIPTION"
got=$(PYTHONPATH=$dest/usr/lib/python3/dist-packages python3 -c '
import os, numpy as np, clslice
from clslice import _lib
print(os.path.realpath(os.path.join(os.path.dirname(_lib.__file__), "libclslice-core.so")))
print(clslice.slice(np.arange(12).reshape(3, 4), np.s_[1:, ::-2]).tolist())')
[ "$(echo "$got" | head -n 1)" = "$libdir/libclslice-core.so.$version" ] ||
  die "python3-clslice's libclslice-core.so points at $(echo "$got" | head -n 1)"
[ "$(echo "$got" | tail -n 1)" = "[[7, 5], [11, 9]]" ] ||
  die "clslice.slice printed $(echo "$got" | tail -n 1)"

echo "release_debian.sh: packages in $src:"
for deb in "${debs[@]}"; do
  printf '  %-44s %6s KiB (installed %s KiB)\n' "$(basename "$deb")" \
    $(( $(stat -c %s "$deb") / 1024 )) "$(dpkg-deb -f "$deb" Installed-Size)"
done
echo "release_debian.sh: lintian: $lintian_summary (--fail-on error,warning)"
echo "release_debian.sh: dpkg-buildpackage ${build_secs} s, all $((SECONDS - start)) s"
