#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The headers' type checks on clslice_plan_release and
# clslice_runtime_release: in C11 passing the object instead of its
# address, clslice_plan_release(plan), must not compile, with every
# warning off (GCC 12 only warned, and the call then crashed); the right
# forms (&plan, an element of an array of plans, NULL) must compile
# without a warning in C11 and C99, and as C++ where a C++ compiler is
# given.  Syntax checks only: about a tenth of a second.
# Usage: test_plan_release_check.sh INCLUDE-DIR CC [CXX]
set -euo pipefail
include=$1 cc=$2 cxx=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_plan_release_check: $*" >&2; exit 1; }

cat > "$tmp/right.c" <<'C'
#include <stddef.h>
#include "clslice.h"
#ifdef WITH_CL
#include "clslice_cl.h"
#endif
void right(clslice_plan *plan, clslice_plan **plans, int n)
{
    clslice_plan_release(&plan);
    for (int i = 0; i < n; i++)
        clslice_plan_release(&plans[i]);
    clslice_plan_release(plans);
    clslice_plan_release(NULL);
    void (*fn)(clslice_plan **) = clslice_plan_release;
    fn(&plan);
#ifdef WITH_CL
    clslice_runtime *runtime = NULL;
    clslice_runtime_release(&runtime);
    clslice_runtime_release(NULL);
#endif
}
C
cat > "$tmp/wrong.c" <<'C'
#include "clslice.h"
void wrong(clslice_plan *plan) { clslice_plan_release(plan); }
C
cat > "$tmp/wrong_cl.c" <<'C'
#include "clslice_cl.h"
void wrong(clslice_runtime *runtime) { clslice_runtime_release(runtime); }
C

# clslice_cl.h includes <CL/cl.h>: its form of the check runs where the
# OpenCL headers are found (CL_INCLUDE, else the system's).
cl=()
if echo '#include <CL/cl.h>' |
     "$cc" -x c -fsyntax-only ${CL_INCLUDE:+-I"$CL_INCLUDE"} - 2>/dev/null; then
  cl=(-DWITH_CL -DCL_TARGET_OPENCL_VERSION=120 ${CL_INCLUDE:+-I"$CL_INCLUDE"})
else
  echo "test_plan_release_check: no <CL/cl.h>: clslice_runtime_release not checked"
fi

for std in c11 c99; do
  "$cc" -std=$std -Wall -Wextra -Werror -fsyntax-only -I"$include" \
        "${cl[@]}" "$tmp/right.c" 2> "$tmp/right.log" ||
    fail "the right calls did not compile as -std=$std: $(cat "$tmp/right.log")"
done
if [ -n "$cxx" ]; then
  cp "$tmp/right.c" "$tmp/right.cpp"
  "$cxx" -Wall -Wextra -Werror -fsyntax-only -I"$include" "${cl[@]}" \
         "$tmp/right.cpp" 2> "$tmp/right.log" ||
    fail "the right calls did not compile as C++: $(cat "$tmp/right.log")"
fi

# $1 the snippet, $2 the call, $3 the type it must be refused for.
refused() {
  if "$cc" -std=c11 -w -fsyntax-only -I"$include" "${cl[@]}" "$1" \
       2> "$tmp/wrong.log"; then
    fail "$2 compiled in C11 (it must not)"
  fi
  # Refused for the argument's type, not for some other fault.
  grep -qF "$3" "$tmp/wrong.log" ||
    fail "$2 failed for another reason: $(cat "$tmp/wrong.log")"
}
refused "$tmp/wrong.c" "clslice_plan_release(plan)" "clslice_plan *"
[ ${#cl[@]} -eq 0 ] ||
  refused "$tmp/wrong_cl.c" "clslice_runtime_release(runtime)" "clslice_runtime *"
echo "test_plan_release_check: ok ($("$cc" --version | head -n 1))"
