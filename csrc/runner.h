/* One way to spread tasks over threads: n_tasks numbered tasks, taken in order from one
 * shared counter by `threads` workers (the calling thread is worker 0; 0 = one per online
 * core, never more workers than tasks or OF_RUNNER_MAX). fn returns OF_OK or a status; the
 * first failure stops the workers taking more tasks and is returned. A worker that cannot
 * be started is no failure: the others (the calling thread at least) do its share. */
#ifndef OMAHA_FAST_RUNNER_H
#define OMAHA_FAST_RUNNER_H

#include <stddef.h>

#define OF_RUNNER_MAX 256

typedef int (*of_task_fn)(void *ctx, int worker, size_t task);

/* the number of workers of_run_tasks would use */
int of_runner_workers(int threads, size_t n_tasks);
int of_run_tasks(int threads, size_t n_tasks, of_task_fn fn, void *ctx);
/* n jobs already cut up (an array of n items of `size` bytes each, n <= OF_RUNNER_MAX), fn
 * run once on each, one worker a job: for a caller that gives each thread its share and
 * reads each job's own status after. A job a thread could not take runs on another. */
void of_run_jobs(void *(*fn)(void *), void *jobs, size_t size, size_t n);

#endif
