/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Input files mapped into memory, and the one way a mapping can still
 * fail after it was made: another program truncates the file while we
 * read it, and touching a page past the new end raises SIGBUS.  That is
 * the file's fault, not ours, so the handler reports it like any other
 * bad input ("clslice: PATH: ...", exit status 3) instead of letting the
 * process die of a signal.  The handler only reads a table filled before
 * the mapping is used and calls write() and _exit(), which are
 * async-signal-safe.
 *
 * The handler holds only while nobody else installs one.  An OpenCL
 * driver may (PoCL's LLVM puts in one-shot handlers of its own, and a
 * worker thread that faults while one of them has reset itself dies of
 * the signal), so the device paths never let a driver read the mapping:
 * they read the file again with pread() (cli_npy_read), where the same
 * truncation is a short read and the same message. */
#define _POSIX_C_SOURCE 200809L

#include "npy_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The tool maps at most a handful of files at once (csr-slice: four). */
enum { MAX_MAPS = 16 };

typedef struct map_entry {
    uintptr_t start, end; /* end == 0: a free slot */
    char message[320];    /* the whole line, newline included */
    size_t length;
} map_entry;

static map_entry maps[MAX_MAPS];

static void on_sigbus(int sig, siginfo_t *info, void *context)
{
    (void)context;
    uintptr_t at = (uintptr_t)info->si_addr;
    for (int i = 0; i < MAX_MAPS; i++) {
        if (maps[i].end && at >= maps[i].start && at < maps[i].end) {
            ssize_t rc = write(STDERR_FILENO, maps[i].message,
                               maps[i].length);
            (void)rc; /* nothing better to do if stderr is gone */
            _exit(CLI_EXIT_FILE);
        }
    }
    /* Not one of ours: die of the signal as we would have. */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Installed with every mapping, not once: whoever changed the handler
 * since (a test framework does) would otherwise turn the message back
 * into a crash. */
static void install_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
}

void *npy_map(int fd, size_t bytes, const char *name)
{
    int slot = 0;
    while (slot < MAX_MAPS && maps[slot].end)
        slot++;
    if (slot == MAX_MAPS)
        return NULL; /* the caller reads the file instead */
    /* Private and writable: loading swaps big-endian data in place, and
     * assign writes its result into its input; both touch only our copy
     * of the pages they change. */
    void *base = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd,
                      0);
    if (base == MAP_FAILED)
        return NULL;
    map_entry *e = &maps[slot];
    int n = snprintf(e->message, sizeof e->message, "clslice: %.200s: the "
                     "file shrank while it was being read (another program "
                     "truncated it?)\n", name);
    e->length = n > 0 && (size_t)n < sizeof e->message
                    ? (size_t)n : sizeof e->message - 1;
    e->start = (uintptr_t)base;
    e->end = (uintptr_t)base + bytes;
    install_handler();
    return base;
}

void npy_unmap(void *base, size_t bytes)
{
    for (int i = 0; i < MAX_MAPS; i++) {
        if (maps[i].end && maps[i].start == (uintptr_t)base)
            maps[i].end = 0;
    }
    munmap(base, bytes);
}

/* The handler's message, for a short read. */
static int shrank(const cli_npy *arr, cli_err *err)
{
    return cli_fail(err, CLI_EXIT_FILE, "%.200s: the file shrank while it "
                    "was being read (another program truncated it?)",
                    arr->file_name);
}

int cli_npy_read(const cli_npy *arr, size_t offset, size_t n, void *dst,
                 cli_err *err)
{
    if (!arr->in_file) {
        if (n)
            memcpy(dst, arr->data + offset, n);
        return CLI_EXIT_OK;
    }
    unsigned char *to = dst;
    size_t done = 0;
    while (done < n) {
        off_t at = (off_t)(arr->file_offset + offset + done);
        ssize_t got = pread(arr->file_fd, to + done, n - done, at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot read: %s",
                            arr->file_name, strerror(errno));
        if (got == 0)
            return shrank(arr, err);
        done += (size_t)got;
    }
    /* A full count is not enough: a truncation that races with pread()
     * can zero the tail of the page holding the new end of file after
     * pread() took the old size, and pread() then returns those zeros as
     * data.  Linux sets the new size before it zeroes, so a size still
     * covering the range after the read means every byte read was the
     * file's. */
    struct stat now;
    if (fstat(arr->file_fd, &now) != 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot read: %s",
                        arr->file_name, strerror(errno));
    if (now.st_size < 0 ||
        (uint64_t)now.st_size < (uint64_t)arr->file_offset + offset + n)
        return shrank(arr, err);
    return CLI_EXIT_OK;
}
