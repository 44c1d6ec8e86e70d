#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The first calls of a fresh process (clslice-first-call, bench/first_call.c)
# with and without clslice_runtime_prepare and the binary cache, each start
# in its own process with an empty or a warm PoCL kernel cache
# (POCL_CACHE_DIR) and an empty or warm clslice cache folder.  Prints one
# JSON line per start, each labelled; REPEAT (default 3) starts per setting.
# bench/results/first_call.txt is the committed run docs/design.md quotes.
# Usage: scripts/bench_first_call.sh [build folder, default build-bench]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
repeat=${REPEAT:-3}
if [[ ! -x $build/bench/clslice-first-call ]]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        -DCLSLICE_BUILD_BENCH=ON >/dev/null
  cmake --build "$build" -j 2 --target clslice_first_call >/dev/null
fi
tool=$build/bench/clslice-first-call
work=$(mktemp -d "$PWD/$build/first-call.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset CLSLICE_CACHE_DIR
# Its output is a committed run: no device must fail, not be timed.
export CLSLICE_REQUIRE_DEVICE=1

# start LABEL POCL(empty|warm) CLSLICE(none|empty|warm) [tool args]
start() {
  local label=$1 pocl=$2 cache=$3
  shift 3
  local pocl_dir=$work/pocl-warm args=("$@")
  if [[ $pocl == empty ]]; then
    pocl_dir=$work/pocl-empty
    rm -rf "$pocl_dir"
  fi
  mkdir -p "$pocl_dir"
  case $cache in
    empty) rm -rf "$work/cs-empty"; mkdir "$work/cs-empty"
           args+=(--cache "$work/cs-empty") ;;
    warm) args+=(--cache "$work/cs-warm") ;;
  esac
  printf '%-34s pocl=%-5s clslice-cache=%-5s ' "$label" "$pocl" "$cache"
  POCL_CACHE_DIR=$pocl_dir "$tool" "${args[@]}"
}

# Warm both caches once: PoCL's from a 32+64 prepare, clslice's likewise.
mkdir -p "$work/cs-warm"
POCL_CACHE_DIR=$work/pocl-warm "$tool" --prepare64 --cache "$work/cs-warm" \
  >/dev/null
for ((i = 0; i < repeat; i++)); do
  start "lazy (no prepare)" empty none
  start "prepare" empty none --prepare
  start "prepare, 64-bit too" empty none --prepare64
  start "prepare, filling the binary cache" empty empty --prepare
  start "lazy, warm binary cache" empty warm
  start "prepare, warm binary cache" empty warm --prepare
  start "lazy" warm none
  start "prepare" warm none --prepare
  start "prepare, warm binary cache" warm warm --prepare
done
