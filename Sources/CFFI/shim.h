/* Test-only shim over libffi and dlfcn for the conformance suite.
   Swift 6 rejects direct use of libffi's mutable ffi_type_* globals, so they are reached through accessors. */
#ifndef GHOSTFRAME_CFFI_SHIM_H
#define GHOSTFRAME_CFFI_SHIM_H
#include <ffi.h>
#include <dlfcn.h>
static inline ffi_type *cffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *cffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *cffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *cffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }
#endif
