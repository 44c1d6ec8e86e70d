/*
 * Prepended to every program's source (cl_runtime.c builds each program
 * from this file and its own; src/opencl/cl_variants.def lists both).
 *
 *   cs_idx   the index type of the dense kernels: CS_INDEX64 = 1 gives
 *            64-bit index math (ulong), 0 gives 32-bit (uint).  Unsigned
 *            arithmetic wraps, so negative strides travel as two's
 *            complement and every index comes out right as long as the
 *            final value fits the type (the host checks that).
 *   CS_FOR   the element grids' grid-stride loop.
 */

#if CS_INDEX64
typedef ulong cs_idx;
#else
typedef uint cs_idx;
#endif

/* for (i = global id; i < n; i += global size) along NDRange dim `dim`,
 * without ever computing i + step past n (that could wrap a 32-bit
 * index). */
#define CS_FOR(i, dim, n)                                                   \
    for (cs_idx i = (cs_idx)get_global_id(dim),                             \
                i##_step = (cs_idx)get_global_size(dim);                    \
         i < (n); i = ((n) - i > i##_step) ? i + i##_step : (n))
