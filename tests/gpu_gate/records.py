# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The figures of each kernel, read from what the vendors' compilers print.

One record per (target, index width, program, kernel): registers, private
bytes per work-item, spill bytes per work-item, instructions and kernel
argument bytes; -1 where a compiler does not report a figure.  What each
figure is, target by target (docs/performance.md, "What the GPU compilers
say"):

  sm_90    ptxas -v: "Used N registers"; the stack frame; spill-store
           bytes; PTX instructions of the entry (the nvcc wheel carries no
           SASS disassembler); argument bytes from the entry's .param list.
  gfx*     clang's kernel-resource-usage remarks: VGPRs, ScratchSize per
           lane, 4 bytes per spilled VGPR or SGPR; ISA instructions in the
           .s; explicit argument bytes from the code object's metadata
           (hidden arguments left out).
  dg2/pvc  IGC's vISA assembly (.asm), the compile IGC keeps (its retry where it
           made one): GRFs per thread (numGRF), private memory and GRF
           spill size per lane (IGC reports them per SIMD thread), vISA
           instructions (instCount); arguments not reported (-1).

Used as a module by gate.py and its tests, and as a command by
scripts/gpu_gate.sh:
  records.py ptxas LOG PTX TARGET WIDTH PROGRAM
  records.py amdgpu REMARKS ASM TARGET WIDTH PROGRAM
  records.py igc DUMPDIR TARGET WIDTH PROGRAM
  records.py spirv DISASSEMBLY TARGET WIDTH PROGRAM
each printing the rows of baseline.tsv's format.
"""
import glob
import os
import re
import sys
from collections import namedtuple

FIELDS = ("registers", "private_bytes", "spill_bytes", "instructions",
          "arg_bytes")
COLUMNS = ("target", "width", "program", "kernel") + FIELDS
Record = namedtuple("Record", COLUMNS)


def make(target, width, program, kernel, **figures):
    """A record; figures not given are -1 (not reported)."""
    values = [int(figures.pop(f, -1)) for f in FIELDS]
    if figures:
        raise ValueError("unknown figures: %s" % ", ".join(figures))
    return Record(target, int(width), program, kernel, *values)


# ---- NVIDIA: PTX and ptxas -v ----------------------------------------------

def _ptx_param_bytes(params):
    """Bytes of an .entry's parameter list, laid out as ptxas packs it."""
    total = 0
    for line in params.split("\n"):
        line = line.strip().rstrip(",")
        if not line.startswith(".param"):
            continue
        array = re.search(r"\[(\d+)\]$", line)
        align = re.search(r"\.align (\d+)", line)
        if array:
            size = int(array.group(1))
            step = int(align.group(1)) if align else 1
        else:
            size = int(re.search(r"\.[bsuf](\d+)", line).group(1)) // 8
            step = size
        total = (total + step - 1) // step * step + size
    return total


def _ptx_entries(ptx):
    """{entry: (argument bytes, instructions)} of a PTX module."""
    entries = {}
    for m in re.finditer(r"^\.entry (\S+)\(\n(.*?)\n\)\n\{\n(.*?)\n\}$",
                         ptx, re.S | re.M):
        body = [l.strip() for l in m.group(3).split("\n")]
        count = sum(1 for l in body
                    if l and l[0] not in ".${}/" and not l.endswith(":"))
        entries[m.group(1)] = (_ptx_param_bytes(m.group(2)), count)
    return entries


def parse_ptxas(log, ptx, target, width, program):
    entries = _ptx_entries(ptx)
    figures, current = {}, None
    for line in log.split("\n"):
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            current = m.group(1) if m.group(1) in entries else None
            if current:
                figures[current] = {}
            continue
        if not current:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line)
        if m:
            figures[current]["private_bytes"] = m.group(1)
            figures[current]["spill_bytes"] = m.group(2)
        m = re.search(r"Used (\d+) registers", line)
        if m:
            figures[current]["registers"] = m.group(1)
    records = []
    for kernel, (arg_bytes, count) in sorted(entries.items()):
        f = figures.get(kernel)
        if not f or len(f) != 3:
            raise ValueError("ptxas -v printed no figures for %s" % kernel)
        records.append(make(target, width, program, kernel,
                            instructions=count, arg_bytes=arg_bytes, **f))
    return records


# ---- AMD: kernel-resource-usage remarks and the .s ------------------------

def _amdgpu_metadata(asm):
    """{kernel: explicit argument bytes} from the amdhsa.kernels metadata."""
    start = asm.find("\namdhsa.kernels:")
    if start < 0:
        return {}
    result = {}
    for item in re.split(r"\n  - ", asm[start:])[1:]:
        name = re.search(r"(?:^    |\A)\.name:\s+(\S+)", item, re.M)
        if not name:
            continue
        block = re.search(r"(?:^    |\A)\.args:\n(.*?)(?=^    \.|\Z)", item,
                          re.M | re.S)
        end = 0
        for arg in re.split(r"^      - ", block.group(1) if block else "",
                            flags=re.M)[1:]:
            kind = re.search(r"\.value_kind:\s+(\S+)", arg)
            if kind and kind.group(1).startswith("hidden_"):
                continue
            offset = int(re.search(r"\.offset:\s+(\d+)", arg).group(1))
            size = int(re.search(r"\.size:\s+(\d+)", arg).group(1))
            end = max(end, offset + size)
        result[name.group(1)] = end
    return result


def _amdgpu_instructions(asm, kernels):
    """{kernel: ISA instructions}: the lines from its label to the end of
    its function (.Lfunc_end, or the next directive that leaves it).  Not
    to the first s_endpgm: the backend may place a kernel's early return
    in the middle and the rest of its code after it."""
    counts, current = {}, None
    for line in asm.split("\n"):
        m = re.match(r"^([A-Za-z_][A-Za-z_0-9]*):", line)
        if m and m.group(1) in kernels:
            current = m.group(1)
            counts[current] = 0
            continue
        if line.startswith(".Lfunc_end") or re.match(
                r"^\t\.(section|size|text)\b", line):
            current = None
        elif current and re.match(r"^\t[a-z][a-z0-9_]*(\s|$)", line):
            counts[current] += 1
    return counts


def parse_amdgpu(remarks, asm, target, width, program):
    usage, current = {}, None
    for line in remarks.split("\n"):
        m = re.search(r"remark: Function Name: (\S+)", line)
        if m:
            current = m.group(1)
            usage[current] = {}
            continue
        m = re.search(r"remark:\s+([A-Za-z ]+?)(?: \[[^\]]*\])?: (\d+) \[-Rpass",
                      line)
        if m and current:
            usage[current][m.group(1).strip()] = int(m.group(2))
    args = _amdgpu_metadata(asm)
    counts = _amdgpu_instructions(asm, set(args))
    records = []
    for kernel in sorted(args):
        u = usage.get(kernel)
        if not u or "VGPRs" not in u or "ScratchSize" not in u:
            raise ValueError("no kernel-resource-usage remarks for %s" % kernel)
        spills = (u.get("VGPRs Spill", 0) + u.get("SGPRs Spill", 0)) * 4
        records.append(make(target, width, program, kernel,
                            registers=u["VGPRs"],
                            private_bytes=u["ScratchSize"],
                            spill_bytes=spills,
                            instructions=counts.get(kernel, -1),
                            arg_bytes=args[kernel]))
    return records


# ---- Intel: IGC's vISA assembly -------------------------------------------

def _per_lane(total, simd):
    return -(-total // simd)  # rounded up: a spill never reads as 0


def parse_igc(dumps, target, width, program):
    chosen = {}
    for path in sorted(glob.glob(os.path.join(dumps, "*_simd*_entry_*.asm"))):
        name = os.path.basename(path)
        simd = int(re.search(r"_simd(\d+)_entry_", name).group(1))
        retry = re.search(r"_\d+_simd\d+_entry_", name) is not None
        with open(path, errors="replace") as f:
            text = f.read()
        kernel = re.search(r"^//\.kernel (\S+)", text, re.M).group(1)
        if kernel in chosen and chosen[kernel][0] and not retry:
            continue  # IGC keeps its retry
        grf = re.search(r"numGRF=(\d+)", text)
        count = re.search(r"^//\.instCount (\d+)", text, re.M)
        if not grf or not count:
            raise ValueError("%s: no numGRF or instCount" % name)
        private = re.search(r"^//\.private memory size (\d+)", text, re.M)
        spill = re.search(r"^//\.spill size (\d+)", text, re.M)
        chosen[kernel] = (retry, make(
            target, width, program, kernel,
            registers=grf.group(1),
            private_bytes=_per_lane(int(private.group(1)), simd) if private else 0,
            spill_bytes=_per_lane(int(spill.group(1)), simd) if spill else 0,
            instructions=count.group(1)))
    return [chosen[k][1] for k in sorted(chosen)]


# ---- SPIR-V: the entry points of the validated module ----------------------

def parse_spirv(disassembly, target, width, program):
    """A record per kernel entry point; SPIR-V has no figures of its own."""
    names = re.findall(r'OpEntryPoint Kernel %\S+ "([^"]+)"', disassembly)
    return [make(target, width, program, n) for n in sorted(set(names))]


# ---- the command -----------------------------------------------------------

def format_record(r):
    return "\t".join(str(v) for v in r)


def main(argv):
    kind, files, rest = argv[0], argv[1:-3], argv[-3:]
    if kind == "igc":
        records = parse_igc(files[0], *rest)
        files = []
    read = []
    for path in files:
        with open(path, errors="replace") as f:
            read.append(f.read())
    if kind == "ptxas":
        records = parse_ptxas(read[0], read[1], *rest)
    elif kind == "amdgpu":
        records = parse_amdgpu(read[0], read[1], *rest)
    elif kind == "spirv":
        records = parse_spirv(read[0], *rest)
    elif kind != "igc":
        sys.exit("records.py: unknown kind %r" % kind)
    for r in records:
        print(format_record(r))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
