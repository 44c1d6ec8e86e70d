#!/usr/bin/env bash
# Builds the Python package (python/) from this checkout into a virtualenv
# under build-python/ and runs its pytest suite.  Called by scripts/test.sh
# as its last step; needs scripts/deps.sh's packages and PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=build-python/venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
py="$PWD/$venv/bin/python"
"$py" -m pip install -q --upgrade pip
# mypy checks the package's type hints (it ships py.typed): about 15 s.
"$py" -m pip install -q numpy scipy pytest mypy
# Without pyopencl the device tests skip, each saying why (pytest -rs).
"$py" -m pip install -q pyopencl ||
  echo "test_python.sh: pyopencl did not install; device tests will skip" >&2
# A fresh wheel of this checkout every run: the C library is rebuilt by
# scikit-build-core from the repository's CMake project.
"$py" -m pip install -q --force-reinstall --no-deps ./python

# Run from python/tests so that the installed package, not the source
# folder, is imported.  pytest exits 5 when it collected nothing, which
# set -e already fails on; say so rather than pass silently.
cd python/tests
status=0
"$py" -m pytest -q -rs -p no:cacheprovider . || status=$?
if [ "$status" -eq 5 ]; then
  echo "test_python.sh: pytest collected no tests" >&2
fi
# The installed package, as a user's mypy sees it through py.typed.
"$py" -m mypy --strict --no-incremental -p clslice || status=$?
exit "$status"
