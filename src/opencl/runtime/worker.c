/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A runtime's background thread: runs the jobs posted to it one after
 * another, in the order posted.  The runtime posts the builds of first
 * calls that ran on the host meanwhile (run/native.c, runtime.c); one
 * thread, not one per build, so a burst of first calls takes one core for
 * its builds and leaves the others to the caller and the driver.
 *
 * Stopping drops the jobs that have not started (the runtime is going,
 * and nobody will take what they would build) and waits for the one
 * running: a driver's build cannot be interrupted.  It knows nothing of
 * what it runs, so the runtime, which owns it, is the only caller of
 * either side.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "opencl/runtime/runtime.h"

typedef struct job {
    struct job *next;
    void (*run)(void *arg);
    void *arg;
} job;

struct cs_worker {
    pthread_t thread;
    pthread_mutex_t lock;  /* guards the members below */
    pthread_cond_t posted; /* a job came, or stop */
    pthread_cond_t idle;   /* the queue emptied and no job runs */
    job *first, *last;
    bool running; /* a job runs now */
    bool stop;
};

/* The next job, or NULL once stopped; with the lock held. */
static job *next_job(cs_worker *w)
{
    while (!w->first && !w->stop)
        pthread_cond_wait(&w->posted, &w->lock);
    if (w->stop)
        return NULL;
    job *j = w->first;
    w->first = j->next;
    if (!w->first)
        w->last = NULL;
    w->running = true;
    return j;
}

static void *work(void *arg)
{
    cs_worker *w = arg;
    pthread_mutex_lock(&w->lock);
    for (job *j; (j = next_job(w));) {
        pthread_mutex_unlock(&w->lock);
        j->run(j->arg);
        free(j);
        pthread_mutex_lock(&w->lock);
        w->running = false;
        if (!w->first)
            pthread_cond_broadcast(&w->idle);
    }
    w->running = false;
    pthread_cond_broadcast(&w->idle);
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

cs_worker *cs_worker_start(void)
{
    cs_worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    if (pthread_mutex_init(&w->lock, NULL) != 0)
        goto no_lock;
    if (pthread_cond_init(&w->posted, NULL) != 0)
        goto no_posted;
    if (pthread_cond_init(&w->idle, NULL) != 0)
        goto no_idle;
    if (pthread_create(&w->thread, NULL, work, w) != 0)
        goto no_thread;
    return w;
no_thread:
    pthread_cond_destroy(&w->idle);
no_idle:
    pthread_cond_destroy(&w->posted);
no_posted:
    pthread_mutex_destroy(&w->lock);
no_lock:
    free(w);
    return NULL;
}

bool cs_worker_post(cs_worker *worker, void (*run)(void *arg), void *arg)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return false;
    *j = (job){NULL, run, arg};
    pthread_mutex_lock(&worker->lock);
    if (worker->last)
        worker->last->next = j;
    else
        worker->first = j;
    worker->last = j;
    pthread_cond_signal(&worker->posted);
    pthread_mutex_unlock(&worker->lock);
    return true;
}

void cs_worker_wait(cs_worker *worker)
{
    if (!worker)
        return;
    pthread_mutex_lock(&worker->lock);
    while ((worker->first || worker->running) && !worker->stop)
        pthread_cond_wait(&worker->idle, &worker->lock);
    pthread_mutex_unlock(&worker->lock);
}

void cs_worker_stop(cs_worker *worker)
{
    if (!worker)
        return;
    pthread_mutex_lock(&worker->lock);
    worker->stop = true;
    pthread_cond_signal(&worker->posted);
    pthread_mutex_unlock(&worker->lock);
    pthread_join(worker->thread, NULL);
    for (job *j = worker->first, *next; j; j = next) {
        next = j->next;
        free(j);
    }
    pthread_cond_destroy(&worker->idle);
    pthread_cond_destroy(&worker->posted);
    pthread_mutex_destroy(&worker->lock);
    free(worker);
}
