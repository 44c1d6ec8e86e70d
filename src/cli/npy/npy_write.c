/* Writing .npy files exactly as np.save writes a C-order little-endian
 * array, through a temporary file that replaces the target only when it is
 * complete: a failed run leaves OUT as it was.
 *
 * The temporary file sits next to OUT so that rename() stays within one
 * file system and is atomic.  It is created with mode 0666 less the umask,
 * like any new file, so an OUT that existed before does not keep its
 * permissions. */
#define _POSIX_C_SOURCE 200809L

#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "npy_internal.h"

/* Room for the dict, the growth spaces, the alignment padding. */
#define NPY_HEADER_TEXT (NPY_SHAPE_TEXT + CLI_NPY_DESCR_MAX + 128 + \
                         2 * NPY_ALIGN)

/* numpy leaves room for the first dimension to grow to 21 digits
 * (format.GROWTH_AXIS_MAX_DIGITS) so a header can be rewritten in place. */
#define NPY_GROWTH_DIGITS 21

/* The whole header, prefix included, as numpy's _write_array_header and
 * _wrap_header build it for version 1.0; returns its length. */
static size_t format_header(char out[NPY_HEADER_TEXT], const cli_npy *arr)
{
    char shape[NPY_SHAPE_TEXT], dict[NPY_HEADER_TEXT];
    npy_format_shape(shape, arr->shape, arr->rank);
    /* A structured descr is a Python list (or tuple), not a string. */
    const char *quote =
        arr->descr[0] == '[' || arr->descr[0] == '(' ? "" : "'";
    int len = snprintf(dict, sizeof dict, "{'descr': %s%s%s, "
                       "'fortran_order': False, 'shape': %s, }", quote,
                       arr->descr, quote, shape);
    if (arr->rank > 0) {
        int digits = snprintf(NULL, 0, "%lld", (long long)arr->shape[0]);
        len += snprintf(dict + len, sizeof dict - (size_t)len, "%*s",
                        NPY_GROWTH_DIGITS - digits, "");
    }
    size_t text = (size_t)len + 1; /* the final newline */
    size_t pad = NPY_ALIGN - (10 + text) % NPY_ALIGN;
    size_t header_len = text + pad;
    memcpy(out, "\x93NUMPY\x01\x00", 8);
    out[8] = (char)(header_len & 0xff);
    out[9] = (char)(header_len >> 8);
    memcpy(out + 10, dict, (size_t)len);
    memset(out + 10 + len, ' ', pad);
    out[10 + header_len - 1] = '\n';
    return 10 + header_len;
}

static int write_all(int fd, const void *buf, size_t n)
{
    const unsigned char *p = buf;
    while (n > 0) {
        ssize_t done = write(fd, p, n);
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            return -1;
        p += done;
        n -= (size_t)done;
    }
    return 0;
}

/* Creates PATH.clslice-tmp-PID-N exclusively; returns its descriptor or -1
 * (errno set), with *tmp_path malloc'd on success. */
static int create_temp(const char *path, char **tmp_path)
{
    size_t size = strlen(path) + 64;
    char *name = malloc(size);
    if (!name) {
        errno = ENOMEM;
        return -1;
    }
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        snprintf(name, size, "%s.clslice-tmp-%ld-%u", path, (long)getpid(),
                 attempt);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0) {
            *tmp_path = name;
            return fd;
        }
        if (errno != EEXIST)
            break;
    }
    int saved = errno;
    free(name);
    errno = saved;
    return -1;
}

/* Writes header and data to fd and closes it (close() can report a failed
 * write-back, so its result counts). */
static int write_file(int fd, const char *header, size_t header_len,
                      const cli_npy *arr)
{
    int rc = write_all(fd, header, header_len);
    if (rc == 0)
        rc = write_all(fd, arr->data, arr->bytes);
    int saved = errno;
    if (close(fd) != 0 && rc == 0)
        return -1;
    errno = saved;
    return rc;
}

int cli_npy_stage(const char *path, const cli_npy *arr, char **tmp_path,
                  cli_err *err)
{
    char header[NPY_HEADER_TEXT];
    size_t header_len = format_header(header, arr);
    char *tmp = NULL;
    int fd = create_temp(path, &tmp);
    if (fd < 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot create a "
                        "temporary file next to it: %s", path,
                        strerror(errno));
    if (write_file(fd, header, header_len, arr) != 0) {
        int status = cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot write: "
                              "%s", path, strerror(errno));
        cli_npy_discard(tmp);
        return status;
    }
    *tmp_path = tmp;
    return CLI_EXIT_OK;
}

int cli_npy_commit(char *tmp_path, const char *path, cli_err *err)
{
    if (rename(tmp_path, path) == 0) {
        free(tmp_path);
        return CLI_EXIT_OK;
    }
    int status = cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot replace it: "
                          "%s", path, strerror(errno));
    cli_npy_discard(tmp_path);
    return status;
}

void cli_npy_discard(char *tmp_path)
{
    if (!tmp_path)
        return;
    unlink(tmp_path);
    free(tmp_path);
}

int cli_npy_save(const char *path, const cli_npy *arr, cli_err *err)
{
    char *tmp = NULL;
    int status = cli_npy_stage(path, arr, &tmp, err);
    return status == CLI_EXIT_OK ? cli_npy_commit(tmp, path, err) : status;
}
