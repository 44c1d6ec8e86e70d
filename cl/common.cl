/*
 * Prepended to every program's source (src/opencl/runtime/runtime.c
 * builds each program from this file and its own;
 * src/opencl/select/variants.def lists both).
 *
 *   cs_idx       the index type of the dense kernels: CS_INDEX64 = 1
 *                gives 64-bit index math (ulong), 0 gives 32-bit (uint).
 *                Unsigned arithmetic wraps, so negative strides travel as
 *                two's complement and every index comes out right as long
 *                as the final value fits the type (the host checks that).
 *   CS_FOR       the element grids' grid-stride loop.
 *   CS_CARRIERS  the carriers every family instantiates its kernels for.
 *
 * A program built for the binary cache also defines cs_cache_key_<key>,
 * an empty kernel that is never launched: its name carries the cache key
 * the program was built for (-DCS_CACHE_KEY=<16 hex digits>), so that a
 * binary filed under another key, the 64-bit index form under the 32-bit
 * key above all, is recognised before any kernel of it runs
 * (src/opencl/runtime/program_check.c).
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

/* X(T, C) for each carrier: the type T of C bytes that a kernel moves per
 * access, the sizes CS_C_ALL of src/opencl/select/variants.h names (a
 * kernel's name ends in _c<C>).  T8 is the 8-byte type, each file's
 * choice: uint2 keeps a program built for 32-bit indices free of 64-bit
 * integers (the element grids, batches); a program that uses them anyway
 * may take ulong (rows, dynamic).  Each file expands this list once, so a
 * carrier added here is added everywhere. */
#define CS_CARRIERS(X, T8)                                                  \
    X(uchar, 1)                                                             \
    X(ushort, 2)                                                            \
    X(uint, 4)                                                              \
    X(T8, 8)                                                                \
    X(uint4, 16)

#ifdef CS_CACHE_KEY
#define CS_KEY_KERNEL_(key) cs_cache_key_##key
#define CS_KEY_KERNEL(key) CS_KEY_KERNEL_(key)
__kernel void CS_KEY_KERNEL(CS_CACHE_KEY)(void)
{
}
#endif
