/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The redistribution planner: the pieces of a plan between two sharded
 * layouts (clslice.h, "Sharded tensors").
 *
 * Output dim j reads indices start + o * step of its input dim for
 * o in [0, count).  Cut [0, count) where the input block of that index
 * changes and where the output block of o changes: each segment is one
 * (input block, output block) pair, because a strided run of indices
 * meets a block in one interval of o.  A piece is one segment per output
 * dim, so the pieces are the product of the dims' segments and hold every
 * output element once.  The segments of a dim are walked arithmetically,
 * one block boundary to the next, so the cost is the segments touched:
 * never the grid.  When the pieces of one owner in one role are asked for
 * and that side numbers its owners by default (a coordinate per axis),
 * each dim skips the segments whose block lies at another coordinate, so
 * the product runs over that owner's blocks only.
 */
#include <string.h>

#include "core/plan/common.h"
#include "core/plan/plan.h"
#include "core/plan/sized.h"
#include "core/shard/shard_layout.h"

/* One output dim's current segment [o0, o1) and its two blocks. */
typedef struct walk {
    int64_t o0, o1, first;   /* first: o0 of the dim's first segment */
    cs_shard_block in, out;  /* in.index -1 for a new axis */
} walk;

typedef struct state {
    uint64_t magic;
    const clslice_plan *plan;
    clslice_shard_layout input, output;
    clslice_shard_direction direction;
    int64_t owner;
    unsigned role;
    bool started, done;
    clslice_status failed;  /* an owner lookup's error, kept */
    /* Per-dim coordinate filters (-1: none), from an owner whose side
     * numbers owners by default. */
    int64_t want_in[CLSLICE_MAX_RANK], want_out[CLSLICE_MAX_RANK];
    cs_shard_block shrunk[CLSLICE_MAX_RANK]; /* blocks of shrunk dims */
    walk walk[CLSLICE_MAX_RANK];
} state;

_Static_assert(sizeof(state) <= CLSLICE_SHARD_ITER_BYTES,
               "the planner's state fits a clslice_shard_iter");
_Static_assert(_Alignof(state) <= _Alignof(clslice_shard_iter),
               "a clslice_shard_iter is aligned for the planner's state");

/* Marks a begun iterator ("shard-it"). */
static const uint64_t MAGIC = 0x73686172642d6974u;

static int64_t out_count(const clslice_plan *plan, int j)
{
    int d = plan->out_source[j];
    return d < 0 ? 1 : plan->count[d];
}

/* ---- one dim's segments --------------------------------------------- */

/* The segment of output dim j that starts at o (< count). */
static void segment_at(state *s, int j, int64_t o)
{
    walk *w = &s->walk[j];
    const clslice_plan *plan = s->plan;
    int64_t count = out_count(plan, j), left = count - o;
    int d = plan->out_source[j];
    w->o0 = o;
    w->out = cs_shard_block_of(&s->output, j, o);
    if (w->out.hi - o < left)
        left = w->out.hi - o;
    if (d < 0) {
        w->in = (cs_shard_block){-1, 0, 0};
    } else {
        int64_t i = plan->start[d] + o * plan->step[d], inside;
        w->in = cs_shard_block_of(&s->input, d, i);
        /* Indices o, o + 1, ... that stay in [in.lo, in.hi); dividing
         * toward zero never negates the step, which may be INT64_MIN. */
        if (plan->step[d] > 0)
            inside = (w->in.hi - i - 1) / plan->step[d] + 1;
        else
            inside = 1 - (i - w->in.lo) / plan->step[d];
        if (inside < left)
            left = inside;
    }
    w->o1 = o + left;
}

/* The segment of dim j passes the owner filters. */
static bool wanted(const state *s, int j)
{
    const walk *w = &s->walk[j];
    int d = s->plan->out_source[j];
    if (s->want_out[j] >= 0 &&
        cs_shard_coord(&s->output, j, w->out.index) != s->want_out[j])
        return false;
    return d < 0 || s->want_in[d] < 0 ||
           cs_shard_coord(&s->input, d, w->in.index) == s->want_in[d];
}

/* Moves dim j to its first wanted segment at or after o. */
static bool seek(state *s, int j, int64_t o)
{
    int64_t count = out_count(s->plan, j);
    for (; o < count; o = s->walk[j].o1) {
        segment_at(s, j, o);
        if (wanted(s, j))
            return true;
    }
    return false;
}

/* ---- begin ------------------------------------------------------------ */

static clslice_status check_shapes(const state *s, clslice_error *err)
{
    const clslice_plan *plan = s->plan;
    if (s->input.rank != plan->rank)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "input.rank = %d but the plan's input has rank %d",
                       s->input.rank, plan->rank);
    for (int d = 0; d < plan->rank; d++)
        if (s->input.shape[d] != plan->shape[d])
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "input.shape[%d] = %lld but the plan's input "
                           "shape[%d] = %lld",
                           d, (long long)s->input.shape[d], d,
                           (long long)plan->shape[d]);
    if (s->output.rank != plan->out_rank)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "output.rank = %d but the plan's output has rank %d",
                       s->output.rank, plan->out_rank);
    for (int j = 0; j < plan->out_rank; j++)
        if (s->output.shape[j] != out_count(plan, j))
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "output.shape[%d] = %lld but the plan's output "
                           "shape[%d] = %lld",
                           j, (long long)s->output.shape[j], j,
                           (long long)out_count(plan, j));
    return CLSLICE_OK;
}

static clslice_status check_request(const state *s, clslice_error *err)
{
    if (s->direction != CLSLICE_SHARD_GATHER &&
        s->direction != CLSLICE_SHARD_SCATTER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->direction = %d is neither "
                       "CLSLICE_SHARD_GATHER nor CLSLICE_SHARD_SCATTER",
                       (int)s->direction);
    if (s->role & ~(CLSLICE_SHARD_SENDS | CLSLICE_SHARD_RECEIVES))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->role = %u: only CLSLICE_SHARD_SENDS and "
                       "CLSLICE_SHARD_RECEIVES are roles",
                       s->role);
    int64_t most = s->input.owners > s->output.owners ? s->input.owners
                                                       : s->output.owners;
    if (s->owner != CLSLICE_SHARD_EVERY_OWNER &&
        (s->owner < 0 || s->owner >= most))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->owner = %lld: neither layout has that owner "
                       "(input.owners = %lld, output.owners = %lld)",
                       (long long)s->owner, (long long)s->input.owners,
                       (long long)s->output.owners);
    return CLSLICE_OK;
}

/* Writes owner's grid coordinates into want (rank entries); false when
 * the default numbering gives the owner no block. */
static bool unravel(const clslice_shard_layout *layout, int64_t owner,
                    int64_t *want)
{
    for (int d = layout->rank - 1; d >= 0; d--) {
        int64_t grid = cs_shard_grid(layout, d);
        want[d] = owner % grid;
        owner /= grid;
    }
    return owner == 0;
}

/* The filters of one owner in one role, where its side numbers owners
 * by default; false when that owner holds no block of the side. */
static bool set_filters(state *s)
{
    for (int d = 0; d < CLSLICE_MAX_RANK; d++)
        s->want_in[d] = s->want_out[d] = -1;
    if (s->owner == CLSLICE_SHARD_EVERY_OWNER ||
        s->role == (CLSLICE_SHARD_SENDS | CLSLICE_SHARD_RECEIVES))
        return true;
    /* The side whose blocks the owner holds in its role. */
    bool reads = s->role == CLSLICE_SHARD_SENDS;
    bool input_side = reads == (s->direction == CLSLICE_SHARD_GATHER);
    const clslice_shard_layout *side = input_side ? &s->input : &s->output;
    if (!cs_shard_default_owners(side))
        return true;
    return unravel(side, s->owner, input_side ? s->want_in : s->want_out);
}

/* The shrunk dims' blocks, and whether each passes its filter. */
static bool place_shrunk(state *s)
{
    const clslice_plan *plan = s->plan;
    for (int d = 0; d < plan->rank; d++) {
        if (!plan->shrunk[d])
            continue;
        s->shrunk[d] = cs_shard_block_of(&s->input, d, plan->start[d]);
        if (s->want_in[d] >= 0 &&
            cs_shard_coord(&s->input, d, s->shrunk[d].index) != s->want_in[d])
            return false;
    }
    return true;
}

/* Every dim at its first wanted segment; false when some dim has none. */
static bool first_segments(state *s)
{
    for (int j = 0; j < s->plan->out_rank; j++) {
        if (!seek(s, j, 0))
            return false;
        s->walk[j].first = s->walk[j].o0;
    }
    return true;
}

static clslice_status take_desc(state *s, const clslice_shard_desc *desc,
                                clslice_error *err)
{
    clslice_shard_desc d;
    clslice_status st = cs_take_struct(
        desc, "desc", "clslice_shard_desc",
        CS_SIZE_THROUGH(clslice_shard_desc, role), sizeof d, &d, err);
    if (st != CLSLICE_OK)
        return st;
    if (!d.plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "desc->plan is NULL");
    if (!d.plan->known)
        return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                       "desc->plan has unknown sizes or indices; a sharded "
                       "plan needs them all");
    s->plan = d.plan;
    s->direction = d.direction;
    s->owner = d.owner;
    s->role = d.role ? d.role : CLSLICE_SHARD_SENDS | CLSLICE_SHARD_RECEIVES;
    st = cs_shard_layout_take(d.input, "desc->input", "input", &s->input,
                              err);
    if (st == CLSLICE_OK)
        st = cs_shard_layout_take(d.output, "desc->output", "output",
                                  &s->output, err);
    return st;
}

clslice_status clslice_shard_begin(clslice_shard_iter *iter,
                                   const clslice_shard_desc *desc,
                                   clslice_error *err)
{
    if (!iter)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "iter is NULL");
    state s;
    memset(&s, 0, sizeof s);
    /* a refused begin leaves no iteration to resume, not even an older
     * one in the same storage */
    memcpy(iter->bytes, &s.magic, sizeof s.magic);
    clslice_status st = take_desc(&s, desc, err);
    if (st == CLSLICE_OK)
        st = check_shapes(&s, err);
    if (st == CLSLICE_OK)
        st = check_request(&s, err);
    if (st != CLSLICE_OK)
        return st;
    s.done = !set_filters(&s) || !place_shrunk(&s) || !first_segments(&s);
    s.magic = MAGIC;
    memcpy(iter->bytes, &s, sizeof s);
    return cs_ok(err);
}

/* ---- next ------------------------------------------------------------- */

/* Steps the odometer of segments: the last dim first, an exhausted dim
 * back to its first segment.  False when every dim is exhausted. */
static bool step_segments(state *s)
{
    for (int j = s->plan->out_rank - 1; j >= 0; j--) {
        if (seek(s, j, s->walk[j].o1)) {
            for (int k = j + 1; k < s->plan->out_rank; k++)
                segment_at(s, k, s->walk[k].first);
            return true;
        }
    }
    return false;
}

static void fill_input(const state *s, clslice_shard_piece *p)
{
    const clslice_plan *plan = s->plan;
    for (int j = 0; j < plan->out_rank; j++) {
        int d = plan->out_source[j];
        if (d < 0)
            continue;
        const walk *w = &s->walk[j];
        p->input_block[d] = w->in.index;
        p->input_origin[d] = w->in.lo;
        p->input_start[d] = plan->start[d] + w->o0 * plan->step[d] - w->in.lo;
        p->input_step[d] = plan->step[d];
        p->input_count[d] = w->o1 - w->o0;
    }
    for (int d = 0; d < plan->rank; d++)
        if (plan->shrunk[d]) {
            p->input_block[d] = s->shrunk[d].index;
            p->input_origin[d] = s->shrunk[d].lo;
            p->input_start[d] = plan->start[d] - s->shrunk[d].lo;
            p->input_step[d] = 1;
            p->input_count[d] = 1;
        }
}

static void fill_output(const state *s, clslice_shard_piece *p)
{
    p->elements = 1;
    for (int j = 0; j < s->plan->out_rank; j++) {
        const walk *w = &s->walk[j];
        p->output_block[j] = w->out.index;
        p->output_origin[j] = w->out.lo;
        p->output_start[j] = w->o0 - w->out.lo;
        p->output_count[j] = w->o1 - w->o0;
        p->elements *= p->output_count[j];
    }
}

/* The owners of the current segments' two blocks. */
static clslice_status owners_now(const state *s, int64_t *input_owner,
                                 int64_t *output_owner, clslice_error *err)
{
    const clslice_plan *plan = s->plan;
    int64_t in_blocks[CLSLICE_MAX_RANK], out_blocks[CLSLICE_MAX_RANK];
    for (int d = 0; d < plan->rank; d++)
        if (plan->shrunk[d])
            in_blocks[d] = s->shrunk[d].index;
    for (int j = 0; j < plan->out_rank; j++) {
        out_blocks[j] = s->walk[j].out.index;
        if (plan->out_source[j] >= 0)
            in_blocks[plan->out_source[j]] = s->walk[j].in.index;
    }
    clslice_status st =
        cs_shard_owner(&s->input, "input", in_blocks, input_owner, err);
    return st == CLSLICE_OK ? cs_shard_owner(&s->output, "output", out_blocks,
                                             output_owner, err)
                            : st;
}

/* Whether the owner and role asked for take part in a piece. */
static bool kept(const state *s, int64_t from, int64_t to)
{
    return s->owner == CLSLICE_SHARD_EVERY_OWNER ||
           ((s->role & CLSLICE_SHARD_SENDS) && from == s->owner) ||
           ((s->role & CLSLICE_SHARD_RECEIVES) && to == s->owner);
}

/* The current segments as a piece, written into the caller's struct
 * directly when it has this library's size (a piece is over 2 KiB, and
 * copying it twice cost more than finding it), else through a copy cut
 * at the caller's struct_size. */
static void write_piece(const state *s, int64_t input_owner,
                        int64_t output_owner, clslice_shard_piece *piece)
{
    clslice_shard_piece copy;
    size_t size = piece->struct_size;
    clslice_shard_piece *p = size == sizeof copy ? piece : &copy;
    bool gather = s->direction == CLSLICE_SHARD_GATHER;
    p->input_owner = input_owner;
    p->output_owner = output_owner;
    p->from_owner = gather ? input_owner : output_owner;
    p->to_owner = gather ? output_owner : input_owner;
    fill_input(s, p);
    fill_output(s, p);
    if (p == &copy) {
        copy.struct_size = size;
        memcpy(piece, &copy, size);
    }
}

/* A piece's struct_size: from its first published size to this
 * library's (cs_take_struct's rule and messages). */
static clslice_status check_piece(const clslice_shard_piece *piece,
                                  clslice_error *err)
{
    clslice_shard_piece copy;
    if (piece && piece->struct_size == sizeof copy)
        return CLSLICE_OK;
    return cs_take_struct(piece, "piece", "clslice_shard_piece",
                          CS_SIZE_THROUGH(clslice_shard_piece, output_count),
                          sizeof copy, &copy, err);
}

clslice_status clslice_shard_next(clslice_shard_iter *iter,
                                  clslice_shard_piece *piece, int *more,
                                  clslice_error *err)
{
    state *s = (state *)(void *)iter;
    if (!iter || s->magic != MAGIC)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "iter was not started by clslice_shard_begin");
    if (!more)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "more is NULL");
    clslice_status st = check_piece(piece, err);
    if (st != CLSLICE_OK)
        return st;
    if (s->failed != CLSLICE_OK)
        return cs_fail(err, s->failed, "the iterator stopped at an earlier "
                       "error (%s)", clslice_status_string(s->failed));
    *more = 0;
    while (!s->done) {
        if (s->started && !step_segments(s)) {
            s->done = true;
            break;
        }
        s->started = true;
        int64_t input_owner, output_owner;
        st = owners_now(s, &input_owner, &output_owner, err);
        if (st != CLSLICE_OK) {
            s->failed = st;
            s->done = true;
            return st;
        }
        bool gather = s->direction == CLSLICE_SHARD_GATHER;
        if (kept(s, gather ? input_owner : output_owner,
                 gather ? output_owner : input_owner)) {
            write_piece(s, input_owner, output_owner, piece);
            *more = 1;
            break;
        }
    }
    return cs_ok(err);
}

clslice_status clslice_shard_count(const clslice_shard_desc *desc,
                                   int64_t *pieces, int64_t *elements,
                                   int64_t *moved_elements,
                                   clslice_error *err)
{
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int64_t n = 0, held = 0, moved = 0;
    int more = 0;
    clslice_status st = clslice_shard_begin(&iter, desc, err);
    while (st == CLSLICE_OK &&
           (st = clslice_shard_next(&iter, &p, &more, err)) == CLSLICE_OK &&
           more) {
        n++;
        held += p.elements;
        if (p.input_owner != p.output_owner)
            moved += p.elements;
    }
    if (st != CLSLICE_OK)
        return st;
    if (pieces)
        *pieces = n;
    if (elements)
        *elements = held;
    if (moved_elements)
        *moved_elements = moved;
    return cs_ok(err);
}
