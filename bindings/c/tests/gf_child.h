/*
 * gf_child.h -- runs one test case in a child process, so that a case that crashes, exhausts its
 * memory or runs too long is reported as such instead of taking the test program down.
 *
 *   gf_child_result r = gf_child_run(case_fn, arg, &limits);
 *
 * The child optionally lowers its limits first (RLIMIT_AS: address space; RLIMIT_CPU: CPU
 * seconds, SIGXCPU when used up, SIGKILL a second later), runs case_fn(arg), and exits with its
 * return value (0: the case held). The parent reads how it ended and what it used (wait4's
 * rusage). Under AddressSanitizer or ThreadSanitizer the address-space limit is not applied: the
 * sanitizers reserve terabytes of shadow memory up front.
 *
 * Expected failures: a case that another change is to fix is marked with a reason. It is reported
 * as XFAIL while it fails, and as XPASS (not a failure, but a request to remove the mark) once it
 * holds; see gf_child_report.
 */
#ifndef GF_CHILD_H
#define GF_CHILD_H

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GF_CHILD_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GF_CHILD_SANITIZED 1
#endif
#endif
#ifndef GF_CHILD_SANITIZED
#define GF_CHILD_SANITIZED 0
#endif

typedef struct gf_child_limits {
    unsigned long long address_space_bytes; /* 0: unlimited */
    unsigned cpu_seconds;                   /* 0: unlimited */
} gf_child_limits;

typedef struct gf_child_result {
    int exited;          /* 1: exited with `code`; 0: killed by `signal` */
    int code;
    int signal;
    double cpu_seconds;  /* user + system */
    double wall_seconds;
    long max_rss_kb;
} gf_child_result;

typedef int (*gf_child_fn)(void *arg);

static inline double gf_child_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline gf_child_result gf_child_run(gf_child_fn fn, void *arg, const gf_child_limits *limits) {
    gf_child_result result;
    struct rusage usage;
    int status = 0;
    pid_t pid;
    double start = gf_child_now();
    memset(&result, 0, sizeof result);
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0) {
        result.code = -1;
        result.exited = 1;
        return result;
    }
    if (pid == 0) {
        if (limits != NULL && limits->address_space_bytes != 0 && !GF_CHILD_SANITIZED) {
            struct rlimit as;
            as.rlim_cur = as.rlim_max = (rlim_t)limits->address_space_bytes;
            if (setrlimit(RLIMIT_AS, &as) != 0) _exit(120);
        }
        if (limits != NULL && limits->cpu_seconds != 0) {
            struct rlimit cpu;
            cpu.rlim_cur = (rlim_t)limits->cpu_seconds;
            cpu.rlim_max = (rlim_t)limits->cpu_seconds + 1;
            if (setrlimit(RLIMIT_CPU, &cpu) != 0) _exit(121);
        }
        {
            int code = fn(arg);
            fflush(stdout);
            fflush(stderr);
            _exit(code);
        }
    }
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            result.exited = 1;
            result.code = -1;
            return result;
        }
    }
    result.wall_seconds = gf_child_now() - start;
    result.cpu_seconds = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6 +
                         (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
    result.max_rss_kb = usage.ru_maxrss;
    if (WIFEXITED(status)) {
        result.exited = 1;
        result.code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    return result;
}

/* How a child ended, in words ("exit 1", "SIGXCPU (CPU limit)", ...), into buf. */
static inline const char *gf_child_describe(const gf_child_result *r, char *buf, size_t size) {
    if (r->exited) {
        snprintf(buf, size, "exit %d", r->code);
    } else {
        const char *what = "";
        switch (r->signal) {
        case SIGXCPU: what = " (CPU limit)"; break;
        case SIGKILL: what = " (killed: CPU hard limit or out of memory)"; break;
        case SIGILL: what = " (Swift runtime trap)"; break;
        case SIGTRAP: what = " (Swift runtime trap)"; break;
        case SIGABRT: what = " (abort)"; break;
        case SIGSEGV: what = " (segmentation fault)"; break;
        case SIGBUS: what = " (bus error)"; break;
        case SIGALRM: what = " (wall-clock alarm: a hang)"; break;
        default: break;
        }
        snprintf(buf, size, "signal %d%s", r->signal, what);
    }
    return buf;
}

/*
 * Prints one line for a finished case and returns 1 if it counts as a failure. `expected_failure`
 * is NULL for an ordinary case, else the reason it is expected to fail (an open issue).
 */
static inline int gf_child_report(const char *name, const gf_child_result *r, const char *expected_failure) {
    char how[96];
    int held = r->exited && r->code == 0;
    gf_child_describe(r, how, sizeof how);
    if (expected_failure == NULL) {
        printf("%s %-44s %s, %.2f s CPU, %.2f s wall, %ld MB max RSS\n", held ? "ok   " : "FAIL ", name, how,
               r->cpu_seconds, r->wall_seconds, r->max_rss_kb / 1024);
        return !held;
    }
    printf("%s %-44s %s, %.2f s CPU, %.2f s wall, %ld MB max RSS\n      expected to fail until fixed: %s\n",
           held ? "XPASS" : "XFAIL", name, how, r->cpu_seconds, r->wall_seconds, r->max_rss_kb / 1024,
           expected_failure);
    if (held) printf("      it holds now: remove its expected-failure mark\n");
    return 0;
}

#endif /* GF_CHILD_H */
