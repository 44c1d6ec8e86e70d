/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The declarations the benchmark programs share, grouped by the source
 * file that defines them, each group headed by its file's name (a header
 * comment there says more).  clslice-bench links them all;
 * clslice-first-call (first_call.c) and clslice-strided-bench
 * (strided_bench.c) reuse the cases, the clock and the device helpers.
 */
#ifndef CLSLICE_BENCH_H
#define CLSLICE_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clslice_cl.h"

/* ---- cases (dense_cases.c) -------------------------------------------- */

#define BENCH_MAX_RANK 8

typedef struct bench_case {
    int id;              /* the case number, unique (test_bench_ids) */
    const char *name;    /* as docs/performance.md lists it: JSON "case" */
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

/* The random CSR matrix the CSR rows slice: `rows` x `cols`, float32
 * data, each row holding 0..max_row_nnz distinct, sorted columns (drawn
 * uniformly, so about max_row_nnz / 2 per row on average). */
typedef struct csr_spec {
    int64_t rows, cols;
    int max_row_nnz;
} csr_spec;

extern const csr_spec bench_csr_full, bench_csr_smoke;

typedef struct csr_case {
    const char *name;    /* JSON "case" (int64 rows add " (int64)") */
    const char *expr;    /* numpy / scipy expression on [rows, cols] */
} csr_case;

extern const csr_case bench_csr_cases[];
extern const int bench_csr_case_count;

/* ---- clock, statistics, patterns (stats.c) ------------------------------ */

double bench_now(void);                 /* monotonic seconds */
double bench_median(double *values, int n); /* sorts values; NAN when n = 0 */
/* Fills `bytes` bytes with the 32-bit words k * 2654435761 (little-endian),
 * the pattern bench/peers.py builds too, so both time the same data. */
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

/* ---- OpenCL device (bench_device.c) ------------------------------------ */

typedef struct bench_cl {
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    char device_name[256];
    bool huge_pages; /* bench_buffer puts large buffers on huge pages */
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
/* The fastest variant for copying `bytes` bytes from src to dst: each is
 * run `warm` times, then the median of `pilot` runs decides.  The
 * roofline should be the best a plain copy does on this device, not a
 * fixed guess.  `verbose` prints every variant's pilot. */
copy_variant bench_copy_pick(bench_kernels *k, const bench_cl *cl,
                             cl_mem src, cl_mem dst, size_t bytes, int warm,
                             int pilot, bool verbose);

/* A naive kernel's per-case state: its table buffer and arguments.  The
 * naive gather reads the tensor through the table and writes its output
 * contiguously; the naive scatter, its twin, reads the value contiguously
 * and writes the tensor through the table. */
typedef struct naive_launch {
    cl_kernel kernel; /* owned by bench_kernels */
    cl_mem table;     /* count[rank] then the tensor stride[rank], cl_long */
    cl_int rank;
    cl_long offset;   /* of the slice's first element in the tensor */
    cl_long elements;
    size_t local;
} naive_launch;

/* Uploads the plan's unsimplified layout as the naive gather's table. */
void bench_naive_prepare(bench_kernels *k, const bench_cl *cl,
                         const clslice_plan *plan, size_t elem_size,
                         naive_launch *n);
/* The same for the naive scatter of a value of the slice's final shape. */
void bench_naive_scatter_prepare(bench_kernels *k, const bench_cl *cl,
                                 const clslice_plan *plan,
                                 const int64_t *value_shape, int value_rank,
                                 size_t elem_size, naive_launch *n);
/* Gather: src is the tensor, dst the output; scatter: src is the value,
 * dst the tensor. */
void bench_naive_enqueue(const naive_launch *n, cl_command_queue q,
                         cl_mem src, cl_mem dst);
void bench_naive_release(naive_launch *n);

/* ---- host peers (peers.c) and Python helpers (python_run.c) ------------ */

/* The Python interpreter that runs the host peers and scipy: --python,
 * else $CLSLICE_BENCH_PYTHON, else python3. */
extern const char *bench_python;

/* The host peers bench/peers.py times: numpy's gather
 * (np.ascontiguousarray(a[key])) and np.copyto into a preallocated
 * array, onnxruntime's Slice, OpenVINO's CPU plugin StridedSlice, and
 * numpy's scatter (a[key] = v). */
enum { PEER_NUMPY, PEER_NUMPY_COPYTO, PEER_ONNXRUNTIME, PEER_OPENVINO,
       PEER_NUMPY_SCATTER, PEER_COUNT };
extern const char *const bench_peer_names[PEER_COUNT];

#define BENCH_NOTE 200 /* bytes of a peer's note or reason */

typedef struct bench_peers bench_peers;

/* One case as the peers saw it. */
typedef struct peer_case {
    bool ok[PEER_COUNT];      /* ran once; crc is its result's CRC-32 */
    uint32_t crc[PEER_COUNT];
    char note[PEER_COUNT][BENCH_NOTE]; /* a note on how it ran, or why
                                        * it did not */
} peer_case;

/* Starts `python script` (bench/peers.py), which stays up until
 * bench_peers_stop.  Never NULL: when Python or numpy is missing every
 * peer reports why through bench_peers_why. */
bench_peers *bench_peers_start(const char *python, const char *script);
/* "" when `peer` can be timed, else why not. */
const char *bench_peers_why(const bench_peers *p, int peer);
/* True when peers.py died or spoke nonsense after a good start (a bug;
 * a missing module is not a failure). */
bool bench_peers_failed(const bench_peers *p);
/* The peer's package version ("" when missing). */
const char *bench_peers_version(const bench_peers *p, int peer);
/* Hands the peers case c on `shape` (its input is bench_fill_pattern's)
 * and runs each once; false when the child is gone. */
bool bench_peers_case(bench_peers *p, const bench_case *c,
                      const int64_t *shape, bool gather, bool scatter,
                      peer_case *pc);
/* Seconds of one run of `peer` on the current case, timed by the child;
 * NAN when it cannot run. */
double bench_peers_time(bench_peers *p, int peer);
/* Lets the child drop the current case's arrays. */
void bench_peers_end(bench_peers *p);
void bench_peers_stop(bench_peers **p);
/* Copies text into a BENCH_NOTE-byte note, cut to fit. */
void bench_note_copy(char *note, const char *text);
/* CRC-32 as zlib computes it (Python's zlib.crc32). */
uint32_t bench_crc32(const void *data, size_t bytes);

/* Runs `bench_python script json_arg`; `line` gets every output line
 * but an "UNAVAILABLE <why>" one and returns false for a line it does
 * not know (printed to stderr).  Returns 0, or 1 (Python or the module
 * missing) or -1 (the script failed) with why[] filled. */
int bench_python_run(const char *script, const char *json_arg,
                     void (*line)(const char *text, void *ctx), void *ctx,
                     char *why, size_t why_size);

/* ---- results and reporting (report.c) ----------------------------------- */

/* The dense competitors: the device's, then the host peers' (a scatter
 * row has numpy's a[key] = v in COMP_NUMPY and no other peer). */
enum { COMP_CLSLICE, COMP_COPY_KERNEL, COMP_COPY_BUFFER, COMP_NAIVE,
       COMP_NUMPY, COMP_NUMPY_COPYTO, COMP_ONNXRUNTIME, COMP_OPENVINO,
       COMP_COUNT };
#define COMP_DEVICE_COUNT COMP_NUMPY

typedef struct case_result {
    const bench_case *c;
    const int64_t *shape;       /* the tensor's shape as timed (c->rank) */
    bool scatter;               /* a scatter row (else a gather row) */
    size_t out_bytes;
    int repeat;
    double seconds[COMP_COUNT]; /* medians; NAN when not measured */
    copy_variant copy;          /* the fastest plain-copy variant */
    /* Host peers: a note on how each ran, or why it did not. */
    char note[COMP_COUNT][BENCH_NOTE];
    double other_load;          /* bench_other_load while timing; NAN */
} case_result;

/* CSR competitors: clslice's two device passes together, the count pass
 * alone, the plain copy of the result's bytes (the roofline) and clslice's
 * host slicer; scipy is timed by bench/scipy_bench.py. */
enum { CSR_CLSLICE, CSR_COUNT_PASS, CSR_COPY_KERNEL, CSR_HOST,
       CSR_COMP_COUNT };

typedef struct csr_result {
    const csr_case *c;
    clslice_index_type index;
    int64_t rows, cols, nnz;          /* the input matrix */
    int64_t out_rows, out_cols;
    int64_t sel_nnz;                  /* stored entries of the selected rows */
    int64_t out_nnz;
    size_t moved_bytes;               /* the least a slicer reads + writes */
    size_t out_bytes;                 /* the result's three arrays */
    int repeat;
    double seconds[CSR_COMP_COUNT];   /* medians; NAN when not measured */
    bool scipy_measured;
    double scipy_seconds;
    char scipy_index[16];             /* the index dtype scipy worked in */
    double other_load;
} csr_result;

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

void report_header(FILE *f, const char *device);
/* The gather or scatter section: the rows of r[] with r->scatter equal to
 * `scatter`. */
void report_dense(FILE *f, const case_result *r, int n, bool scatter,
                  const bench_peers *peers);
void report_csr(FILE *f, const csr_result *r, int n, const char *scipy_why);
void report_footer(FILE *f, const case_result *r, int n,
                   const latency_result *lat, const plan_result *plan);
void report_json(FILE *f, const case_result *r, int n,
                 const bench_peers *peers, const csr_result *csr, int n_csr,
                 const latency_result *lat, const plan_result *plan,
                 const char *device, const char *mode, int repeat,
                 double wall_seconds, double other_load);

/* ---- the drivers (dense.c, csr_bench.c) --------------------------------- */

typedef struct bench_opts {
    bool smoke, verbose;
    int repeat;
} bench_opts;

/* Outputs below 1 MB are launch-overhead bound, so they get this many
 * times the repeats (cheap ones). */
#define BENCH_SMALL_CASE (1u << 20)
#define BENCH_SMALL_REPEAT_FACTOR 20
int bench_case_repeat(const bench_opts *o, size_t out_bytes);

/* Builds case c's plan and buffers once, then checks and times the gather
 * (into *gather, when not NULL) and the scatter (into *scatter, when not
 * NULL) on them, with the host peers (NULL: none) in the same
 * round-robin. */
void bench_dense_case(const bench_cl *cl, clslice_runtime *rt,
                      bench_kernels *k, bench_peers *peers,
                      const bench_case *c, const bench_opts *o,
                      case_result *gather, case_result *scatter);

/* ---- the CSR matrix and scipy (csr_matrix.c) ---------------------------- */

/* A CSR matrix in host memory; data is float32. */
typedef struct bench_host_csr {
    int64_t rows, cols, nnz;
    clslice_index_type index;
    size_t isize;             /* bytes per indptr / indices entry */
    void *indptr, *indices;
    float *data;
} bench_host_csr;

/* The seeded random matrix of `spec`, int32 indices (the caller frees the
 * three arrays). */
void bench_csr_generate(const csr_spec *spec, bench_host_csr *m);
/* The same matrix with int64 indices: new indptr and indices (the caller
 * frees them), m's data shared. */
void bench_csr_widen(const bench_host_csr *m, bench_host_csr *wide);
/* Entry k of one of m's index arrays. */
int64_t bench_csr_ix(const bench_host_csr *m, const void *array, int64_t k);

typedef struct bench_scipy_result {
    bool measured;
    double seconds;           /* median of m[expr] */
    long long nnz;            /* of scipy's result, checked against ours */
    char index[16];           /* the index dtype of scipy's result */
} bench_scipy_result;

/* Has `script` time scipy on the int32 matrix m (results[i] for
 * bench_csr_cases[i % count], int32 indices for i < count and int64
 * after), each `repeat` times.  Returns as bench_python_run. */
int bench_csr_scipy(const char *script, const bench_host_csr *m, int repeat,
                    bench_scipy_result *results, char *why, size_t why_size);

/* The CSR section: builds the matrix, has scipy_script time scipy on it
 * (unless script is NULL), then checks and times every CSR case with
 * int32 and int64 indices.  Fills results[0..bench_csr_case_count*2-1]
 * and why[] when scipy was not measured. */
void bench_csr_run(const bench_cl *cl, clslice_runtime *rt, bench_kernels *k,
                   const bench_opts *o, const char *scipy_script,
                   csr_result *results, char *why, size_t why_size);

/* ---- the batch rows (batch_bench.c) ------------------------------------- */

enum { BENCH_BATCH_ROWS = 2 }; /* along axis 0, along the last axis */

typedef struct batch_result {
    const char *name;
    int slices;
    size_t slice_bytes;
    int repeat;
    double seconds[4]; /* medians: 64 gathers, one batch into one buffer,
                        * one batch into 64 buffers, 64 x (gather +
                        * clFinish) */
    double other_load;
} batch_result;

/* Checks, then times, the BENCH_BATCH_ROWS rows into results[]. */
void bench_batch_run(const bench_cl *cl, clslice_runtime *rt,
                     const bench_opts *o, batch_result *results);
void report_batch(FILE *f, const batch_result *r, int n);
void report_batch_json(FILE *f, const batch_result *r, int n,
                       const char *device);

/* ---- the concat row (concat_bench.c) ----------------------------------- */

typedef struct concat_result {
    const char *name;
    int inputs;
    size_t input_bytes;
    int repeat;
    double seconds[4]; /* medians: 64 scatters, one concat from one arena,
                        * one concat from 64 buffers, 64 x (scatter +
                        * clFinish) */
    double other_load;
} concat_result;

/* Checks, then times, the concat row into *r. */
void bench_concat_run(const bench_cl *cl, clslice_runtime *rt,
                      const bench_opts *o, concat_result *r);
void report_concat(FILE *f, const concat_result *r);
void report_concat_json(FILE *f, const concat_result *r, const char *device);

/* ---- dynamic against static gathers (dynamic_bench.c) ------------------- */

/* Times each dynamic row (a large slice's bandwidth, a small one's
 * latency) as clslice_cl_tf_dynamic and as clslice_enqueue_gather;
 * the report and JSON lines print what was measured (nothing before). */
void bench_dynamic_run(const bench_cl *cl, clslice_runtime *rt,
                       const bench_opts *o);
void bench_dynamic_report(FILE *f);
void bench_dynamic_json(FILE *f);

/* ---- host-side measurements (host_bench.c) ------------------------------ */

void bench_plan_build(const bench_case *c, long batches, long per_batch,
                      plan_result *out);
void bench_latency(const bench_cl *cl, const bench_case *c, bool smoke,
                   int warm_repeat, latency_result *out);

#endif
