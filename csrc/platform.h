/* The operating system, behind one small header: threads, a mutex, a one-time initialiser,
 * the number of online CPUs and a monotonic clock, over Win32 (MSVC, mingw-w64) or POSIX
 * (Linux, macOS, the BSDs).
 *
 * Include it FIRST in a .c file, before any system header: it sets the feature macros that
 * the POSIX calls need under -std=c99, and those only count before the first system header.
 * Only glibc-style systems need _POSIX_C_SOURCE (with -std=c99 glibc hides POSIX); macOS
 * and the BSDs show everything by default, and a _POSIX_C_SOURCE given on their command
 * line would hide _SC_NPROCESSORS_ONLN, which _DARWIN_C_SOURCE (macOS) brings back. */
#ifndef OF_PLATFORM_H
#define OF_PLATFORM_H

#if !defined(_WIN32)
#if (defined(__linux__) || defined(__GNU__) || defined(__CYGWIN__)) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#if defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)
#define _DARWIN_C_SOURCE 1
#endif
#endif

#if defined(_WIN32)

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <process.h>

typedef SRWLOCK of_mutex;

/* 0 on success, like pthread_mutex_init */
static inline int of_mutex_init(of_mutex *m) { InitializeSRWLock(m); return 0; }
static inline void of_mutex_lock(of_mutex *m) { AcquireSRWLockExclusive(m); }
static inline void of_mutex_unlock(of_mutex *m) { ReleaseSRWLockExclusive(m); }
static inline void of_mutex_destroy(of_mutex *m) { (void)m; }   /* an SRW lock owns nothing */

/* The thread keeps its function and argument so that the Win32 start routine, which has
 * another signature, can call it: the of_thread must stay in place until it is joined. */
typedef struct {
    HANDLE handle;
    void *(*fn)(void *);
    void *arg;
} of_thread;

static inline unsigned __stdcall of_thread_start(void *self) {
    of_thread *t = (of_thread *)self;
    t->fn(t->arg);
    return 0;
}

/* 0 on success, like pthread_create. _beginthreadex (not CreateThread) sets up the C
 * runtime for the new thread. */
static inline int of_thread_create(of_thread *t, void *(*fn)(void *), void *arg) {
    t->fn = fn;
    t->arg = arg;
    t->handle = (HANDLE)_beginthreadex(NULL, 0, of_thread_start, t, 0, NULL);
    return t->handle ? 0 : -1;
}

static inline void of_thread_join(of_thread *t) {
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
}

typedef INIT_ONCE of_once_flag;
#define OF_ONCE_INIT INIT_ONCE_STATIC_INIT

typedef struct {
    void (*fn)(void);
} of_once_call;

static inline BOOL CALLBACK of_once_start(PINIT_ONCE once, PVOID call, PVOID *context) {
    (void)once;
    (void)context;
    ((of_once_call *)call)->fn();
    return TRUE;
}

/* Runs fn exactly once however many threads call it; the others wait until it is done. */
static inline void of_once(of_once_flag *flag, void (*fn)(void)) {
    of_once_call call;
    call.fn = fn;
    InitOnceExecuteOnce(flag, of_once_start, &call, NULL);
}

static inline long of_cpu_count(void) {
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return (long)info.dwNumberOfProcessors;
}

/* seconds from an arbitrary start, never going back */
static inline double of_now_seconds(void) {
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
}

#else /* POSIX */

#include <pthread.h>
#include <time.h>
#include <unistd.h>

typedef pthread_mutex_t of_mutex;

static inline int of_mutex_init(of_mutex *m) { return pthread_mutex_init(m, NULL); }
static inline void of_mutex_lock(of_mutex *m) { pthread_mutex_lock(m); }
static inline void of_mutex_unlock(of_mutex *m) { pthread_mutex_unlock(m); }
static inline void of_mutex_destroy(of_mutex *m) { pthread_mutex_destroy(m); }

typedef struct {
    pthread_t id;
} of_thread;

static inline int of_thread_create(of_thread *t, void *(*fn)(void *), void *arg) {
    return pthread_create(&t->id, NULL, fn, arg);
}

static inline void of_thread_join(of_thread *t) { pthread_join(t->id, NULL); }

typedef pthread_once_t of_once_flag;
#define OF_ONCE_INIT PTHREAD_ONCE_INIT

static inline void of_once(of_once_flag *flag, void (*fn)(void)) { pthread_once(flag, fn); }

static inline long of_cpu_count(void) {
#if defined(_SC_NPROCESSORS_ONLN)
    return sysconf(_SC_NPROCESSORS_ONLN);
#else
#error "no way to count the online CPUs: _SC_NPROCESSORS_ONLN is hidden (feature macros?)"
#endif
}

static inline double of_now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif

#endif
