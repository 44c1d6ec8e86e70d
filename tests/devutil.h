/* OpenCL set-up shared by the device tests. */
#ifndef CLSLICE_DEVUTIL_H
#define CLSLICE_DEVUTIL_H

#include <stdbool.h>

#include "clslice_cl.h"

typedef struct tu_cl {
    cl_device_id device;
    cl_context context;
} tu_cl;

/* Opens the default device: the first GPU of any platform, else the first
 * device of any type.  Returns false, after printing why, when the machine
 * has no OpenCL platform or device (the caller then skips). */
bool tu_cl_open(tu_cl *cl);
void tu_cl_close(tu_cl *cl);

/* A new queue on cl's device; fails the test if it cannot be created. */
cl_command_queue tu_cl_queue(const tu_cl *cl,
                             cl_command_queue_properties properties);

/* A buffer of `size` bytes; fails the test if it cannot be created. */
cl_mem tu_cl_buffer(const tu_cl *cl, size_t size);

/* Asserts an OpenCL call succeeded, naming it on failure. */
#define TU_CL_CHECK(call)                                                 \
    do {                                                                  \
        cl_int tu_rc_ = (call);                                           \
        if (tu_rc_ != CL_SUCCESS)                                         \
            fail_msg("%s failed with %d", #call, (int)tu_rc_);            \
    } while (0)

#endif
