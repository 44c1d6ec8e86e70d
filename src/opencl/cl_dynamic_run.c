/*
 * Gathers and scatters that read their slice from a dynamic plan record
 * on the device (cl/dynamic.cl).  The host knows the input's shape, the
 * element size, the offsets and, for scatters, the value's shape: enough
 * to check every buffer against the bound (a slice never has more
 * elements than its input), to pick a carrier, an index width and a
 * kernel family, and to size the NDRange.  The slice itself stays on the
 * device: nothing here waits for a command or reads a buffer.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "cl_dynamic_run.h"
#include "core/common.h"
#include "core/scatter.h"

enum {
    GRID_GATHER_LOCAL = 256, /* as the static element grids */
    GRID_SCATTER_LOCAL = 64,
    ROWS_LOCAL = 8,          /* as the static CPU rows */
    ROWS_PER_UNIT = 8,       /* rows form: work-items per compute unit */
    ROWS_MIN_BYTES = 16384,  /* ...and at least this much of the bound
                              * per work-item, so a small input is one
                              * work-item's loop */
    TABLE_WORDS = 6 + 2 * CS_MAX_DIMS
};

static_assert((int)TABLE_WORDS <= (int)CS_JOB_TABLE_WORDS,
              "the job's table storage holds the dynamic table");
static_assert(TABLE_WORDS * 8 + 3 * 8 <= 1024,
              "dynamic kernel arguments must fit the 1024 bytes OpenCL "
              "promises");

/* A call as both kinds share it. */
typedef struct dyn_call {
    cs_kernel_kind kind; /* GATHER or SCATTER */
    clslice_runtime *rt;
    cl_command_queue queue;
    const clslice_plan *plan;
    size_t elem_size;
    cl_mem info, src, dst; /* src: a gather's tensor, a scatter's value */
    size_t info_offset, src_offset, dst_offset;
    unsigned flags;
    bool info_written;
    cl_uint num_events;
    const cl_event *wait_list;
    /* set by the checks */
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int64_t elements;  /* of the input: the bound */
    int64_t vstride[CLSLICE_MAX_RANK]; /* scatters, in elements */
    int64_t value_elements;
    cl_device_id device;
} dyn_call;

/* ---- checks ------------------------------------------------------------- */

static clslice_status check_plan(dyn_call *c, clslice_error *err)
{
    c->rank = clslice_plan_input_rank(c->plan);
    clslice_plan_input_shape(c->plan, c->shape);
    c->elements = 1;
    for (int d = 0; d < c->rank; d++) {
        if (c->shape[d] < 0)
            return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                           "static_plan: input dim %d has an unknown size; "
                           "a dynamic slice needs the input shape", d);
        if (__builtin_mul_overflow(c->elements, c->shape[d], &c->elements))
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "static_plan: the input has more than %" PRId64
                           " elements", INT64_MAX);
    }
    if (c->info_offset % sizeof(cl_long))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "info_offset = %zu is not a multiple of 8 (the "
                       "record is int64 words)", c->info_offset);
    return CLSLICE_OK;
}

/* The value's stride along each input dim, in elements: its row-major
 * stride along the output dim that input dim became, 0 where the value
 * has size 1 there (it broadcasts, or the slice has size 1), 0 for
 * shrunk dims and for value dims that meet no input dim.  Whether the
 * value fits the slice (sizes, ranks, new axes) is the normaliser's to
 * say, in the record's status: it alone knows the slice's shape. */
static clslice_status value_strides(dyn_call *c, const int64_t *shape,
                                    int rank, clslice_value_rule rule,
                                    clslice_error *err)
{
    if (rule != CLSLICE_VALUE_BROADCAST && rule != CLSLICE_VALUE_EXACT)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "rule = %d is not a clslice_value_rule", (int)rule);
    int lead = rank - clslice_plan_output_rank(c->plan);
    for (int k = 0; k < c->rank; k++)
        c->vstride[k] = 0;
    int64_t running = 1;
    for (int v = rank - 1; v >= 0; v--) {
        int j = v - lead;
        int k = j >= 0 ? clslice_plan_output_source(c->plan, j) : -1;
        if (k >= 0 && shape[v] != 1)
            c->vstride[k] = running;
        running *= shape[v]; /* bounded by the checked element count */
    }
    return CLSLICE_OK;
}

static clslice_status check_value(dyn_call *c, const int64_t *shape,
                                  int rank, clslice_value_rule rule,
                                  clslice_error *err)
{
    if (rank < 0 || rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_rank = %d is outside 0 .. %d", rank,
                       CLSLICE_MAX_RANK);
    if (rank > 0 && !shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_shape is NULL but value_rank = %d", rank);
    for (int v = 0; v < rank; v++)
        if (shape[v] < 0)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "value_shape[%d] = %" PRId64 " is negative", v,
                           shape[v]);
    clslice_status st = cs_value_elements(shape, rank, "value",
                                          &c->value_elements, err);
    return st == CLSLICE_OK ? value_strides(c, shape, rank, rule, err) : st;
}

/* The record, the read side and the written side, against the bound. */
static clslice_status check_buffers(dyn_call *c, clslice_error *err)
{
    size_t tensor, value = 0;
    clslice_status st = cs_input_bytes(c->plan, c->elem_size, &tensor, err);
    if (st == CLSLICE_OK && c->kind == CS_KERNEL_SCATTER)
        st = cs_tensor_bytes(c->value_elements, c->elem_size, "value",
                             &value, err);
    if (st != CLSLICE_OK)
        return st;
    bool gather = c->kind == CS_KERNEL_GATHER;
    cs_array a[3] = {
        {.name = "info", .what = "record", .buffer = c->info,
         .offset = c->info_offset,
         .bytes = CLSLICE_DYNAMIC_INFO_WORDS * sizeof(cl_long),
         .output = c->info_written},
        {.name = gather ? "src" : "value", .what = gather ? "input" : "value",
         .buffer = c->src, .offset = c->src_offset,
         .bytes = gather ? tensor : value, .optional = true},
        {.name = "dst", .what = gather ? "output bound" : "destination",
         .buffer = c->dst, .offset = c->dst_offset, .bytes = tensor,
         .output = true, .optional = true}};
    return cs_check_arrays(cs_runtime_context(c->rt), a, 3, NULL, err);
}

static clslice_status check_call(dyn_call *c, clslice_error *err)
{
    clslice_status st = cs_check_call(c->rt, c->queue, c->plan, c->elem_size,
                                      c->flags, err);
    if (st == CLSLICE_OK)
        st = cs_check_wait_list(cs_runtime_context(c->rt), c->num_events,
                                c->wait_list, err);
    if (st == CLSLICE_OK)
        st = check_plan(c, err);
    if (st == CLSLICE_OK)
        st = cs_queue_device(cs_runtime_context(c->rt), c->queue, &c->device,
                             err);
    return st;
}

/* ---- the launch --------------------------------------------------------- */

/* The widest carrier (at most `most` bytes) dividing the element size
 * and both offsets. */
static size_t carrier_of(const dyn_call *c, size_t most)
{
    size_t carrier = most;
    while (carrier > 1 && (c->elem_size % carrier || c->src_offset % carrier ||
                           c->dst_offset % carrier))
        carrier /= 2;
    return carrier;
}

/* 32-bit indices when every carrier index the kernel can form (up to the
 * bound on both sides, and the record's words) fits a uint32. */
static int index_bits(const dyn_call *c, size_t carrier)
{
    uint64_t epc = c->elem_size / carrier;
    uint64_t tensor = (uint64_t)c->elements * epc;
    uint64_t value = (uint64_t)c->value_elements * epc;
    uint64_t most = c->info_offset / sizeof(cl_long) + CLSLICE_DYNAMIC_INFO_WORDS;
    uint64_t src = c->src_offset / carrier +
                   (c->kind == CS_KERNEL_GATHER ? tensor : value);
    uint64_t dst = c->dst_offset / carrier + tensor;
    most = src > most ? src : most;
    most = dst > most ? dst : most;
    return (c->flags & CLSLICE_FORCE_INDEX64) || most > UINT32_MAX ? 64 : 32;
}

static void pack_table(const dyn_call *c, size_t carrier, int bits,
                       size_t chunks, cs_job *job)
{
    int64_t epc = (int64_t)(c->elem_size / carrier);
    int64_t stride[CLSLICE_MAX_RANK], vstride[CLSLICE_MAX_RANK];
    int64_t running = epc;
    for (int d = c->rank - 1; d >= 0; d--) {
        stride[d] = running;
        running *= c->shape[d] ? c->shape[d] : 1;
        vstride[d] = c->kind == CS_KERNEL_SCATTER ? c->vstride[d] * epc : 0;
    }
    cs_job_table(job, bits);
    cs_job_word(job, (int64_t)(c->info_offset / sizeof(cl_long)));
    cs_job_word(job, (int64_t)(c->src_offset / carrier));
    cs_job_word(job, (int64_t)(c->dst_offset / carrier));
    cs_job_word(job, c->rank);
    cs_job_word(job, epc);
    cs_job_word(job, (int64_t)chunks);
    cs_job_dims(job, stride, c->rank, CS_MAX_DIMS, 0);
    cs_job_dims(job, vstride, c->rank, CS_MAX_DIMS, 0);
}

/* The rows form's work-items: enough for every compute unit, no more
 * than the bound's bytes make worth it. */
static size_t rows_chunks(const dyn_call *c, const cs_device_info *device)
{
    uint64_t bytes = (uint64_t)c->elements * c->elem_size;
    uint64_t want = (bytes + ROWS_MIN_BYTES - 1) / ROWS_MIN_BYTES;
    uint64_t most = (uint64_t)(device->compute_units ? device->compute_units
                                                     : 1) * ROWS_PER_UNIT;
    return (size_t)(want < 1 ? 1 : want > most ? most : want);
}

static bool rows_style(const cs_device_info *device, const cs_tuning *tuning)
{
    return tuning->style == CS_STYLE_ROWS ||
           (tuning->style == CS_STYLE_AUTO && device->cpu);
}

/* Arms the kernel of the family the device and tuning pick. */
static clslice_status arm_kernel(const dyn_call *c, cs_dyn_ready *ready,
                                 clslice_error *err)
{
    cs_device_info device;
    cs_tuning tuning;
    clslice_status st = cs_runtime_device(c->rt, c->device, &device, &tuning,
                                          err);
    if (st != CLSLICE_OK)
        return st;
    bool rows = rows_style(&device, &tuning);
    bool gather = c->kind == CS_KERNEL_GATHER;
    size_t carrier = carrier_of(c, rows ? 8 : 16);
    int bits = index_bits(c, carrier);
    st = cs_runtime_program(c->rt, c->device, CS_PROGRAM_DYNAMIC, bits,
                            &ready->program, err);
    if (st != CLSLICE_OK)
        return st;
    cs_variant variant =
        rows ? (gather ? CS_VARIANT_DYN_GATHER_ROWS
                       : CS_VARIANT_DYN_SCATTER_ROWS)
             : (gather ? CS_VARIANT_DYN_GATHER_GRID
                       : CS_VARIANT_DYN_SCATTER_GRID);
    size_t chunks = rows ? rows_chunks(c, &device) : 0;
    cs_job job;
    cs_job_start(&job, gather ? "dynamic gather" : "dynamic scatter",
                 variant, carrier);
    pack_table(c, carrier, bits, chunks, &job);
    cs_job_mem(&job, &c->src);
    cs_job_mem(&job, &c->dst);
    cs_job_mem(&job, &c->info);
    cs_job_table_arg(&job);
    if (rows)
        cs_job_range(&job, chunks, ROWS_LOCAL, false);
    else
        cs_job_range(&job, (size_t)c->elements * (c->elem_size / carrier),
                     gather ? GRID_GATHER_LOCAL : GRID_SCATTER_LOCAL, true);
    ready->paths = 1u << (rows ? CS_PATH_DYN_ROWS : CS_PATH_DYN_GRID);
    return cs_job_arm(&ready->program, &job, tuning.max_groups,
                      &ready->armed, err);
}

static void call_of(clslice_runtime *rt, cl_command_queue q,
                    const cs_dyn_consumer *in, cl_uint n, const cl_event *wl,
                    dyn_call *c)
{
    *c = (dyn_call){.kind = in->kind, .rt = rt, .queue = q, .plan = in->plan,
                    .elem_size = in->elem_size, .info = in->info,
                    .src = in->src, .dst = in->dst,
                    .info_offset = in->info_offset,
                    .src_offset = in->src_offset,
                    .dst_offset = in->dst_offset, .flags = in->flags,
                    .info_written = in->info_written,
                    .num_events = n, .wait_list = wl};
}

clslice_status cs_dynamic_ready(clslice_runtime *rt, cl_command_queue q,
                                const cs_dyn_consumer *in, cl_uint n,
                                const cl_event *wl, cs_dyn_ready *ready,
                                clslice_error *err)
{
    dyn_call c;
    call_of(rt, q, in, n, wl, &c);
    *ready = (cs_dyn_ready){.rt = rt};
    clslice_status st = check_call(&c, err);
    if (st == CLSLICE_OK && c.kind == CS_KERNEL_SCATTER)
        st = check_value(&c, in->value_shape, in->value_rank, in->rule, err);
    if (st == CLSLICE_OK)
        st = check_buffers(&c, err);
    if (st != CLSLICE_OK)
        return st;
    ready->marker = c.elements == 0;
    ready->paths = 1u << CS_PATH_MARKER;
    return ready->marker ? CLSLICE_OK : arm_kernel(&c, ready, err);
}

/* An input without elements has no slice to move: a marker keeps the
 * caller's event chain. */
static clslice_status enqueue_marker(cl_command_queue q, cl_uint n,
                                     const cl_event *wl, cl_event *ev,
                                     clslice_error *err)
{
    if (!ev)
        return CLSLICE_OK;
    cl_int rc = clEnqueueMarkerWithWaitList(q, n, wl, ev);
    return rc == CL_SUCCESS
               ? CLSLICE_OK
               : cs_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
}

clslice_status cs_dynamic_fire(cs_dyn_ready *ready, cl_command_queue q,
                               cl_uint n, const cl_event *wl, cl_event *ev,
                               clslice_error *err)
{
    clslice_status st =
        ready->marker ? enqueue_marker(q, n, wl, ev, err)
                      : cs_armed_enqueue(&ready->armed, q, n, wl, ev, err);
    if (st == CLSLICE_OK)
        cs_runtime_count_paths(ready->rt, ready->paths);
    return st;
}

void cs_dynamic_drop(cs_dyn_ready *ready)
{
    if (!ready->marker)
        cs_armed_drop(&ready->armed);
}

static clslice_status enqueue(clslice_runtime *rt, cl_command_queue q,
                              const cs_dyn_consumer *in, cl_uint n,
                              const cl_event *wl, cl_event *ev,
                              clslice_error *err)
{
    cs_dyn_ready ready;
    clslice_status st = cs_dynamic_ready(rt, q, in, n, wl, &ready, err);
    if (st == CLSLICE_OK)
        st = cs_dynamic_fire(&ready, q, n, wl, ev, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

clslice_status cs_enqueue_dynamic_gather(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem src,
    size_t src_offset, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err)
{
    cs_dyn_consumer in = {.kind = CS_KERNEL_GATHER, .plan = static_plan,
                          .elem_size = elem_size, .info = info, .src = src,
                          .dst = dst, .info_offset = info_offset,
                          .src_offset = src_offset, .dst_offset = dst_offset,
                          .flags = flags};
    return enqueue(rt, q, &in, n, wl, ev, err);
}

clslice_status cs_enqueue_dynamic_scatter(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem value,
    size_t value_offset, const int64_t *value_shape, int value_rank,
    clslice_value_rule rule, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err)
{
    cs_dyn_consumer in = {.kind = CS_KERNEL_SCATTER, .plan = static_plan,
                          .elem_size = elem_size, .info = info, .src = value,
                          .dst = dst, .info_offset = info_offset,
                          .src_offset = value_offset,
                          .dst_offset = dst_offset,
                          .value_shape = value_shape,
                          .value_rank = value_rank, .rule = rule,
                          .flags = flags};
    return enqueue(rt, q, &in, n, wl, ev, err);
}
