/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of the dynamic calls (dyn_svm.h).  The spec structs are
 * frozen plain structs, so their vectors' SVM allocations sit beside
 * them in the descriptor, one entry per vector: engines keep begin, end
 * and strides as tensors of their own, each in its own allocation, and a
 * vector with a NULL buffer and no allocation stays absent, as before.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/ops/dyn_svm.h"
#include "opencl/ops/dyn_normalise.h"
#include "core/plan/common.h"

/* The spec's vectors in the order its struct declares them, as CS_NORM_*
 * indices (-1: none): values_svm[i] belongs to declared[front][i]. */
static const int declared[4][CLSLICE_DYNAMIC_VALUE_VECTORS] = {
    [CS_DYN_TF] = {CS_NORM_BEGIN, CS_NORM_END, CS_NORM_STEP, -1},
    [CS_DYN_OPENVINO] = {CS_NORM_BEGIN, CS_NORM_END, CS_NORM_STEP, -1},
    [CS_DYN_ONNX] = {CS_NORM_BEGIN, CS_NORM_END, CS_NORM_AXES, CS_NORM_STEP},
    [CS_DYN_XLA] = {CS_NORM_BEGIN, -1, -1, -1},
};

static const char *const front_name[4] = {
    [CS_DYN_TF] = "tf.strided_slice", [CS_DYN_OPENVINO] = "OpenVINO",
    [CS_DYN_ONNX] = "ONNX Slice", [CS_DYN_XLA] = "XLA"};

static cs_dyn_value *vector_of(cs_dyn_spec *spec, int which)
{
    switch (which) {
    case CS_NORM_BEGIN: return &spec->begin;
    case CS_NORM_END: return &spec->end;
    case CS_NORM_STEP: return &spec->step;
    default: return &spec->axes;
    }
}

static bool svm_set(const clslice_cl_svm *svm)
{
    return svm->pointer || svm->bytes;
}

bool cs_dyn_svm_used(const clslice_cl_dynamic_desc *desc)
{
    bool used = svm_set(&desc->src_svm) || svm_set(&desc->dst_svm) ||
                svm_set(&desc->info_svm);
    for (int i = 0; i < CLSLICE_DYNAMIC_VALUE_VECTORS; i++)
        used = used || svm_set(&desc->values_svm[i]);
    return used;
}

/* The sides: src, dst, the record, then each vector the spec declares;
 * an entry of values_svm past them is refused. */
static clslice_status name_sides(clslice_cl_dynamic_desc *desc,
                                 cs_dyn_spec *spec, cs_dyn_svm *svm,
                                 clslice_error *err)
{
    cs_svm_side *s = svm->sides;
    cs_svm_side_set(s++, desc->src_svm, &desc->src.buffer,
                    &desc->src.offset, "src.buffer", "src_svm");
    cs_svm_side_set(s++, desc->dst_svm, &desc->dst.buffer,
                    &desc->dst.offset, "dst.buffer", "dst_svm");
    cs_svm_side_set(s++, desc->info_svm, &desc->info, &desc->info_offset,
                    "info", "info_svm");
    for (int i = 0; i < CLSLICE_DYNAMIC_VALUE_VECTORS; i++) {
        int which = declared[spec->front][i];
        const clslice_cl_svm *given = &desc->values_svm[i];
        if (which < 0 && svm_set(given))
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "values_svm[%d] is set, but the %s spec has %d "
                           "value vector%s (the entries after them stay "
                           "zero)",
                           i, front_name[spec->front], i, i == 1 ? "" : "s");
        if (which < 0)
            continue;
        cs_dyn_value *v = vector_of(spec, which);
        char svm_name[32];
        snprintf(svm_name, sizeof svm_name, "values_svm[%d]", i);
        cs_svm_side_set(s++, *given, &v->buffer, &v->offset,
                        cs_dyn_value_name(spec->front, which), svm_name);
    }
    svm->set = (cs_svm_set){.sides = svm->sides,
                            .count = (size_t)(s - svm->sides)};
    return CLSLICE_OK;
}

clslice_status cs_dyn_svm_wrap(const cs_call *call,
                               clslice_cl_dynamic_desc *desc,
                               cs_dyn_spec *spec, cs_dyn_svm *svm,
                               clslice_error *err)
{
    memset(svm, 0, sizeof *svm);
    clslice_status st = name_sides(desc, spec, svm, err);
    return st == CLSLICE_OK ? cs_svm_wrap_set(call, &svm->set, err) : st;
}
