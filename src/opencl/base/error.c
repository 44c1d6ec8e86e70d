/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * OpenCL error codes as names, and the one message format every failing
 * OpenCL call reports: "<call> failed: <NAME> (<code>)", with the code
 * also in clslice_error.opencl_code.
 */
#include "opencl/base/check.h"
#include "core/plan/common.h"

/* Stringizing the macro name keeps each name tied to its value in cl.h. */
#define CS_NAME(code) \
    case code:        \
        return #code;

const char *clslice_cl_error_name(cl_int code)
{
    switch (code) {
    CS_NAME(CL_SUCCESS)
    CS_NAME(CL_DEVICE_NOT_FOUND)
    CS_NAME(CL_DEVICE_NOT_AVAILABLE)
    CS_NAME(CL_COMPILER_NOT_AVAILABLE)
    CS_NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    CS_NAME(CL_OUT_OF_RESOURCES)
    CS_NAME(CL_OUT_OF_HOST_MEMORY)
    CS_NAME(CL_PROFILING_INFO_NOT_AVAILABLE)
    CS_NAME(CL_MEM_COPY_OVERLAP)
    CS_NAME(CL_IMAGE_FORMAT_MISMATCH)
    CS_NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    CS_NAME(CL_BUILD_PROGRAM_FAILURE)
    CS_NAME(CL_MAP_FAILURE)
    CS_NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    CS_NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    CS_NAME(CL_COMPILE_PROGRAM_FAILURE)
    CS_NAME(CL_LINKER_NOT_AVAILABLE)
    CS_NAME(CL_LINK_PROGRAM_FAILURE)
    CS_NAME(CL_DEVICE_PARTITION_FAILED)
    CS_NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    CS_NAME(CL_INVALID_VALUE)
    CS_NAME(CL_INVALID_DEVICE_TYPE)
    CS_NAME(CL_INVALID_PLATFORM)
    CS_NAME(CL_INVALID_DEVICE)
    CS_NAME(CL_INVALID_CONTEXT)
    CS_NAME(CL_INVALID_QUEUE_PROPERTIES)
    CS_NAME(CL_INVALID_COMMAND_QUEUE)
    CS_NAME(CL_INVALID_HOST_PTR)
    CS_NAME(CL_INVALID_MEM_OBJECT)
    CS_NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    CS_NAME(CL_INVALID_IMAGE_SIZE)
    CS_NAME(CL_INVALID_SAMPLER)
    CS_NAME(CL_INVALID_BINARY)
    CS_NAME(CL_INVALID_BUILD_OPTIONS)
    CS_NAME(CL_INVALID_PROGRAM)
    CS_NAME(CL_INVALID_PROGRAM_EXECUTABLE)
    CS_NAME(CL_INVALID_KERNEL_NAME)
    CS_NAME(CL_INVALID_KERNEL_DEFINITION)
    CS_NAME(CL_INVALID_KERNEL)
    CS_NAME(CL_INVALID_ARG_INDEX)
    CS_NAME(CL_INVALID_ARG_VALUE)
    CS_NAME(CL_INVALID_ARG_SIZE)
    CS_NAME(CL_INVALID_KERNEL_ARGS)
    CS_NAME(CL_INVALID_WORK_DIMENSION)
    CS_NAME(CL_INVALID_WORK_GROUP_SIZE)
    CS_NAME(CL_INVALID_WORK_ITEM_SIZE)
    CS_NAME(CL_INVALID_GLOBAL_OFFSET)
    CS_NAME(CL_INVALID_EVENT_WAIT_LIST)
    CS_NAME(CL_INVALID_EVENT)
    CS_NAME(CL_INVALID_OPERATION)
    CS_NAME(CL_INVALID_GL_OBJECT)
    CS_NAME(CL_INVALID_BUFFER_SIZE)
    CS_NAME(CL_INVALID_MIP_LEVEL)
    CS_NAME(CL_INVALID_GLOBAL_WORK_SIZE)
    CS_NAME(CL_INVALID_PROPERTY)
    CS_NAME(CL_INVALID_IMAGE_DESCRIPTOR)
    CS_NAME(CL_INVALID_COMPILER_OPTIONS)
    CS_NAME(CL_INVALID_LINKER_OPTIONS)
    CS_NAME(CL_INVALID_DEVICE_PARTITION_COUNT)
    /* Newer than the 1.2 headers we target, still seen from 2.x/3.0
     * drivers and the ICD loader. */
    case -69: return "CL_INVALID_PIPE_SIZE";
    case -70: return "CL_INVALID_DEVICE_QUEUE";
    case -71: return "CL_INVALID_SPEC_ID";
    case -72: return "CL_MAX_SIZE_RESTRICTION_EXCEEDED";
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
    }
    return "CL_UNKNOWN_ERROR";
}

/* The one place that records an OpenCL status in clslice_error: cs_fail
 * clears opencl_code, so every other failure reports 0. */
static clslice_status with_code(clslice_error *err, clslice_status status,
                                cl_int code)
{
    if (err)
        err->opencl_code = (int32_t)code;
    return status;
}

clslice_status cs_cl_fail(clslice_error *err, const char *call, cl_int code)
{
    cs_fail(err, CLSLICE_ERROR_OPENCL, "%s failed: %s (%d)", call,
            clslice_cl_error_name(code), (int)code);
    return with_code(err, CLSLICE_ERROR_OPENCL, code);
}

clslice_status cs_cl_build_fail(clslice_error *err, cl_int code,
                                const char *log)
{
    cs_fail(err, CLSLICE_ERROR_BUILD,
            "clBuildProgram failed: %s (%d); build log: %s",
            clslice_cl_error_name(code), (int)code, log[0] ? log : "(empty)");
    return with_code(err, CLSLICE_ERROR_BUILD, code);
}
