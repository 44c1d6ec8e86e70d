/* Names of the OpenCL errors that the tool's own calls (platform and
 * device queries, context, queue, buffers, reads and writes) can return.
 * Errors inside the library come back with the library's own message. */
#include "cl_fail.h"

#define CLI_CL_NAME(code) \
    case code:            \
        return #code;

static const char *error_name(cl_int code)
{
    switch (code) {
    CLI_CL_NAME(CL_DEVICE_NOT_FOUND)
    CLI_CL_NAME(CL_DEVICE_NOT_AVAILABLE)
    CLI_CL_NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    CLI_CL_NAME(CL_OUT_OF_RESOURCES)
    CLI_CL_NAME(CL_OUT_OF_HOST_MEMORY)
    CLI_CL_NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    CLI_CL_NAME(CL_INVALID_VALUE)
    CLI_CL_NAME(CL_INVALID_DEVICE_TYPE)
    CLI_CL_NAME(CL_INVALID_PLATFORM)
    CLI_CL_NAME(CL_INVALID_DEVICE)
    CLI_CL_NAME(CL_INVALID_CONTEXT)
    CLI_CL_NAME(CL_INVALID_QUEUE_PROPERTIES)
    CLI_CL_NAME(CL_INVALID_COMMAND_QUEUE)
    CLI_CL_NAME(CL_INVALID_HOST_PTR)
    CLI_CL_NAME(CL_INVALID_MEM_OBJECT)
    CLI_CL_NAME(CL_INVALID_EVENT_WAIT_LIST)
    CLI_CL_NAME(CL_INVALID_OPERATION)
    CLI_CL_NAME(CL_INVALID_BUFFER_SIZE)
    CLI_CL_NAME(CL_INVALID_PROPERTY)
    case -1001: /* from the ICD loader when no driver is installed */
        return "CL_PLATFORM_NOT_FOUND_KHR";
    }
    return "an OpenCL error";
}

int cli_cl_fail(cli_err *err, const char *call, cl_int code)
{
    return cli_fail(err, CLI_EXIT_OPENCL, "%s failed: %s (%d)", call,
                    error_name(code), (int)code);
}
