/* The task runner of runner.h. */
#include "platform.h"

#include "omaha_fast.h"
#include "runner.h"

typedef struct {
    of_mutex lock;
    size_t next, n_tasks;
    int rc;
    of_task_fn fn;
    void *ctx;
} queue;

typedef struct {
    queue *q;
    int worker;
} worker_arg;

static void *work(void *arg) {
    worker_arg *a = arg;
    queue *q = a->q;
    for (;;) {
        of_mutex_lock(&q->lock);
        size_t task = q->next;
        int stop = q->rc != OF_OK || task >= q->n_tasks;
        if (!stop) q->next++;
        of_mutex_unlock(&q->lock);
        if (stop) break;
        int rc = q->fn(q->ctx, a->worker, task);
        if (rc != OF_OK) {
            of_mutex_lock(&q->lock);
            if (q->rc == OF_OK) q->rc = rc;
            of_mutex_unlock(&q->lock);
        }
    }
    return NULL;
}

int of_runner_workers(int threads, size_t n_tasks) {
    long t = threads > 0 ? threads : of_cpu_count();
    if (t < 1) t = 1;
    if (t > OF_RUNNER_MAX) t = OF_RUNNER_MAX;
    if ((size_t)t > n_tasks) t = (long)(n_tasks ? n_tasks : 1);
    return (int)t;
}

int of_run_tasks(int threads, size_t n_tasks, of_task_fn fn, void *ctx) {
    if (!fn || threads < 0) return OF_ERR_ARG;
    if (!n_tasks) return OF_OK;
    int n = of_runner_workers(threads, n_tasks);
    queue q;
    q.next = 0;
    q.n_tasks = n_tasks;
    q.rc = OF_OK;
    q.fn = fn;
    q.ctx = ctx;
    if (of_mutex_init(&q.lock) != 0) return OF_ERR_THREAD;
    of_thread ids[OF_RUNNER_MAX];
    worker_arg args[OF_RUNNER_MAX];
    int started = 0;
    for (int i = 0; i < n; i++) {
        args[i].q = &q;
        args[i].worker = i;
    }
    for (int i = 1; i < n; i++) {
        if (of_thread_create(&ids[i], work, &args[i]) != 0) break;
        started++;
    }
    work(&args[0]);   /* also when a thread failed to start: the queue still empties */
    for (int i = 1; i <= started; i++) of_thread_join(&ids[i]);
    of_mutex_destroy(&q.lock);
    return q.rc;
}

typedef struct {
    void *(*fn)(void *);
    char *jobs;
    size_t size;
} job_list;

static int run_job(void *ctx, int worker, size_t task) {
    (void)worker;
    job_list *list = ctx;
    list->fn(list->jobs + task * list->size);
    return OF_OK;
}

void of_run_jobs(void *(*fn)(void *), void *jobs, size_t size, size_t n) {
    job_list list;
    list.fn = fn;
    list.jobs = jobs;
    list.size = size;
    (void)of_run_tasks((int)n, n, run_job, &list);   /* run_job cannot fail */
}
