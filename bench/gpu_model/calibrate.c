/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The plugin's calibration: plain kernels of known coalescing, run like
 * any case.  A warp of 4-byte lanes reading 128 consecutive bytes touches
 * 4 sectors, of 16-byte lanes 16, both at 100 % efficiency; lanes reading
 * every other 4-byte word touch 8 sectors at 50 %.  These are the numbers
 * NVIDIA's profilers report for such kernels (the CUDA C++ Best Practices
 * Guide, "Coalesced Access to Global Memory"), so a plugin that groups or
 * counts wrongly shows here first (bounds.c checks them exactly).
 *
 * The private side has its own: `ptable` adds to each word an entry of a
 * by-value table indexed with the work-item's id, the construct that
 * makes AMD's backend copy the table to per-lane scratch.  Each
 * work-item must show exactly one run-time-indexed private read (and the
 * copies none), or the plugin misses the traffic the model charges.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

static const char SOURCE[] =
    "kernel void copy4(global const uint *s, global uint *d, uint n)\n"
    "{ uint i = get_global_id(0); if (i < n) d[i] = s[i]; }\n"
    "kernel void copy16(global const uint4 *s, global uint4 *d, uint n)\n"
    "{ uint i = get_global_id(0); if (i < n) d[i] = s[i]; }\n"
    "kernel void stride2(global const uint *s, global uint *d, uint n)\n"
    "{ uint i = get_global_id(0); if (i < n) d[i] = s[2 * i]; }\n"
    "typedef struct table8 { uint v[8]; } table8;\n"
    "kernel void ptable(global const uint *s, global uint *d, uint n,\n"
    "                   table8 t)\n"
    "{ uint i = get_global_id(0); if (i < n) d[i] = s[i] + t.v[i & 7]; }\n";

enum { TABLE_WORDS = 8 };

static bool is_table(const bench_gm_case *c)
{
    return strcmp(c->id, "ptable") == 0;
}

enum { GROUP = 256 };

static cl_kernel kernel_of(const bench_gm_env *env, const bench_gm_case *c,
                           cl_program *program)
{
    const char *source = SOURCE;
    cl_int rc;
    *program = clCreateProgramWithSource(env->cl.context, 1, &source, NULL,
                                         &rc);
    bench_cl_check(rc, "clCreateProgramWithSource");
    bench_cl_check(clBuildProgram(*program, 1, &env->cl.device, "", NULL,
                                  NULL),
                   "clBuildProgram");
    const char *name = is_table(c)    ? "ptable"
                       : c->expr[0]     ? "stride2"
                       : c->elem_size == 16 ? "copy16" : "copy4";
    cl_kernel k = clCreateKernel(*program, name, &rc);
    bench_cl_check(rc, "clCreateKernel");
    return k;
}

void bench_gm_run_copy(const bench_gm_env *env, const bench_gm_case *c,
                       bench_gm_run *run)
{
    cl_uint n = (cl_uint)bench_gm_shape(env, c)[0];
    size_t step = c->expr[0] ? 2 : 1;
    size_t out_bytes = n * c->elem_size, in_bytes = out_bytes * step;
    unsigned char *input = bench_gm_alloc(in_bytes);
    unsigned char *got = bench_gm_alloc(out_bytes);
    unsigned char *want = bench_gm_alloc(out_bytes);
    bench_fill_pattern(input, in_bytes);
    cl_uint table[TABLE_WORDS];
    for (cl_uint k = 0; k < TABLE_WORDS; k++)
        table[k] = 0x01010101u * (k + 1);
    for (size_t i = 0; i < out_bytes / c->elem_size; i++) {
        memcpy(want + i * c->elem_size, input + i * step * c->elem_size,
               c->elem_size);
        if (is_table(c)) {
            cl_uint word;
            memcpy(&word, want + i * 4, 4);
            word += table[i % TABLE_WORDS];
            memcpy(want + i * 4, &word, 4);
        }
    }
    cl_program program;
    cl_kernel k = kernel_of(env, c, &program);
    cl_mem src = bench_gm_upload(env, input, in_bytes);
    cl_mem dst = bench_gm_upload(env, NULL, out_bytes);
    bench_cl_check(clSetKernelArg(k, 0, sizeof src, &src), "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 1, sizeof dst, &dst), "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 2, sizeof n, &n), "clSetKernelArg");
    if (is_table(c))
        bench_cl_check(clSetKernelArg(k, 3, sizeof table, table),
                       "clSetKernelArg");
    size_t local = GROUP, global = (n + GROUP - 1) / GROUP * GROUP;
    bench_cl_check(clEnqueueNDRangeKernel(env->cl.queue, k, 1, NULL, &global,
                                          &local, 0, NULL, NULL),
                   "clEnqueueNDRangeKernel");
    bench_gm_read(env, dst, got, out_bytes);
    bench_gm_expect(c, got, want, out_bytes);
    *run = (bench_gm_run){.elements = n, .out_bytes = out_bytes,
                          .full_out_bytes = (size_t)c->full[0] *
                                            c->elem_size,
                          .carrier = c->elem_size};
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clReleaseKernel(k);
    clReleaseProgram(program);
    free(input);
    free(got);
    free(want);
}

/* What each calibration row must show: sectors per load and per store
 * request, the loads' efficiency (the stores' is 100 %), and
 * run-time-indexed private accesses per element; exact, as they depend
 * only on the addresses and the kernel's source. */
typedef struct calibration {
    const char *id;
    double ld, st, ld_eff, prv_dyn;
} calibration;

static const calibration KNOWN[] = {{"copy4", 4, 4, 1.0, 0},
                                    {"copy16", 16, 16, 1.0, 0},
                                    {"stride2", 8, 4, 0.5, 0},
                                    {"ptable", 4, 4, 1.0, 1}};

static const calibration *known(const char *id)
{
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (strcmp(KNOWN[i].id, id) == 0)
            return &KNOWN[i];
    return NULL;
}

int bench_gm_calibration_check(const bench_gm_row *rows, int count)
{
    int bad = 0;
    for (int i = 0; i < count; i++) {
        const bench_gm_row *r = &rows[i];
        const calibration *k = known(r->c->id);
        if (r->c->op != BENCH_GM_COPY || !k)
            continue;
        if (r->f.ld_spr != k->ld || r->f.st_spr != k->st ||
            r->f.ld_eff != k->ld_eff || r->f.st_eff != 1.0) {
            printf("calibration: %s shows %.2f and %.2f sectors per load "
                   "and store request at %.0f %% and %.0f %%, not %.0f and "
                   "%.0f at %.0f %% and 100 %%\n",
                   r->c->id, r->f.ld_spr, r->f.st_spr, 100 * r->f.ld_eff,
                   100 * r->f.st_eff, k->ld, k->st, 100 * k->ld_eff);
            bad++;
        }
        if (r->f.prv_dyn_per_elem != k->prv_dyn) {
            printf("calibration: %s shows %.2f run-time-indexed private "
                   "accesses per element, not %.0f\n",
                   r->c->id, r->f.prv_dyn_per_elem, k->prv_dyn);
            bad++;
        }
    }
    return bad;
}
