/*
 * Inside the normalise command (cl_normalise.c, cl/normalise.cl): the
 * per-spec descriptor the kernel reads and the batch launch behind both
 * cs_enqueue_normalise and the differential test (many specs per launch).
 */
#ifndef CLSLICE_CL_NORMALISE_H
#define CLSLICE_CL_NORMALISE_H

#include "cl_dynamic.h"
#include "cl_runtime.h"

/* Mirrors cs_norm_desc in cl/normalise.cl member for member: cl_long
 * members first, then cl_int ones, so that both compilers lay it out
 * without padding. */
typedef struct cs_norm_desc {
    cl_long shape[CLSLICE_MAX_RANK];
    cl_long value_shape[CLSLICE_MAX_RANK]; /* scatters */
    cl_long value_base[4]; /* begin, end, step, axes: first entry */
    cl_long value_len[4];  /* entries */
    cl_long info_base;     /* first word of the record in `info` */
    cl_int value_bytes[4]; /* 4 or 8; 0: absent */
    cl_int rank, out_rank, flags, value_rank;
    cl_int dim_word[CLSLICE_MAX_RANK]; /* CS_NORM_* below */
    cl_int out_source[CLSLICE_MAX_RANK];
} cs_norm_desc;

_Static_assert(sizeof(cs_norm_desc) == 872,
               "cs_norm_desc must match cl/normalise.cl without padding");

/* flags, and the bits of dim_word above its slot (bits 0-7), as in
 * cl/normalise.cl */
enum {
    CS_NORM_BEGIN_TO_ZERO = 1,
    CS_NORM_SHRINK_POSITIVE = 2,
    CS_NORM_ONNX = 4,
    CS_NORM_BROADCAST = 8,
    CS_NORM_NO_SLOT = 255,
    CS_NORM_SHRINK = 256,
    CS_NORM_HAS_BEGIN = 512,
    CS_NORM_HAS_END = 1024
};

/* The host's half of normalising `spec`: every check that does not need
 * the values (with the host front-end's messages), the static plan, and
 * the descriptor.  Buffers are only looked at for presence; value bases
 * are their offsets in entries; desc->info_base is 0.  On failure
 * *static_plan is NULL. */
clslice_status cs_dyn_describe(const cs_dyn_spec *spec, cs_norm_desc *desc,
                               clslice_plan **static_plan,
                               clslice_error *err);

/* The rest of cs_enqueue_normalise once cs_dyn_describe has filled
 * `desc` for `spec`: the record's and the values' buffers checked, then
 * the one command.  The caller has checked the handles and the wait list
 * (the public dynamic calls, which describe the spec before readying the
 * consumer against its static plan). */
clslice_status cs_enqueue_described(clslice_runtime *rt, cl_command_queue q,
                                    const cs_dyn_spec *spec,
                                    cs_norm_desc *desc, cl_mem info,
                                    size_t info_offset, cl_uint n,
                                    const cl_event *wl, cl_event *ev,
                                    clslice_error *err);

/* Enqueues cs_normalise over `count` descriptors in `descs`, reading
 * values from values[0..3] (begin, end, step, axes; NULL where no
 * descriptor uses one) and writing records into `info`. */
clslice_status cs_enqueue_normalise_batch(clslice_runtime *rt,
                                          cl_command_queue q, cl_mem descs,
                                          size_t count,
                                          const cl_mem values[4],
                                          cl_mem info, cl_uint n,
                                          const cl_event *wl, cl_event *ev,
                                          clslice_error *err);

#endif
