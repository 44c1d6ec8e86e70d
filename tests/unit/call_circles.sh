#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The call graph of a program's object files, one node per object (one
# source file), and its circles: object A points at object B when A uses
# a global symbol (function or data) that B defines.  A circle means none
# of its files can be read, changed or tested without the others, so the
# suite wants none (test_lib_calls); test_call_circles checks this scanner
# on graphs made up for it.
#   call_circles.sh NM OBJECT...   each OBJECT may also be a ;-list (what
#                                  CMake's $<TARGET_OBJECTS:...> gives)
#   call_circles.sh --nm-output FILE   reads `nm -A -P` lines from FILE
# Prints every circle with one symbol per arrow inside it, then the
# graph's size.  Exits 1 when there is a circle; 2 on a usage or nm error
# or when two objects define one symbol (objects of two programs mixed:
# the arrows would be guesses).
set -u

usage() {
  echo "usage: call_circles.sh NM OBJECT... | --nm-output FILE" >&2
  exit 2
}
[ $# -ge 2 ] || usage

listing=$(mktemp) || exit 2
trap 'rm -f "$listing"' EXIT
if [ "$1" = "--nm-output" ]; then
  cat -- "$2" >"$listing" || exit 2
else
  nm=$1
  shift
  objects=()
  for arg in "$@"; do
    IFS=';' read -r -a parts <<<"$arg"
    objects+=("${parts[@]}")
  done
  [ ${#objects[@]} -gt 0 ] || usage
  "$nm" -A -P "${objects[@]}" >"$listing" || {
    echo "call_circles: $nm failed" >&2
    exit 2
  }
fi

# Lines are "OBJECT: NAME TYPE [VALUE SIZE]".  A node is an object named
# by its target and source path when CMake built it
# (".../clslice_opencl.dir/ops/gather.c.o" is "clslice_opencl/ops/gather.c"),
# else by its file name ("x/a.o" is "a").
awk '
function node(path) {
  sub(/:$/, "", path)
  sub(/\.o(bj)?$/, "", path)
  if (match(path, /[^\/]+\.dir\//)) {
    path = substr(path, RSTART)
    sub(/\.dir\//, "/", path)
    return path
  }
  sub(/^.*\//, "", path)
  return path
}
{
  file = node($1); name = $2; type = $3
  files[file] = 1
  # U, w, v: used here, defined elsewhere.  Upper case: defined here,
  # global (V, W weak: a strong definition elsewhere wins).  Other lower
  # case: local to the object, no arrow.
  if (type ~ /^[Uwv]$/) {
    uses[file, name] = 1
  } else if (type ~ /^[ABCDGRSTi]$/) {
    if ((name in strong) && defined[name] != file) {
      printf "call_circles: %s is defined by %s and by %s: give the " \
             "objects of one program\n", name, defined[name], file
      twice = 1
    }
    defined[name] = file
    strong[name] = 1
  } else if (type ~ /^[VW]$/ && !(name in defined)) {
    defined[name] = file
  }
}
END {
  if (twice) exit 2
  # The arrows, one symbol kept per arrow for the report.
  for (key in uses) {
    split(key, pair, SUBSEP)
    from = pair[1]; sym = pair[2]
    if (!(sym in defined)) continue
    to = defined[sym]
    if (to == from) continue
    if (!((from, to) in arrow)) {
      arrow[from, to] = sym
      out[from] = out[from] " " to
      arrows++
    }
  }
  # What each node reaches, by depth-first search; two nodes that reach
  # each other lie on one circle.
  for (f in files) {
    nfiles++
    split("", seen)
    top = 0; stack[++top] = f
    while (top > 0) {
      n = stack[top--]
      k = split(out[n], next_nodes, " ")
      for (i = 1; i <= k; i++) {
        m = next_nodes[i]
        if (!(m in seen)) { seen[m] = 1; stack[++top] = m }
      }
    }
    for (m in seen) reach[f, m] = 1
  }
  circles = 0
  for (f in files) {
    if ((f in placed) || !((f, f) in reach)) continue
    members = ""
    for (g in files)
      if (((f, g) in reach) && ((g, f) in reach)) {
        placed[g] = 1
        members = members " " g
      }
    circles++
    printf "call_circles: a circle through%s\n", members
    k = split(members, list, " ")
    for (i = 1; i <= k; i++)
      for (j = 1; j <= k; j++)
        if ((list[i], list[j]) in arrow)
          printf "  %s -> %s (%s)\n", list[i], list[j], arrow[list[i], list[j]]
  }
  printf "call_circles: %d objects, %d arrows, %d circle(s)\n", nfiles,
         arrows, circles
  exit circles > 0 ? 1 : 0
}' "$listing"
