/*
 * The first step of every general call (clslice_cl_*, clslice_cl.h): the
 * caller's head and descriptor are copied into structs of this library's
 * size once their struct_size is checked, so the rest of the call reads
 * every member, and a member past an older caller's struct_size as zero.
 */
#ifndef CLSLICE_CL_GENERAL_H
#define CLSLICE_CL_GENERAL_H

#include <stddef.h>

#include "clslice_cl.h"

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

/* The head of a general call: cs_take_struct, then flags of known bits
 * only (the one check every operation makes of them). */
clslice_status cs_take_call(const clslice_cl_call *given,
                            clslice_cl_call *copy, clslice_error *err);

/* The head (cs_take_call), then the descriptor `desc` into `copy`
 * (cs_take_struct, named "desc"): what every general call starts with. */
clslice_status cs_take(const clslice_cl_call *call, clslice_cl_call *head,
                       const void *desc, const char *type,
                       size_t first_size, size_t size, void *copy,
                       clslice_error *err);

/* cs_take for a descriptor of `type` whose first published form ended
 * with member `last` (which stays `last` when members are appended). */
#define CS_TAKE(call, head, desc, type, last, copy, err)                   \
    cs_take((call), (head), (desc), #type, CS_SIZE_THROUGH(type, last),    \
            sizeof(type), (copy), (err))

/* The head a plain call's last arguments make, for the general call it is
 * a form of. */
clslice_cl_call cs_plain_call(cl_command_queue queue, unsigned flags,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event);

#endif
