/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Fault injection into the OpenCL calls the library makes (faultcl.c).
 *
 * faultcl.c defines the OpenCL entry points the library calls; a program
 * linking it (and the static library) resolves the library's calls to
 * them, and they forward to the real ones (dlsym RTLD_NEXT).  While armed,
 * every call that can fail is counted and the k-th returns an error; every
 * object the library creates (buffer, program, kernel, event) is recorded
 * until released, so a test can see what was left behind.
 */
#ifndef CLSLICE_TEST_FAULTCL_H
#define CLSLICE_TEST_FAULTCL_H

#include <stdbool.h>

#include "clslice_cl.h"

/* Counts fallible calls from now on; the fail_at-th (1-based) fails, none
 * when fail_at is 0.  Also starts recording created objects. */
void fc_arm(int fail_at);
/* Stops counting (objects created before stay recorded until released). */
void fc_disarm(void);
/* Fallible calls counted since fc_arm. */
int fc_calls(void);
/* The name of the i-th (0-based) call counted since fc_arm, or NULL. */
const char *fc_call_name(int i);
/* The call that was made to fail ("clCreateBuffer"), or NULL if none. */
const char *fc_failed_call(void);
/* The code the failed call returned, CL_SUCCESS if none failed. */
cl_int fc_failed_code(void);
/* Objects created while armed and not yet released; names the first in
 * `what` (a static string) when there is one. */
int fc_live_objects(const char **what);
/* Forgets every recorded object (after a test failure). */
void fc_forget(void);

#endif
