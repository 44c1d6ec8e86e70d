#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# call_circles.sh on call graphs made up here, in nm's own output format,
# so that test_lib_calls' "no circle" means something: the scanner finds a
# circle of two and one of three (not the file that merely calls into
# it), names the files with CMake's object paths, passes a graph without
# one (locals, self-calls, weak and libc symbols make no arrow), and
# refuses objects of two programs.
#   test_call_circles.sh SCANNER
set -u
scanner=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
status=0
fail() {
  echo "test_call_circles: $*" >&2
  status=1
}

# run NAME EXPECTED_EXIT: the scanner on $work/NAME.nm; its output in
# $work/NAME.out.
run() {
  bash "$scanner" --nm-output "$work/$1.nm" >"$work/$1.out" 2>&1
  local rc=$?
  [ "$rc" -eq "$2" ] ||
    fail "$1: exit $rc, expected $2; it printed: $(cat "$work/$1.out")"
}

# expect NAME TEXT: the scanner's output for NAME holds TEXT.
expect() {
  grep -qF -- "$2" "$work/$1.out" ||
    fail "$1: no \"$2\" in: $(cat "$work/$1.out")"
}

# refute NAME TEXT: ...and does not hold it.
refute() {
  ! grep -qF -- "$2" "$work/$1.out" ||
    fail "$1: \"$2\" should not be in: $(cat "$work/$1.out")"
}

# Two files calling each other, as host_blocked.c and host_strided.c did,
# named by CMake's object paths.
dir=build/src/core/CMakeFiles/clslice_core.dir/host
cat >"$work/pair.nm" <<EOF
$dir/host_blocked.c.o: clslice_host_gather_blocked T 0000000000000000 0000000000000040
$dir/host_blocked.c.o: cs_host_run_placed U
$dir/host_blocked.c.o: run_lanes t 0000000000000040 0000000000000080
$dir/host_strided.c.o: clslice_host_gather_strided T 0000000000000000 0000000000000020
$dir/host_strided.c.o: cs_host_run_placed T 0000000000000020 0000000000000030
$dir/host_strided.c.o: clslice_host_gather_blocked U
$dir/host_strided.c.o: memcpy U
EOF
run pair 1
expect pair "a circle through"
expect pair "clslice_core/host/host_blocked.c -> clslice_core/host/host_strided.c (cs_host_run_placed)"
expect pair "clslice_core/host/host_strided.c -> clslice_core/host/host_blocked.c (clslice_host_gather_blocked)"
expect pair "2 objects, 2 arrows, 1 circle(s)"

# A circle of three (a -> b -> c -> a) and d calling into it: d is not on
# it.  Data counts as much as code (c reads a's table).
cat >"$work/three.nm" <<'EOF'
a.o: fa T 0 10
a.o: table R 10 20
a.o: fb U
b.o: fb T 0 10
b.o: fc U
c.o: fc T 0 10
c.o: table U
d.o: main T 0 10
d.o: fa U
EOF
run three 1
expect three "b -> c (fc)"
expect three "c -> a (table)"
expect three "4 objects, 4 arrows, 1 circle(s)"
grep "a circle through" "$work/three.out" | grep -q " d" &&
  fail "three: d only calls into the circle, yet is named on it"

# No circle: a chain, a file calling itself, a local symbol of the same
# name as another file's global, a weak definition beside a strong one,
# and symbols nobody here defines.
cat >"$work/chain.nm" <<'EOF'
top.o: main T 0 10
top.o: mid U
top.o: printf U
mid.o: mid T 0 10
mid.o: low U
mid.o: helper t 10 10
mid.o: mid_again T 20 10
mid.o: mid_again U
low.o: low T 0 10
low.o: helper T 10 10
low.o: hook W 20 10
low.o: hook w
EOF
run chain 0
expect chain "3 objects, 2 arrows, 0 circle(s)"
refute chain "a circle through"

# The same graph with low calling mid again is a circle.
{ cat "$work/chain.nm"; echo "low.o: mid U"; } >"$work/back.nm"
run back 1
expect back "low -> mid (mid)"

# Two programs' objects mixed: the scanner cannot tell whose main a call
# means, so it refuses.
cat >"$work/mixed.nm" <<'EOF'
one.o: main T 0 10
two.o: main T 0 10
EOF
run mixed 2
expect mixed "main is defined by one and by two"

if [ "$status" -eq 0 ]; then
  echo "test_call_circles: the scanner finds the circles it was given" \
       "and passes the graphs without one"
fi
exit $status
