# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""The gate's verdicts on synthetic records, so that it provably fails:
a worse kernel, a missing or new kernel, a refused compile and each of
issue 25's targets, table by table; and the readers of each compiler's
output on small samples in the compilers' formats.  Needs no compiler
(ctest test_gpu_gate_logic, label unit)."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gate  # noqa: E402
import records as rec  # noqa: E402

FAMILY = ["cs_gather_r*", "cs_csr_*"]


def r(kernel="cs_gather_r1_c4", target="sm_90", width=32, program="grid_gather",
      registers=20, private_bytes=0, spill_bytes=0, instructions=100,
      arg_bytes=64):
    return rec.make(target, width, program, kernel, registers=registers,
                    private_bytes=private_bytes, spill_bytes=spill_bytes,
                    instructions=instructions, arg_bytes=arg_bytes)


class Compare(unittest.TestCase):
    # (name, baseline, current, refused, failures expected, notes expected)
    CASES = [
        ("the same", [r()], [r()], {}, 0, 0),
        ("more registers", [r()], [r(registers=21)], {}, 1, 0),
        ("more private bytes", [r()], [r(private_bytes=8)], {}, 1, 0),
        ("a spill", [r()], [r(spill_bytes=4)], {}, 1, 0),
        ("more argument bytes", [r()], [r(arg_bytes=72)], {}, 1, 0),
        ("instructions within 2 %", [r()], [r(instructions=102)], {}, 0, 0),
        ("instructions past 2 %", [r()], [r(instructions=103)], {}, 1, 0),
        ("two figures worse: one finding", [r()],
         [r(registers=30, private_bytes=16)], {}, 1, 0),
        ("better: passes, with a note", [r()],
         [r(registers=16, instructions=90)], {}, 0, 1),
        ("worse and better: fails", [r()],
         [r(registers=16, arg_bytes=80)], {}, 1, 1),
        ("a kernel disappears", [r(), r("cs_gather_r2_c4")], [r()], {}, 1, 0),
        ("a kernel appears", [r()], [r(), r("cs_gather_r2_c4")], {}, 1, 0),
        ("a figure no longer reported", [r()], [r(arg_bytes=-1)], {}, 1, 0),
        ("a figure newly reported", [r(arg_bytes=-1)], [r()], {}, 1, 0),
        ("not reported either time", [r(arg_bytes=-1)], [r(arg_bytes=-1)],
         {}, 0, 0),
        ("a refused program is not reported kernel by kernel", [r()], [],
         {("sm_90", 32, "grid_gather"): "error"}, 0, 0),
        ("another width is another kernel", [r()], [r(width=64)], {}, 2, 0),
        ("SPIR-V rows have no baseline", [r()],
         [r(), r(target="spirv", registers=-1)], {}, 0, 0),
    ]

    def test_cases(self):
        for name, base, cur, refused, n_fail, n_note in self.CASES:
            with self.subTest(name):
                failures, notes = gate.compare(base, cur, refused)
                self.assertEqual(len(failures), n_fail, failures)
                self.assertEqual(len(notes), n_note, notes)

    def test_message_names_kernel_and_figures(self):
        failures, _ = gate.compare([r()], [r(registers=25)], {})
        self.assertIn("sm_90 32-bit grid_gather cs_gather_r1_c4", failures[0])
        self.assertIn("registers 20 -> 25", failures[0])

    def test_tolerance_rounds_up(self):
        self.assertEqual(gate.allowed_instructions(100), 102)
        self.assertEqual(gate.allowed_instructions(30), 31)
        self.assertEqual(gate.allowed_instructions(0), 0)


class Completeness(unittest.TestCase):
    EXPECTED = {"grid_gather": {"cs_gather_r1_c4", "cs_gather_r2_c4"}}

    def run_case(self, current, refused=None):
        return gate.completeness(current, self.EXPECTED, refused or {},
                                 targets=("sm_90",), widths=(32,))

    def test_all_there(self):
        self.assertEqual(self.run_case([r(), r("cs_gather_r2_c4")]), [])

    def test_missing_kernel_fails(self):
        failures = self.run_case([r()])
        self.assertEqual(len(failures), 1)
        self.assertIn("cs_gather_r2_c4: missing", failures[0])

    def test_unnamed_kernel_fails(self):
        failures = self.run_case([r(), r("cs_gather_r2_c4"), r("cs_stray")])
        self.assertEqual(len(failures), 1)
        self.assertIn("cs_stray", failures[0])

    def test_refused_compile_fails_once(self):
        failures = self.run_case([], {("sm_90", 32, "grid_gather"):
                                      "p.cl:3:1: error: unknown type name"})
        self.assertEqual(len(failures), 1)
        self.assertIn("refused", failures[0])
        self.assertIn("unknown type name", failures[0])

    def test_listed_refusal_is_a_note(self):
        refused = {("sm_90", 32, "image"): "ptxas fatal : Unresolved extern "
                   "function '_Z10read_imagef'",
                   ("sm_90", 64, "image"): "ptxas fatal : Unresolved extern "
                   "function '_Z10read_imagef'"}
        listed = {("sm_90", "image"): ("Unresolved extern function "
                                       "'_Z10read_image", "no builtins")}
        left, stale, notes = gate.excuse_refusals(refused, listed,
                                                  targets=("sm_90",))
        self.assertEqual((left, stale, len(notes)), ({}, [], 2))
        expected = dict(self.EXPECTED, image={"cs_image_to_buf_f32"})
        failures = gate.completeness([r(), r("cs_gather_r2_c4")], expected,
                                     left, targets=("sm_90",), widths=(32,),
                                     skip=set(refused))
        self.assertEqual(failures, [])

    def test_other_refusal_of_a_listed_program_fails(self):
        refused = {("sm_90", 32, "image"): "error: unknown type name"}
        listed = {("sm_90", "image"): ("Unresolved extern", "no builtins")}
        left, stale, notes = gate.excuse_refusals(refused, listed,
                                                  targets=("sm_90",))
        self.assertEqual(list(left), [("sm_90", 32, "image")])
        self.assertEqual(len(stale), 1)  # the 64-bit build compiled
        self.assertIn("64-bit image: compiled", stale[0])
        self.assertEqual(notes, [])

    def test_unknown_program_fails(self):
        failures = self.run_case([r(), r("cs_gather_r2_c4"),
                                  r("cs_x", program="stray")])
        self.assertTrue(any("stray" in f for f in failures), failures)


class Targets(unittest.TestCase):
    # (name, record, findings expected)
    CASES = [
        ("a lean GPU kernel", r(), 0),
        ("stack on sm_90, GPU family", r(private_bytes=16), 1),
        ("scratch on gfx90a, GPU family", r(target="gfx90a", private_bytes=344), 1),
        ("scratch on gfx1100, GPU family", r(target="gfx1100", private_bytes=4), 1),
        ("private memory on pvc is not a target", r(target="pvc", private_bytes=64), 0),
        ("stack in a CPU-family kernel", r("cs_rows_g_c4", program="rows",
                                           private_bytes=136), 0),
        ("a spill on pvc", r(target="pvc", spill_bytes=8), 1),
        ("a spill in a CPU-family kernel", r("cs_rows_g_c4", spill_bytes=4), 1),
        ("257 argument bytes", r("cs_rows_g_c4", arg_bytes=257), 1),
        ("256 argument bytes", r(arg_bytes=256), 0),
        ("argument bytes not reported", r(target="dg2", arg_bytes=-1), 0),
        ("33 registers, sm_90, 32-bit, GPU family", r("cs_csr_fill", registers=33), 1),
        ("32 registers", r(registers=32), 0),
        ("40 registers in 64-bit indexing", r(width=64, registers=40), 0),
        ("40 registers outside the GPU family", r("cs_normalise", registers=40), 0),
        ("40 VGPRs on gfx90a", r(target="gfx90a", registers=40), 0),
        ("everything at once", r("cs_gather_rn_c1", private_bytes=8,
                                 spill_bytes=4, arg_bytes=300, registers=40), 4),
    ]

    def test_cases(self):
        for name, record, n in self.CASES:
            with self.subTest(name):
                findings = gate.check_targets([record], FAMILY)
                self.assertEqual(len(findings), n, findings)

    def test_summary_names_the_worst(self):
        findings = gate.check_targets(
            [r("cs_gather_rn_c1", target="gfx90a", private_bytes=344),
             r("cs_gather_rn_c2", target="gfx90a", private_bytes=680, width=64),
             r("cs_csr_fill", target="gfx90a", private_bytes=8)], FAMILY)
        lines, summary = gate.describe_targets(findings)
        self.assertEqual(len(lines), 3)
        self.assertIn("private_bytes 344", lines[1])
        self.assertEqual(len(summary), 1)
        self.assertIn("3 kernels, worst private_bytes 680 (64-bit "
                      "cs_gather_rn_c2)", summary[0])

    def test_family_patterns(self):
        self.assertTrue(gate.in_family("cs_gather_rn_c16", FAMILY))
        self.assertFalse(gate.in_family("cs_normalise", FAMILY))


class Files(unittest.TestCase):
    def test_records_round_trip_and_bad_header(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "b.tsv")
            gate.write_records(path, [r("b"), r("a", arg_bytes=-1)])
            self.assertEqual(gate.read_records(path),
                             [r("a", arg_bytes=-1), r("b")])
            with open(path, "w") as f:
                f.write("target\twidth\n")
            with self.assertRaises(ValueError):
                gate.read_records(path)

    def test_refusal_names(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "sm_90.64.grid_scatter.refused"), "w") as f:
                f.write("ptxas fatal\n")
            self.assertEqual(gate.read_refusals(d),
                             {("sm_90", 64, "grid_scatter"): "ptxas fatal"})

    def test_command_exit_status(self):
        """gate.py baseline exits 1 on a worse kernel, 0 otherwise."""
        with tempfile.TemporaryDirectory() as d:
            kernels = os.path.join(d, "kernels.tsv")
            with open(kernels, "w") as f:
                f.write("grid_gather\tcs_gather_r1_c4\n")
            current = [r(target=t, width=w) for t in gate.ALL_TARGETS
                       for w in gate.WIDTHS]
            records_path = os.path.join(d, "records.tsv")
            base_path = os.path.join(d, "baseline.tsv")
            gate.write_records(records_path, current)
            gate.write_records(base_path, current)
            args = ["baseline", records_path, base_path, kernels, d]
            devnull = open(os.devnull, "w")
            stdout, sys.stdout = sys.stdout, devnull
            try:
                self.assertEqual(gate.main(args), 0)
                worse = [c._replace(registers=99) if c.target == "pvc" else c
                         for c in current]
                gate.write_records(records_path, worse)
                self.assertEqual(gate.main(args), 1)
                self.assertEqual(gate.main(["update"] + args[1:]), 0)
                self.assertEqual(gate.main(args), 0)
            finally:
                sys.stdout = stdout
                devnull.close()


PTX = """.version 7.0
.target sm_80
.address_size 64

.entry k_a(
\t.param .u64 .ptr .global .align 1 k_a_param_0,
\t.param .u32 k_a_param_1,
\t.param .align 8 .b8 k_a_param_2[40]
)
{
\t.reg .b32 \t%r<4>;

\tmov.u32 \t%r1, %ctaid.x;
$L__BB0_1:
\t{ // callseq 0
\tadd.s32 \t%r2, %r1, 1;
\t}
\tret;

}
"""

PTXAS_LOG = """ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'k_a' for 'sm_90'
ptxas info    : Function properties for k_a
    24 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads
ptxas info    : Used 33 registers, used 0 barriers, 24 bytes cumulative stack size
"""

AMD_REMARKS = """p.cl:1:1: remark: Function Name: k_a [-Rpass-analysis=kernel-resource-usage]
p.cl:1:1: remark:     SGPRs: 24 [-Rpass-analysis=kernel-resource-usage]
p.cl:1:1: remark:     VGPRs: 12 [-Rpass-analysis=kernel-resource-usage]
p.cl:1:1: remark:     ScratchSize [bytes/lane]: 344 [-Rpass-analysis=kernel-resource-usage]
p.cl:1:1: remark:     SGPRs Spill: 1 [-Rpass-analysis=kernel-resource-usage]
p.cl:1:1: remark:     VGPRs Spill: 2 [-Rpass-analysis=kernel-resource-usage]
"""

AMD_ASM = """k_a:                                    ; @k_a
; %bb.0:
\ts_load_dword s0, s[4:5], 0x4
\tv_mov_b32 v0, 0
\ts_endpgm
\t.section\t.rodata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           40
        .value_kind:     by_value
      - .offset:         48
        .size:           8
        .value_kind:     hidden_global_offset_x
    .group_segment_fixed_size: 0
    .language_version:
      - 1
      - 2
    .name:           k_a
...
"""


def igc_asm(kernel, extra=""):
    return ("//.kernel %s\n//.platform PVCXT\n"
            "//.thread_config numGRF=128, numAcc=4, numSWSB=16\n"
            "//.instCount 500\n%s" % (kernel, extra))


class Readers(unittest.TestCase):
    def test_ptxas(self):
        [k] = rec.parse_ptxas(PTXAS_LOG, PTX, "sm_90", 32, "p")
        self.assertEqual(k, rec.make("sm_90", 32, "p", "k_a", registers=33,
                                     private_bytes=24, spill_bytes=8,
                                     instructions=3, arg_bytes=56))

    def test_ptxas_without_figures_is_an_error(self):
        with self.assertRaises(ValueError):
            rec.parse_ptxas("", PTX, "sm_90", 32, "p")

    def test_amdgpu(self):
        [k] = rec.parse_amdgpu(AMD_REMARKS, AMD_ASM, "gfx90a", 64, "p")
        self.assertEqual(k, rec.make("gfx90a", 64, "p", "k_a", registers=12,
                                     private_bytes=344, spill_bytes=12,
                                     instructions=3, arg_bytes=48))

    def test_amdgpu_counts_past_an_early_return(self):
        # the backend may put a return block first and the body after it
        asm = AMD_ASM.replace(
            "\ts_endpgm\n",
            "\ts_cbranch_scc0 .LBB0_2\n.LBB0_1:\n\ts_endpgm\n"
            ".LBB0_2:\n\tv_add_u32_e32 v0, 1, v0\n\ts_endpgm\n"
            ".Lfunc_end0:\n\t.size\tk_a, .Lfunc_end0-k_a\n", 1)
        [k] = rec.parse_amdgpu(AMD_REMARKS, asm, "gfx90a", 64, "p")
        self.assertEqual(k.instructions, 6)

    def test_amdgpu_without_remarks_is_an_error(self):
        with self.assertRaises(ValueError):
            rec.parse_amdgpu("", AMD_ASM, "gfx90a", 64, "p")

    def test_igc_keeps_the_retry(self):
        with tempfile.TemporaryDirectory() as d:
            def put(name, text):
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
            put("OCL_asm1_simd32_entry_0001.asm", igc_asm(
                "k_a", "//.spill size 2112\n//.private memory size 29952\n"))
            put("OCL_asm1_1_simd32_entry_0001.asm", igc_asm(
                "k_a", "//.private memory size 29952\n"))
            put("OCL_asm1_simd16_entry_0002.asm", igc_asm(
                "k_b", "//.spill size 256\n"))
            a, b = rec.parse_igc(d, "pvc", 64, "p")
        self.assertEqual(a, rec.make("pvc", 64, "p", "k_a", registers=128,
                                     private_bytes=936, spill_bytes=0,
                                     instructions=500))
        self.assertEqual(b.spill_bytes, 16)
        self.assertEqual(b.private_bytes, 0)

    def test_spirv_entry_points(self):
        text = ('OpEntryPoint Kernel %1 "k_b"\nOpEntryPoint Kernel %2 "k_a"\n')
        self.assertEqual([k.kernel for k in
                          rec.parse_spirv(text, "spirv", 32, "p")],
                         ["k_a", "k_b"])


if __name__ == "__main__":
    unittest.main()
