#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# `clslice show` prints dtype, shape and values; expectations written by
# hand from the numpy arrays in data/show/ (each check names the numpy call
# that made its file).
set -u
clslice=$1 data=$2 examples=$3 wrap=
passed=0 failed=0

expect() { # NAME EXPECTED_STATUS EXPECTED_STDOUT ARGS...
  local name=$1 want_status=$2 want_out=$3; shift 3
  local out status
  out=$(${wrap:+$wrap} "$clslice" "$@" 2>/tmp/clslice-show-err.$$); status=$?
  if [ "$status" -ne "$want_status" ] || [ "$out" != "$want_out" ]; then
    echo "FAIL $name: status $status (want $want_status)"
    diff <(printf '%s\n' "$want_out") <(printf '%s\n' "$out") | head -20
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}

# np.array([[[1,1,1],[2,2,2]],[[3,3,3],[4,4,4]],[[5,5,5],[6,6,6]]], int32)
expect tf_tensor 0 "$examples/t.npy: dtype <i4, shape (3, 2, 3)
[[[1, 1, 1],
  [2, 2, 2]],
 [[3, 3, 3],
  [4, 4, 4]],
 [[5, 5, 5],
  [6, 6, 6]]]" show "$examples/t.npy"
# np.array(-7, int64): a 0-d array prints its one element
expect zero_d 0 "$data/show_0d.npy: dtype <i8, shape ()
-7" show "$data/show_0d.npy"
# np.zeros((0, 3), float32)
expect empty 0 "$data/show_empty.npy: dtype <f4, shape (0, 3)
[]" show "$data/show_empty.npy"
# np.array([[1.5, -0.25], [inf, nan]], float16)
expect half 0 "$data/show_mixed.npy: dtype <f2, shape (2, 2)
[[1.5, -0.25],
 [inf, nan]]" show "$data/show_mixed.npy"
# np.array([1-2j, 0.5+0j], complex64)
expect complex 0 "$data/show_complex.npy: dtype <c8, shape (2,)
[(1-2j), (0.5+0j)]" show "$data/show_complex.npy"
# np.arange(2000, dtype=int16): more than 1000 elements, summarised
expect summarised 0 "$data/show_big.npy: dtype <i2, shape (2000,)
[0, 1, 2, ..., 1997, 1998, 1999]" show "$data/show_big.npy"
# np.arange(1600, dtype=uint8).reshape(40, 40): values wrap at 256, so
# rows 37..39 start at 1480 % 256 = 200, 1520 % 256 = 240, 1560 % 256 = 24
expect summarised_2d 0 "$data/show_big2d.npy: dtype |u1, shape (40, 40)
[[0, 1, 2, ..., 37, 38, 39],
 [40, 41, 42, ..., 77, 78, 79],
 [80, 81, 82, ..., 117, 118, 119],
 ...,
 [200, 201, 202, ..., 237, 238, 239],
 [240, 241, 242, ..., 21, 22, 23],
 [24, 25, 26, ..., 61, 62, 63]]" show "$data/show_big2d.npy"

# Empty arrays print [] as numpy's print() does, whatever the shape, and at
# once: a header is the whole file (npy_header.sh writes one).
source "$(dirname "${BASH_SOURCE[0]}")/npy_header.sh"
tmp=$(mktemp -d)
# np.zeros((3, 0)), np.zeros((1000000, 0)): numpy prints []
npy_header "$tmp/e30.npy" '<f8' '(3, 0)'
expect empty_trailing 0 "$tmp/e30.npy: dtype <f8, shape (3, 0)
[]" show "$tmp/e30.npy"
npy_header "$tmp/e_million.npy" '<i4' '(1000000, 0)'
expect empty_million 0 "$tmp/e_million.npy: dtype <i4, shape (1000000, 0)
[]" show "$tmp/e_million.npy"
# (2^62, 0) looped for ever; (2, 2^62, 2^62, 0) overflowed int64 strides.
# The timeout only turns a hang into a failure; it measures nothing.
wrap="timeout 300"
npy_header "$tmp/e_huge.npy" '|u1' '(4611686018427387904, 0)'
expect empty_huge 0 "$tmp/e_huge.npy: dtype |u1, shape (4611686018427387904, 0)
[]" show "$tmp/e_huge.npy"
npy_header "$tmp/e_wide.npy" '<f4' '(2, 4611686018427387904, 4611686018427387904, 0)'
expect empty_overflow 0 "$tmp/e_wide.npy: dtype <f4, shape (2, 4611686018427387904, 4611686018427387904, 0)
[]" show "$tmp/e_wide.npy"
wrap=
rm -rf "$tmp"

expect missing_file 3 "" show "$data/no-such-file.npy"
expect corrupt_file 3 "" show "$data/../npy/bad_magic.npy"
expect no_file 2 "" show
expect stray_option 2 "" show "$examples/t.npy" --expr '[0]'
grep -q '^clslice: ' /tmp/clslice-show-err.$$ && passed=$((passed + 1)) ||
  { echo "FAIL: error line lacks 'clslice: '"; failed=$((failed + 1)); }
rm -f /tmp/clslice-show-err.$$

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
