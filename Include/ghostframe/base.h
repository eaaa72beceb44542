/*
 * ghostframe/base.h -- what every part needs: the version, the status codes and the message of
 * the last failure, and the release of strings the library hands over.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_BASE_H
#define GHOSTFRAME_BASE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Versions                                                                                   */
/* ------------------------------------------------------------------------------------------ */

#define GF_VERSION_MAJOR 0
#define GF_VERSION_MINOR 1
#define GF_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define GF_VERSION_NUMBER (GF_VERSION_MAJOR * 10000 + GF_VERSION_MINOR * 100 + GF_VERSION_PATCH)
#define GF_VERSION_STRING "0.1.0"
/** Bumped on every incompatible change of these headers; bindings refuse another value. */
#define GF_ABI_VERSION 1

/** The most bytes any text argument may have (64 MiB). */
#define GF_MAX_TEXT_BYTES (64u << 20)

/** The library's version as "MAJOR.MINOR.PATCH". Static storage. Thread-safe. */
const char *gf_version_string(void);
/** The library's GF_VERSION_NUMBER. Thread-safe. */
uint32_t gf_version_number(void);
/** The library's GF_ABI_VERSION; compare it with the macro after loading. Thread-safe. */
uint32_t gf_abi_version(void);

/* ------------------------------------------------------------------------------------------ */
/* Status codes and errors                                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef int32_t gf_status;

#define GF_OK 0
/** A required pointer argument was NULL. */
#define GF_E_NULL_ARGUMENT (-1)
/** A number was NaN, infinite where not allowed, or out of its range; or an enum value is unknown. */
#define GF_E_INVALID_ARGUMENT (-2)
/** Text (a curve spec, JSON, an adjust line) could not be parsed; the message says where. */
#define GF_E_PARSE (-3)
/** A caller buffer was too small; the call wrote the count it needs. */
#define GF_E_BUFFER_TOO_SMALL (-4)
/** Text was not valid UTF-8. */
#define GF_E_INVALID_UTF8 (-5)
/** A named or indexed item does not exist. */
#define GF_E_NOT_FOUND (-6)
/** An input exceeded a documented size or depth limit. */
#define GF_E_LIMIT (-7)
/**
 * The library was used against its rules: a handle argument that is not a live handle of
 * the declared type (freed, of another type, not made by this library), a double free, or
 * two calls on one scene, animation or view tree at once. See "Misuse" at the top of ghostframe.h.
 */
#define GF_E_MISUSE (-8)
/**
 * A host callback failed: a host curve returned a non-finite value, a skeleton effect
 * returned a non-zero status or wrote a non-finite value, or a binding's callback raised. The
 * message names the curve or effect and the input. See ghostframe/plugins.h.
 */
#define GF_E_CALLBACK (-9)
/**
 * A file could not be opened or read: no permission, a directory or other file that
 * is not a regular file, a read error. The message names the file and the system's reason. A
 * file that does not exist is GF_E_NOT_FOUND. Only the gf_X_from_file calls return it.
 */
#define GF_E_IO (-10)
/** A bug in Ghostframe; please report it with the message. */
#define GF_E_INTERNAL (-100)

/**
 * The name of a status code ("GF_OK", "GF_E_PARSE", ...; "unknown status" for others).
 * Static storage, never NULL. Thread-safe.
 */
const char *gf_status_string(gf_status status);

/**
 * The message of the last failing call on the calling thread ("" if none failed yet).
 * Thread-local; valid until the next failing call on the same thread. Never NULL.
 */
const char *gf_last_error_message(void);

/** Releases a string the library returned for the caller to own. gf_string_free(NULL) does nothing. */
void gf_string_free(char *string);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_BASE_H */
