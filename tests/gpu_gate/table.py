# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The tables of docs/performance.md ("What the GPU compilers say") from a
records file, one per target: per kernel family and index width, the
typical (median) and worst figure.

  python3 tests/gpu_gate/table.py tests/gpu_gate/baseline.tsv
"""
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gate  # noqa: E402

# Kernel families by the kernel's name without its carrier suffix; the
# first match wins.
FAMILIES = [
    ("gathers, ranks 1-4", r"cs_gather_r[1-4]"),
    ("gather, rank n", r"cs_gather_rn"),
    ("scatters, ranks 1-4", r"cs_scatter_r[1-4]"),
    ("scatter, rank n", r"cs_scatter_rn"),
    ("fills, ranks 1-4", r"cs_fill_r[1-4]"),
    ("fill, rank n", r"cs_fill_rn"),
    ("batch and concat grids", r"cs_(batch|concat)_grid\d"),
    ("dynamic grids", r"cs_dyn_\w+_grid"),
    ("blocked grid", r"cs_blocked_grid"),
    ("CSR", r"cs_csr_\w+"),
    ("image gathers and scatters",
     r"cs_(image_to_buf|buf_to_image|image_to_image|scatter_image)_\w+"),
    ("cs_normalise", r"cs_normalise"),
    ("CPU family (rows, odometer)", r"cs_(rows|odo)_\w+"),
    ("CPU family (batch, concat, dynamic, blocked rows)", r"cs_\w+_rows\d?"),
]
TARGETS = ("sm_90", "gfx90a", "gfx1100", "dg2", "pvc")
WHAT = {
    "sm_90": "ptxas 12.9 `-arch=sm_90`: registers, stack frame, spill-store "
             "bytes, PTX instructions, parameter bytes",
    "gfx90a": "clang 15 AMDGPU backend, ROCm 5.2 device libraries: VGPRs, "
              "scratch bytes per lane, spilled registers x 4 bytes, ISA "
              "instructions, explicit argument bytes",
    "gfx1100": "clang 15 AMDGPU backend, libclc: VGPRs, scratch bytes per "
               "lane, spilled registers x 4 bytes, ISA instructions, "
               "explicit argument bytes",
    "dg2": "ocloc 22.43 (IGC 1.0.12504): GRFs per thread, private and "
           "spill bytes per lane, vISA instructions",
    "pvc": "ocloc 22.43 (IGC 1.0.12504): GRFs per thread, private and "
           "spill bytes per lane, vISA instructions",
}


def family(kernel):
    stem = re.sub(r"_c\d+$", "", kernel)
    for name, pattern in FAMILIES:
        if re.fullmatch(pattern, stem):
            return name
    return "other"


def spread(values):
    """'typical (worst)' of non-negative figures; '-' when none reported."""
    values = [v for v in values if v >= 0]
    if not values:
        return "-"
    typical, worst = int(statistics.median_low(values)), max(values)
    return str(worst) if typical == worst else "%d (%d)" % (typical, worst)


def table(records, target):
    rows = ["| family | kernels | registers, 32-bit | 64-bit | private B, "
            "worst, 32 / 64 | spill B | instructions, 32-bit | 64-bit | "
            "argument B, worst, 32 / 64 |",
            "|---|---|---|---|---|---|---|---|---|"]
    groups = {}
    for r in records:
        if r.target == target:
            groups.setdefault(family(r.kernel), {}).setdefault(
                r.width, []).append(r)
    order = [f for f, _ in FAMILIES] + ["other"]
    for name in [f for f in order if f in groups]:
        g = groups[name]
        def each(field):
            return [spread([getattr(r, field) for r in g.get(w, [])])
                    for w in (32, 64)]

        def worst(field):
            cells = [spread([max(getattr(r, field) for r in g.get(w, []))])
                     for w in (32, 64)]
            return cells[0] if cells[0] == cells[1] else " / ".join(cells)
        rows.append("| %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
            (name, len(g.get(32, []))) + tuple(each("registers")) +
            (worst("private_bytes"), worst("spill_bytes")) +
            tuple(each("instructions")) + (worst("arg_bytes"),)))
    return "\n".join(rows)


def main(argv):
    records = gate.read_records(argv[0])
    for target in TARGETS:
        print("**%s** (%s)\n" % (target, WHAT[target]))
        print(table(records, target))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
