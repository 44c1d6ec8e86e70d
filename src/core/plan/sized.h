/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Taking a caller's struct that grows by addition.  The public
 * descriptors (clslice_host_*_desc in clslice.h, the head and the
 * clslice_cl_*_desc of clslice_cl.h) start with their struct_size; a call
 * copies the caller's struct into one of this library's size once the
 * size is checked, so the rest of the call reads every member, and a
 * member past an older caller's struct_size as zero.
 */
#ifndef CLSLICE_CORE_SIZED_H
#define CLSLICE_CORE_SIZED_H

#include <stddef.h>

#include "clslice.h"

/* Bytes of `type` up to the end of `member`: the smallest struct_size a
 * caller may pass when `member` ended the type's first published form.
 * Unlike sizeof(type), it stays put when members are appended. */
#define CS_SIZE_THROUGH(type, member)                                      \
    (offsetof(type, member) + sizeof(((type *)0)->member))

/* Copies the struct at `given`, which starts with its struct_size, into
 * `copy` (`size` bytes: this library's sizeof), zeroing the bytes past
 * the caller's struct_size.  CLSLICE_ERROR_ARGUMENT, and nothing copied,
 * for a NULL `given` or a struct_size outside [first_size, size];
 * messages name the struct `name` ("call", "desc") of C type `type`. */
clslice_status cs_take_struct(const void *given, const char *name,
                              const char *type, size_t first_size,
                              size_t size, void *copy, clslice_error *err);

#endif
