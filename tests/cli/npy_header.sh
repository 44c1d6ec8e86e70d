# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# npy_header FILE DESCR SHAPE: writes a .npy format 1.0 header (padded
# with spaces to 64 bytes, as np.save does); the data, if any, is the
# caller's to append.  Sourced by the CLI test scripts that make .npy
# files numpy could not (or need not) write as fixtures.
npy_header() {
  local dict="{'descr': '$2', 'fortran_order': False, 'shape': $3, }"
  local pad=$(( (64 - (10 + ${#dict} + 1) % 64) % 64 ))
  local len=$(( ${#dict} + pad + 1 ))
  { printf '\x93NUMPY\x01\x00'
    printf "\\x$(printf %02x $((len % 256)))\\x$(printf %02x $((len / 256)))"
    printf '%s%*s\n' "$dict" "$pad" ''
  } >"$1"
}
