# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The verdicts of the offline GPU compiler gate (scripts/gpu_gate.sh).

Two checks over the records of records.py, kept apart because they
answer different questions:

  baseline  Did any kernel get worse than tests/gpu_gate/baseline.tsv?
            Fails when a compiler refused a program, when a kernel
            variants.def names is missing from a compiler's output (or one
            it does not name appears), when a kernel has no baseline row or
            a baseline row has no kernel, and when a kernel needs more
            registers, private or spill bytes or argument bytes than its
            row, or more instructions than its row plus the tolerance
            (INSTRUCTION_TOLERANCE).  Kernels that got better pass, with a
            note that the baseline can be lowered.
  targets   Does every kernel meet issue 25's absolute targets?  No private
            memory (AMD scratch, NVIDIA stack) in the kernels the GPU
            family launches (gpu_family.txt), no spill anywhere, arguments
            within 256 bytes, and the GPU family's 32-bit kernels within
            32 registers on sm_90.

  gate.py collect RESULTS RECORDS          the job results -> one file
  gate.py baseline RECORDS BASELINE KERNELS RESULTS
  gate.py targets RECORDS FAMILY
  gate.py update RECORDS BASELINE KERNELS RESULTS
Each prints its findings and exits 1 when the check fails.
"""
import fnmatch
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import records as rec  # noqa: E402

# The targets of the baseline; SPIR-V is checked for validity and
# completeness only (it has no figures).
BASELINE_TARGETS = ("sm_90", "gfx90a", "gfx1100", "dg2", "pvc")
ALL_TARGETS = BASELINE_TARGETS + ("spirv",)
WIDTHS = (32, 64)
# Refusals the gate accepts, each with its reason (read_not_compiled).
NOT_COMPILED = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "not_compiled.tsv")
# Instructions may grow this much (a fraction of the baseline, rounded
# up) before a kernel counts as worse: a small change elsewhere in a
# program can move a few instructions.  Every other figure must not grow.
INSTRUCTION_TOLERANCE = 0.02

# The absolute targets (issue 25).
ZERO_PRIVATE_TARGETS = ("sm_90", "gfx90a", "gfx1100")
MAX_ARG_BYTES = 256
MAX_REGISTERS = {"target": "sm_90", "width": 32, "registers": 32}


def key(r):
    return (r.target, r.width, r.program, r.kernel)


def label(k):
    return "%s %d-bit %s %s" % k


# ---- files ------------------------------------------------------------------

def read_records(path):
    """Records of a file in baseline.tsv's format (header line first)."""
    out = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        if tuple(header) != rec.COLUMNS:
            raise ValueError("%s: header is not %s" % (path, "\t".join(rec.COLUMNS)))
        for n, line in enumerate(f, 2):
            cells = line.rstrip("\n").split("\t")
            if cells == [""]:
                continue
            if len(cells) != len(rec.COLUMNS):
                raise ValueError("%s:%d: %d cells, want %d"
                                 % (path, n, len(cells), len(rec.COLUMNS)))
            out.append(rec.make(*cells[:4], **dict(zip(rec.FIELDS, cells[4:]))))
    return out


def write_records(path, records):
    with open(path + ".tmp", "w") as f:
        f.write("\t".join(rec.COLUMNS) + "\n")
        for r in sorted(records, key=lambda r: (r.target, r.width, r.program,
                                                r.kernel)):
            f.write(rec.format_record(r) + "\n")
    os.replace(path + ".tmp", path)


def read_kernels(path):
    """{program: set of kernels} from the dump's kernels.tsv."""
    out = {}
    with open(path) as f:
        for line in f:
            program, kernel = line.rstrip("\n").split("\t")
            out.setdefault(program, set()).add(kernel)
    return out


def read_refusals(results):
    """{(target, width, program): the compiler's message} of a results
    folder: each refused job leaves TARGET.WIDTH.PROGRAM.refused."""
    out = {}
    for path in sorted(glob.glob(os.path.join(results, "*.refused"))):
        target, width, program = os.path.basename(path).split(".")[:3]
        with open(path, errors="replace") as f:
            out[(target, int(width), program)] = f.read().strip()
    return out


def read_not_compiled(path):
    """{(target, program): (text, why)} of not_compiled.tsv: refusals the
    gate accepts when the compiler's message holds the text."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            target, program, text, why = line.rstrip("\n").split("\t")
            out[(target, program)] = (text, why)
    return out


def excuse_refusals(refused, not_compiled, targets=ALL_TARGETS,
                    widths=WIDTHS):
    """(refusals left, failures, notes): the refusals not_compiled.tsv
    lists with their text become notes; a listed program that compiled is
    a failure (a stale line)."""
    left, failures, notes = {}, [], []
    for (t, w, p), message in sorted(refused.items()):
        listed = not_compiled.get((t, p))
        if listed and listed[0] in message:
            notes.append("%s %d-bit %s: not compiled, as listed: %s"
                         % (t, w, p, listed[1]))
        else:
            left[(t, w, p)] = message
    for (t, p) in sorted(not_compiled):
        if t not in targets:
            continue
        for w in widths:
            if (t, w, p) not in refused:
                failures.append("%s %d-bit %s: compiled, but not_compiled.tsv "
                                "says it cannot (remove the line)" % (t, w, p))
    return left, failures, notes


def read_family(path):
    """The kernel name patterns of the GPU family (gpu_family.txt)."""
    with open(path) as f:
        return [l.split("#")[0].strip() for l in f if l.split("#")[0].strip()]


def in_family(kernel, patterns):
    return any(fnmatch.fnmatchcase(kernel, p) for p in patterns)


# ---- the baseline check -----------------------------------------------------

def completeness(current, expected, refused, targets=ALL_TARGETS,
                 widths=WIDTHS, skip=()):
    """Failures: kernels a compiler should have built and did not, or built
    though variants.def does not name them.  A refused program is reported
    once, as a refusal, not kernel by kernel; the (target, width, program)
    jobs in `skip` (refusals not_compiled.tsv excuses) not at all."""
    failures = []
    have = {}
    for r in current:
        have.setdefault((r.target, r.width, r.program), set()).add(r.kernel)
    for (t, w, p), message in sorted(refused.items()):
        failures.append("%s %d-bit %s: the compiler refused the program: %s"
                        % (t, w, p, message.split("\n")[0][:300]))
    for t in targets:
        for w in widths:
            for p in sorted(expected):
                if (t, w, p) in refused or (t, w, p) in skip:
                    continue
                got = have.get((t, w, p), set())
                for k in sorted(expected[p] - got):
                    failures.append("%s: missing from the compiler's output"
                                    % label((t, w, p, k)))
                for k in sorted(got - expected[p]):
                    failures.append("%s: built, but select/variants.def does "
                                    "not name it" % label((t, w, p, k)))
    for (t, w, p) in sorted(have):
        if p not in expected:
            failures.append("%s %d-bit %s: a program the library does not build"
                            % (t, w, p))
    return failures


def allowed_instructions(base):
    return base + int(-(-base * INSTRUCTION_TOLERANCE // 1))


def compare(baseline, current, refused):
    """(failures, notes) of the current records against the baseline."""
    failures, notes = [], []
    base = {key(r): r for r in baseline if r.target in BASELINE_TARGETS}
    cur = {key(r): r for r in current if r.target in BASELINE_TARGETS}
    for k in sorted(set(base) - set(cur)):
        if k[:3] not in refused:
            failures.append("%s: in the baseline, but no compiler output has it"
                            % label(k))
    for k in sorted(set(cur) - set(base)):
        failures.append("%s: no baseline row (a new kernel: run "
                        "scripts/gpu_gate.sh --update)" % label(k))
    for k in sorted(set(cur) & set(base)):
        b, c = base[k], cur[k]
        worse, better = [], []
        for field in rec.FIELDS:
            was, now = getattr(b, field), getattr(c, field)
            if was == now:
                continue
            if (was < 0) != (now < 0):
                worse.append("%s %s -> %s (reported, then not, or the other "
                             "way)" % (field, was, now))
                continue
            limit = allowed_instructions(was) if field == "instructions" else was
            if now > limit:
                worse.append("%s %d -> %d" % (field, was, now))
            elif now < was:
                better.append("%s %d -> %d" % (field, was, now))
        if worse:
            failures.append("%s: worse than the baseline: %s"
                            % (label(k), ", ".join(worse)))
        if better:
            notes.append("%s: better than the baseline: %s"
                         % (label(k), ", ".join(better)))
    return failures, notes


# ---- the absolute targets -----------------------------------------------------

# The rules, by name: (applies(record, in GPU family), figure, limit).
RULES = {
    "private memory, GPU family": (
        lambda r, gpu: gpu and r.target in ZERO_PRIVATE_TARGETS,
        "private_bytes", 0),
    "spill": (lambda r, gpu: True, "spill_bytes", 0),
    "argument bytes": (lambda r, gpu: True, "arg_bytes", MAX_ARG_BYTES),
    "registers, GPU family, 32-bit, sm_90": (
        lambda r, gpu: (gpu and r.target == MAX_REGISTERS["target"] and
                        r.width == MAX_REGISTERS["width"]),
        "registers", MAX_REGISTERS["registers"]),
}


def check_targets(current, family):
    """Findings of issue 25's targets: (rule, record), one per kernel and
    rule it breaks."""
    findings = []
    for r in sorted(current, key=key):
        gpu = in_family(r.kernel, family)
        for rule, (applies, field, limit) in RULES.items():
            if applies(r, gpu) and getattr(r, field) > limit:
                findings.append((rule, r))
    return findings


def describe_targets(findings):
    """The findings as lines, then a summary per rule and target: how many
    kernels, and the worst figure with its kernel."""
    lines = []
    for rule, r in findings:
        _, field, limit = RULES[rule]
        lines.append("%s: %s %d (%s: at most %d)" % (
            label(key(r)), field, getattr(r, field), rule, limit))
    worst = {}
    for rule, r in findings:
        field = RULES[rule][1]
        n, top = worst.get((rule, r.target), (0, None))
        if top is None or getattr(r, field) > getattr(top, field):
            top = r
        worst[(rule, r.target)] = (n + 1, top)
    summary = []
    for (rule, target), (n, top) in sorted(worst.items()):
        field = RULES[rule][1]
        summary.append("%-38s %-8s %4d kernels, worst %s %d (%d-bit %s)" % (
            rule, target, n, field, getattr(top, field), top.width, top.kernel))
    return lines, summary


# ---- the commands -------------------------------------------------------------

def collect(results):
    out = []
    for path in sorted(glob.glob(os.path.join(results, "*.tsv"))):
        with open(path) as f:
            for line in f:
                cells = line.rstrip("\n").split("\t")
                if cells != [""]:
                    out.append(rec.make(*cells[:4],
                                        **dict(zip(rec.FIELDS, cells[4:]))))
    return out


def report(title, failures, notes=()):
    for n in notes:
        print("  note: " + n)
    for f in failures:
        print("  FAIL: " + f)
    print("%s: %s" % (title, "FAILED, %d findings" % len(failures)
                      if failures else "passed"))
    return 1 if failures else 0


def main(argv):
    command, args = argv[0], argv[1:]
    if command == "collect":
        write_records(args[1], collect(args[0]))
        return 0
    if command in ("baseline", "update"):
        records_path, baseline_path, kernels_path, results = args
        current = read_records(records_path)
        all_refused = read_refusals(results)
        expected = read_kernels(kernels_path)
        listed = {k: v for k, v in read_not_compiled(NOT_COMPILED).items()
                  if k[1] in expected}  # programs this library builds
        refused, stale, excused = excuse_refusals(all_refused, listed)
        skip = set(all_refused) - set(refused)
        failures = stale + completeness(current, expected, refused, skip=skip)
        if command == "update":
            if failures:
                return report("baseline not updated", failures, excused)
            write_records(baseline_path, [r for r in current
                                          if r.target in BASELINE_TARGETS])
            print("baseline written: %s" % baseline_path)
            return 0
        if not os.path.exists(baseline_path):
            return report("baseline check", failures + [
                "no baseline at %s: run scripts/gpu_gate.sh --update"
                % baseline_path])
        more, notes = compare(read_records(baseline_path), current,
                              all_refused)
        return report("baseline check", failures + more, excused + notes)
    if command == "targets":
        records_path, family_path = args
        lines, summary = describe_targets(
            check_targets(read_records(records_path), read_family(family_path)))
        status = report("targets check (issue 25)", lines)
        for line in summary:
            print("  " + line)
        return status
    sys.exit("gate.py: unknown command %r" % command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
