/*
 * malloc_count.c -- an LD_PRELOAD shim that counts allocation calls while counting is on, so a
 * benchmark can check that a library call allocates nothing (scripts/bench.sh preloads it for
 * bench_scene). It forwards to glibc's own entry points (__libc_malloc, ...), which avoids the
 * dlsym-calls-calloc recursion of an RTLD_NEXT shim.
 *
 * The benchmark finds the two exported functions with dlsym(RTLD_DEFAULT, ...):
 *   void gf_bench_count_begin(void);                         resets the counters, starts counting
 *   unsigned long gf_bench_count_end(unsigned long *frees);  stops; returns the allocation calls
 * Counted: malloc, calloc, realloc, memalign, aligned_alloc, posix_memalign, valloc, pvalloc
 * (and free, separately). Single-threaded use: the flag is not per thread.
 *
 *   gcc -O2 -shared -fPIC malloc_count.c -o malloc_count.so
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static volatile int counting;
static unsigned long allocations, frees;

static void counted(void) {
    if (counting) __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
}

void gf_bench_count_begin(void) {
    __atomic_store_n(&allocations, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&frees, 0, __ATOMIC_RELAXED);
    counting = 1;
}

unsigned long gf_bench_count_end(unsigned long *out_frees) {
    counting = 0;
    if (out_frees) *out_frees = __atomic_load_n(&frees, __ATOMIC_RELAXED);
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (counting && pointer) __atomic_add_fetch(&frees, 1, __ATOMIC_RELAXED);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    void *pointer;
    counted();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

void *valloc(size_t size) {
    counted();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted();
    return __libc_pvalloc(size);
}
