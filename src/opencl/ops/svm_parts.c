/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of concatenations and batches (svm_parts.h): checked, then
 * wrapped in buffers for the call.  Allocations are grouped by sorting
 * the SVM sides by address and merging those that meet, so a call of
 * many parts makes one wrapper per group of meeting allocations.  As in
 * svm.c, clCreateBuffer with CL_MEM_USE_HOST_PTR over an SVM pointer
 * shares its storage (OpenCL 2.0), so no 2.0 entry point is called.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/ops/svm_parts.h"
#include "opencl/ops/svm.h"
#include "core/plan/common.h"

/* CL_DEVICE_SVM_CAPABILITIES of OpenCL 2.0 (the library compiles
 * against 1.2's header). */
#define CS_DEVICE_SVM_CAPABILITIES 0x1053

void cs_svm_side_set(cs_svm_side *s, clslice_cl_svm svm, cl_mem *buffer,
                     size_t *offset, const char *buffer_name,
                     const char *svm_name)
{
    *s = (cs_svm_side){.svm = svm, .buffer = buffer, .offset = offset};
    snprintf(s->buffer_name, sizeof s->buffer_name, "%s", buffer_name);
    snprintf(s->svm_name, sizeof s->svm_name, "%s", svm_name);
}

static clslice_status check_side(const cs_svm_side *s, clslice_error *err)
{
    if (!s->svm.pointer && s->svm.bytes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.bytes = %zu but %s.pointer is NULL", s->svm_name,
                       s->svm.bytes, s->svm_name);
    if (s->svm.pointer && *s->buffer)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s and %s.pointer are both set; a side is a buffer "
                       "or an SVM allocation",
                       s->buffer_name, s->svm_name);
    if (s->svm.pointer && s->svm.bytes == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.bytes is 0: state the size of the SVM "
                       "allocation at %s.pointer",
                       s->svm_name, s->svm_name);
    if (s->svm.pointer &&
        (uintptr_t)s->svm.pointer > UINTPTR_MAX - s->svm.bytes)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s.bytes = %zu runs past the end of the address "
                       "space from %s.pointer",
                       s->svm_name, s->svm.bytes, s->svm_name);
    return CLSLICE_OK;
}

static clslice_status check_sides(const cs_call *call, cs_svm_set *set,
                                  size_t *svm_sides, clslice_error *err)
{
    *svm_sides = 0;
    for (size_t i = 0; i < set->count; i++) {
        const cs_svm_side *s = &set->sides[i];
        clslice_status st = check_side(s, err);
        if (st == CLSLICE_OK && s->svm.pointer && !*svm_sides &&
            call->queue)
            st = cs_svm_check_device(call, s->svm_name, err);
        if (st != CLSLICE_OK)
            return st;
        *svm_sides += s->svm.pointer != NULL;
    }
    set->used = *svm_sides > 0;
    return CLSLICE_OK;
}

/* How messages name a side's offset: "parts[3].src.offset" beside
 * "parts[3].src.buffer", "info_offset" beside "info". */
static bool member_named(const cs_svm_side *s)
{
    size_t n = strlen(s->buffer_name);
    return n > 7 && strcmp(s->buffer_name + n - 7, ".buffer") == 0;
}

static void offset_name(const cs_svm_side *s, char *name, size_t size)
{
    if (member_named(s))
        snprintf(name, size, "%.*s.offset",
                 (int)(strlen(s->buffer_name) - 7), s->buffer_name);
    else
        snprintf(name, size, "%s_offset", s->buffer_name);
}

/* An SVM side's bytes, for sorting by address. */
typedef struct span {
    uintptr_t start, end;
    size_t side;
} span;

static int by_start(const void *a, const void *b)
{
    uintptr_t x = ((const span *)a)->start, y = ((const span *)b)->start;
    return (x > y) - (x < y);
}

static clslice_status make(const cs_call *call, uintptr_t start,
                           uintptr_t end, const char *name, cl_mem *made,
                           clslice_error *err)
{
    cl_int rc;
    *made = clCreateBuffer(cs_call_context(call),
                           CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                           (size_t)(end - start), (void *)start, &rc);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;
    *made = NULL;
    char what[96];
    snprintf(what, sizeof what, "clCreateBuffer (wrapping %s)", name);
    return cs_cl_fail(err, what, rc);
}

/* spans[first, last) meet: one wrapper from spans[first].start to `end`;
 * each side's buffer is it and its offset moves by its place in it. */
static clslice_status wrap_group(const cs_call *call, cs_svm_set *set,
                                 const span *spans, size_t first,
                                 size_t last, uintptr_t end,
                                 clslice_error *err)
{
    cl_mem *made = &set->made[set->made_count];
    clslice_status st = make(call, spans[first].start, end,
                             set->sides[spans[first].side].svm_name, made,
                             err);
    if (st != CLSLICE_OK)
        return st;
    set->made_count++;
    for (size_t k = first; k < last; k++) {
        cs_svm_side *s = &set->sides[spans[k].side];
        size_t shift = (size_t)(spans[k].start - spans[first].start);
        if (*s->offset > SIZE_MAX - shift) {
            char offset[sizeof s->buffer_name + 8];
            offset_name(s, offset, sizeof offset);
            return cs_fail(err, CLSLICE_ERROR_BUFFER,
                           "%s = %zu overflows a size_t inside the SVM "
                           "allocations that meet %s",
                           offset, *s->offset, s->svm_name);
        }
        *s->buffer = *made;
        *s->offset += shift;
    }
    return CLSLICE_OK;
}

static clslice_status wrap_all(const cs_call *call, cs_svm_set *set,
                               span *spans, size_t n, clslice_error *err)
{
    size_t at = 0;
    for (size_t i = 0; i < set->count; i++)
        if (set->sides[i].svm.pointer) {
            uintptr_t start = (uintptr_t)set->sides[i].svm.pointer;
            spans[at++] = (span){start, start + set->sides[i].svm.bytes, i};
        }
    qsort(spans, n, sizeof *spans, by_start);
    clslice_status st = CLSLICE_OK;
    for (size_t first = 0; first < n && st == CLSLICE_OK;) {
        size_t last = first + 1;
        uintptr_t end = spans[first].end;
        while (last < n && spans[last].start < end) {
            end = spans[last].end > end ? spans[last].end : end;
            last++;
        }
        st = wrap_group(call, set, spans, first, last, end, err);
        first = last;
    }
    return st;
}

clslice_status cs_svm_wrap_set(const cs_call *call, cs_svm_set *set,
                               clslice_error *err)
{
    set->made = NULL;
    set->made_count = 0;
    size_t n;
    clslice_status st = check_sides(call, set, &n, err);
    if (st != CLSLICE_OK || n == 0 || !call->queue || !call->runtime)
        return st; /* the call's own checks name a NULL queue or runtime */
    span *spans = calloc(n, sizeof *spans);
    set->made = calloc(n, sizeof *set->made);
    st = spans && set->made
             ? wrap_all(call, set, spans, n, err)
             : cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory wrapping %zu SVM sides", n);
    free(spans);
    if (st != CLSLICE_OK)
        cs_svm_unwrap_set(set, st, NULL);
    return st;
}

/* Whether `name` (as "parts[3].src.") occurs in `message` as a whole
 * name, not inside a longer one. */
static bool names(const char *message, const char *name)
{
    for (const char *at = strstr(message, name); at;
         at = strstr(at + 1, name)) {
        char before = at == message ? ' ' : at[-1];
        if (!isalnum((unsigned char)before) && before != '.' &&
            before != '_' && before != ']')
            return true;
    }
    return false;
}

/* Whether the message names side s: a member by any of its names
 * ("parts[3].src." starts them all); a plain argument by its offset
 * ("begin_offset") or as the message's subject ("begin has ..."), since
 * a plain name can be a word of the message's prose ("the end of"). */
static bool names_side(const char *message, const cs_svm_side *s)
{
    size_t n = strlen(s->buffer_name);
    char name[sizeof s->buffer_name + 8];
    if (member_named(s)) {
        snprintf(name, sizeof name, "%.*s", (int)(n - 6), s->buffer_name);
        return names(message, name);
    }
    offset_name(s, name, sizeof name);
    return names(message, name) ||
           (strncmp(message, s->buffer_name, n) == 0 && message[n] == ' ');
}

/* The BUFFER message named the wrapper as a side's buffer: say so. */
static void explain(const cs_svm_set *set, clslice_error *err)
{
    char message[sizeof err->message];
    size_t at = (size_t)snprintf(message, sizeof message, "%s",
                                 err->message);
    for (size_t i = 0; i < set->count && at < sizeof message; i++) {
        const cs_svm_side *s = &set->sides[i];
        if (s->svm.pointer && names_side(err->message, s))
            at += (size_t)snprintf(message + at, sizeof message - at,
                                   " [%s is %s: %zu bytes]", s->buffer_name,
                                   s->svm_name, s->svm.bytes);
    }
    memcpy(err->message, message, sizeof message);
}

clslice_status cs_svm_unwrap_set(cs_svm_set *set, clslice_status st,
                                 clslice_error *err)
{
    for (size_t i = 0; i < set->made_count; i++)
        clReleaseMemObject(set->made[i]);
    free(set->made);
    set->made = NULL;
    set->made_count = 0;
    if (st == CLSLICE_ERROR_BUFFER && set->used && err)
        explain(set, err);
    return st;
}
