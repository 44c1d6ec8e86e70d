/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The library's version at run time, which can differ from the header a
 * program was compiled with when the shared library is upgraded. */
#include "clslice.h"

#define CS_STR(x) #x
#define CS_XSTR(x) CS_STR(x)

unsigned clslice_version_number(void)
{
    return CLSLICE_VERSION_NUMBER;
}

const char *clslice_version_string(void)
{
    return CS_XSTR(CLSLICE_VERSION_MAJOR) "." CS_XSTR(
        CLSLICE_VERSION_MINOR) "." CS_XSTR(CLSLICE_VERSION_PATCH);
}
