/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Whom the binary cache trusts.  A cached PoCL binary holds machine code
 * that runs in the process that loads it, so whoever can write the cache
 * folder or a file in it can run code in every process that uses it.
 * The rule is the one OpenSSH applies to ~/.ssh (StrictModes) and
 * authorized_keys: the folder and every file read from it must be owned
 * by this user (the effective uid) or by root, and be writable by nobody
 * else (no group or other write bit).  A folder that breaks it is not
 * used; a file that breaks it is not read (a build from source replaces
 * it where the folder allows).
 *
 * Only regular files are read, and nothing is followed: a file's entry
 * is examined without following it (a symbolic link, FIFO, device, socket
 * or folder is refused unopened), opened with O_NOFOLLOW and O_NONBLOCK
 * (so an entry swapped for a link or a FIFO in between neither redirects
 * nor blocks), and what was opened is checked again through its
 * descriptor.  The folder itself is opened once per build and its files
 * are reached relative to that descriptor, so a folder renamed or
 * replaced after its check is not the one read.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

/* What an entry that is not a regular file is, for messages. */
static const char *kind_of(mode_t mode)
{
    if (S_ISLNK(mode))
        return "a symbolic link";
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/* The owner and write bits of what `st` describes. */
static clslice_status check_trust(const struct stat *st, const char *what,
                                  const char *path, clslice_error *err)
{
    uid_t me = geteuid();
    if (st->st_uid != me && st->st_uid != 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s \"%s\" is owned by uid %lu, neither this user "
                       "(uid %lu) nor root: the binary cache runs the code "
                       "it loads, so it reads only what this user or root "
                       "wrote",
                       what, path, (unsigned long)st->st_uid,
                       (unsigned long)me);
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s \"%s\" is writable by %s (mode 0%03o): the "
                       "binary cache runs the code it loads, so it reads "
                       "only what nobody else can write",
                       what, path,
                       (st->st_mode & S_IWOTH) ? "others" : "its group",
                       (unsigned)(st->st_mode & 07777));
    return CLSLICE_OK;
}

void cs_cache_refusal_append(clslice_error *refusal, const char *tail)
{
    if (refusal->status == CLSLICE_OK)
        return;
    size_t used = strlen(refusal->message);
    snprintf(refusal->message + used, sizeof refusal->message - used, "%s",
             tail);
}

clslice_status cs_cache_folder_open(const char *what, const char *dir, int *fd,
                                    clslice_error *err)
{
    struct stat st;
    *fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (*fd < 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s \"%s\" is not a folder that can be opened (%s)",
                       what, dir, strerror(errno));
    clslice_status status = fstat(*fd, &st) == 0
                                ? check_trust(&st, what, dir, err)
                                : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                                          "%s \"%s\": fstat: %s", what, dir,
                                          strerror(errno));
    if (status != CLSLICE_OK) {
        close(*fd);
        *fd = -1;
    }
    return status;
}

/* A cache file's entry (not followed) or descriptor: a regular file of
 * trusted owner and mode. */
static clslice_status check_file(const struct stat *st, const char *path,
                                 clslice_error *err)
{
    if (!S_ISREG(st->st_mode))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "cache file \"%s\" is %s, not a regular file", path,
                       kind_of(st->st_mode));
    return check_trust(st, "cache file", path, err);
}

clslice_status cs_cache_file_open(int dirfd, const char *name, const char *path,
                                  int *fd, size_t *size, clslice_error *err)
{
    struct stat st;
    *fd = -1;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT
                   ? CLSLICE_OK
                   : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                             "cache file \"%s\" cannot be examined (%s)", path,
                             strerror(errno));
    clslice_status status = check_file(&st, path, err);
    if (status != CLSLICE_OK)
        return status;
    int file = openat(dirfd, name,
                      O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (file < 0)
        return errno == ENOENT
                   ? CLSLICE_OK
                   : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                             "cache file \"%s\" cannot be opened (%s)", path,
                             errno == ELOOP ? "a symbolic link"
                                            : strerror(errno));
    status = fstat(file, &st) == 0 ? check_file(&st, path, err)
                                   : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                                             "cache file \"%s\": fstat: %s",
                                             path, strerror(errno));
    if (status != CLSLICE_OK) {
        close(file);
        return status;
    }
    *fd = file;
    *size = (size_t)st.st_size;
    return CLSLICE_OK;
}
