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

/* TF and OpenVINO: the dims in order, which is slot order. */
static int cs_norm_slots(__global const cs_norm_desc *d,
                         __global const uchar *begin,
                         __global const uchar *end,
                         __global const uchar *step, long *start,
                         long *steps, long *count, cs_r_fault *f)
{
    int clamp = (d->flags & CS_NORM_BEGIN_TO_ZERO) ? CS_R_CLAMP_BEGIN_TO_ZERO
                                                   : CS_R_CLAMP_NUMPY;
    int positive = (d->flags & CS_NORM_SHRINK_POSITIVE) != 0;
    for (int k = 0; k < d->rank; k++) {
        int word = d->dim_word[k];
        int slot = word & 255;
        long n = d->shape[k];
        if (slot == CS_NORM_NO_SLOT) {
            start[k] = 0;
            steps[k] = 1;
            count[k] = n;
            continue;
        }
        int code = cs_r_slot((word & CS_NORM_SHRINK) != 0, n,
                             (word & CS_NORM_HAS_BEGIN) != 0,
                             cs_value(d, CS_NORM_BEGIN, begin, slot, 0),
                             (word & CS_NORM_HAS_END) != 0,
                             cs_value(d, CS_NORM_END, end, slot, 0),
                             cs_value(d, CS_NORM_STEP, step, slot, 1), clamp,
                             positive, slot, k, &start[k], &steps[k],
                             &count[k], f);
        if (code != CS_R_OK)
            return code;
    }
    return CS_R_OK;
}

/* ONNX: the entries in order (axis and step checks), then each dim from
 * the entry that claimed it. */
static int cs_norm_onnx(__global const cs_norm_desc *d,
                        __global const uchar *begin,
                        __global const uchar *end,
                        __global const uchar *step,
                        __global const uchar *axes, long *start,
                        long *steps, long *count, cs_r_fault *f)
{
    int owner[CS_DYN_RANK];
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
            start[k] = 0;
            steps[k] = 1;
            count[k] = n;
            continue;
        }
        /* The step was checked with its entry: cs_r_slot cannot fail. */
        int code = cs_r_slot(0, n, 1, cs_value(d, CS_NORM_BEGIN, begin, i, 0), 1,
                             cs_value(d, CS_NORM_END, end, i, 0),
                             cs_value(d, CS_NORM_STEP, step, i, 1),
                             CS_R_CLAMP_BEGIN_TO_ZERO, 0, i, k, &start[k],
                             &steps[k], &count[k], f);
        if (code != CS_R_OK)
            return code;
    }
    return CS_R_OK;
}

/* XLA's dynamic_slice and dynamic_update_slice: every dim a window of
 * d->window[k] at start_indices[k], clamped so that it fits; no start is
 * an error. */
static void cs_norm_windows(__global const cs_norm_desc *d,
                            __global const uchar *begin, long *start,
                            long *steps, long *count)
{
    for (int k = 0; k < d->rank; k++) {
        long size = d->window[k];
        start[k] = cs_r_window_start(cs_value(d, CS_NORM_BEGIN, begin, k, 0),
                                     d->shape[k], size);
        steps[k] = 1;
        count[k] = size;
    }
}

/* Scatters: the value tensor's static shape against the slice's final
 * shape, as cs_scatter_layout checks it on the host. */
static int cs_norm_value(__global const cs_norm_desc *d, const long *final,
                         long elements, cs_r_fault *f)
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

/* Spec i of `count`: descs[i] says where its values are and where its
 * record goes.  begin/end/step/axes may be the same buffer. */
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
    long start[CS_DYN_RANK], steps[CS_DYN_RANK], counts[CS_DYN_RANK];
    long final[CS_DYN_RANK];
    cs_r_fault f;
    f.code = CS_R_OK;
    int code = CS_R_OK;
    if (d->flags & CS_NORM_XLA)
        cs_norm_windows(d, begin, start, steps, counts);
    else if (d->flags & CS_NORM_ONNX)
        code = cs_norm_onnx(d, begin, end, step, axes, start, steps, counts,
                            &f);
    else
        code = cs_norm_slots(d, begin, end, step, start, steps, counts, &f);
    long elements = 1;
    for (int j = 0; j < d->out_rank; j++) {
        int source = d->out_source[j];
        final[j] = code == CS_R_OK && source >= 0 ? counts[source] : 1;
        elements *= final[j];
    }
    if (code == CS_R_OK)
        code = cs_norm_value(d, final, elements, &f);
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
    for (int j = 0; j < CS_DYN_RANK; j++)
        w[CS_DYN_SHAPE + j] = j < d->out_rank ? final[j] : 0;
    for (int k = 0; k < CS_DYN_RANK; k++) {
        int used = k < d->rank;
        w[CS_DYN_START + k] = used ? start[k] : 0;
        w[CS_DYN_STEP + k] = used ? steps[k] : 0;
        w[CS_DYN_COUNT + k] = used ? counts[k] : 0;
    }
}
