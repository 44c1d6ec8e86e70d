/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
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
 * fails the magic or key check and is rebuilt).  A program meant for the
 * cache names every kernel with the key's suffix (key_names.c), so the
 * binary itself says which key it was built for.
 *
 * What is read is checked in the order it can go wrong: whom the folder
 * and the file belong to and what kind of file it is (cache_trust.c), then
 * the header, the length and the hash of the payload (damage, before the
 * driver sees it), then whether the driver builds it, then whether it
 * holds exactly the program the key stands for (program_check.c).  A
 * file that fails any check is a refusal: recorded for
 * clslice_runtime_cache_refusals, and the program is built from source
 * and written over the file.  Nothing here fails the caller's build, and
 * a file that cannot be written is skipped.  Files are written under a
 * temporary name (created exclusively, never through a link) and renamed
 * into place, so processes sharing the folder never read a half-written
 * file.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

enum {
    HEADER_WORDS = 3,
    MAGIC_BYTES = 8,
    HEADER_BYTES = MAGIC_BYTES + HEADER_WORDS * 8
};
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

/* One build through the cache folder. */
typedef struct slot {
    const cs_build *build;
    const char *dir;
    int dirfd; /* the folder, opened and checked */
    uint64_t key;
    char name[48];       /* clslice-<key>.bin */
    char path[4200];     /* dir/name, for messages */
    char suffix[CS_KERNEL_SUFFIX]; /* of its kernels' names */
    clslice_error *refusal;
} slot;

/* Records why the file was not used: one reason per build, as loading
 * stops at the first. */
static bool refuse(slot *s, const char *reason, const char *detail)
{
    cs_fail(s->refusal, CLSLICE_ERROR_ARGUMENT, "cache file \"%s\" %s%s",
            s->path, reason, detail);
    return false;
}

static bool read_all(int fd, void *buffer, size_t size)
{
    unsigned char *at = buffer;
    while (size > 0) {
        ssize_t n = read(fd, at, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        at += n;
        size -= (size_t)n;
    }
    return true;
}

/* The payload of an open file of `size` bytes, checked against the key,
 * its length and its hash; NULL (refused) if bad. */
static unsigned char *read_payload(slot *s, int fd, size_t size,
                                   size_t *payload_size)
{
    char m[MAGIC_BYTES];
    uint64_t head[HEADER_WORDS];
    if (size < HEADER_BYTES || !read_all(fd, m, sizeof m) ||
        !read_all(fd, head, sizeof head) || memcmp(m, magic, sizeof m) != 0)
        return refuse(s, "is damaged", " (no clslice header)"), NULL;
    if (head[0] != s->key)
        return refuse(s, "is damaged", " (its header holds another key)"), NULL;
    if (head[1] == 0 || head[1] > MAX_PAYLOAD || head[1] != size - HEADER_BYTES)
        return refuse(s, "is damaged", " (its length is wrong)"), NULL;
    unsigned char *payload = malloc((size_t)head[1]);
    if (!payload)
        return NULL; /* not the file's fault: a build from source */
    if (!read_all(fd, payload, (size_t)head[1]) ||
        cs_fnv1a64(FNV_OFFSET, payload, (size_t)head[1]) != head[2]) {
        free(payload);
        return refuse(s, "is damaged", " (its hash is wrong)"), NULL;
    }
    *payload_size = (size_t)head[1];
    return payload;
}

/* The payload as a built program of the build's device; false (refused,
 * nothing held) when the driver will not have it. */
static bool load_binary(slot *s, const unsigned char *binary, size_t size,
                        cl_program *program)
{
    const cs_build *b = s->build;
    cl_int status = CL_SUCCESS, rc;
    *program = clCreateProgramWithBinary(b->context, 1, &b->device, &size,
                                         &binary, &status, &rc);
    if (rc == CL_SUCCESS && status != CL_SUCCESS)
        rc = status;
    if (rc != CL_SUCCESS) {
        if (*program)
            clReleaseProgram(*program);
        *program = NULL;
        return refuse(s,
                      "was refused by the driver: "
                      "clCreateProgramWithBinary failed with ",
                      clslice_cl_error_name(rc));
    }
    rc = clBuildProgram(*program, 1, &b->device, b->options, NULL, NULL);
    if (rc == CL_SUCCESS)
        return true;
    clReleaseProgram(*program);
    *program = NULL;
    return refuse(s,
                  "was refused by the driver: clBuildProgram failed "
                  "with ",
                  clslice_cl_error_name(rc));
}

/* The program of the cached file, checked; false when there is none or
 * it was refused (nothing held). */
static bool load(slot *s, cl_program *program)
{
    int fd;
    size_t size = 0, payload_size = 0;
    if (cs_cache_file_open(s->dirfd, s->name, s->path, &fd, &size,
                           s->refusal) != CLSLICE_OK ||
        fd < 0)
        return false;
    unsigned char *payload = read_payload(s, fd, size, &payload_size);
    close(fd);
    if (!payload)
        return false;
    bool ok = load_binary(s, payload, payload_size, program);
    free(payload);
    if (!ok)
        return false;
    clslice_error why;
    if (cs_program_check(*program, &s->build->want, s->suffix, &why) ==
        CLSLICE_OK)
        return true;
    clReleaseProgram(*program);
    *program = NULL;
    return refuse(s, "holds another program than its key's: ", why.message);
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

/* A new file in the folder, created exclusively (never through a link or
 * over another entry) under a name no other writer uses; -1 if none.
 * Mode 0644 less the umask: never writable by group or others, as the
 * trust rule requires of what it reads back. */
static int create_temporary(int dirfd, uint64_t key, char *name, size_t size)
{
    static atomic_uint serial;
    for (int attempt = 0; attempt < 8; attempt++) {
        snprintf(name, size, ".clslice-%016llx-%ld-%u.tmp",
                 (unsigned long long)key, (long)getpid(),
                 atomic_fetch_add(&serial, 1u));
        int fd = openat(dirfd, name,
                        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                        0644);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* Writes the file under a temporary name, then renames it into place
 * (over whatever entry has the name, a link included, never through
 * it). */
static void store(int dirfd, uint64_t key, const char *name,
                  const unsigned char *payload, size_t size)
{
    char tmp[96];
    int fd = create_temporary(dirfd, key, tmp, sizeof tmp);
    if (fd < 0)
        return;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        unlinkat(dirfd, tmp, 0);
        return;
    }
    uint64_t head[HEADER_WORDS] = {key, size,
                                   cs_fnv1a64(FNV_OFFSET, payload, size)};
    bool ok = fwrite(magic, 1, sizeof magic, f) == sizeof magic &&
              fwrite(head, sizeof head[0], HEADER_WORDS, f) == HEADER_WORDS &&
              fwrite(payload, 1, size, f) == size;
    ok = fclose(f) == 0 && ok;
    if (!ok || renameat(dirfd, tmp, dirfd, name) != 0)
        unlinkat(dirfd, tmp, 0);
}

/* A file to write once its program ran (cs_build_cached's `later`). */
struct cs_cache_store {
    char *dir;
    uint64_t key;
    char name[48];
    cl_device_id device;
};

/* The store of slot s for later; NULL when out of memory (then none). */
static cs_cache_store *store_later(const slot *s)
{
    cs_cache_store *later = calloc(1, sizeof *later);
    if (later && !(later->dir = strdup(s->dir))) {
        free(later);
        return NULL;
    }
    if (later) {
        later->key = s->key;
        later->device = s->build->device;
        snprintf(later->name, sizeof later->name, "%s", s->name);
    }
    return later;
}

void cs_cache_store_finish(cs_cache_store *later, cl_program program)
{
    if (!later)
        return;
    clslice_error refusal; /* a folder no longer trusted: no file */
    int dirfd;
    if (cs_cache_folder_open("cache folder", later->dir, &dirfd, &refusal) ==
        CLSLICE_OK) {
        size_t size = 0;
        unsigned char *binary = program_binary(program, later->device, &size);
        if (binary)
            store(dirfd, later->key, later->name, binary, size);
        free(binary);
        close(dirfd);
    }
    cs_cache_store_free(later);
}

void cs_cache_store_free(cs_cache_store *later)
{
    if (later)
        free(later->dir);
    free(later);
}

/* Names and kernel suffix of the build's file; false when the device
 * cannot be asked or the folder is refused (then no cache). */
static bool slot_open(slot *s, const cs_build *b, const char *dir,
                      clslice_error *refusal)
{
    *s = (slot){.build = b, .dir = dir, .dirfd = -1, .refusal = refusal};
    if (!cs_cache_key(b->device, b->count, b->sources, b->options, &s->key))
        return false;
    unsigned long long key = (unsigned long long)s->key;
    snprintf(s->name, sizeof s->name, "clslice-%016llx.bin", key);
    snprintf(s->path, sizeof s->path, "%s/%s", dir, s->name);
    cs_key_suffix(s->key, s->suffix);
    return cs_cache_folder_open("cache folder", dir, &s->dirfd, refusal) ==
           CLSLICE_OK;
}

static void slot_close(slot *s)
{
    if (s->dirfd >= 0)
        close(s->dirfd);
}

/* Builds the build's sources with the source that gives its kernels the
 * key's suffix in front. */
static clslice_status build_keyed(const slot *s, cl_program *program,
                                  clslice_error *err)
{
    const cs_build *b = s->build;
    char *names = cs_key_names_source(&b->want, s->suffix);
    const char **sources = calloc(b->count + 1u, sizeof *sources);
    clslice_status st;
    if (!names || !sources) {
        st = cs_fail(err, CLSLICE_ERROR_MEMORY,
                     "out of memory writing the kernel names of a build");
    } else {
        sources[0] = names;
        memcpy(sources + 1, b->sources, b->count * sizeof *sources);
        st = cs_build_sources(b->context, b->device, b->count + 1u, sources,
                              b->options, program, err);
    }
    free(sources);
    free(names);
    return st;
}

clslice_status cs_build_cached(const cs_build *build, const char *dir,
                               cl_program *program,
                               char suffix[CS_KERNEL_SUFFIX], bool *loaded,
                               cs_cache_store **later, clslice_error *refusal,
                               clslice_error *err)
{
    slot s = {.dirfd = -1};
    *loaded = false;
    suffix[0] = '\0';
    if (later)
        *later = NULL;
    cs_ok(refusal);
    if (!dir || !slot_open(&s, build, dir, refusal)) {
        slot_close(&s);
        cs_cache_refusal_append(refusal, "; built from source instead");
        return cs_build_sources(build->context, build->device, build->count,
                                build->sources, build->options, program, err);
    }
    memcpy(suffix, s.suffix, sizeof s.suffix);
    if (load(&s, program)) {
        slot_close(&s);
        *loaded = true;
        return CLSLICE_OK;
    }
    cs_cache_refusal_append(refusal, "; built from source instead");
    clslice_status st = build_keyed(&s, program, err);
    if (st == CLSLICE_OK && later) {
        *later = store_later(&s);
    } else if (st == CLSLICE_OK) {
        size_t size = 0;
        unsigned char *binary = program_binary(*program, build->device, &size);
        if (binary)
            store(s.dirfd, s.key, s.name, binary, size);
        free(binary);
    }
    slot_close(&s);
    return st;
}
