/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: how the device-resident slices run.  The normalise
 * command (cl/normalise.cl) that writes a plan record, and the gather or
 * scatter that reads it (cl/dynamic.cl): family, carrier, index width and
 * launch shape from what the host knows (the input's size, the element
 * size, the offsets), never from the slice, which stays on the device.
 */
#ifndef CLSLICE_OPENCL_SELECT_DYNAMIC_H
#define CLSLICE_OPENCL_SELECT_DYNAMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "opencl/select/facts.h"
#include "opencl/select/variants.h"

/* A record-reading call as the selector sees it. */
typedef struct cs_dyn_select_call {
    cs_kernel_kind kind;            /* CS_KERNEL_GATHER or _SCATTER */
    size_t elem_size;
    size_t src_offset, dst_offset;  /* bytes: the tensor's and the
                                     * output's (gathers), the value's and
                                     * the tensor's (scatters) */
    size_t info_offset;             /* bytes: the record's first word */
    int64_t elements;               /* of the input: the bound, > 0 */
    int64_t value_elements;         /* scatters */
    unsigned flags;
} cs_dyn_select_call;

typedef struct cs_dyn_choice {
    cs_program_kind program; /* CS_PROGRAM_DYNAMIC */
    cs_variant variant;
    bool rows;               /* the row form (cs_rows_family) */
    size_t carrier;
    int index_bits;          /* 32 or 64 */
    size_t chunks;           /* rows: work-items sharing the slice; 0 */
    size_t items;            /* work-items of the 1-D NDRange */
    size_t local;            /* work-items per group asked for */
    bool grid_stride;        /* the grid loops over the slice */
    unsigned paths;          /* bits 1 << cs_path */
} cs_dyn_choice;

/* Chooses how `call` runs on a device with `device` facts under
 * `tuning`.  An input without elements needs no choice: a marker. */
void cs_choose_dynamic(const cs_device_info *device, const cs_tuning *tuning,
                       const cs_dyn_select_call *call, cs_dyn_choice *choice);

/* The normalise command over `specs` descriptors. */
typedef struct cs_normalise_choice {
    cs_program_kind program; /* CS_PROGRAM_NORMALISE */
    cs_variant variant;
    int index_bits;          /* the build to use: always 32 */
    size_t local;            /* work-items per group asked for */
} cs_normalise_choice;

/* The normaliser's program and group size for `specs` specs. */
void cs_choose_normalise(const cs_tuning *tuning, size_t specs,
                         cs_normalise_choice *choice);

#endif
