/*
 * The optional on-disk cache of program binaries
 * (clslice_runtime_set_cache_dir).  A file holds one program for one
 * device:
 *
 *   "CSLBIN01"  magic
 *   u64         the key (cs_cache_key), also in the file's name
 *   u64         payload bytes
 *   u64         FNV-1a of the payload
 *   payload     what CL_PROGRAM_BINARIES gave for the device
 *
 * in host byte order (a cache folder serves one machine; a foreign file
 * fails the magic or key check and is rebuilt).  The hash of the payload
 * catches truncated and damaged files before the driver sees them; a
 * binary the driver still refuses is a cache miss too.  Nothing here
 * fails the caller's build: every problem with the cache means a build
 * from source, and a file that cannot be written is skipped.  Files are
 * written under a temporary name and renamed into place, so processes
 * sharing the folder never read a half-written file.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opencl/runtime/runtime.h"
#include "core/common.h"

enum { HEADER_WORDS = 3, MAGIC_BYTES = 8 };
static const char magic[MAGIC_BYTES] = {'C', 'S', 'L', 'B',
                                        'I', 'N', '0', '1'};
/* Larger payloads are taken for damage (PoCL's are tens of KB). */
#define MAX_PAYLOAD ((uint64_t)256 << 20)

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

uint64_t cs_fnv1a64(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) {
        hash ^= p[i];
        hash *= FNV_PRIME;
    }
    return hash;
}

/* A string with its length first, so ("ab", "c") and ("a", "bc") differ. */
static uint64_t hash_string(uint64_t hash, const char *s)
{
    uint64_t n = strlen(s);
    hash = cs_fnv1a64(hash, &n, sizeof n);
    return cs_fnv1a64(hash, s, (size_t)n);
}

/* Hashes a string-valued device or platform query; false if it fails. */
static bool hash_info(uint64_t *hash, cl_device_id device,
                      cl_platform_id platform, cl_uint param)
{
    size_t size = 0;
    cl_int rc = platform
                    ? clGetPlatformInfo(platform, param, 0, NULL, &size)
                    : clGetDeviceInfo(device, param, 0, NULL, &size);
    if (rc != CL_SUCCESS)
        return false;
    char *text = malloc(size + 1);
    if (!text)
        return false;
    rc = platform ? clGetPlatformInfo(platform, param, size, text, NULL)
                  : clGetDeviceInfo(device, param, size, text, NULL);
    text[size] = '\0';
    if (rc == CL_SUCCESS)
        *hash = hash_string(*hash, text);
    free(text);
    return rc == CL_SUCCESS;
}

bool cs_cache_key(cl_device_id device, cl_uint count, const char **sources,
                  const char *options, uint64_t *key)
{
    static const cl_uint device_params[] = {
        CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DRIVER_VERSION,
        CL_DEVICE_VERSION};
    static const cl_uint platform_params[] = {CL_PLATFORM_NAME,
                                              CL_PLATFORM_VERSION};
    uint64_t hash = FNV_OFFSET;
    for (size_t i = 0; i < sizeof device_params / sizeof *device_params; i++)
        if (!hash_info(&hash, device, NULL, device_params[i]))
            return false;
    cl_platform_id platform;
    if (clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform,
                        &platform, NULL) != CL_SUCCESS)
        return false;
    for (size_t i = 0; i < sizeof platform_params / sizeof *platform_params;
         i++)
        if (!hash_info(&hash, NULL, platform, platform_params[i]))
            return false;
    hash = hash_string(hash, clslice_version_string());
    hash = hash_string(hash, options);
    uint64_t n = count;
    hash = cs_fnv1a64(hash, &n, sizeof n);
    for (cl_uint i = 0; i < count; i++)
        hash = hash_string(hash, sources[i]);
    *key = hash;
    return true;
}

/* <dir>/clslice-<key>.bin; NULL when out of memory. */
static char *file_name(const char *dir, uint64_t key)
{
    size_t size = strlen(dir) + 40;
    char *path = malloc(size);
    if (path)
        snprintf(path, size, "%s/clslice-%016llx.bin", dir,
                 (unsigned long long)key);
    return path;
}

/* The payload of the file for `key`, checked; NULL if absent or bad. */
static unsigned char *read_payload(const char *path, uint64_t key,
                                   size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char m[MAGIC_BYTES];
    uint64_t head[HEADER_WORDS];
    unsigned char *payload = NULL;
    if (fread(m, 1, sizeof m, f) == sizeof m &&
        memcmp(m, magic, sizeof m) == 0 &&
        fread(head, sizeof head[0], HEADER_WORDS, f) == HEADER_WORDS &&
        head[0] == key && head[1] > 0 && head[1] <= MAX_PAYLOAD)
        payload = malloc((size_t)head[1]);
    if (payload && (fread(payload, 1, (size_t)head[1], f) != head[1] ||
                    fgetc(f) != EOF ||
                    cs_fnv1a64(FNV_OFFSET, payload, (size_t)head[1]) !=
                        head[2])) {
        free(payload);
        payload = NULL;
    }
    fclose(f);
    if (payload)
        *size = (size_t)head[1];
    return payload;
}

/* A program from the cached binary, built; false (nothing held) when
 * there is none or the driver refuses it. */
static bool load(cl_context context, cl_device_id device,
                 const char *path, uint64_t key, const char *options,
                 cl_program *program)
{
    size_t size;
    unsigned char *payload = read_payload(path, key, &size);
    if (!payload)
        return false;
    const unsigned char *binary = payload;
    cl_int status = CL_SUCCESS, rc;
    *program = clCreateProgramWithBinary(context, 1, &device, &size, &binary,
                                         &status, &rc);
    free(payload);
    if (rc != CL_SUCCESS || status != CL_SUCCESS) {
        if (*program && rc == CL_SUCCESS)
            clReleaseProgram(*program);
        *program = NULL;
        return false;
    }
    if (clBuildProgram(*program, 1, &device, options, NULL, NULL) ==
        CL_SUCCESS)
        return true;
    clReleaseProgram(*program);
    *program = NULL;
    return false;
}

/* The binary `program` holds for `device` (malloc'd); NULL if none. */
static unsigned char *program_binary(cl_program program, cl_device_id device,
                                     size_t *size)
{
    cl_uint n = 0;
    if (clGetProgramInfo(program, CL_PROGRAM_NUM_DEVICES, sizeof n, &n,
                         NULL) != CL_SUCCESS || n == 0)
        return NULL;
    cl_device_id *devices = calloc(n, sizeof *devices);
    size_t *sizes = calloc(n, sizeof *sizes);
    unsigned char **binaries = calloc(n, sizeof *binaries);
    unsigned char *out = NULL;
    cl_uint at = n;
    if (devices && sizes && binaries &&
        clGetProgramInfo(program, CL_PROGRAM_DEVICES, n * sizeof *devices,
                         devices, NULL) == CL_SUCCESS &&
        clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, n * sizeof *sizes,
                         sizes, NULL) == CL_SUCCESS)
        for (at = 0; at < n && devices[at] != device; at++)
            ;
    if (at < n && sizes[at] > 0 && sizes[at] <= MAX_PAYLOAD)
        out = malloc(sizes[at]);
    if (out) {
        binaries[at] = out; /* NULL entries: other devices are skipped */
        if (clGetProgramInfo(program, CL_PROGRAM_BINARIES,
                             n * sizeof *binaries, binaries,
                             NULL) == CL_SUCCESS) {
            *size = sizes[at];
        } else {
            free(out);
            out = NULL;
        }
    }
    free(devices);
    free(sizes);
    free(binaries);
    return out;
}

/* Writes the file under a temporary name, then renames it into place. */
static void store(const char *dir, const char *path, uint64_t key,
                  const unsigned char *payload, size_t size)
{
    size_t tsize = strlen(dir) + 32;
    char *tmp = malloc(tsize);
    if (!tmp)
        return;
    snprintf(tmp, tsize, "%s/.clslice-XXXXXX", dir);
    int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    bool ok = f != NULL;
    if (ok) {
        uint64_t head[HEADER_WORDS] = {key, size,
                                       cs_fnv1a64(FNV_OFFSET, payload, size)};
        ok = fwrite(magic, 1, sizeof magic, f) == sizeof magic &&
             fwrite(head, sizeof head[0], HEADER_WORDS, f) == HEADER_WORDS &&
             fwrite(payload, 1, size, f) == size;
        ok = (fclose(f) == 0) && ok;
    }
    if (ok)
        ok = rename(tmp, path) == 0;
    if (!ok && fd >= 0)
        unlink(tmp);
    free(tmp);
}

clslice_status cs_build_cached(cl_context context, cl_device_id device,
                               const char *dir, cl_uint count,
                               const char **sources, const char *options,
                               cl_program *program, bool *loaded,
                               clslice_error *err)
{
    *loaded = false;
    uint64_t key;
    char *path = NULL;
    if (dir && cs_cache_key(device, count, sources, options, &key))
        path = file_name(dir, key);
    if (path && load(context, device, path, key, options, program)) {
        free(path);
        *loaded = true;
        return CLSLICE_OK;
    }
    clslice_status st = cs_build_sources(context, device, count, sources,
                                         options, program, err);
    if (st == CLSLICE_OK && path) {
        size_t size = 0;
        unsigned char *binary = program_binary(*program, device, &size);
        if (binary)
            store(dir, path, key, binary, size);
        free(binary);
    }
    free(path);
    return st;
}
