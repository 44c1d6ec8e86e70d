/*
 * Internals of the OpenCL half: error naming, the program cache, the
 * translation of a layout into a carrier-unit "move", and launch sizes.
 * Tests include this header to reach the decisions (carrier, index width,
 * grid) without a device, and the build path with a broken source.
 */
#ifndef CLSLICE_CL_INTERNAL_H
#define CLSLICE_CL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

/* ---- errors (cl_error.c) ------------------------------------------------ */

/* "CL_INVALID_VALUE" etc.; "CL_UNKNOWN_ERROR" for codes it does not know. */
const char *cs_cl_error_name(cl_int code);

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
    size_t max_groups;   /* work-groups per NDRange dim before looping */
} cs_launch_limits;

/* Local and global sizes for a move: NDRange dim 0 covers count[0], dim 1
 * count[1], dim 2 the product of the rest; each global size is a multiple
 * of its local size, at most max_groups groups (the kernel loops). */
void cs_launch_size(const cs_move *move, const cs_launch_limits *limits,
                    cs_launch *launch);

/* Enqueues the move's gather kernel from the cached program; `program`
 * also carries the device limits the launch must respect. */
struct cs_program_info;
clslice_status cs_launch_move(cl_command_queue queue,
                              const struct cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err);

/* The kernel families a move can run as. */
typedef enum cs_kernel_kind {
    CS_KERNEL_GATHER,  /* cl/gather.cl: contiguous destination */
    CS_KERNEL_SCATTER, /* cl/scatter.cl: strided source and destination */
    CS_KERNEL_FILL     /* cl/scatter.cl: the source is an element passed
                        * by value (CS_FILL_BYTES, carrier index < size) */
} cs_kernel_kind;

/* Bytes of the by-value element of the fill kernels; every program is
 * built with -DCS_FILL_BYTES set to it (cl_runtime.c). */
#define CS_FILL_BYTES CLSLICE_FILL_INLINE_MAX

/* One kernel launch: the move, in which family, with which buffers (src
 * is unused by a fill, whose element is the CS_FILL_BYTES at pattern). */
typedef struct cs_kernel_call {
    cs_kernel_kind kind;
    const cs_move *move;
    int index_bits;
    cl_mem src, dst;
    const unsigned char *pattern;
} cs_kernel_call;

/* cs_launch_move for any kernel family. */
clslice_status cs_launch_kernel(cl_command_queue queue,
                                const struct cs_program_info *program,
                                const cs_kernel_call *call, size_t max_groups,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err);

/* ---- the runtime's program cache (cl_runtime.c) ------------------------- */

/* Kernel sources from cl/, embedded at build time (cmake/embed_cl.cmake). */
extern const char cs_cl_gather[];
extern const char cs_cl_scatter[];
extern const char cs_cl_csr[];

/* The program families the runtime builds; each is one cl/ source. */
typedef enum cs_program_kind {
    CS_PROGRAM_GATHER,  /* cl/gather.cl */
    CS_PROGRAM_SCATTER, /* cl/scatter.cl: scatter and fill kernels */
    CS_PROGRAM_CSR,     /* cl/csr.cl: CSR count, scan and fill kernels */
    CS_PROGRAM_KINDS
} cs_program_kind;

/* What the cache keeps per program besides the program itself. */
typedef struct cs_program_info {
    cl_program program;
    cl_device_id device;
    size_t max_param_size; /* CL_DEVICE_MAX_PARAMETER_SIZE */
    size_t max_item[3];    /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t pointer_size;   /* CL_DEVICE_ADDRESS_BITS / 8 */
} cs_program_info;

/* The program of `kind` for (device, index width), built on first use.
 * The program stays owned by the runtime (do not release it). */
clslice_status cs_runtime_program(clslice_runtime *runtime,
                                  cl_device_id device, cs_program_kind kind,
                                  int index_bits, cs_program_info *info,
                                  clslice_error *err);

cl_context cs_runtime_context(const clslice_runtime *runtime);

/* Work-groups per NDRange dim before kernels loop; tests lower it to
 * exercise the loops.  0 restores the default. */
void cs_runtime_set_max_groups(clslice_runtime *runtime, size_t groups);
size_t cs_runtime_max_groups(const clslice_runtime *runtime);

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
 * sides, else the request's kernel. */
clslice_status cs_dispatch(const cs_request *r, const clslice_layout *layout,
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
