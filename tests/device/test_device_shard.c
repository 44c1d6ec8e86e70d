/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Sharded gathers and scatters run on several devices of one context,
 * against the whole-tensor host gather and scatter: half the cases
 * through clslice_cl_shard_run (its per-owner and whole events checked),
 * half through the loop an engine would write, each piece one
 * clslice_cl_gather between the blocks' buffers (a strided view of the
 * read block at the plan's steps, the box of the written block) on the
 * queue of the owner that receives it, one marker per receiving owner;
 * then every error of clslice_cl_shard_run, named, with nothing
 * enqueued.  The context holds every device
 * of the default device's platform and type (PoCL with
 * POCL_DEVICES="pthread pthread", as ctest sets it, gives two), owner o
 * using device o mod devices; a block read by another device's queue
 * reaches it as OpenCL moves buffers within a context.  Output blocks
 * start as sentinels and are checked whole.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include "devutil.h"
#include "randshard.h"

#define MAX_OWNERS 6

static uint64_t g_seed;
static char g_ctx[8192];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

typedef struct multi {
    cl_context context;
    cl_device_id devices[4];
    cl_uint count;
    cl_command_queue queue[MAX_OWNERS];
    clslice_runtime *runtime;
} multi;

static multi g_multi;

/* Every device of the default device's platform and type in one
 * context; false (the test skips) when there is no device. */
static bool open_multi(multi *m)
{
    tu_cl cl;
    memset(m, 0, sizeof *m);
    if (!tu_cl_open(&cl))
        return false;
    cl_platform_id platform;
    cl_device_type type;
    assert_int_equal(clGetDeviceInfo(cl.device, CL_DEVICE_PLATFORM,
                                     sizeof platform, &platform, NULL),
                     CL_SUCCESS);
    assert_int_equal(clGetDeviceInfo(cl.device, CL_DEVICE_TYPE, sizeof type,
                                     &type, NULL),
                     CL_SUCCESS);
    tu_cl_close(&cl);
    assert_int_equal(clGetDeviceIDs(platform, type, 4, m->devices, &m->count),
                     CL_SUCCESS);
    if (m->count > 4)
        m->count = 4;
    cl_int rc;
    m->context = clCreateContext(NULL, m->count, m->devices, NULL, NULL, &rc);
    assert_int_equal(rc, CL_SUCCESS);
    for (int o = 0; o < MAX_OWNERS; o++) {
        m->queue[o] = clCreateCommandQueue(
            m->context, m->devices[(cl_uint)o % m->count], 0, &rc);
        assert_int_equal(rc, CL_SUCCESS);
    }
    clslice_error err;
    assert_int_equal(clslice_runtime_create(m->context, &m->runtime, &err),
                     CLSLICE_OK);
    print_message("devices in one context: %u\n", (unsigned)m->count);
    return true;
}

static void close_multi(multi *m)
{
    clslice_runtime_release(&m->runtime);
    for (int o = 0; o < MAX_OWNERS; o++)
        if (m->queue[o])
            clReleaseCommandQueue(m->queue[o]);
    if (m->context)
        clReleaseContext(m->context);
    memset(m, 0, sizeof *m);
}

/* ---- blocks in buffers ------------------------------------------------ */

/* A sharded tensor's blocks, each a row-major buffer of its own on its
 * owner's queue. */
typedef struct held {
    const rsh_layout *l;
    int64_t nblocks[CLSLICE_MAX_RANK];
    cl_mem *block;
    int64_t *owner;
    int64_t count;
} held;

static int64_t strides_of(const int64_t *shape, int rank, int64_t *strides)
{
    int64_t n = 1;
    for (int d = rank - 1; d >= 0; d--) {
        strides[d] = n;
        n *= shape[d];
    }
    return n;
}

static void block_shape(const held *h, const int64_t *b, int64_t *shape)
{
    for (int d = 0; d < h->l->layout.rank; d++) {
        int64_t lo, hi;
        rsh_block_range(h->l, d, b[d], &lo, &hi);
        shape[d] = hi - lo;
    }
}

static int64_t block_number(const held *h, const int64_t *b)
{
    int64_t k = 0;
    for (int d = 0; d < h->l->layout.rank; d++)
        k = k * h->nblocks[d] + b[d];
    return k;
}

/* Element e of the whole row-major tensor: its block and its place in
 * the block. */
static int64_t place_of(const held *h, int64_t e, int64_t *b)
{
    int rank = h->l->layout.rank;
    int64_t strides[CLSLICE_MAX_RANK], index[CLSLICE_MAX_RANK] = {0},
            shape[CLSLICE_MAX_RANK], bs[CLSLICE_MAX_RANK], at = 0;
    strides_of(h->l->shape, rank, strides);
    for (int d = 0; d < rank; d++)
        index[d] = e / strides[d] % h->l->shape[d];
    rsh_owner_of(h->l, index, b);
    block_shape(h, b, shape);
    strides_of(shape, rank, bs);
    for (int d = 0; d < rank; d++) {
        int64_t lo, hi;
        rsh_block_range(h->l, d, b[d], &lo, &hi);
        at += (index[d] - lo) * bs[d];
    }
    return at;
}

/* Blocks in buffers, written from the whole tensor `whole`. */
static void hold(held *h, const rsh_layout *l, const int32_t *whole)
{
    int rank = l->layout.rank;
    h->l = l;
    h->count = 1;
    for (int d = 0; d < rank; d++) {
        h->nblocks[d] = rsh_blocks(l, d);
        h->count *= h->nblocks[d];
    }
    h->block = calloc((size_t)h->count, sizeof *h->block);
    h->owner = calloc((size_t)h->count, sizeof *h->owner);
    int32_t **host = calloc((size_t)h->count, sizeof *host);
    int64_t *sizes = calloc((size_t)h->count, sizeof *sizes);
    assert_true(h->block && h->owner && host && sizes);
    int64_t b[CLSLICE_MAX_RANK] = {0}, shape[CLSLICE_MAX_RANK],
            strides[CLSLICE_MAX_RANK], index[CLSLICE_MAX_RANK];
    for (int64_t k = 0; k < h->count; k++) {
        block_shape(h, b, shape);
        sizes[k] = strides_of(shape, rank, strides);
        host[k] = malloc((size_t)(sizes[k] + 1) * sizeof(int32_t));
        assert_non_null(host[k]);
        for (int d = 0; d < rank; d++) {
            int64_t lo, hi;
            rsh_block_range(l, d, b[d], &lo, &hi);
            index[d] = lo;
        }
        h->owner[k] = sizes[k] ? rsh_owner_of(l, index, NULL) : 0;
        for (int d = rank - 1; d >= 0 && ++b[d] == h->nblocks[d]; d--)
            b[d] = 0;
    }
    int64_t n = strides_of(l->shape, rank, strides);
    for (int64_t e = 0; e < n; e++) {
        int64_t at = place_of(h, e, b);
        host[block_number(h, b)][at] = whole[e];
    }
    for (int64_t k = 0; k < h->count; k++) {
        cl_int rc;
        size_t bytes = (size_t)(sizes[k] + 1) * sizeof(int32_t);
        h->block[k] = clCreateBuffer(g_multi.context,
                                     CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                     bytes, host[k], &rc);
        assert_int_equal(rc, CL_SUCCESS);
        free(host[k]);
    }
    free(host);
    free(sizes);
}

/* Reads the blocks back into the whole tensor. */
static void read_whole(const held *h, int32_t *whole)
{
    int rank = h->l->layout.rank;
    int64_t strides[CLSLICE_MAX_RANK], b[CLSLICE_MAX_RANK];
    int64_t n = strides_of(h->l->shape, rank, strides);
    for (int64_t e = 0; e < n; e++) {
        int64_t at = place_of(h, e, b);
        int64_t k = block_number(h, b);
        assert_int_equal(clEnqueueReadBuffer(g_multi.queue[0], h->block[k],
                                             CL_TRUE,
                                             (size_t)at * sizeof(int32_t),
                                             sizeof(int32_t), &whole[e], 0,
                                             NULL, NULL),
                         CL_SUCCESS);
    }
}

static void unhold(held *h)
{
    for (int64_t k = 0; k < h->count; k++)
        clReleaseMemObject(h->block[k]);
    free(h->block);
    free(h->owner);
}

/* ---- running the pieces ----------------------------------------------- */

/* A block as a tensor seen at `start` with strides scaled by `step`. */
static clslice_cl_tensor block_view(const held *h, const int64_t *b,
                                    const int64_t *start, const int64_t *step,
                                    int64_t *strides)
{
    int rank = h->l->layout.rank;
    int64_t shape[CLSLICE_MAX_RANK], at = 0;
    block_shape(h, b, shape);
    strides_of(shape, rank, strides);
    for (int d = 0; d < rank; d++) {
        at += start[d] * strides[d];
        if (step)
            strides[d] *= step[d];
    }
    return (clslice_cl_tensor){h->block[block_number(h, b)],
                               (size_t)at * sizeof(int32_t), strides};
}

/* One piece as one device gather on the receiving owner's queue. */
static void enqueue_piece(const clslice_plan *plan,
                          const clslice_shard_piece *p, held *in, held *out,
                          bool scatter)
{
    int rank = clslice_plan_input_rank(plan);
    int64_t in_strides[CLSLICE_MAX_RANK], out_strides[CLSLICE_MAX_RANK],
            box[CLSLICE_MAX_RANK] = {0};
    clslice_cl_tensor in_view = block_view(in, p->input_block, p->input_start,
                                           p->input_step, in_strides);
    clslice_cl_tensor out_view = block_view(out, p->output_block,
                                            p->output_start, NULL,
                                            out_strides);
    for (int j = 0; j < clslice_plan_output_rank(plan); j++) {
        int d = clslice_plan_output_source(plan, j);
        if (d >= 0)
            box[d] = out_strides[j];
    }
    out_view.strides = box;
    clslice_plan *identity = tu_expr_plan(p->input_count, rank, "[...]");
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = g_multi.queue[p->to_owner];
    clslice_cl_gather_desc g = CLSLICE_CL_GATHER_DESC_INIT;
    g.plan = identity;
    g.elem_size = sizeof(int32_t);
    g.src = scatter ? out_view : in_view;
    g.dst = scatter ? in_view : out_view;
    clslice_error err;
    clslice_status st = clslice_cl_gather(g_multi.runtime, &call, &g, &err);
    if (st != CLSLICE_OK)
        print_error("piece: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    clslice_plan_release(&identity);
}

/* Every piece of desc enqueued, then one marker per receiving owner;
 * waits for the markers alone. */
static void run_pieces(const clslice_shard_desc *desc, held *in, held *out)
{
    bool scatter = desc->direction == CLSLICE_SHARD_SCATTER;
    bool receives[MAX_OWNERS] = {false};
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    clslice_error err;
    EXPECT(clslice_shard_begin(&iter, desc, &err) == CLSLICE_OK);
    for (int more = 1;;) {
        EXPECT(clslice_shard_next(&iter, &p, &more, &err) == CLSLICE_OK);
        if (!more)
            break;
        enqueue_piece(desc->plan, &p, in, out, scatter);
        receives[p.to_owner] = true;
    }
    cl_event done[MAX_OWNERS];
    cl_uint events = 0;
    for (int o = 0; o < MAX_OWNERS; o++)
        if (receives[o])
            EXPECT(clEnqueueMarkerWithWaitList(g_multi.queue[o], 0, NULL,
                                               &done[events++]) ==
                   CL_SUCCESS);
    for (int o = 0; o < MAX_OWNERS; o++)
        clFlush(g_multi.queue[o]);
    if (events)
        EXPECT(clWaitForEvents(events, done) == CL_SUCCESS);
    for (cl_uint e = 0; e < events; e++)
        clReleaseEvent(done[e]);
}

/* The same through clslice_cl_shard_run: one call, a marker per
 * receiving owner (checked against the pieces) and one on queue 0. */
static void run_call(const clslice_shard_desc *shard, held *in, held *out)
{
    bool receives[MAX_OWNERS] = {false};
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    EXPECT(clslice_shard_begin(&iter, shard, NULL) == CLSLICE_OK);
    for (int more = 1; clslice_shard_next(&iter, &p, &more, NULL) ==
                           CLSLICE_OK &&
                       more;)
        receives[p.to_owner] = true;
    cl_event owner_events[MAX_OWNERS], done = NULL;
    memset(owner_events, 0x5C, sizeof owner_events);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = g_multi.queue[0];
    call.event = &done;
    clslice_cl_shard_desc desc = CLSLICE_CL_SHARD_DESC_INIT;
    desc.shard = shard;
    desc.elem_size = sizeof(int32_t);
    desc.input_blocks = in->block;
    desc.output_blocks = out->block;
    desc.queues = g_multi.queue;
    desc.owner_events = owner_events;
    clslice_error err;
    clslice_status st = clslice_cl_shard_run(g_multi.runtime, &call, &desc,
                                             &err);
    if (st != CLSLICE_OK)
        print_error("clslice_cl_shard_run: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    EXPECT(done != NULL);
    EXPECT(clWaitForEvents(1, &done) == CL_SUCCESS);
    clReleaseEvent(done);
    int64_t owners = shard->input->owners > shard->output->owners
                         ? shard->input->owners
                         : shard->output->owners;
    for (int64_t o = 0; o < owners; o++) {
        EXPECT((owner_events[o] != NULL) == receives[o]);
        if (owner_events[o]) {
            cl_int status = CL_QUEUED;
            clGetEventInfo(owner_events[o],
                           CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                           &status, NULL);
            EXPECT(status == CL_COMPLETE);
            clReleaseEvent(owner_events[o]);
        }
    }
}

static rsh_layout g_in, g_out;

static void run_case(tu_rng *rng, int i, long long *pieces)
{
    int rank = (int)tu_range(rng, 1, 3);
    int64_t shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        shape[d] = tu_range(rng, 1, rank == 1 ? 40 : 9);
    static rp_case c;
    clslice_plan *plan = rsh_random_plan(rng, shape, rank, &c);
    int out_rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, out_shape);
    rsh_random_layout(rng, shape, rank, 12, MAX_OWNERS, &g_in);
    rsh_random_layout(rng, out_shape, out_rank, 12, MAX_OWNERS, &g_out);
    snprintf(g_ctx, sizeof g_ctx, "case %d: %s on %s; input %s; output %s",
             i, c.desc, tu_shape_str(shape, rank), g_in.desc, g_out.desc);
    int64_t n_in = 1, n_out = 1;
    for (int d = 0; d < rank; d++)
        n_in *= shape[d];
    for (int j = 0; j < out_rank; j++)
        n_out *= out_shape[j];
    size_t in_bytes = (size_t)n_in * sizeof(int32_t),
           out_bytes = (size_t)n_out * sizeof(int32_t);
    int32_t *src = malloc(in_bytes + 4), *value = malloc(out_bytes + 4),
            *want = malloc(in_bytes + out_bytes + 4),
            *got = malloc(in_bytes + out_bytes + 4);
    assert_true(src && value && want && got);
    for (int64_t e = 0; e < n_in; e++)
        src[e] = (int32_t)(e + 1);
    for (int64_t e = 0; e < n_out; e++)
        value[e] = -(int32_t)(e + 1); /* the gather's sentinels too */
    clslice_shard_desc desc = CLSLICE_SHARD_DESC_INIT;
    desc.plan = plan;
    desc.input = &g_in.layout;
    desc.output = &g_out.layout;
    desc.owner = CLSLICE_SHARD_EVERY_OWNER;
    clslice_error err;
    int64_t count = 0;
    EXPECT(clslice_shard_count(&desc, &count, NULL, NULL, &err) ==
           CLSLICE_OK);
    *pieces += count;
    for (int way = 0; way < 2; way++) {
        held in, out;
        hold(&in, &g_in, src);
        hold(&out, &g_out, value);
        desc.direction = way ? CLSLICE_SHARD_SCATTER : CLSLICE_SHARD_GATHER;
        if (i % 2)
            run_pieces(&desc, &in, &out);
        else
            run_call(&desc, &in, &out);
        if (way == 0) {
            EXPECT(clslice_host_gather(plan, sizeof(int32_t), src, in_bytes,
                                       want, out_bytes, &err) == CLSLICE_OK);
            read_whole(&out, got);
            EXPECT(!memcmp(got, want, out_bytes));
        } else {
            memcpy(want, src, in_bytes);
            EXPECT(clslice_host_scatter(plan, sizeof(int32_t), value,
                                        out_shape, out_rank, out_bytes,
                                        CLSLICE_VALUE_EXACT, want, in_bytes,
                                        &err) == CLSLICE_OK);
            read_whole(&in, got);
            EXPECT(!memcmp(got, want, in_bytes));
        }
        unhold(&in);
        unhold(&out);
    }
    free(src);
    free(value);
    free(want);
    free(got);
    rsh_free_layout(&g_in);
    rsh_free_layout(&g_out);
    clslice_plan_release(&plan);
}

static void test_sharded_on_devices(void **state)
{
    (void)state;
    if (!g_multi.context)
        skip();
    tu_rng rng = {g_seed};
    long long pieces = 0;
    long cases = tu_scaled(100);
    for (int i = 0; i < cases; i++)
        run_case(&rng, i, &pieces);
    print_message("%ld cases, %lld pieces on %u devices\n", cases, pieces,
                  (unsigned)g_multi.count);
    snprintf(g_ctx, sizeof g_ctx, "the whole run");
    EXPECT(pieces >= cases);
}

/* ---- clslice_cl_shard_run's checks ----------------------------------- */

/* [8] in blocks of 4 on owners 0 and 1, reversed into [8] in blocks of 4:
 * each owner receives the other's block.  Each bad call must fail with
 * its message, enqueue nothing and leave the outputs' sentinels. */
static void test_run_errors(void **state)
{
    (void)state;
    if (!g_multi.context)
        skip();
    snprintf(g_ctx, sizeof g_ctx, "clslice_cl_shard_run errors");
    const int64_t shape[] = {8};
    const clslice_shard_axis axes[] = {{.block = 4}}, bad_axes[] = {{0}};
    clslice_shard_layout layout = CLSLICE_SHARD_LAYOUT_INIT;
    layout.rank = 1;
    layout.shape = shape;
    layout.axes = axes;
    layout.owners = 2;
    clslice_shard_layout bad_layout = layout;
    bad_layout.axes = bad_axes;
    clslice_plan *plan = tu_expr_plan(shape, 1, "[::-1]");
    clslice_shard_desc shard = CLSLICE_SHARD_DESC_INIT;
    shard.plan = plan;
    shard.input = shard.output = &layout;
    shard.owner = CLSLICE_SHARD_EVERY_OWNER;
    const int32_t ones[4] = {1, 1, 1, 1}, sentinel[4] = {-7, -7, -7, -7};
    cl_mem in[2], out[2], tiny;
    cl_int rc;
    for (int k = 0; k < 2; k++) {
        in[k] = clCreateBuffer(g_multi.context,
                               CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                               sizeof ones, (void *)ones, &rc);
        out[k] = clCreateBuffer(g_multi.context,
                                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                sizeof sentinel, (void *)sentinel, &rc);
    }
    tiny = clCreateBuffer(g_multi.context, CL_MEM_READ_WRITE, 4, NULL, &rc);
    cl_context other = clCreateContext(NULL, 1, g_multi.devices, NULL, NULL,
                                       &rc);
    cl_command_queue foreign = clCreateCommandQueue(other, g_multi.devices[0],
                                                    0, &rc);
    assert_int_equal(rc, CL_SUCCESS);
    static const struct {
        const char *what;
        clslice_status status;
        const char *message;
    } cases[] = {
        {"desc NULL", CLSLICE_ERROR_ARGUMENT, "desc is NULL"},
        {"shard NULL", CLSLICE_ERROR_ARGUMENT, "desc->shard is NULL"},
        {"one owner", CLSLICE_ERROR_ARGUMENT, "desc->shard->owner = 0"},
        {"elem_size", CLSLICE_ERROR_ARGUMENT, "desc->elem_size = 0"},
        {"queue NULL", CLSLICE_ERROR_ARGUMENT, "desc->queues[1] is NULL"},
        {"too small", CLSLICE_ERROR_BUFFER,
         "desc->output_blocks[1] holds 4 bytes"},
        {"block NULL", CLSLICE_ERROR_ARGUMENT, "desc->input_blocks[1] is NULL"},
        {"same buffer", CLSLICE_ERROR_ARGUMENT,
         "desc->input_blocks[1] and desc->output_blocks[0] lie in the same"},
        {"other context", CLSLICE_ERROR_ARGUMENT,
         "desc->queues[0] belongs to another context"},
        {"bad layout", CLSLICE_ERROR_ARGUMENT, "input.axes[0].block = 0"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        snprintf(g_ctx, sizeof g_ctx, "error case %zu: %s", k, cases[k].what);
        cl_mem ins[2] = {in[0], in[1]}, outs[2] = {out[0], out[1]};
        cl_command_queue queues[2] = {g_multi.queue[0], g_multi.queue[1]};
        clslice_shard_desc s2 = shard;
        clslice_cl_shard_desc desc = CLSLICE_CL_SHARD_DESC_INIT;
        desc.shard = &s2;
        desc.elem_size = sizeof(int32_t);
        desc.input_blocks = ins;
        desc.output_blocks = outs;
        desc.queues = queues;
        switch (k) {
        case 1: desc.shard = NULL; break;
        case 2: s2.owner = 0; break;
        case 3: desc.elem_size = 0; break;
        case 4: queues[1] = NULL; break;
        case 5: outs[1] = tiny; break;
        case 6: ins[1] = NULL; break;
        case 7: outs[0] = in[1]; break;
        case 8: queues[0] = foreign; break;
        case 9: s2.input = &bad_layout; break;
        }
        cl_event done = NULL;
        clslice_cl_call call = CLSLICE_CL_CALL_INIT;
        call.queue = g_multi.queue[0];
        call.event = &done;
        clslice_error err;
        EXPECT(clslice_cl_shard_run(g_multi.runtime, &call,
                                    k == 0 ? NULL : &desc, &err) ==
               cases[k].status);
        tu_assert_error(&err, cases[k].status, cases[k].message, NULL);
        EXPECT(done == NULL);
        clFinish(g_multi.queue[0]);
        clFinish(g_multi.queue[1]);
        for (int b = 0; b < 2; b++) {
            int32_t got[4];
            EXPECT(clEnqueueReadBuffer(g_multi.queue[0], out[b], CL_TRUE, 0,
                                       sizeof got, got, 0, NULL, NULL) ==
                   CL_SUCCESS);
            EXPECT(!memcmp(got, sentinel, sizeof got));
        }
    }
    clReleaseCommandQueue(foreign);
    clReleaseContext(other);
    for (int k = 0; k < 2; k++) {
        clReleaseMemObject(in[k]);
        clReleaseMemObject(out[k]);
    }
    clReleaseMemObject(tiny);
    clslice_plan_release(&plan);
}

int main(void)
{
    g_seed = tu_seed(0x44534844u);
    open_multi(&g_multi);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sharded_on_devices),
        cmocka_unit_test(test_run_errors),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    close_multi(&g_multi);
    return failed;
}
