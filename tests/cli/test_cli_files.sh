#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# How the tool treats the files it is given, beyond their contents:
# outputs that are symbolic links are written through to the file the
# links end at (the links stay links); FIFOs, devices and '-' (standard
# output) are written in place and never replaced; '-' as an input is
# standard input, whether a pipe or a redirected file; neither '-' may be
# a terminal; and the progress line appears on a terminal for work that
# takes more than a second, never on a file.  Every result is compared
# with what the same command writes to a plain new file.  Runs on the host
# executor only (what is tested is the files, not the slice).  Costs about
# 5 s, 3.5 of them waiting on slow pipes for the progress line.
# Usage: test_cli_files.sh PATH-TO-clslice FIXTURE-DIR
set -u

if [[ $# -ne 2 || ! -x $1 || ! -f $2/in_f4.npy ]]; then
    echo "usage: $0 PATH-TO-clslice FIXTURE-DIR" >&2
    exit 2
fi
# Absolute, because the checks run inside their own folders.
BIN=$(realpath "$1")
DATA=$(realpath "$2")
source "$(dirname "${BASH_SOURCE[0]}")/cli_harness.sh"

IN=$DATA/in_f4.npy
SPEC=(--expr '[1:, ::-2]' --host)
"$BIN" slice "$IN" "$TMP/want.npy" "${SPEC[@]}" || exit 1
"$BIN" split "$IN" "$TMP/want" --sections 2 --host || exit 1


# ok ARGS...: runs the tool, which must exit 0 silently.
ok() {
    last=("$@")
    run "$@"
    [[ $rc -eq 0 && ! -s $TMP/stdout && ! -s $TMP/stderr ]] ||
        fail "want exit 0 and no output" "$@"
}

fresh() {
    rm -rf "$TMP/f" && mkdir "$TMP/f" && cd "$TMP/f" || exit 1
}

# --- symbolic links: written through, still links -------------------------
fresh
printf 'old' >real.npy
ln -s real.npy link.npy
ok slice "$IN" link.npy "${SPEC[@]}"
check "the link stays a link" test -L link.npy
check "its target holds the slice" cmp -s real.npy "$TMP/want.npy"
check "no temporary file is left" test "$(ls -A | wc -l)" -eq 2

# a relative chain through a folder, dangling at its end: the end is made
fresh
mkdir sub
ln -s ../end.npy sub/mid.npy
ln -s sub/mid.npy first.npy
ok slice "$IN" first.npy "${SPEC[@]}"
check "the chain stays links" test -L first.npy -a -L sub/mid.npy
check "the file at its end is made" cmp -s end.npy "$TMP/want.npy"

# a link to a folder, and a loop, are refused and nothing is written
fresh
mkdir folder
ln -s folder dirlink.npy
ln -s loop2.npy loop1.npy
ln -s loop1.npy loop2.npy
fails 3 'dirlink.npy: cannot replace it: Is a directory' slice "$IN" \
    dirlink.npy "${SPEC[@]}"
fails 3 'loop1.npy: cannot follow the link: Too many levels' slice "$IN" \
    loop1.npy "${SPEC[@]}"
check "nothing is written" test "$(ls -A | wc -l)" -eq 4 -a \
    "$(ls -A folder | wc -l)" -eq 0

# split writes through a link among its sections
fresh
printf 'old' >elsewhere.npy
ln -s elsewhere.npy p_1.npy
ok split "$IN" p --sections 2 --host
check "split: the link stays" test -L p_1.npy
check "split: sections through the link" cmp -s elsewhere.npy \
    "$TMP/want_1.npy"
check "split: the plain section" cmp -s p_0.npy "$TMP/want_0.npy"

# --- streams: written in place, never replaced ----------------------------
fresh
mkfifo pipe.npy
cat pipe.npy >got.npy &
reader=$!
ok slice "$IN" pipe.npy "${SPEC[@]}"
if [[ -p pipe.npy ]]; then
    wait "$reader"
    passed=$((passed + 1))
    check "a FIFO is written in place" cmp -s got.npy "$TMP/want.npy"
    # Only once a FIFO is known to be left alone: run as root, a tool
    # that renames over its output would replace the machine's /dev/null.
    ok slice "$IN" /dev/null "${SPEC[@]}"
    check "/dev/null stays a device" test -c /dev/null
else
    kill "$reader" 2>/dev/null
    fail "the FIFO stays a FIFO (/dev/null not tried)" "${last[@]}"
fi

last=(slice "$IN" - "${SPEC[@]}")
"$BIN" slice "$IN" - "${SPEC[@]}" | cat >piped.npy
check "'-' writes to a pipe" cmp -s piped.npy "$TMP/want.npy"
"$BIN" slice "$IN" - "${SPEC[@]}" >redirected.npy
check "'-' writes to a redirected file" cmp -s redirected.npy \
    "$TMP/want.npy"

# --- '-' as an input ------------------------------------------------------
last=(slice - out.npy "${SPEC[@]}")
cat "$IN" | "$BIN" slice - from_pipe.npy "${SPEC[@]}"
check "'-' reads a pipe" cmp -s from_pipe.npy "$TMP/want.npy"
"$BIN" slice - from_file.npy "${SPEC[@]}" <"$IN"
check "'-' reads a redirected file" cmp -s from_file.npy "$TMP/want.npy"
# '-' for both of assign's inputs is refused before reading either
fails 2 "IN and VALUE cannot both be '-'" assign - - both.npy --expr '[0]' \
    --host
# a script that read the first bytes itself: the .npy starts there
printf 'junk!' >offset_in.npy && cat "$IN" >>offset_in.npy
{ read -r -N 5 _; "$BIN" slice - offset2.npy "${SPEC[@]}"; } <offset_in.npy
check "'-' reads a file from its offset" cmp -s offset2.npy "$TMP/want.npy"
head -c 200 "$IN" | "$BIN" slice - short.npy "${SPEC[@]}" 2>err.txt
check "a truncated pipe is refused" grep -q \
    '^clslice: standard input: truncated' err.txt
check "and writes nothing" test ! -e short.npy

# --- terminals ------------------------------------------------------------
# script(1) gives the command a terminal; its output is the terminal's.
if command -v script >/dev/null; then
    # term CMD: runs CMD on a terminal; sets rc and $TMP/term.
    term() {
        script -qec "$1" /dev/null </dev/null >"$TMP/term" 2>&1
        rc=$?
    }
    last=(slice - out.npy "(on a terminal)")
    term "'$BIN' slice - '$TMP/f/t.npy' --expr '[1:]' --host"
    check "'-' input refused on a terminal (exit 2)" test "$rc" -eq 2
    check "  with a reason" grep -q "standard input, which is a terminal" \
        "$TMP/term"
    last=(slice IN - "(on a terminal)")
    term "'$BIN' slice '$IN' - --expr '[1:]' --host"
    check "'-' output refused on a terminal (exit 2)" test "$rc" -eq 2
    check "  with a reason" grep -q "standard output, which is a terminal" \
        "$TMP/term"

    # A pipe that stalls 1.7 s after the header: the read takes that long.
    slow="{ head -c 128 '$IN'; sleep 1.7; tail -c +129 '$IN'; }"
    last=(slice - out.npy "(slow pipe, stderr a terminal)")
    term "$slow | '$BIN' slice - '$TMP/f/slow.npy' ${SPEC[*]@Q}"
    check "slow work on a terminal exits 0" test "$rc" -eq 0
    check "  and shows progress" grep -q \
        "clslice slice: reading standard input: 0 B of " "$TMP/term"
    check "  and its result is right" cmp -s slow.npy "$TMP/want.npy"
    last=(slice - out.npy "(slow pipe, stderr a file)")
    term "$slow | '$BIN' slice - '$TMP/f/slow2.npy' ${SPEC[*]@Q} \
2>'$TMP/f/err2.txt'"
    check "slow work, stderr a file: exit 0" test "$rc" -eq 0
    check "  and no progress line" test ! -s err2.txt
else
    echo "SKIP terminal checks: no script(1)"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
