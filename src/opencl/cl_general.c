/*
 * Taking a general call's head and descriptor (cl_general.h).  Copying,
 * rather than reading the caller's struct in place, is what keeps the
 * promise that absent members read as zero: past the caller's
 * struct_size lies memory the caller never meant to pass.
 */
#include <string.h>

#include "cl_check.h"
#include "cl_general.h"
#include "core/common.h"

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

clslice_status cs_take_call(const clslice_cl_call *given,
                            clslice_cl_call *copy, clslice_error *err)
{
    clslice_status st = cs_take_struct(given, "call", "clslice_cl_call",
                                       CS_SIZE_THROUGH(clslice_cl_call, event),
                                       sizeof *copy, copy, err);
    return st == CLSLICE_OK ? cs_check_flags(copy->flags, err) : st;
}

clslice_status cs_take(const clslice_cl_call *call, clslice_cl_call *head,
                       const void *desc, const char *type,
                       size_t first_size, size_t size, void *copy,
                       clslice_error *err)
{
    clslice_status st = cs_take_call(call, head, err);
    return st == CLSLICE_OK ? cs_take_struct(desc, "desc", type, first_size,
                                             size, copy, err)
                            : st;
}

clslice_cl_call cs_plain_call(cl_command_queue queue, unsigned flags,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event)
{
    return (clslice_cl_call){.struct_size = sizeof(clslice_cl_call),
                             .queue = queue, .flags = flags,
                             .num_events_in_wait_list = num_events,
                             .event_wait_list = wait_list, .event = event};
}
