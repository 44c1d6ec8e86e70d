/*
 * clslice-bench: shared declarations of the benchmark's parts.
 *
 *   cases.c        the case table (issue 4's ten cases, and tiny smoke shapes)
 *   stats.c        the monotonic clock, medians, byte patterns
 *   device.c       choosing the OpenCL device, buffers, fatal-error helpers
 *   competitors.c  the plain copy kernel and the naive gather (OpenCL C)
 *   numpy_run.c    running bench/numpy_bench.py and reading its answers
 *   report.c       the table and the JSON lines
 *   host_bench.c   plan build micro-benchmark, cold/warm latency
 *   clslice_bench.c  options and the per-case driver
 */
#ifndef CLSLICE_BENCH_H
#define CLSLICE_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clslice_cl.h"

/* ---- cases (cases.c) ---------------------------------------------------- */

#define BENCH_MAX_RANK 8

typedef struct bench_case {
    int id;              /* the case number; case 10 has two rows */
    const char *name;    /* exactly as the issue lists it: JSON "case" */
    const char *dtype;   /* numpy dtype name */
    size_t elem_size;
    int rank;
    int64_t shape[BENCH_MAX_RANK];
    int64_t smoke_shape[BENCH_MAX_RANK]; /* tiny, same rank, non-empty slice */
    const char *expr;    /* numpy expression, brackets included */
} bench_case;

extern const bench_case bench_cases[];
extern const int bench_case_count;
/* The case whose plan the rank-8 micro-benchmark builds (case 7) and the
 * small case used for the cold/warm latency (case 9). */
const bench_case *bench_case_by_id(int id);

/* ---- clock, statistics, patterns (stats.c) ------------------------------ */

double bench_now(void);                 /* monotonic seconds */
double bench_median(double *values, int n); /* sorts values; NAN when n = 0 */
/* Fills `bytes` bytes with the 32-bit words k * 2654435761 (little-endian),
 * the pattern numpy_bench.py builds too, so both time the same data. */
void bench_fill_pattern(void *data, size_t bytes);
/* Bytes of a case's input with the given shape. */
size_t bench_case_bytes(const bench_case *c, const int64_t *shape);

/* Other processes compete for the cores a CPU OpenCL device uses, which
 * halves a two-thread kernel's bandwidth without touching a one-thread
 * memcpy; the run reports how much of the machine they took. */
typedef struct cpu_sample {
    double machine_busy, machine_total; /* seconds, summed over CPUs */
    double own;                         /* this process and its children */
} cpu_sample;
bool bench_cpu_sample(cpu_sample *s);
/* Fraction (0..1) of all CPU time between a and b used by other processes;
 * NAN when it cannot be told. */
double bench_other_load(const cpu_sample *a, const cpu_sample *b);

/* ---- OpenCL device (device.c) ------------------------------------------ */

typedef struct bench_cl {
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    char device_name[256];
} bench_cl;

/* Opens device `index` of the flat list over all platforms (as `clslice
 * devices` numbers them), or the first GPU, else device 0, when index < 0.
 * Returns 1 with a message in why[] when there is no platform or device
 * (callers skip), 0 on success; other failures are fatal. */
int bench_cl_open(long index, bench_cl *cl, char *why, size_t why_size);
void bench_cl_close(bench_cl *cl);
cl_mem bench_buffer(const bench_cl *cl, size_t bytes);

/* Prints "clslice-bench: <message>" and exits 1: a benchmark that cannot
 * run, or measures a wrong result, must not report numbers. */
void bench_die(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));
/* Dies naming the call when rc is not CL_SUCCESS. */
void bench_cl_check(cl_int rc, const char *call);
/* Dies with clslice's message when st is not CLSLICE_OK. */
void bench_clslice_check(clslice_status st, const clslice_error *err,
                         const char *call);

/* ---- competitors (competitors.c) --------------------------------------- */

typedef struct bench_kernels bench_kernels;

bench_kernels *bench_kernels_create(const bench_cl *cl);
void bench_kernels_release(bench_kernels **k);

/* One way to run the plain copy: carrier bytes (1, 2, 4 = float, 8, 16 =
 * uint4) and local size. */
typedef struct copy_variant {
    size_t carrier;
    size_t local;
} copy_variant;

/* The copy variants worth trying for `bytes` bytes (carriers that divide
 * it, local sizes 64..256 the device accepts); returns how many. */
int bench_copy_variants(const bench_kernels *k, size_t bytes,
                        copy_variant *out, int max);
/* Enqueues the plain copy of `bytes` bytes from src to dst (offset 0). */
void bench_copy_enqueue(bench_kernels *k, cl_command_queue q, cl_mem src,
                        cl_mem dst, size_t bytes, copy_variant v);

/* The naive gather's per-case state: its table buffer and arguments. */
typedef struct naive_gather {
    cl_kernel kernel; /* owned by bench_kernels */
    cl_mem table;     /* count[rank] then src_stride[rank], cl_long */
    cl_int rank;
    cl_long offset;
    cl_long elements;
    size_t local;
} naive_gather;

/* Uploads the plan's unsimplified layout as the naive kernel's table. */
void bench_naive_prepare(bench_kernels *k, const bench_cl *cl,
                         const clslice_plan *plan, size_t elem_size,
                         naive_gather *n);
void bench_naive_enqueue(const naive_gather *n, cl_command_queue q,
                         cl_mem src, cl_mem dst);
void bench_naive_release(naive_gather *n);

/* ---- numpy (numpy_run.c) ------------------------------------------------ */

typedef struct numpy_result {
    bool measured;
    double seconds;         /* median of np.ascontiguousarray(a[expr]) */
    double copyto_seconds;  /* median of np.copyto(preallocated, a[expr]) */
    bool was_view;          /* ascontiguousarray returned a view: timed a copy */
} numpy_result;

/* Runs `python3 script` on the selected cases (results[i] for case
 * selected[i], timed repeats[i] times).  Returns 0 when every case was
 * measured; 1 when python3 or numpy is missing and -1 when the script
 * failed, with why[] filled and every result unmeasured. */
int bench_numpy_run(const char *script, const int *selected,
                    const int *repeats, int n, bool smoke,
                    numpy_result *results, char *why, size_t why_size);

/* ---- results and reporting (report.c) ----------------------------------- */

enum { COMP_CLSLICE, COMP_COPY_KERNEL, COMP_COPY_BUFFER, COMP_NAIVE,
       COMP_COUNT };

typedef struct case_result {
    const bench_case *c;
    size_t out_bytes;
    int repeat;
    double seconds[COMP_COUNT]; /* medians; NAN when not measured */
    copy_variant copy;          /* the fastest plain-copy variant */
    numpy_result numpy;
    double other_load;          /* bench_other_load while timing; NAN */
} case_result;

typedef struct latency_result {
    const bench_case *c;
    double cold_seconds; /* first call on a fresh runtime, program build in */
    double warm_seconds; /* median of the following calls */
    int warm_repeat;
} latency_result;

typedef struct plan_result {
    double ns_per_iter;  /* median over batches */
    long iterations;
} plan_result;

/* GB/s of moving out_bytes (read + written: 2 x out_bytes) in seconds. */
double bench_gbps(size_t out_bytes, double seconds);

void report_table(FILE *f, const case_result *r, int n,
                  const latency_result *lat, const plan_result *plan,
                  const char *device, const char *numpy_why);
void report_json(FILE *f, const case_result *r, int n,
                 const latency_result *lat, const plan_result *plan,
                 const char *device, const char *mode, int repeat,
                 double wall_seconds, double other_load);

/* ---- host-side measurements (host_bench.c) ------------------------------ */

void bench_plan_build(const bench_case *c, long batches, long per_batch,
                      plan_result *out);
void bench_latency(const bench_cl *cl, const bench_case *c, bool smoke,
                   int warm_repeat, latency_result *out);

#endif
