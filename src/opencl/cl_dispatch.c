/*
 * Running a validated layout on the device, for every enqueue call: the
 * cheapest way for the device at hand (KERNEL_NOTES technique 2).
 *
 *   empty                   nothing; a marker when the caller wants an
 *                           event;
 *   one contiguous run      clEnqueueCopyBuffer, which drivers run at full
 *                           bandwidth; except a large run on a CPU device,
 *                           where PoCL's copy is one memcpy on one thread
 *                           and the row kernel uses every core;
 *   a small 2-D/3-D box     clEnqueueCopyBufferRect on a CPU device, where
 *                           launch overhead dominates (cl_rect.c); GPU
 *                           drivers implement it as a kernel much like
 *                           ours, so GPUs keep the kernel;
 *   anything else           a kernel: on CPU devices the row family
 *                           (cl/gather_rows.cl) for gathers and scatters
 *                           and cl/scatter.cl for fills; on all others the
 *                           element grids (cl/gather_grid.cl for gathers,
 *                           cl/scatter.cl for scatters and fills).
 *
 * CLSLICE_NO_COPY_SHORTCUT always runs the kernel, so tests reach it.
 */
#include "cl_internal.h"
#include "core/common.h"

typedef enum choice {
    RUN_MARKER,
    RUN_COPY,
    RUN_RECT,
    RUN_KERNEL
} choice;

/* What the call will run, and with which kernel family. */
typedef struct decision {
    choice run;
    cs_program_kind program;
    cs_tuning tuning;
    cs_device_info device;
} decision;

static bool is_one_run(const clslice_layout *layout)
{
    return layout->rank == 0 ||
           (layout->rank == 1 && layout->src_stride[0] == 1 &&
            layout->dst_stride[0] == 1);
}

static bool rows_style(const decision *d)
{
    return d->tuning.style == CS_STYLE_ROWS ||
           (d->tuning.style == CS_STYLE_AUTO && d->device.cpu);
}

static cs_program_kind program_of(const cs_request *r, const decision *d)
{
    if (r->kind == CS_KERNEL_FILL)
        return CS_PROGRAM_SCATTER;
    if (rows_style(d))
        return CS_PROGRAM_GATHER_ROWS; /* gathers and scatters */
    return r->kind == CS_KERNEL_GATHER ? CS_PROGRAM_GATHER_GRID
                                       : CS_PROGRAM_SCATTER;
}

static choice shortcut(const cs_request *r, const clslice_layout *layout,
                       const decision *d)
{
    size_t bytes = (size_t)layout->elements * r->elem_size;
    bool gather_rows = d->program == CS_PROGRAM_GATHER_ROWS &&
                       r->kind == CS_KERNEL_GATHER;
    if (r->kind == CS_KERNEL_FILL || (r->flags & CLSLICE_NO_COPY_SHORTCUT))
        return RUN_KERNEL; /* a fill reads no buffer: nothing to copy */
    if (is_one_run(layout))
        return gather_rows && bytes >= d->tuning.run_kernel_bytes
                   ? RUN_KERNEL
                   : RUN_COPY;
    if (rows_style(d) && bytes <= d->tuning.rect_max_bytes &&
        cs_rect_fits(r, layout))
        return RUN_RECT;
    return RUN_KERNEL;
}

static clslice_status decide(const cs_request *r,
                             const clslice_layout *layout, decision *d,
                             clslice_error *err)
{
    d->run = RUN_MARKER;
    if (layout->elements == 0)
        return CLSLICE_OK;
    clslice_status st = cs_runtime_device(r->runtime, r->device, &d->device,
                                          &d->tuning, err);
    if (st != CLSLICE_OK)
        return st;
    d->program = program_of(r, d);
    d->run = shortcut(r, layout, d);
    return CLSLICE_OK;
}

static clslice_status enqueue_marker(const cs_request *r, clslice_error *err)
{
    if (!r->event)
        return CLSLICE_OK; /* no work, and nobody to tell */
    cl_int rc = clEnqueueMarkerWithWaitList(r->queue, r->num_events,
                                            r->wait_list, r->event);
    return rc == CL_SUCCESS
               ? CLSLICE_OK
               : cs_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
}

static clslice_status enqueue_copy(const cs_request *r,
                                   const clslice_layout *layout,
                                   clslice_error *err)
{
    size_t size = r->elem_size;
    size_t from = r->src_offset + (size_t)layout->offset * size;
    size_t to = r->dst_offset + (size_t)layout->dst_offset * size;
    size_t bytes = (size_t)layout->elements * size;
    cl_int rc = clEnqueueCopyBuffer(r->queue, r->src, r->dst, from, to, bytes,
                                    r->num_events, r->wait_list, r->event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueCopyBuffer", rc);
}

/* The move in carriers: the CPU family's loops want scalar carriers, so
 * a contiguous row moves as uint at most (a uint4 loop does not
 * vectorize); the element grid keeps the widest carrier (16-byte
 * accesses per work-item). */
static void build_move(const cs_request *r, const clslice_layout *layout,
                       const decision *d, cs_move *move)
{
    cs_move_build(layout, r->elem_size, r->src_offset, r->dst_offset, move);
    if (d->program == CS_PROGRAM_GATHER_ROWS)
        cs_move_narrow(move, 4);
}

static clslice_status find_program(const cs_request *r, const decision *d,
                                   const cs_move *move, cs_program_info *info,
                                   clslice_error *err)
{
    return cs_runtime_program(r->runtime, r->device, d->program,
                              cs_move_index_bits(move, r->flags), info, err);
}

static clslice_status enqueue_kernel(const cs_request *r,
                                     const clslice_layout *layout,
                                     const decision *d, unsigned *paths,
                                     clslice_error *err)
{
    cs_move move;
    build_move(r, layout, d, &move);
    cs_kernel_call call = {r->kind, &move, cs_move_index_bits(&move, r->flags),
                           r->src, r->dst, r->pattern, &d->tuning};
    cs_program_info program;
    clslice_status st = find_program(r, d, &move, &program, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_launch_kernel_paths(r->queue, &program, &call,
                                  d->tuning.max_groups, r->num_events,
                                  r->wait_list, r->event, paths, err);
}

clslice_status cs_dispatch_prepare(const cs_request *r,
                                   const clslice_layout *layout,
                                   clslice_error *err)
{
    decision d;
    clslice_status st = decide(r, layout, &d, err);
    if (st != CLSLICE_OK || d.run != RUN_KERNEL)
        return st;
    cs_move move;
    build_move(r, layout, &d, &move);
    cs_program_info program;
    return find_program(r, &d, &move, &program, err);
}

clslice_status cs_dispatch(const cs_request *r, const clslice_layout *layout,
                           clslice_error *err)
{
    decision d;
    unsigned paths = 0;
    clslice_status st = decide(r, layout, &d, err);
    if (st != CLSLICE_OK)
        return st;
    switch (d.run) {
    case RUN_MARKER:
        paths = 1u << CS_PATH_MARKER;
        st = enqueue_marker(r, err);
        break;
    case RUN_COPY:
        paths = 1u << CS_PATH_COPY;
        st = enqueue_copy(r, layout, err);
        break;
    case RUN_RECT:
        paths = 1u << CS_PATH_RECT;
        st = cs_rect_enqueue(r, layout, err);
        break;
    default:
        st = enqueue_kernel(r, layout, &d, &paths, err);
    }
    if (st == CLSLICE_OK)
        cs_runtime_count_paths(r->runtime, paths);
    return st;
}
