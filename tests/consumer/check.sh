#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Proves that clslice can be consumed from outside, three ways, with the
# programs in this folder (each gathers a slice on the host and checks it)
# and the README's example (examples/readme_example.c: a gather on the
# default OpenCL device, with OpenCL calls of its own), built with the
# README's own pkg-config and CMake lines, and the fused example
# (examples/fused) with its kernel built against the installed
# clslice_device.h:
#   1. find_package(clslice) from `cmake --install` of BUILD-DIR,
#   2. pkg-config (clslice.pc, clslice-core.pc) with a plain cc command,
#   3. add_subdirectory of the source tree, which builds clslice as a
#      static subproject; that build is installed too, and ways 1 and 2 are
#      repeated on it with `pkg-config --static`.
# The core-only programs must not depend on libOpenCL; a shared
# libclslice must export exactly the functions the headers mark CLSLICE_API
# and carry the SONAME the version implies (libclslice.so.MAJOR.MINOR
# before 1.0, .MAJOR from 1.0 on); find_package must accept the header's
# MAJOR.MINOR and pkg-config report its version; the installed tool must
# run from the prefix as it is; the license and notice must be installed
# and named in the package files.  Exits non-zero at the first failure.
# Usage: check.sh SOURCE-DIR BUILD-DIR WORK-DIR
set -euo pipefail
src=$(cd "$1" && pwd) build=$(cd "$2" && pwd) work=$3
here="$src/tests/consumer"
cc=${CC:-cc}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)

step() { echo "-- consumer: $*"; }
fail() { echo "consumer check FAILED: $*" >&2; exit 1; }

# The version include/clslice.h states, and the ABI version of the SONAME.
version_part() {
  sed -n "s/^#define CLSLICE_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" \
      "$src/include/clslice.h"
}
major=$(version_part MAJOR) minor=$(version_part MINOR) patch=$(version_part PATCH)
[ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] ||
  fail "no CLSLICE_VERSION_MAJOR/MINOR/PATCH in include/clslice.h"
version="$major.$minor.$patch"
if [ "$major" = 0 ]; then abi="$major.$minor"; else abi=$major; fi

# Runs the two programs and checks that the core-only one does not link
# OpenCL.  $1: folder holding consumer and consumer_core.
run_pair() {
  "$1/consumer" || fail "$1/consumer"
  "$1/consumer_core" || fail "$1/consumer_core"
  if readelf -d "$1/consumer_core" | grep -q 'libOpenCL'; then
    fail "$1/consumer_core needs libOpenCL"
  fi
}

# Runs the README's example, which must print what the README says.
# $1: the program.
run_readme() {
  local out
  out=$("$1") || fail "$1 exited non-zero"
  [ "$out" = "10" ] || fail "$1 printed '$out', the README says 10"
}

# find_package against an install prefix.  $1 prefix, $2 build folder.
by_find_package() {
  step "find_package(clslice) from $1"
  cmake -S "$here" -B "$2" -DCLSLICE_CONSUMER_MODE=find_package \
        -DCLSLICE_SOURCE="$src" -DCMAKE_PREFIX_PATH="$1" \
        -DCLSLICE_CONSUMER_VERSION="$major.$minor" \
        -DCMAKE_C_COMPILER="$cc" >/dev/null
  cmake --build "$2" >/dev/null
  run_pair "$2"
  run_readme "$2/consumer_readme"
}

# pkg-config with a bare compiler command, as a Makefile would.
# $1 prefix, $2 output folder, $3 extra pkg-config flags (--static or none).
by_pkg_config() {
  step "pkg-config $3 from $1"
  local pc="env PKG_CONFIG_PATH=$(dirname "$(find "$1" -name clslice.pc)") pkg-config"
  [ "$($pc --modversion clslice)" = "$version" ] ||
    fail "clslice.pc says version $($pc --modversion clslice), the header $version"
  [ "$($pc --modversion clslice-core)" = "$version" ] ||
    fail "clslice-core.pc says version $($pc --modversion clslice-core), the header $version"
  mkdir -p "$2"
  # shellcheck disable=SC2046
  $cc -std=c11 -DCLSLICE_CONSUMER_HOW='"pkg-config"' -o "$2/consumer" \
      "$here/main.c" $($pc $3 --cflags --libs clslice)
  # shellcheck disable=SC2046
  $cc -std=c11 -DCLSLICE_CONSUMER_HOW='"pkg-config"' -o "$2/consumer_core" \
      "$here/core_main.c" $($pc $3 --cflags --libs clslice-core)
  # The README's line as it stands: the source, then the flags.
  # shellcheck disable=SC2046
  $cc "$src/examples/readme_example.c" $($pc $3 --cflags --libs clslice) \
      -o "$2/readme_example"
  LD_LIBRARY_PATH="$($pc --variable=libdir clslice)" run_pair "$2"
  LD_LIBRARY_PATH="$($pc --variable=libdir clslice)" run_readme "$2/readme_example"
  # The fused example's kernel built with -I the installed include folder,
  # as the README says: the installed clslice_device.h must serve it.
  # shellcheck disable=SC2046
  $cc -std=c11 "$src/examples/fused/fused_relu.c" \
      $($pc $3 --cflags --libs clslice) -lm -o "$2/fused_relu"
  LD_LIBRARY_PATH="$($pc --variable=libdir clslice)" "$2/fused_relu" \
      --include "$($pc --variable=includedir clslice)" \
      --kernel "$src/examples/fused/slice_relu.cl" --trials 3 >/dev/null ||
    fail "$2/fused_relu against the installed clslice_device.h"
}

step "install $build"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
for f in include/clslice.h include/clslice_cl.h include/clslice_device.h; do
  [ -f "$work/prefix/$f" ] || fail "$f not installed"
done
# Functions declared right after a CLSLICE_API line of the installed headers
# against the dynamic symbols of the installed shared libraries.
check_exports() { # LIBRARY HEADER...
  local lib=$1; shift
  [ -f "$lib" ] || return 0   # static build: nothing exported to compare
  step "exports of $(basename "$lib")"
  diff <(awk '/^CLSLICE_API$/{getline; print}' "$@" | grep -o '[A-Za-z0-9_]*(' |
           sed 's/($//' | sort) \
       <(nm -D --defined-only "$lib" | awk '{print $3}' | sort) ||
    fail "$lib exports other symbols than the CLSLICE_API declarations (< header, > library)"
}
inc="$work/prefix/include"
check_exports "$(find "$work/prefix" -name 'libclslice.so')" "$inc/clslice.h" "$inc/clslice_cl.h"
check_exports "$(find "$work/prefix" -name 'libclslice-core.so')" "$inc/clslice.h"
if [ -f "$inc/clslice_mpi.h" ]; then
  check_exports "$(find "$work/prefix" -name 'libclslice-mpi.so')" "$inc/clslice_mpi.h"
fi
# The SONAME of a shared library, and the file of that name beside it.
check_soname() { # LIBRARY
  local lib=$1 want
  [ -f "$lib" ] || return 0   # static build: no SONAME
  want="$(basename "$lib").$abi"
  step "SONAME of $(basename "$lib"): $want"
  [ "$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')" = "$want" ] ||
    fail "$lib has SONAME '$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')', want $want (version $version)"
  [ -e "$(dirname "$lib")/$want" ] || fail "$want is not installed beside $lib"
}
check_soname "$(find "$work/prefix" -name 'libclslice.so')"
check_soname "$(find "$work/prefix" -name 'libclslice-core.so')"
step "license files"
for f in share/doc/clslice/LICENSE share/doc/clslice/NOTICE; do
  [ -s "$work/prefix/$f" ] || fail "$f not installed"
done
for pc in clslice clslice-core; do
  grep -qx 'License: Apache-2.0' "$(find "$work/prefix" -name "$pc.pc")" ||
    fail "$pc.pc has no License: Apache-2.0 line"
done
if [ -e "$work/prefix/bin/clslice" ]; then
  step "installed tool"
  "$work/prefix/bin/clslice" --version >/dev/null || fail "installed bin/clslice does not run"
fi

by_find_package "$work/prefix" "$work/find_package"
# A static build tree installs only libclslice.a, whose OpenCL dependency
# pkg-config lists only under --static.
if find "$work/prefix" -name 'libclslice.so' | grep -q .; then
  by_pkg_config "$work/prefix" "$work/pkg-config" ""
else
  by_pkg_config "$work/prefix" "$work/pkg-config" --static
fi

step "add_subdirectory($src), static"
cmake -S "$here" -B "$work/subdirectory" -DCLSLICE_CONSUMER_MODE=subdirectory \
      -DCLSLICE_SOURCE="$src" -DCLSLICE_INSTALL=ON -DBUILD_SHARED_LIBS=OFF \
      -DCMAKE_C_COMPILER="$cc" >/dev/null
cmake --build "$work/subdirectory" -j 2 >/dev/null
run_pair "$work/subdirectory"
run_readme "$work/subdirectory/consumer_readme"
if find "$work/subdirectory" -name 'libclslice_internal*' | grep -q .; then
  fail "the subproject built the test-only clslice_internal"
fi

cmake --install "$work/subdirectory" --prefix "$work/prefix-static" >/dev/null
by_find_package "$work/prefix-static" "$work/find_package-static"
by_pkg_config "$work/prefix-static" "$work/pkg-config-static" --static
echo "consumer check: all builds passed"
