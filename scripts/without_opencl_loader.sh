#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Runs a command where no OpenCL ICD loader can be found, as on a machine
# that never installed one: in a private mount namespace, every folder
# where the dynamic linker's cache lists a libOpenCL gets an overlay that
# hides each libOpenCL* file there (an overlayfs whiteout), so dlopen
# answers "No such file or directory".  The rest of the system is as it is,
# and nothing changes outside the command.  Needs root (or CAP_SYS_ADMIN).
# Usage: without_opencl_loader.sh COMMAND [ARG...]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 COMMAND [ARG...]" >&2; exit 2; }

dirs=$(ldconfig -p | awk '/libOpenCL/ {print $NF}' | xargs -r -n1 dirname |
       xargs -r -n1 readlink -f | sort -u)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The namespace's own script: mount the overlays, then run the command.
# shellcheck disable=SC2016
exec_hidden='
set -euo pipefail
scratch=$1; dirs=$2; shift 2
i=0
for d in $dirs; do
  i=$((i + 1))
  mkdir -p "$scratch/$i/upper" "$scratch/$i/work"
  for f in "$d"/libOpenCL*; do
    [ -e "$f" ] || [ -L "$f" ] || continue
    mknod "$scratch/$i/upper/$(basename "$f")" c 0 0
  done
  mount -t overlay overlay \
        -o "lowerdir=$d,upperdir=$scratch/$i/upper,workdir=$scratch/$i/work" "$d"
done
"$@"
'
unshare --mount --propagation private bash -c "$exec_hidden" bash \
        "$scratch" "$dirs" "$@"
