/*
 * The host reference executor: runs a plan on host memory for any element
 * size.  It is the oracle for device tests and a CPU fallback, so it favours
 * obviously-right code over speed, while still copying contiguous runs with
 * one memcpy.
 */
#include <string.h>

#include "plan_internal.h"
#include "plan_struct.h"

static clslice_status byte_size(int64_t elements, size_t elem_size,
                                const char *what, size_t *bytes,
                                clslice_error *err)
{
    if (elements > 0 && __builtin_mul_overflow((size_t)elements, elem_size, bytes))
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "the %s (%lld elements of %zu bytes) does not fit in "
                       "memory", what, (long long)elements, elem_size);
    if (elements <= 0)
        *bytes = 0;
    return CLSLICE_OK;
}

/* Validates buffers against the plan before anything is written. */
static clslice_status check_buffers(const clslice_plan *plan, size_t elem_size,
                                    const void *src, size_t src_bytes,
                                    const void *dst, size_t dst_bytes,
                                    int64_t out_elements, clslice_error *err)
{
    int64_t in_elements = 0;
    size_t src_need = 0, dst_need = 0;
    clslice_status st = cs_input_elements(plan, &in_elements, err);
    if (st == CLSLICE_OK)
        st = byte_size(in_elements, elem_size, "input", &src_need, err);
    if (st == CLSLICE_OK)
        st = byte_size(out_elements, elem_size, "output", &dst_need, err);
    if (st != CLSLICE_OK)
        return st;
    if (src_bytes < src_need)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "src_bytes = %zu is too small: the input needs %zu "
                       "bytes (%lld elements of %zu bytes)", src_bytes,
                       src_need, (long long)in_elements, elem_size);
    if (dst_bytes < dst_need)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "dst_bytes = %zu is too small: the output needs %zu "
                       "bytes (%lld elements of %zu bytes)", dst_bytes,
                       dst_need, (long long)out_elements, elem_size);
    if (src_need && !src)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "src is NULL");
    if (dst_need && !dst)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "dst is NULL");
    return CLSLICE_OK;
}

/* Copies one strided row of `count` elements to contiguous memory. */
static void gather_row(unsigned char *dst, const unsigned char *src,
                       int64_t count, int64_t src_stride, size_t elem_size)
{
    if (src_stride == 1) {
        memcpy(dst, src, (size_t)count * elem_size);
        return;
    }
    ptrdiff_t step = (ptrdiff_t)src_stride * (ptrdiff_t)elem_size;
    for (int64_t i = 0; i < count; i++, dst += elem_size, src += step)
        memcpy(dst, src, elem_size);
}

/* Walks the outer dims of a simplified layout like an odometer and copies
 * the innermost dim as rows. */
static void run_gather(const clslice_layout *layout, size_t elem_size,
                       const unsigned char *src, unsigned char *dst)
{
    if (layout->rank == 0) {
        memcpy(dst, src + layout->offset * (int64_t)elem_size, elem_size);
        return;
    }
    int inner = layout->rank - 1;
    int64_t row = layout->count[inner];
    int64_t index[CLSLICE_MAX_RANK] = {0};
    int64_t src_pos = layout->offset;
    for (int64_t done = 0; done < layout->elements; done += row) {
        gather_row(dst + done * (int64_t)elem_size,
                   src + src_pos * (int64_t)elem_size, row,
                   layout->src_stride[inner], elem_size);
        for (int k = inner - 1; k >= 0; k--) {
            src_pos += layout->src_stride[k];
            if (++index[k] < layout->count[k])
                break;
            src_pos -= layout->src_stride[k] * layout->count[k];
            index[k] = 0;
        }
    }
}

clslice_status clslice_host_gather(const clslice_plan *plan, size_t elem_size,
                                   const void *src, size_t src_bytes,
                                   void *dst, size_t dst_bytes,
                                   clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (elem_size == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "elem_size is 0; elements must be at least one byte");
    clslice_layout layout;
    clslice_status st = clslice_plan_layout(plan, &layout, err);
    if (st == CLSLICE_OK)
        st = check_buffers(plan, elem_size, src, src_bytes, dst, dst_bytes,
                           layout.elements, err);
    if (st != CLSLICE_OK)
        return st;
    if (layout.elements > 0) {
        clslice_layout_simplify(&layout);
        run_gather(&layout, elem_size, src, dst);
    }
    return cs_ok(err);
}
