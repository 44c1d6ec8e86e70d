/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Taking a caller's struct of a size it names (sized.h), for the host's
 * descriptors and the device's heads and descriptors alike.  Copying,
 * rather than reading the caller's struct in place, is what keeps the
 * promise that absent members read as zero: past the caller's
 * struct_size lies memory the caller never meant to pass.
 */
#include <string.h>

#include "core/plan/common.h"
#include "core/plan/sized.h"

clslice_status cs_take_struct(const void *given, const char *name,
                              const char *type, size_t first_size,
                              size_t size, void *copy, clslice_error *err)
{
    if (!given)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL", name);
    size_t struct_size;
    memcpy(&struct_size, given, sizeof struct_size);
    if (struct_size < first_size)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s->struct_size = %zu is below %zu, the smallest "
                       "%s: set it to sizeof(%s) (the _INIT macro does)",
                       name, struct_size, first_size, type, type);
    if (struct_size > size)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s->struct_size = %zu is above %zu, this library's "
                       "sizeof(%s): compiled against a newer clslice?",
                       name, struct_size, size, type);
    memset(copy, 0, size);
    memcpy(copy, given, struct_size);
    return CLSLICE_OK;
}
