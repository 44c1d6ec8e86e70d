# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Shared checks of the command-line test scripts (test_cli*.sh), sourced
# after the script has set BIN to the clslice binary.  Kept in one place so
# that every script judges exit codes, stdout and the one "clslice: " error
# line by the same rules.  Each script ends with the totals:
#   echo "$passed passed, $failed failed"; [[ $failed -eq 0 ]]
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
# The loader's own variables would change which devices exist.
unset OCL_ICD_VENDORS OCL_ICD_FILENAMES CLSLICE_DEVICE

# run ARGS...: runs the tool; sets rc; stdout and stderr land in files.
run() {
    "$BIN" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
    rc=$?
}

# fail WHY ARGS...: counts a failure and shows the last run's results.
fail() {
    failed=$((failed + 1))
    printf 'FAIL (%s): clslice' "$1"
    shift
    printf ' %q' "$@"
    printf '\n  rc=%s\n  stdout: %s\n  stderr: %s\n' "$rc" \
        "$(head -c 300 "$TMP/stdout")" "$(head -c 300 "$TMP/stderr")"
}

# device_targets: asks `clslice devices`; sets have_device (1 or 0) and
# targets, the places a case runs: --host, and the default device when
# there is one (printed as "device: ...").  No OpenCL platform or device
# is a skip with a message, or a failure where CLSLICE_REQUIRE_DEVICE=1
# requires a device; any other failure of `devices` is a test failure.
device_targets() {
    run devices
    have_device=0
    targets=(--host)
    if [[ $rc -eq 0 ]]; then
        have_device=1
        targets+=(default)
        echo "device: $(grep -m 1 '(default)$' "$TMP/stdout" |
            sed 's/^ *device [0-9]*: //; s/ (default)$//')"
    elif [[ $rc -eq 4 ]] && grep -qE 'no OpenCL (platform|device) found' \
        "$TMP/stderr"; then
        if [[ ${CLSLICE_REQUIRE_DEVICE:-} == 1 ]]; then
            fail "no device, and CLSLICE_REQUIRE_DEVICE=1 requires one" devices
        else
            echo "SKIP device checks (set CLSLICE_REQUIRE_DEVICE=1 to fail" \
                "instead): $(cat "$TMP/stderr")"
        fi
    else
        fail "devices: want exit 0, or 4 for no platform/device" devices
    fi
}

# check WHY COMMAND...: a pass when COMMAND succeeds, else a failure named
# WHY, shown with the command in the array `last` (and the last run's
# results) when the script sets one.
check() {
    local why=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    elif [[ -v last ]]; then
        fail "$why" "${last[@]}"
    else
        failed=$((failed + 1))
        echo "FAIL ($why)"
    fi
}

# same_output OUT EXPECTED: OUT equals EXPECTED byte for byte.  A script
# whose outputs are several files redefines it.
same_output() {
    cmp -s "$1" "$2"
}

# writes_ok EXPECTED OUT ARGS...: exit 0, no output, OUT equals EXPECTED.
writes_ok() {
    local expected=$1 out=$2
    shift 2
    run "$@"
    if [[ $rc -ne 0 || -s $TMP/stdout || -s $TMP/stderr ]]; then
        fail "want exit 0 and no output" "$@"
    elif ! same_output "$out" "$expected"; then
        fail "output differs from $expected" "$@"
    else
        passed=$((passed + 1))
    fi
}

# fails CODE TEXT ARGS...: exit CODE, no stdout, one stderr line that starts
# with "clslice: " and contains TEXT.
fails() {
    local code=$1 text=$2
    shift 2
    run "$@"
    if [[ $rc -ne $code ]]; then
        fail "want exit $code" "$@"
    elif [[ -s $TMP/stdout ]]; then
        fail "want empty stdout" "$@"
    elif [[ $(wc -l <"$TMP/stderr") -ne 1 ||
            $(head -c 9 "$TMP/stderr") != "clslice: " ]]; then
        fail "want one stderr line starting 'clslice: '" "$@"
    elif ! grep -qF -- "$text" "$TMP/stderr"; then
        fail "want stderr to mention '$text'" "$@"
    else
        passed=$((passed + 1))
    fi
}

# untouched CODE TEXT ARGS...: as fails, and the run leaves $TMP/w as it
# was: each pre-existing file named in W_KEEP keeps its bytes, no new file
# appears (so a new OUT is not created and no temporary file is left).
# $TMP/w/$W_DIR is a directory.  The defaults suit one-file outputs:
# $TMP/w/keep.npy exists, $TMP/w/new.npy does not, $TMP/w/dir is a folder.
W_KEEP=(keep.npy)
W_DIR=dir
untouched() {
    local f
    rm -rf "$TMP/w" && mkdir -p "$TMP/w/$W_DIR"
    for f in "${W_KEEP[@]}"; do
        printf 'keep %s' "$f" >"$TMP/w/$f"
    done
    local before
    before=$(ls -A "$TMP/w")
    local args=("$@")
    fails "${args[@]}"
    if [[ $(ls -A "$TMP/w") != "$before" ]]; then
        fail "want $TMP/w unchanged, has: $(ls -A "$TMP/w" | tr '\n' ' ')" \
            "${args[@]:2}"
        return
    fi
    for f in "${W_KEEP[@]}"; do
        if [[ $(cat "$TMP/w/$f") != "keep $f" ]]; then
            fail "want $f unchanged" "${args[@]:2}"
            return
        fi
    done
    passed=$((passed + 1))
}

# help_mentions "ARGS" WORD...: exit 0, no stderr, stdout has every WORD.
help_mentions() {
    local words word
    read -r -a words <<<"$1"
    shift
    run "${words[@]}"
    if [[ $rc -ne 0 || -s $TMP/stderr ]]; then
        fail "want exit 0 and no stderr" "${words[@]}"
        return
    fi
    for word in "$@"; do
        if ! grep -qF -- "$word" "$TMP/stdout"; then
            fail "want help to mention '$word'" "${words[@]}"
            return
        fi
    done
    passed=$((passed + 1))
}
