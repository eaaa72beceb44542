/*
 * ghostframe/animation.h -- animation descriptions: basic (from / to / by), keyframe, spring, group
 * and transition animations, copied into a scene by gf_scene_add_animation
 * (ghostframe/scene.h).
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_ANIMATION_H
#define GHOSTFRAME_ANIMATION_H

#include "base.h"
#include "curve.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Animations: what changes and when, attached to layers by gf_scene_add_animation            */
/* ------------------------------------------------------------------------------------------ */

/**
 * An animation description under construction, copied into the scene by
 * gf_scene_add_animation (so it can be freed or reused right after). Released by
 * gf_animation_free. Key paths: frame, frame.origin, frame.origin.x, frame.origin.y,
 * frame.size, frame.size.width, frame.size.height (the frame's parts; the others stay, so a
 * size keeps the origin), bounds (origin and size; the origin is not modelled and must be 0),
 * position, position.x, position.y, bounds.size,
 * bounds.size.width, bounds.size.height, anchorPoint, opacity, cornerRadius,
 * backgroundColor, zPosition, transform.scale, transform.scale.x, transform.scale.y,
 * transform.rotation, transform.translation, transform.translation.x,
 * transform.translation.y, gradient.startPoint, gradient.endPoint, gradient.locations (4),
 * gradient.colors (16), custom.NAME. A value has as many doubles as its key path has
 * components (frame 4, colours 4, points and sizes 2, the rest 1).
 */
typedef struct gf_animation gf_animation;

/** The number of doubles a value of key_path has (frame 4, colours 4, points and sizes 2, ...). */
gf_status gf_key_path_components(const char *key_path, uint32_t *out_components);

/** Which values gf_animation_set_values sets. */
#define GF_VALUE_FROM 0
#define GF_VALUE_TO 1
#define GF_VALUE_BY 2
#define GF_VALUE_VELOCITY 3 /* springs: units per second */

/** gf_animation_set_flags bits. */
#define GF_ANIMATION_ADDITIVE 1u
#define GF_ANIMATION_CUMULATIVE 2u
/** Keep the animation after its end (Core Animation's removedOnCompletion = NO). */
#define GF_ANIMATION_KEEP_AFTER_END 4u

#define GF_CALCULATION_LINEAR 0
#define GF_CALCULATION_DISCRETE 1
#define GF_CALCULATION_PACED 2
#define GF_CALCULATION_CUBIC 3
#define GF_CALCULATION_CUBIC_PACED 4

#define GF_TRANSITION_FADE 0
#define GF_TRANSITION_MOVE_IN 1
#define GF_TRANSITION_PUSH 2
#define GF_TRANSITION_REVEAL 3

#define GF_TRANSITION_FROM_LEFT 0
#define GF_TRANSITION_FROM_RIGHT 1
#define GF_TRANSITION_FROM_TOP 2
#define GF_TRANSITION_FROM_BOTTOM 3

/**
 * A basic animation of key_path (from / to / by, Core Animation's rules for every
 * combination; set them with gf_animation_set_values). The timing is copied.
 */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_basic(const char *key_path, const gf_timing *timing, gf_animation **out_animation);

/** A keyframe animation of key_path; set its values with gf_animation_set_keyframes. */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_keyframes(const char *key_path, const gf_timing *timing, gf_animation **out_animation);

/**
 * A spring animation of key_path in physical seconds; set GF_VALUE_TO (required),
 * GF_VALUE_FROM and GF_VALUE_VELOCITY. timing NULL runs it for the spring's settling
 * duration (epsilon 1e-3) and holds the end value.
 */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_spring(const char *key_path, const gf_spring *spring, const gf_timing *timing,
                                     gf_animation **out_animation);

/** A group: children (gf_animation_add_child) run in its time, clipped to its duration. */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_group(const gf_timing *timing, gf_animation **out_animation);

/**
 * A transition from the layer from_layer_id to the layer the animation is attached to.
 * kind GF_TRANSITION_*, direction GF_TRANSITION_FROM_*, 0 <= start <= end <= 1.
 */
/* Misuse: timing (type, freed). */
gf_status gf_animation_create_transition(int32_t kind, int32_t direction, const char *from_layer_id,
                                         double start_progress, double end_progress, const gf_timing *timing,
                                         gf_animation **out_animation);

/** Releases an animation description. gf_animation_free(NULL) does nothing. */
/* Misuse: animation (type, freed: double free, busy). */
gf_status gf_animation_free(gf_animation *animation);

/** Sets one of GF_VALUE_* to `count` doubles (the key path's component count). */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_values(gf_animation *animation, int32_t which, const double *values, size_t count);

/** Sets GF_ANIMATION_* flags (replacing the previous ones). */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_flags(gf_animation *animation, uint32_t flags);

/**
 * Sets a keyframe animation's values: value_count = keyframes x components, row by row.
 * key_times: NULL (evenly spaced) or key_time_count non-decreasing times from 0 to 1 (one
 * per keyframe; one more for GF_CALCULATION_DISCRETE). value_count and key_time_count are at
 * most 16,777,216 (2^24); GF_E_LIMIT beyond, before anything is read.
 */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_keyframes(gf_animation *animation, const double *values, size_t value_count,
                                     const double *key_times, size_t key_time_count);

/** Sets a keyframe animation's GF_CALCULATION_* mode. */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_calculation_mode(gf_animation *animation, int32_t mode);

/**
 * Sets one curve per keyframe segment (the curves are copied; NULL entries are linear). count
 * is at most 1,048,576 (2^20); GF_E_LIMIT beyond.
 */
/* Misuse: animation (type, freed, busy); each curves[i] (type, freed). */
gf_status gf_animation_set_segment_curves(gf_animation *animation, const gf_curve *const *curves, size_t count);

/**
 * Sets Kochanek-Bartels tension, continuity and bias, one per keyframe (each may be NULL).
 * count is at most 16,777,216 (2^24); GF_E_LIMIT beyond.
 */
/* Misuse: animation (type, freed, busy). */
gf_status gf_animation_set_tcb(gf_animation *animation, const double *tension, const double *continuity,
                               const double *bias, size_t count);

/** The most animations in one group tree (a group's children, its groups' children, ...). */
#define GF_MAX_GROUP_CHILDREN 100000
/** The deepest groups nest: a group directly in a group is depth 2. */
#define GF_MAX_GROUP_DEPTH 32

/**
 * Appends a copy of `child` to a group. GF_E_LIMIT past GF_MAX_GROUP_CHILDREN children, or
 * when `child` is itself a group nested GF_MAX_GROUP_DEPTH deep; the whole tree is checked
 * against both again when it is added to a scene.
 */
/* Misuse: group (type, freed, busy); child (type, freed, busy: a call changing it; it may be group itself). */
gf_status gf_animation_add_child(gf_animation *group, const gf_animation *child);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_ANIMATION_H */
