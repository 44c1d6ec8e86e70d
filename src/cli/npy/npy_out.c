/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Where a .npy output goes, and how it replaces what was there.
 *
 * A regular file (or a name that does not exist yet) is written to a
 * temporary file in its own directory and renamed over it when complete:
 * rename() within one file system is atomic, so a reader sees the old file
 * or the new one, and a failed run leaves the old one.  The temporary file
 * is created with mode 0666 less the umask, like any new file.
 *
 * A symbolic link is followed to the file its chain ends at, and that file
 * is replaced the same way, so the link stays a link (renaming over the
 * link itself would turn it into a plain file, and as root would have
 * replaced /dev/stdout).  Anything that is not a regular file (standard
 * output as "-", a terminal, a FIFO, a device) is opened and written where
 * it stands, front to back, and never replaced. */
#define _POSIX_C_SOURCE 200809L

#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "npy_internal.h"
#include "progress.h"

/* Links followed before giving up, as Linux counts them (ELOOP). */
enum { MAX_LINKS = 40, LINK_TEXT = 4096 };

static bool is_stdout(const cli_npy_out *out)
{
    return strcmp(out->path, "-") == 0;
}

static const char *shown_name(const cli_npy_out *out)
{
    return is_stdout(out) ? "standard output" : out->path;
}

/* `target` read from the link at `link`: an absolute path as it is, a
 * relative one from the link's directory. */
static char *link_target(const char *link, const char *target)
{
    const char *slash = strrchr(link, '/');
    size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - link) + 1;
    char *joined = malloc(dir + strlen(target) + 1);
    if (joined) {
        memcpy(joined, link, dir);
        strcpy(joined + dir, target);
    }
    return joined;
}

/* The name a chain of symbolic links from `path` ends at (path itself
 * when it is no link; a name that does not exist when the chain dangles),
 * malloc'd; NULL with errno set on failure. */
static char *follow_links(const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        char text[LINK_TEXT];
        ssize_t n = hops < MAX_LINKS
                        ? readlink(cur, text, sizeof text - 1) : -1;
        int saved = hops < MAX_LINKS ? errno : ELOOP;
        if (n < 0 || (size_t)n == sizeof text - 1) {
            free(cur);
            errno = n < 0 ? saved : ENAMETOOLONG;
            return NULL;
        }
        text[n] = '\0';
        char *next = link_target(cur, text);
        free(cur);
        cur = next;
    }
    errno = ENOMEM;
    return NULL;
}

/* rename() cannot replace a directory: found before anything is written
 * or renamed. */
static int refuse_directory(const cli_npy_out *out, const char *name,
                            cli_err *err)
{
    struct stat st;
    if (stat(name, &st) == 0 && S_ISDIR(st.st_mode))
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot replace it: %s",
                        out->path, strerror(EISDIR));
    return CLI_EXIT_OK;
}

int cli_npy_out_open(cli_npy_out *out, const char *path, cli_err *err)
{
    *out = (cli_npy_out){.path = path, .dest = NULL, .tmp = NULL};
    if (is_stdout(out))
        return isatty(STDOUT_FILENO)
                   ? cli_usage_error(err, "output '-' is standard output, "
                                     "which is a terminal (redirect it to "
                                     "a file or a pipe)")
                   : CLI_EXIT_OK;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            return refuse_directory(out, path, err);
        if (S_ISSOCK(st.st_mode))
            return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot write to a "
                            "socket", path);
        return CLI_EXIT_OK; /* a stream: written in place */
    }
    out->dest = follow_links(path);
    if (!out->dest)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot follow the "
                        "link: %s", path, strerror(errno));
    return CLI_EXIT_OK;
}

/* Creates DEST.clslice-tmp-PID-N exclusively; returns its descriptor or
 * -1 (errno set), with *tmp_path malloc'd on success. */
static int create_temp(const char *dest, char **tmp_path)
{
    size_t size = strlen(dest) + 64;
    char *name = malloc(size);
    if (!name) {
        errno = ENOMEM;
        return -1;
    }
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        snprintf(name, size, "%s.clslice-tmp-%ld-%u", dest, (long)getpid(),
                 attempt);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
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

/* close() can report a failed write-back, so its result counts. */
static int write_and_close(int fd, const cli_npy *arr)
{
    int rc = npy_write_fd(fd, arr);
    int saved = errno;
    if (fd != STDOUT_FILENO && close(fd) != 0 && rc == 0)
        return -1;
    errno = saved;
    return rc;
}

static int write_stream(cli_npy_out *out, const cli_npy *arr, cli_err *err)
{
    int fd = is_stdout(out) ? STDOUT_FILENO
                            : open(out->path, O_WRONLY | O_NOCTTY |
                                              O_CLOEXEC);
    if (fd < 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot open it for "
                        "writing: %s", out->path, strerror(errno));
    if (write_and_close(fd, arr) == 0)
        return CLI_EXIT_OK;
    return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot write: %s",
                    shown_name(out), strerror(errno));
}

int cli_npy_out_write(cli_npy_out *out, const cli_npy *arr, cli_err *err)
{
    cli_progress_phase("writing", shown_name(out), arr->bytes);
    if (!out->dest)
        return write_stream(out, arr, err);
    int fd = create_temp(out->dest, &out->tmp);
    if (fd < 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot create a "
                        "temporary file next to it: %s", out->path,
                        strerror(errno));
    if (write_and_close(fd, arr) == 0)
        return CLI_EXIT_OK;
    int status = cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot write: %s",
                          out->path, strerror(errno));
    unlink(out->tmp);
    free(out->tmp);
    out->tmp = NULL;
    return status;
}

int cli_npy_out_commit_all(cli_npy_out *outs, size_t count, cli_err *err)
{
    for (size_t i = 0; i < count; i++) {
        int status = outs[i].dest ? refuse_directory(&outs[i], outs[i].dest,
                                                     err)
                                  : CLI_EXIT_OK;
        if (status != CLI_EXIT_OK)
            return status;
    }
    for (size_t i = 0; i < count; i++) {
        if (!outs[i].tmp)
            continue;
        if (rename(outs[i].tmp, outs[i].dest) != 0)
            return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot replace it: "
                            "%s", outs[i].path, strerror(errno));
        free(outs[i].tmp);
        outs[i].tmp = NULL;
    }
    return CLI_EXIT_OK;
}

void cli_npy_out_close(cli_npy_out *out)
{
    if (out->tmp)
        unlink(out->tmp);
    free(out->tmp);
    free(out->dest);
    out->tmp = NULL;
    out->dest = NULL;
}

int cli_npy_save(const char *path, const cli_npy *arr, cli_err *err)
{
    cli_npy_out out;
    int status = cli_npy_out_open(&out, path, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_write(&out, arr, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(&out, 1, err);
    cli_npy_out_close(&out);
    return status;
}
