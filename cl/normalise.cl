/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The device normaliser: one work-item per spec turns begin/end/strides
 * (ONNX starts/ends/steps/axes, XLA start_indices) read from device
 * buffers into a dynamic plan record (clslice.h CLSLICE_DYNAMIC_*).
 *
 * The embedding step puts core/plan/resolve.h and core/dynamic/record.h in
 * front of this file: every rule (wrap, clamp, counts, the step, shrink
 * and axis checks, the value shape match) is the host's own code, and the
 * descriptor (cs_norm_desc), its flags and the record's words (CS_DYN_*)
 * are the host's own declarations.  What stays here is only reading the
 * values and writing the record.  The host (src/opencl/ops/dyn_normalise.c)
 * did the static part: masks, the ellipsis, which slot resolves which dim.
 */

/* Entry k of value vector `which`; `absent` when the vector is. */
static long cs_value(__global const cs_norm_desc *d, int which,
                     __global const uchar *buf, long k, long absent)
{
    int bytes = d->value_bytes[which];
    long at = d->value_base[which] + k;
    if (bytes == 0)
        return absent;
    if (bytes == 4)
        return (long)((__global const int *)buf)[at];
    return ((__global const long *)buf)[at];
}

/* The record of a failed normalisation: what cs_record_from_error gives. */
static void cs_write_fault(__global long *w, const cs_r_fault *f,
                           int out_rank)
{
    for (int k = 0; k < CS_DYN_WORDS; k++)
        w[k] = 0;
    w[CS_DYN_STATUS] = cs_r_code_status(f->code);
    w[CS_DYN_SLOT] = f->slot;
    w[CS_DYN_VALUE] = f->value;
    w[CS_DYN_DIM] = f->dim;
    w[CS_DYN_OUT_RANK] = out_rank;
}

/* Input dim k's start, step and count go straight into the record: the
 * per-dim plan lives in global memory, not in private arrays, which GPU
 * compilers place in per-lane scratch (or stack) because the dim is a
 * run-time index.  A failure later overwrites every word. */
static void cs_put_dim(__global long *w, int k, long start, long step,
                       long count)
{
    w[CS_DYN_START + k] = start;
    w[CS_DYN_STEP + k] = step;
    w[CS_DYN_COUNT + k] = count;
}

/* TF and OpenVINO: the dims in order, which is slot order. */
static int cs_norm_slots(__global const cs_norm_desc *d,
                         __global const uchar *begin,
                         __global const uchar *end,
                         __global const uchar *step, __global long *w,
                         cs_r_fault *f)
{
    int clamp = (d->flags & CS_NORM_BEGIN_TO_ZERO) ? CS_R_CLAMP_BEGIN_TO_ZERO
                                                   : CS_R_CLAMP_NUMPY;
    int positive = (d->flags & CS_NORM_SHRINK_POSITIVE) != 0;
    for (int k = 0; k < d->rank; k++) {
        int word = d->dim_word[k];
        int slot = word & 255;
        long n = d->shape[k];
        if (slot == CS_NORM_NO_SLOT) {
            cs_put_dim(w, k, 0, 1, n);
            continue;
        }
        long first, steps, count;
        int code = cs_r_slot((word & CS_NORM_SHRINK) != 0, n,
                             (word & CS_NORM_HAS_BEGIN) != 0,
                             cs_value(d, CS_NORM_BEGIN, begin, slot, 0),
                             (word & CS_NORM_HAS_END) != 0,
                             cs_value(d, CS_NORM_END, end, slot, 0),
                             cs_value(d, CS_NORM_STEP, step, slot, 1), clamp,
                             positive, slot, k, &first, &steps, &count, f);
        if (code != CS_R_OK)
            return code;
        cs_put_dim(w, k, first, steps, count);
    }
    return CS_R_OK;
}

/* ONNX: the entries in order (axis and step checks), then each dim from
 * the entry that claimed it.  The claims (cs_r_onnx_entry's owner[]) are
 * kept in the record's start words, which the second loop reads and then
 * overwrites, dim by dim. */
static int cs_norm_onnx(__global const cs_norm_desc *d,
                        __global const uchar *begin,
                        __global const uchar *end,
                        __global const uchar *step,
                        __global const uchar *axes, __global long *w,
                        cs_r_fault *f)
{
    __global long *owner = w + CS_DYN_START;
    int rank = d->rank;
    for (int k = 0; k < rank; k++)
        owner[k] = -1;
    /* At most rank entries pass cs_r_onnx_entry: entry `rank` fails if it
     * is reached, so no more are read. */
    long entries = d->value_len[CS_NORM_BEGIN];
    if (entries > rank + 1)
        entries = rank + 1;
    for (long i = 0; i < entries; i++) {
        int dim = 0;
        int code = cs_r_onnx_entry(cs_value(d, CS_NORM_AXES, axes, i, i),
                                   cs_value(d, CS_NORM_STEP, step, i, 1), i, rank,
                                   owner, &dim, f);
        if (code != CS_R_OK)
            return code;
    }
    for (int k = 0; k < rank; k++) {
        long n = d->shape[k];
        long i = owner[k];
        if (i < 0) {
            cs_put_dim(w, k, 0, 1, n);
            continue;
        }
        /* The step was checked with its entry: cs_r_slot cannot fail. */
        long first, steps, count;
        cs_r_slot(0, n, 1, cs_value(d, CS_NORM_BEGIN, begin, i, 0), 1,
                  cs_value(d, CS_NORM_END, end, i, 0),
                  cs_value(d, CS_NORM_STEP, step, i, 1),
                  CS_R_CLAMP_BEGIN_TO_ZERO, 0, i, k, &first, &steps, &count,
                  f);
        cs_put_dim(w, k, first, steps, count);
    }
    return CS_R_OK;
}

/* XLA's dynamic_slice and dynamic_update_slice: every dim a window of
 * d->window[k] at start_indices[k], clamped so that it fits; no start is
 * an error. */
static void cs_norm_windows(__global const cs_norm_desc *d,
                            __global const uchar *begin, __global long *w)
{
    for (int k = 0; k < d->rank; k++) {
        long size = d->window[k];
        cs_put_dim(w, k,
                   cs_r_window_start(cs_value(d, CS_NORM_BEGIN, begin, k, 0),
                                     d->shape[k], size),
                   1, size);
    }
}

/* Scatters: the value tensor's static shape against the slice's final
 * shape (the record's shape words), as cs_scatter_layout checks it on the
 * host. */
static int cs_norm_value(__global const cs_norm_desc *d,
                         __global const long *final, long elements,
                         cs_r_fault *f)
{
    int broadcast = (d->flags & CS_NORM_BROADCAST) != 0;
    if (d->value_rank < 0 || !cs_r_value_checked(broadcast, elements))
        return CS_R_OK;
    int lead = d->value_rank - d->out_rank;
    for (int v = 0; v < d->value_rank; v++) {
        int j = v - lead;
        int code = cs_r_value_dim(broadcast, v, j, d->value_shape[v],
                                  j >= 0 ? final[j] : 1, f);
        if (code != CS_R_OK)
            return code;
    }
    return CS_R_OK;
}

/* The output shape from the per-dim counts (1 for a dim the output adds,
 * out_source -1) into the record's shape words, zeros after it; returns
 * the number of elements. */
static long cs_norm_shape(__global const cs_norm_desc *d, __global long *w)
{
    long elements = 1;
    for (int j = 0; j < CS_DYN_RANK; j++) {
        int source = j < d->out_rank ? d->out_source[j] : -1;
        long size = source >= 0 ? w[CS_DYN_COUNT + source] : 1;
        w[CS_DYN_SHAPE + j] = j < d->out_rank ? size : 0;
        if (j < d->out_rank)
            elements *= size;
    }
    return elements;
}

/* Spec i of `count`: descs[i] says where its values are and where its
 * record goes.  begin/end/step/axes may be the same buffer.  The per-dim
 * plan and the shape are built in the record itself; a failure rewrites
 * every word (cs_write_fault), so a record is never left half-written.
 *
 * One work-item per spec does branchy 64-bit work that gains nothing
 * from wide SIMD: Intel's compiler would pick SIMD32 on some devices
 * (pvc), where every 64-bit value takes four registers and the kernel
 * spills; SIMD16 needs half.  Only Intel's compiler defines the macro. */
#ifdef cl_intel_required_subgroup_size
__attribute__((intel_reqd_sub_group_size(16)))
#endif
__kernel void cs_normalise(__global const cs_norm_desc *descs, ulong count,
                           __global const uchar *begin,
                           __global const uchar *end,
                           __global const uchar *step,
                           __global const uchar *axes, __global long *info)
{
    ulong i = get_global_id(0);
    if (i >= count)
        return;
    __global const cs_norm_desc *d = descs + i;
    __global long *w = info + d->info_base;
    cs_r_fault f;
    f.code = CS_R_OK;
    int code = CS_R_OK;
    if (d->flags & CS_NORM_XLA)
        cs_norm_windows(d, begin, w);
    else if (d->flags & CS_NORM_ONNX)
        code = cs_norm_onnx(d, begin, end, step, axes, w, &f);
    else
        code = cs_norm_slots(d, begin, end, step, w, &f);
    if (code != CS_R_OK) {
        cs_write_fault(w, &f, d->out_rank);
        return;
    }
    for (int k = d->rank; k < CS_DYN_RANK; k++)
        cs_put_dim(w, k, 0, 0, 0);
    long elements = cs_norm_shape(d, w);
    code = cs_norm_value(d, w + CS_DYN_SHAPE, elements, &f);
    /* Last, so that the front-end's own error comes first: a gather's
     * output holds d->max_elements, and nothing is written past it. */
    if (code == CS_R_OK && elements > d->max_elements)
        code = cs_r_fail(&f, CS_R_OVER_BOUND, -1, elements, -1);
    if (code != CS_R_OK) {
        cs_write_fault(w, &f, d->out_rank);
        return;
    }
    w[CS_DYN_STATUS] = 0;
    w[CS_DYN_SLOT] = -1;
    w[CS_DYN_VALUE] = 0;
    w[CS_DYN_DIM] = -1;
    w[CS_DYN_ELEMENTS] = elements;
    w[CS_DYN_OUT_RANK] = d->out_rank;
}
