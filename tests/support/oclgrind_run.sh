#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Runs a device test program under Oclgrind and fails on any diagnostic.
#   oclgrind_run.sh OCLGRIND PROGRAM [OCLGRIND OPTIONS...] [-- ARGUMENTS...]
# (ARGUMENTS go to the program.)
# Oclgrind 21.10 has no option to turn its diagnostics into an exit code:
# kernel diagnostics (bounds, races, uninitialised values) go to the --log
# file, and API errors (--check-api) to stderr.  So the log must stay
# empty, the output must hold no "Oclgrind - " report, the program must
# pass, and it must have run on the simulator (the program prints
# "device: Oclgrind Simulator"), so that a missing device cannot pass for
# a clean run.  Programs that do not print their device set
# OCLGRIND_RUN_NO_DEVICE_LINE=1 and are trusted to fail without one.
set -u
oclgrind=$1 program=$2
shift 2
options=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  options+=("$1")
  shift
done
[ $# -gt 0 ] && shift
log=$(mktemp) out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
"$oclgrind" --log "$log" "${options[@]}" "$program" "$@" >"$out" 2>&1
rc=$?
cat "$out"
status=0
if [ "$rc" -ne 0 ]; then
  echo "oclgrind_run: $program exited with $rc" >&2
  status=1
fi
if [ -s "$log" ]; then
  echo "oclgrind_run: Oclgrind reported $(grep -c '^	Kernel:' "$log") kernel diagnostics; the first:" >&2
  head -n 40 "$log" >&2
  status=1
fi
if grep -q 'Oclgrind - ' "$out"; then
  echo "oclgrind_run: Oclgrind reported OpenCL API errors (above)" >&2
  status=1
fi
if [ "${OCLGRIND_RUN_NO_DEVICE_LINE:-0}" != 1 ] &&
   ! grep -q '^device: Oclgrind Simulator' "$out"; then
  echo "oclgrind_run: the program did not run on the Oclgrind Simulator" >&2
  status=1
fi
exit $status
