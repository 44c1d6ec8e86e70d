/*
 * Internals of the OpenCL half: error naming, the program cache, the
 * translation of a layout into a carrier-unit "move", and launch sizes.
 * Tests include this header to reach the decisions (carrier, index width,
 * grid) without a device, and the build path with a broken source.
 */
#ifndef CLSLICE_CL_INTERNAL_H
#define CLSLICE_CL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

/* ---- errors (cl_error.c) ------------------------------------------------ */

/* Records "<call> failed: <NAME> (<code>)" as CLSLICE_ERROR_OPENCL. */
clslice_status cs_cl_fail(clslice_error *err, const char *call, cl_int code);

/* ---- buffer checks (cl_buffer.c) --------------------------------------- */

/* One buffer argument of a call, as its messages name it. */
typedef struct cs_buffer_use {
    const char *name; /* the argument: "src", "value", "dst", ... */
    const char *what; /* its bytes in overlap messages: "input", ... */
    cl_mem buffer;
    size_t offset;    /* the argument NAME_offset */
    size_t bytes;     /* bytes the call reads or writes from offset on */
} cs_buffer_use;

/* Checks that `use` is a buffer of `context` whose bytes fit after its
 * offset. */
clslice_status cs_check_buffer(cl_context context, const cs_buffer_use *use,
                               clslice_error *err);

/* cs_check_buffer on both, and that the two byte ranges do not overlap
 * (sub-buffers resolved to their parent). */
clslice_status cs_check_buffers(cl_context context, const cs_buffer_use *read,
                                const cs_buffer_use *write,
                                clslice_error *err);

/* ---- checks every enqueue makes (cl_validate.c) ------------------------- */

/* Flags every enqueue call accepts. */
#define CS_KNOWN_FLAGS (CLSLICE_FORCE_INDEX64 | CLSLICE_NO_COPY_SHORTCUT)

/* A wait list that matches its count (not every implementation checks:
 * PoCL dereferences a NULL list). */
clslice_status cs_check_wait_list(cl_uint num_events,
                                  const cl_event *wait_list,
                                  clslice_error *err);

/* runtime, queue, plan and elem_size given, flags known, and the wait list
 * well formed (not every implementation checks: PoCL dereferences a NULL
 * list). */
clslice_status cs_check_call(const clslice_runtime *runtime,
                             cl_command_queue queue, const clslice_plan *plan,
                             size_t elem_size, unsigned flags,
                             cl_uint num_events, const cl_event *wait_list,
                             clslice_error *err);

/* The queue's device, after checking it belongs to the runtime's context
 * (kernels built for one context cannot run in another). */
clslice_status cs_queue_device(const clslice_runtime *runtime,
                               cl_command_queue queue, cl_device_id *device,
                               clslice_error *err);

/* Bytes of the plan's whole input tensor; CLSLICE_ERROR_BUFFER when they
 * overflow a size_t. */
clslice_status cs_input_bytes(const clslice_plan *plan, size_t elem_size,
                              size_t *bytes, clslice_error *err);

/* elements * elem_size; CLSLICE_ERROR_BUFFER naming `what` on overflow. */
clslice_status cs_tensor_bytes(int64_t elements, size_t elem_size,
                               const char *what, size_t *bytes,
                               clslice_error *err);

/* ---- the move: a layout in carrier units (cl_move.c) -------------------- */

/* A simplified layout has at most CLSLICE_MAX_RANK dims; the bytes of an
 * element may add one more. */
#define CS_MAX_DIMS (CLSLICE_MAX_RANK + 1)

typedef struct cs_move {
    int rank;         /* >= 1 (a single carrier is rank 1, count 1) */
    size_t carrier;   /* bytes per carrier: 1, 2, 4, 8 or 16 */
    int64_t src_base; /* carrier index in src of the first carrier moved */
    int64_t dst_base; /* carrier index in dst of the first carrier written */
    int64_t elements; /* carriers written */
    /* Innermost dimension first: count, and source and destination
     * strides in carriers (negative for reversed dims, 0 in the source
     * where a value broadcasts).  A gather's destination strides are
     * those of a contiguous output; its kernels do not read them. */
    int64_t count[CS_MAX_DIMS];
    int64_t stride[CS_MAX_DIMS];
    int64_t dst_stride[CS_MAX_DIMS];
} cs_move;

/* Turns a simplified, non-empty layout of elem_size-byte elements, read
 * from byte src_offset of src and written from byte dst_offset of dst
 * (the layout's offset and dst_offset added), into the move with the
 * widest carrier that every base, stride and the innermost run contiguous
 * on both sides allow. */
void cs_move_build(const clslice_layout *layout, size_t elem_size,
                   size_t src_offset, size_t dst_offset, cs_move *move);

/* Largest carrier index the move reads from src. */
int64_t cs_move_src_max(const cs_move *move);

/* Largest carrier index the move writes in dst. */
int64_t cs_move_dst_max(const cs_move *move);

/* 32 when every carrier index (largest read, largest written) fits in a
 * uint32 and flags do not force 64; else 64. */
int cs_move_index_bits(const cs_move *move, unsigned flags);

/* Narrows a move whose innermost dim is contiguous (stride 1) to a
 * carrier of at most max_carrier bytes: the row gets longer, every other
 * stride and both bases scale.  A move with a strided innermost dim keeps
 * its carrier (narrowing it would add a dim of tiny rows).  The CPU
 * family wants scalar carriers in its loops (cl/gather_rows.cl). */
void cs_move_narrow(cs_move *move, size_t max_carrier);

/* ---- devices (cl_device.c) ---------------------------------------------- */

/* What the library asks of a device once and keeps (cl_runtime.c caches
 * one per device). */
typedef struct cs_device_info {
    cl_device_id device;
    bool cpu;              /* CL_DEVICE_TYPE_CPU: the row kernel family */
    bool little_endian;    /* CL_DEVICE_ENDIAN_LITTLE */
    cl_uint compute_units; /* CL_DEVICE_MAX_COMPUTE_UNITS */
    size_t max_param_size; /* CL_DEVICE_MAX_PARAMETER_SIZE */
    size_t max_item[3];    /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t pointer_size;   /* CL_DEVICE_ADDRESS_BITS / 8 */
} cs_device_info;

clslice_status cs_device_query(cl_device_id device, cs_device_info *info,
                               clslice_error *err);

/* ---- launch geometry (cl_launch.c) -------------------------------------- */

typedef struct cs_launch {
    cl_uint work_dim;
    size_t global[3];
    size_t local[3];
} cs_launch;

/* Device and kernel limits that bound a launch. */
typedef struct cs_launch_limits {
    size_t max_group;    /* work-items per group (kernel and device) */
    size_t max_item[3];  /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t max_groups;   /* grid-stride kernels: work-groups per NDRange
                          * dim before they loop */
} cs_launch_limits;

/* The NDRange a kernel wants, before the limits of a device: work-items
 * needed per dim, and the preferred local size (powers of two). */
typedef struct cs_shape {
    cl_uint work_dim;
    size_t extent[3];
    size_t local[3];
    bool grid_stride; /* the kernel loops, so the grid may be capped */
} cs_shape;

/* Fits `shape` to the limits: local sizes shrink (halving) until the
 * device and kernel accept them, global sizes round up to a multiple of
 * them, and a grid-stride kernel's grid is capped at max_groups groups
 * per dim. */
void cs_launch_fit(const cs_shape *shape, const cs_launch_limits *limits,
                   cs_launch *launch);

/* The element grid (GPU family, scatter and fill): NDRange dim 0 covers
 * count[0], dim 1 count[1], dim 2 the product of the rest.  `wide` picks
 * 256-item groups (the gather on GPUs); otherwise 64 (scatter, fill). */
void cs_grid_shape(const cs_move *move, bool wide, cs_shape *shape);

/* cs_grid_shape (wide) then cs_launch_fit. */
void cs_launch_size(const cs_move *move, const cs_launch_limits *limits,
                    cs_launch *launch);

/* ---- the CPU family's work split (cl_rows.c) ----------------------------- */

/* A rank <= 3 move as rows (one work-item each, cl/gather_rows.cl): row
 * (i1, i2) reads n0 carriers from src_base + i1 * s1 + i2 * s2 at stride
 * st0 and writes them at dst_base + i1 * d1 + i2 * d2 at stride dt0 (a
 * gather: d1 = n0, dt0 = 1); the row i1 = n1 - 1 holds `last` carriers
 * (the tail of a split row), every other n0. */
typedef struct cs_rows {
    int64_t src_base, dst_base;
    int64_t n0, st0, dt0;
    int64_t n1, s1, d1;
    int64_t n2, s2, d2;
    int64_t last;
    bool split; /* a long innermost dim was cut into rows */
} cs_rows;

/* Rows of a rank <= 3 move; a rank <= 2 move whose rows are longer than
 * `split` carriers gets them cut into chunks of split / 2 (a split run
 * keeps every core of a CPU busy; a one-row move would use one). */
void cs_rows_build(const cs_move *move, int64_t split, cs_rows *rows);

/* Rows per work-item for the odometer kernels: about 4 KB of output each,
 * but never so many that fewer than 4 work-items per compute unit are
 * left. */
int64_t cs_odometer_rows(const cs_move *move, cl_uint compute_units);

/* ---- kernel launches (cl_kernel.c, cl_kernel_pool.c) ---------------------- */

/* The kernel families a move can run as. */
typedef enum cs_kernel_kind {
    CS_KERNEL_GATHER,  /* cl/gather_rows.cl or gather_grid.cl: contiguous
                        * destination */
    CS_KERNEL_SCATTER, /* cl/scatter.cl: strided source and destination */
    CS_KERNEL_FILL     /* cl/scatter.cl: the source is an element passed
                        * by value (CS_FILL_BYTES, carrier index < size) */
} cs_kernel_kind;

/* Bytes of the by-value element of the fill kernels; every program is
 * built with -DCS_FILL_BYTES set to it (cl_runtime.c). */
#define CS_FILL_BYTES CLSLICE_FILL_INLINE_MAX

/* Which way a call ran, counted per runtime (tests assert that every path
 * ran; cs_runtime_path_count). */
typedef enum cs_path {
    CS_PATH_MARKER,    /* empty output: a marker, or nothing */
    CS_PATH_COPY,      /* one clEnqueueCopyBuffer */
    CS_PATH_RECT,      /* one clEnqueueCopyBufferRect */
    CS_PATH_ROW_C,     /* CPU rows, inner stride +1 */
    CS_PATH_ROW_R,     /* CPU rows, inner stride -1 */
    CS_PATH_ROW_S2,    /* CPU rows, inner stride 2 (double-width reads) */
    CS_PATH_ROW_G,     /* CPU rows, any inner stride */
    CS_PATH_ROW_SPLIT, /* ...of which a long row was split (counted too) */
    CS_PATH_ODO_C,     /* CPU odometer, contiguous rows */
    CS_PATH_ODO_G,     /* CPU odometer, strided rows */
    CS_PATH_GRID_R1,   /* element grid (GPU family), rank 1..4 and n */
    CS_PATH_GRID_R2,
    CS_PATH_GRID_R3,
    CS_PATH_GRID_R4,
    CS_PATH_GRID_RN,
    CS_PATH_SCATTER,   /* scatter or fill kernel (element grid) */
    CS_PATH_SROW,      /* CPU scatter rows (cl/gather_rows.cl) */
    CS_PATH_SODO,      /* CPU scatter odometer */
    CS_PATH_SDST_C,    /* ...destination inner stride +1 (counted too) */
    CS_PATH_SDST_R,    /* ...destination inner stride -1 */
    CS_PATH_SDST_G,    /* ...any other destination inner stride */
    CS_PATH_SSRC_B,    /* ...source inner stride 0 (a broadcast) */
    CS_PATH_COUNT
} cs_path;

/* One kernel launch: the move, in which family, with which buffers (src
 * is unused by a fill, whose element is the CS_FILL_BYTES at pattern). */
typedef struct cs_kernel_call {
    cs_kernel_kind kind;
    const cs_move *move;
    int index_bits;
    cl_mem src, dst;
    const unsigned char *pattern;
    const struct cs_tuning *tuning; /* the runtime's; NULL: the defaults */
} cs_kernel_call;

/* A kernel pool (cl_kernel_pool.c): cl_kernel objects per (program,
 * name), each used by one thread at a time. */
typedef struct cs_kernel_pool cs_kernel_pool;

/* A kernel taken from a pool, with its CL_KERNEL_WORK_GROUP_SIZE. */
typedef struct cs_pooled_kernel {
    struct cs_pooled_kernel *next;
    cl_program program;
    char name[48];
    cl_kernel kernel;
    size_t max_group;
} cs_pooled_kernel;

cs_kernel_pool *cs_kernel_pool_create(void);
/* Releases every kernel; the pool's users must be done with it. */
void cs_kernel_pool_release(cs_kernel_pool *pool);
/* A kernel `name` of `program` for the caller alone: a free one from the
 * pool, else a new one.  A NULL pool creates one per call. */
clslice_status cs_kernel_take(cs_kernel_pool *pool, cl_program program,
                              cl_device_id device, const char *name,
                              cs_pooled_kernel **kernel, clslice_error *err);
/* Hands a taken kernel back (with a NULL pool: releases it).  Its
 * arguments were captured at enqueue, so another call may set new ones. */
void cs_kernel_give(cs_kernel_pool *pool, cs_pooled_kernel *kernel);

/* Enqueues the move's kernel from the cached program (its family, device
 * facts and pool ride in `program`), with max_groups bounding the grid of
 * grid-stride kernels; *paths, when given, receives the paths taken as
 * bits 1 << cs_path. */
struct cs_program_info;
clslice_status cs_launch_kernel_paths(cl_command_queue queue,
                                      const struct cs_program_info *program,
                                      const cs_kernel_call *call,
                                      size_t max_groups, cl_uint num_events,
                                      const cl_event *wait_list,
                                      cl_event *event, unsigned *paths,
                                      clslice_error *err);

/* cs_launch_kernel_paths without the paths. */
clslice_status cs_launch_kernel(cl_command_queue queue,
                                const struct cs_program_info *program,
                                const cs_kernel_call *call, size_t max_groups,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err);

/* cs_launch_kernel of a gather. */
clslice_status cs_launch_move(cl_command_queue queue,
                              const struct cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err);

/* ---- the runtime's program cache (cl_runtime.c) ------------------------- */

/* Kernel sources from cl/, embedded at build time (cmake/embed_cl.cmake). */
extern const char cs_cl_gather_rows[];
extern const char cs_cl_gather_grid[];
extern const char cs_cl_scatter[];
extern const char cs_cl_csr[];

/* The program families the runtime builds; each is one cl/ source. */
typedef enum cs_program_kind {
    CS_PROGRAM_GATHER_GRID, /* cl/gather_grid.cl: element grid (GPUs) */
    CS_PROGRAM_GATHER_ROWS, /* cl/gather_rows.cl: rows, odometer (CPUs) */
    CS_PROGRAM_SCATTER,     /* cl/scatter.cl: scatter and fill kernels */
    CS_PROGRAM_CSR,         /* cl/csr.cl: CSR count, scan and fill kernels */
    CS_PROGRAM_KINDS,
    /* The name the element-grid family had when it was the only gather
     * family (tests use it). */
    CS_PROGRAM_GATHER = CS_PROGRAM_GATHER_GRID
} cs_program_kind;

/* What the cache keeps per program besides the program itself.  Members
 * after pointer_size are zero in an info a test makes by hand: family
 * GATHER_GRID, big-endian, no pool. */
typedef struct cs_program_info {
    cl_program program;
    cl_device_id device;
    size_t max_param_size; /* CL_DEVICE_MAX_PARAMETER_SIZE */
    size_t max_item[3];    /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t pointer_size;   /* CL_DEVICE_ADDRESS_BITS / 8 */
    cs_program_kind kind;
    bool little_endian;
    cl_uint compute_units;
    cs_kernel_pool *pool;  /* the runtime's; NULL: a kernel per call */
} cs_program_info;

/* The program of `kind` for (device, index width), built on first use.
 * The program stays owned by the runtime (do not release it). */
clslice_status cs_runtime_program(clslice_runtime *runtime,
                                  cl_device_id device, cs_program_kind kind,
                                  int index_bits, cs_program_info *info,
                                  clslice_error *err);

cl_context cs_runtime_context(const clslice_runtime *runtime);

/* Which kernel family a gather uses. */
typedef enum cs_style {
    CS_STYLE_AUTO, /* by device type: rows on CPUs, the grid elsewhere */
    CS_STYLE_ROWS, /* tests: the CPU family on any device */
    CS_STYLE_GRID  /* tests: the GPU family on any device (PoCL in CI) */
} cs_style;

/* Rows longer than this many carriers are split (cs_rows_build). */
#define CS_DEFAULT_ROW_SPLIT 16384
/* Rows shorter than this many bytes go to the odometer kernels. */
#define CS_DEFAULT_SHORT_ROW_BYTES 256

/* The runtime's choices between paths; tests move them to reach every
 * path with small tensors.  cs_runtime_set_tuning(runtime, NULL) restores
 * the defaults. */
typedef struct cs_tuning {
    size_t max_groups;     /* grid-stride kernels: groups per NDRange dim */
    cs_style style;
    int64_t row_split;     /* CPU rows: split rank <= 2 rows longer than
                            * this many carriers */
    int64_t short_row_bytes; /* CPU: rows shorter than this go to the
                              * odometer kernels */
    size_t rect_max_bytes; /* CPU: clEnqueueCopyBufferRect for eligible
                            * outputs up to this size */
    size_t run_kernel_bytes; /* CPU: a single contiguous run of at least
                              * this many bytes runs the row kernel
                              * instead of clEnqueueCopyBuffer */
} cs_tuning;

void cs_runtime_set_tuning(clslice_runtime *runtime, const cs_tuning *tuning);
void cs_runtime_tuning(clslice_runtime *runtime, cs_tuning *tuning);

/* Work-groups per NDRange dim before grid-stride kernels loop; tests
 * lower it to exercise the loops.  0 restores the default. */
void cs_runtime_set_max_groups(clslice_runtime *runtime, size_t groups);
size_t cs_runtime_max_groups(clslice_runtime *runtime);

/* The device's facts (queried once per device) and the tuning, in one
 * lock. */
clslice_status cs_runtime_device(clslice_runtime *runtime,
                                 cl_device_id device, cs_device_info *info,
                                 cs_tuning *tuning, clslice_error *err);

/* Counts one call for each path in `paths` (bits 1 << cs_path);
 * cs_runtime_path_count reads the counts. */
void cs_runtime_count_paths(clslice_runtime *runtime, unsigned paths);
long cs_runtime_path_count(clslice_runtime *runtime, cs_path path);

/* Builds `source` for one device; a failure returns CLSLICE_ERROR_BUILD
 * with the start of the build log.  Exposed for tests of that path. */
clslice_status cs_build_program(cl_context context, cl_device_id device,
                                const char *source, const char *options,
                                cl_program *program, clslice_error *err);

/* Number of programs built since the runtime was created (tests check
 * that racing threads leave one per key). */
size_t cs_runtime_program_count(clslice_runtime *runtime);

/* ---- running a layout (cl_dispatch.c) ---------------------------------- */

/* The arguments of one validated call. */
typedef struct cs_request {
    clslice_runtime *runtime;
    cl_command_queue queue;
    cl_device_id device;
    cs_kernel_kind kind;
    size_t elem_size;
    cl_mem src, dst;
    size_t src_offset, dst_offset;
    const unsigned char *pattern; /* CS_KERNEL_FILL's element */
    unsigned flags;
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event *event;
} cs_request;

/* Builds (or finds) the program a simplified layout will need, so that a
 * caller can fail before enqueuing anything; a no-op when no kernel will
 * run. */
clslice_status cs_dispatch_prepare(const cs_request *r,
                                   const clslice_layout *layout,
                                   clslice_error *err);

/* Runs a simplified layout the cheapest way (KERNEL_NOTES technique 2):
 * nothing for an empty one (a marker behind the wait list if an event is
 * wanted), one clEnqueueCopyBuffer for a single run contiguous on both
 * sides (on a CPU device only below tuning.run_kernel_bytes), one
 * clEnqueueCopyBufferRect for a small 2-D or 3-D box on a CPU device,
 * else the kernel of the request's family for the device. */
clslice_status cs_dispatch(const cs_request *r, const clslice_layout *layout,
                           clslice_error *err);

/* ---- the CopyBufferRect shortcut (cl_rect.c) ---------------------------- */

/* True when the simplified layout is a 2-D or 3-D box that one
 * clEnqueueCopyBufferRect can copy under OpenCL 1.2's rules. */
bool cs_rect_fits(const cs_request *r, const clslice_layout *layout);

/* Enqueues that copy. */
clslice_status cs_rect_enqueue(const cs_request *r,
                               const clslice_layout *layout,
                               clslice_error *err);

/* ---- scatters (cl_scatter.c) ------------------------------------------- */

/* The buffer checks of a scatter request: the value (r->src, a tensor of
 * `shape`) and the destination (r->dst, the plan's whole input tensor),
 * named value_name and dst_name in messages. */
clslice_status cs_scatter_check_buffers(const cs_request *r,
                                        const clslice_plan *plan,
                                        const int64_t *shape, int rank,
                                        const char *value_name,
                                        const char *dst_name,
                                        clslice_error *err);

#endif
