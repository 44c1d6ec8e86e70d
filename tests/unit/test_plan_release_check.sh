#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# clslice.h's type check on clslice_plan_release: in C11 passing the plan
# instead of its address, clslice_plan_release(plan), must not compile,
# with every warning off (GCC 12 only warned, and the call then crashed);
# the right forms (&plan, an element of an array of plans, NULL) must
# compile without a warning in C11 and C99, and as C++ where a C++
# compiler is given.  Syntax checks only: about a tenth of a second.
# Usage: test_plan_release_check.sh INCLUDE-DIR CC [CXX]
set -euo pipefail
include=$1 cc=$2 cxx=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_plan_release_check: $*" >&2; exit 1; }

cat > "$tmp/right.c" <<'C'
#include <stddef.h>
#include "clslice.h"
void right(clslice_plan *plan, clslice_plan **plans, int n)
{
    clslice_plan_release(&plan);
    for (int i = 0; i < n; i++)
        clslice_plan_release(&plans[i]);
    clslice_plan_release(plans);
    clslice_plan_release(NULL);
    void (*fn)(clslice_plan **) = clslice_plan_release;
    fn(&plan);
}
C
cat > "$tmp/wrong.c" <<'C'
#include "clslice.h"
void wrong(clslice_plan *plan) { clslice_plan_release(plan); }
C

for std in c11 c99; do
  "$cc" -std=$std -Wall -Wextra -Werror -fsyntax-only -I"$include" \
        "$tmp/right.c" 2> "$tmp/right.log" ||
    fail "the right calls did not compile as -std=$std: $(cat "$tmp/right.log")"
done
if [ -n "$cxx" ]; then
  cp "$tmp/right.c" "$tmp/right.cpp"
  "$cxx" -Wall -Wextra -Werror -fsyntax-only -I"$include" "$tmp/right.cpp" \
         2> "$tmp/right.log" ||
    fail "the right calls did not compile as C++: $(cat "$tmp/right.log")"
fi

if "$cc" -std=c11 -w -fsyntax-only -I"$include" "$tmp/wrong.c" \
     2> "$tmp/wrong.log"; then
  fail "clslice_plan_release(plan) compiled in C11 (it must not)"
fi
# Refused for the plan's type, not for some other fault of the snippet.
grep -q "clslice_plan \*" "$tmp/wrong.log" ||
  fail "clslice_plan_release(plan) failed for another reason: $(cat "$tmp/wrong.log")"
echo "test_plan_release_check: ok ($("$cc" --version | head -n 1))"
