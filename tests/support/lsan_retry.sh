#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Runs a device test program under the sanitizers, and runs it once more
# only when LeakSanitizer's own tracer crashed after every test passed.
#   lsan_retry.sh PROGRAM [ARGS...]
# At exit LeakSanitizer stops every thread with ptrace to scan them; with
# PoCL's worker threads alive, its tracer now and then dies of SIGSEGV
# ("Tracer caught signal 11 ... LeakSanitizer has encountered a fatal
# error") although no check failed and no leak was found.  That crash is
# the tool's, so it alone earns a second run; a failed check, a reported
# leak or any other error fails at once.
set -u
out=$(mktemp)
trap 'rm -f "$out"' EXIT
rc=1
for attempt in 1 2; do
  "$@" >"$out" 2>&1
  rc=$?
  cat "$out"
  [ "$rc" -eq 0 ] && exit 0
  if grep -q 'Tracer caught signal' "$out" &&
     grep -q 'LeakSanitizer has encountered a fatal error' "$out" &&
     ! grep -q 'detected memory leaks' "$out" &&
     grep -q '^\[  PASSED  \]' "$out" &&
     ! grep -q '^\[  FAILED  \]' "$out" && [ "$attempt" -eq 1 ]; then
    echo "lsan_retry: LeakSanitizer's tracer crashed after every test" \
         "passed; running once more" >&2
    continue
  fi
  exit "$rc"
done
exit "$rc"
