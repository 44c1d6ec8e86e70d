/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: what every choice of how a call runs starts from.  The
 * facts of a device (asked once by the runtime): its limits, and who made
 * it and what it is; the tuning of the choices, group sizes included (a
 * row of the tuning table, select/tuning.h, looked up by those facts);
 * the one test of which kernel family a device gets; and the names of
 * the paths a call can take.
 * Plain data and pure functions: the selector makes no OpenCL call, so
 * tests check every choice without a device (tests/device/test_device_select.c).
 */
#ifndef CLSLICE_OPENCL_SELECT_FACTS_H
#define CLSLICE_OPENCL_SELECT_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

/* ---- devices ------------------------------------------------------------ */

/* Who made a device, as the tuning table keys it (cs_vendor_of, vendor.c).
 * CS_VENDOR_OTHER is 0: any vendor in a tuning row's key. */
typedef enum cs_vendor {
    CS_VENDOR_OTHER,       /* none below, or not known */
    CS_VENDOR_NVIDIA,      /* PCI vendor 0x10DE */
    CS_VENDOR_AMD,         /* 0x1002 (GPUs), 0x1022 (AMD's CPU device) */
    CS_VENDOR_INTEL,       /* 0x8086 */
    CS_VENDOR_APPLE,       /* 0x106B, and Apple's own 0x1027F00 */
    CS_VENDOR_ARM,         /* 0x13B5 (Mali) */
    CS_VENDOR_QUALCOMM,    /* 0x5143 (Adreno) */
    CS_VENDOR_IMAGINATION, /* 0x1010 (PowerVR) */
    CS_VENDOR_POCL,        /* PoCL, whatever vendor id it reports */
    CS_VENDOR_MESA,        /* Khronos id 0x10005: Mesa's drivers */
    CS_VENDOR_COUNT
} cs_vendor;

/* What kind of device a tuning row is for (cs_device_class_of).
 * CS_CLASS_ANY is 0: any class in a tuning row's key, and the class of a
 * device that claims none of the others (CL_DEVICE_TYPE_CUSTOM). */
typedef enum cs_device_class {
    CS_CLASS_ANY,
    CS_CLASS_CPU,         /* CL_DEVICE_TYPE_CPU alone (cs_device_info.cpu) */
    CS_CLASS_GPU,         /* claims GPU (Oclgrind claims CPU, GPU and
                           * accelerator: a GPU here, as for the family) */
    CS_CLASS_ACCELERATOR, /* claims accelerator, not GPU */
    CS_CLASS_COUNT
} cs_device_class;

/* Text facts are kept up to this many bytes, the terminator included;
 * longer ones are cut (device names run to ~60 bytes on the drivers seen:
 * PoCL's "pthread-skylake-avx512-AMD EPYC"). */
enum { CS_DEVICE_TEXT = 96 };

/* The sub-group size a device that reports none is given: 1, the size
 * every OpenCL device supports (a work-item alone), so that a rule which
 * rounds a group to whole sub-groups changes nothing there. */
enum { CS_SUB_GROUP_DEFAULT = 1 };

/* What the library asks of a device once and keeps
 * (runtime/device_facts.c fills it). */
typedef struct cs_device_info {
    cl_device_id device;
    bool cpu;              /* CL_DEVICE_TYPE_CPU alone: row kernels */
    bool little_endian;    /* CL_DEVICE_ENDIAN_LITTLE */
    cl_uint compute_units; /* CL_DEVICE_MAX_COMPUTE_UNITS */
    size_t max_param_size; /* CL_DEVICE_MAX_PARAMETER_SIZE */
    size_t max_item[3];    /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t pointer_size;   /* CL_DEVICE_ADDRESS_BITS / 8 */
    bool rect_sub_buffer_crash; /* clEnqueueCopyBufferRect crashes when
                                 * src or dst is a sub-buffer (PoCL,
                                 * runtime/device_facts.c) */
    /* Who made it and what it is: the keys of the tuning table. */
    cl_device_type type;   /* CL_DEVICE_TYPE, every bit it claims */
    cl_uint vendor_id;     /* CL_DEVICE_VENDOR_ID */
    cs_vendor vendor;      /* cs_vendor_of(vendor_id, version) */
    char name[CS_DEVICE_TEXT];        /* CL_DEVICE_NAME */
    char vendor_name[CS_DEVICE_TEXT]; /* CL_DEVICE_VENDOR */
    char driver[CS_DEVICE_TEXT];      /* CL_DRIVER_VERSION */
    /* The architecture, where the vendor's extension tells it, else 0.0:
     * NVIDIA's compute capability (cl_nv_device_attribute_query), AMD's
     * graphics IP (cl_amd_device_attribute_query), Intel's IP version
     * (cl_intel_device_attribute_query, major and minor of its
     * cl_version). */
    cl_uint arch_major, arch_minor;
    /* Work-items that run in lock step: NVIDIA's warp
     * (CL_DEVICE_WARP_SIZE_NV), AMD's wavefront
     * (CL_DEVICE_WAVEFRONT_WIDTH_AMD), the largest of Intel's sub-group
     * sizes (CL_DEVICE_SUB_GROUP_SIZES_INTEL), each asked only where the
     * device lists its extension; else CS_SUB_GROUP_DEFAULT. */
    size_t sub_group;
    bool khr_subgroups;    /* lists cl_khr_subgroups: its sizes are per
                            * kernel (CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_
                            * NDRANGE), not asked of the device */
    bool native_kernels;   /* CL_DEVICE_EXECUTION_CAPABILITIES has
                            * CL_EXEC_NATIVE_KERNEL: host functions run
                            * as commands (run/native.c) */
} cs_device_info;

/* The vendor of a device from its CL_DEVICE_VENDOR_ID and CL_DEVICE_VERSION
 * (vendor.c).  PoCL is told by its version text first: it reports the
 * vendor id of the host's CPU for its CPU device (0x8086 on an AMD EPYC,
 * PoCL 3.1), and it, not that vendor, compiles the kernels. */
cs_vendor cs_vendor_of(cl_uint vendor_id, const char *version);

/* The vendor's name as the library writes it ("nvidia", "pocl", ...). */
const char *cs_vendor_name(cs_vendor vendor);

/* The class of a device for the tuning table: CPU when `cpu` (CPU alone),
 * else by the bits of its type. */
cs_device_class cs_device_class_of(const cs_device_info *device);

/* True when `extension` is one of the space-separated names of `list`
 * (CL_DEVICE_EXTENSIONS), as a whole name: cl_khr_subgroups is not
 * listed by cl_khr_subgroups_extended. */
bool cs_extension_listed(const char *list, const char *extension);

/* ---- tuning: the runtime's choices between paths ------------------------ */

/* Which kernel family a device gets. */
typedef enum cs_style {
    CS_STYLE_AUTO, /* by device type: rows on CPUs, the grid elsewhere */
    CS_STYLE_ROWS, /* the CPU family on any device */
    CS_STYLE_GRID  /* the GPU family on any device */
} cs_style;

/* A vendor-tuned kernel family (select/family.h): a chooser that takes
 * a dense kernel call ahead of the device's own family. */
struct cs_family;

/* How calls on one device run: the members of a tuning row
 * (select/tuning.h; select/tuning_table.c says why each value). */
typedef struct cs_tuning {
    size_t max_groups;       /* grid-stride kernels: work-groups per
                              * NDRange dim before they loop */
    cs_style style;
    int64_t row_split;       /* CPU rows: split rank <= 2 rows longer than
                              * this many carriers */
    int64_t short_row_bytes; /* CPU: rows shorter than this go to the
                              * odometer kernels */
    size_t rect_max_bytes;   /* CPU: clEnqueueCopyBufferRect for eligible
                              * outputs up to this size */
    size_t run_kernel_bytes; /* CPU: a single contiguous run of at least
                              * this many bytes runs the row kernel
                              * instead of clEnqueueCopyBuffer */
    /* Work-items per group each family asks for, before a device's and a
     * kernel's limits shrink them (cs_launch_fit). */
    size_t local_rows;       /* row family, odometer, batch and dynamic
                              * rows */
    size_t local_grid;       /* element grids (static, batch, dynamic):
                              * the most work-items of a group */
    size_t local_grid_fixed; /* element grids on devices that compile a
                              * kernel per local size (CPU devices): the
                              * fixed shape's items (cs_grid_fixed) */
    size_t local_blocked;    /* the blocked layouts' grid */
    size_t local_csr;        /* CSR's grid-stride passes */
    size_t local_csr_scan;   /* CSR's scan */
    size_t local_normalise;  /* normalise command of many specs */
    const struct cs_family *family; /* a vendor-tuned family tried first
                                     * (NULL: none) */
} cs_tuning;

/* The one test of the kernel family: true when calls on this device run
 * the row family (a work-item per row, loops a CPU compiler vectorizes),
 * false for the element grid (a work-item per carrier, coalesced on
 * GPUs).  Every family with both forms asks this (docs/design.md, "Why
 * one family per device type"). */
bool cs_rows_family(const cs_device_info *device, const cs_tuning *tuning);

/* ---- kinds and paths ---------------------------------------------------- */

/* What a call moves. */
typedef enum cs_kernel_kind {
    CS_KERNEL_GATHER,  /* contiguous destination */
    CS_KERNEL_SCATTER, /* strided source and destination */
    CS_KERNEL_FILL     /* the source is an element passed by value
                        * (CS_FILL_BYTES, carrier index < size) */
} cs_kernel_kind;

/* Which way a call ran, as bits 1 << cs_path of a choice's paths; the
 * runtime counts them (cs_runtime_count_paths). */
typedef enum cs_path {
    CS_PATH_MARKER,    /* empty output: a marker, or nothing */
    CS_PATH_COPY,      /* one clEnqueueCopyBuffer */
    CS_PATH_RECT,      /* one clEnqueueCopyBufferRect */
    CS_PATH_ROW_C,     /* CPU rows, inner stride +1 */
    CS_PATH_ROW_R,     /* CPU rows, inner stride -1 */
    CS_PATH_ROW_S2,    /* CPU rows, inner stride 2 (double-width reads) */
    CS_PATH_ROW_G,     /* CPU rows, any inner stride */
    CS_PATH_ROW_SPLIT, /* ...of which a long row was split (counted too) */
    CS_PATH_ODO_C,     /* CPU odometer, contiguous rows */
    CS_PATH_ODO_G,     /* CPU odometer, strided rows */
    CS_PATH_GRID_R1,   /* element grid (GPU family), rank 1..4 and n */
    CS_PATH_GRID_R2,
    CS_PATH_GRID_R3,
    CS_PATH_GRID_R4,
    CS_PATH_GRID_RN,
    CS_PATH_SCATTER,   /* scatter or fill kernel (element grid) */
    CS_PATH_SROW,      /* CPU scatter rows (cl/rows.cl) */
    CS_PATH_SODO,      /* CPU scatter odometer */
    CS_PATH_SDST_C,    /* ...destination inner stride +1 (counted too) */
    CS_PATH_SDST_R,    /* ...destination inner stride -1 */
    CS_PATH_SDST_G,    /* ...any other destination inner stride */
    CS_PATH_SSRC_B,    /* ...source inner stride 0 (a broadcast) */
    CS_PATH_DYN_ROWS,  /* dynamic slice, rows form (cl/dynamic.cl) */
    CS_PATH_DYN_GRID,  /* dynamic slice, element grid */
    CS_PATH_LANES_ROWS, /* through a blocked axis's lane maps, CPU rows
                         * (cl/blocked.cl) */
    CS_PATH_LANES_GRID, /* ...element grid */
    CS_PATH_TUNED,      /* a vendor-tuned family's kernel (family.h) */
    CS_PATH_NATIVE,     /* the host executor in a native kernel while the
                         * kernel's program builds (run/native.c) */
    CS_PATH_COUNT
} cs_path;

#endif
