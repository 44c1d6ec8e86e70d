#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# The first calls of a fresh process (clslice-first-call, bench/first_call.c)
# with and without clslice_runtime_prepare and the binary cache, each start
# in its own process with an empty or a warm PoCL kernel cache
# (POCL_CACHE_DIR; an empty folder per start is PoCL with no cache) and an
# empty or warm clslice cache folder.  Prints one JSON line per start, each
# labelled with the build and the machine's 1-minute load, then the medians
# per setting; REPEAT (default 3) starts per setting.  LAZY_ONLY=1 runs
# only the settings without prepare (the first-call rows), which a
# side-by-side comparison of the cache's filling wants with more starts:
# that process's CPU varies by a few hundred ms from start to start, as
# its build thread and its calls overlap more or less on the 2 cores.
#
# BEFORE=<build folder> of another clslice-first-call (an older commit)
# times both, interleaved start by start, so that a busy machine weighs on
# both alike; the medians then stand side by side.
# bench/results/first_call.txt and first_call_lazy.txt (LAZY_ONLY=1) are
# the committed runs docs/performance.md quotes.
# Usage: [BEFORE=dir] [REPEAT=n] [LAZY_ONLY=1] scripts/bench_first_call.sh
#        [build folder, default build-bench]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
repeat=${REPEAT:-3}
if [[ ! -x $build/bench/clslice-first-call ]]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        -DCLSLICE_BUILD_BENCH=ON >/dev/null
  cmake --build "$build" -j 2 --target clslice_first_call >/dev/null
fi
declare -A tool=([after]=$build/bench/clslice-first-call)
tags=(after)
if [[ -n ${BEFORE:-} ]]; then
  [[ -x $BEFORE/bench/clslice-first-call ]] ||
    { echo "BEFORE=$BEFORE has no bench/clslice-first-call" >&2; exit 2; }
  tool[before]=$BEFORE/bench/clslice-first-call
  tags=(before after)
fi
work=$(mktemp -d "$PWD/$build/first-call.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset CLSLICE_CACHE_DIR
# Its output is a committed run: no device must fail, not be timed.
export CLSLICE_REQUIRE_DEVICE=1
out=$work/runs.txt

# start TAG LABEL POCL(empty|warm) CLSLICE(none|empty|warm) [tool args]
start() {
  local tag=$1 label=$2 pocl=$3 cache=$4
  shift 4
  local pocl_dir=$work/pocl-warm-$tag args=("$@")
  if [[ $pocl == empty ]]; then
    pocl_dir=$work/pocl-empty
    rm -rf "$pocl_dir"
  fi
  mkdir -p "$pocl_dir"
  case $cache in
    empty) rm -rf "$work/cs-empty"; mkdir "$work/cs-empty"
           args+=(--cache "$work/cs-empty") ;;
    warm) args+=(--cache "$work/cs-warm-$tag") ;;
  esac
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  printf '%-6s %-34s pocl=%-5s clslice-cache=%-5s load=%-5s ' "$tag" \
    "$label" "$pocl" "$cache" "$load" | tee -a "$out"
  POCL_CACHE_DIR=$pocl_dir "${tool[$tag]}" "${args[@]}" | tee -a "$out"
}

# Warm both caches of each build once: what its calls build (lazily) and
# what a 32+64 prepare builds.
warmups=("" "--prepare64")
[[ -n ${LAZY_ONLY:-} ]] && warmups=("")
for tag in "${tags[@]}"; do
  mkdir -p "$work/cs-warm-$tag"
  for args in "${warmups[@]}"; do
    # shellcheck disable=SC2086 # args: no option or one
    POCL_CACHE_DIR=$work/pocl-warm-$tag "${tool[$tag]}" $args \
      --cache "$work/cs-warm-$tag" >/dev/null
  done
done
settings=(
  "lazy (no prepare)|empty|none|"
  "lazy, filling the binary cache|empty|empty|"
  "lazy, warm binary cache|empty|warm|"
  "prepare|empty|none|--prepare"
  "prepare, 64-bit too|empty|none|--prepare64"
  "prepare, filling the binary cache|empty|empty|--prepare"
  "prepare, warm binary cache|empty|warm|--prepare"
  "lazy|warm|none|"
  "lazy, warm binary cache|warm|warm|"
  "prepare|warm|none|--prepare"
  "prepare, warm binary cache|warm|warm|--prepare"
)
for ((i = 0; i < repeat; i++)); do
  for s in "${settings[@]}"; do
    IFS='|' read -r label pocl cache args <<<"$s"
    [[ -n ${LAZY_ONLY:-} && -n $args ]] && continue
    for tag in "${tags[@]}"; do
      # shellcheck disable=SC2086 # args: no option or one
      start "$tag" "$label" "$pocl" "$cache" $args
    done
  done
done

echo "== medians of $repeat starts (ms; cpu: this process and its children)"
python3 - "$out" <<'EOF'
import json, re, statistics, sys
rows = {}
order = []
for line in open(sys.argv[1]):
    head, _, body = line.partition("{")
    m = re.match(r"(\S+)\s+(.*?)\s+pocl=(\S+)\s+clslice-cache=(\S+)\s+"
                 r"load=(\S+)", head)
    if not m:
        continue
    tag, label, pocl, cache, load = m.groups()
    key = (label, pocl, cache)
    if key not in order:
        order.append(key)
    run = json.loads("{" + body)
    run["load"] = float(load)
    rows.setdefault(key, {}).setdefault(tag, []).append(run)
# builds and kernel: what a build with the native road of first calls
# reports (the wait for its background builds, then the gather through its
# kernel); "-" for a build without them.
cols = ["prepare_ms", "gather_ms", "scatter_ms", "fill_ms", "csr_ms",
        "builds_ms", "kernel_ms", "release_ms", "total_ms", "cpu_ms", "load"]
print("| setting | PoCL cache | binary cache | build | " +
      " | ".join(c.replace("_ms", "") for c in cols) + " |")
print("|---" * (4 + len(cols)) + "|")
for key in order:
    for tag, runs in sorted(rows[key].items(), reverse=True):
        med = ["%.1f" % statistics.median(r[c] for r in runs)
               if all(c in r for r in runs) else "-" for c in cols]
        print("| %s | %s | %s | %s | " % (key[0], key[1], key[2], tag) +
              " | ".join(med) + " |")
EOF
