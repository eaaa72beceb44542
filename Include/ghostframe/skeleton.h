/*
 * ghostframe/skeleton.h -- skeletons: a host's view tree, the animated skeleton layers made from
 * it and their end, and the layout of the tree's real views.
 *
 * A part of the Ghostframe C API: <ghostframe.h> includes every part, and this one may also be
 * included alone (it includes the parts it needs). The conventions at the top of ghostframe.h
 * hold for every declaration here.
 */
#ifndef GHOSTFRAME_SKELETON_H
#define GHOSTFRAME_SKELETON_H

#include "base.h"
#include "scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Skeletons: from a host's view tree to animated skeleton layers                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * A host's view tree (docs/view-tree-format.md), read from JSON or built node by node so a
 * toolkit can walk its own widgets. Made by gf_view_tree_create or gf_view_tree_load_json,
 * released by gf_view_tree_free. Nodes are referred to by the handles (small integers) the
 * builder calls return. One thread at a time.
 */
typedef struct gf_view_tree gf_view_tree;

#define GF_VIEW_VIEW 0
#define GF_VIEW_LABEL 1
#define GF_VIEW_IMAGE 2
#define GF_VIEW_BUTTON 3
#define GF_VIEW_TEXT_FIELD 4
#define GF_VIEW_TEXT_VIEW 5
#define GF_VIEW_TABLE 6
#define GF_VIEW_COLLECTION 7

/** How the generator treats a node: by its kind, not at all, as one bone, or as a hole. */
#define GF_SKELETON_AUTO 0
#define GF_SKELETON_SKIP 1
#define GF_SKELETON_BLOCK 2
#define GF_SKELETON_KEEP 3

#define GF_ALIGN_NATURAL 0
#define GF_ALIGN_LEFT 1
#define GF_ALIGN_CENTER 2
#define GF_ALIGN_RIGHT 3

/** The node handle of the tree's global level, for gf_view_tree_set_style. */
#define GF_VIEW_TREE_GLOBAL 0xFFFFFFFFu

/** One view. Lengths in points; the frame is in the parent's coordinates. */
typedef struct gf_view_node_desc {
    uint32_t struct_size;        /* sizeof(gf_view_node_desc), set by gf_view_node_desc_init */
    int32_t kind;                /* GF_VIEW_*; default VIEW */
    int32_t skeleton;            /* GF_SKELETON_*; default AUTO */
    int32_t align;               /* GF_ALIGN_*; default NATURAL */
    int32_t hidden;              /* 0 or 1 */
    int32_t lines;               /* labels: text lines, 0 = as many as fit; default 1 */
    int32_t has_corner_radius;   /* 1: corner_radius is the view's own radius */
    int32_t reserved;            /* must be 0 */
    const char *id;              /* NULL or UTF-8 (copied); addressed by named(id) adjust lines */
    double x, y, width, height;
    double corner_radius;
    double content_offset_x, content_offset_y; /* scroll containers */
} gf_view_node_desc;

/** Fills *desc with the defaults listed beside its fields. NULL does nothing. */
void gf_view_node_desc_init(gf_view_node_desc *desc);

/* View-tree limits (GF_E_LIMIT beyond, unless said otherwise), checked on every path in: */
/** The deepest views nest: the root, or a cell template's content, is level 1. */
#define GF_MAX_VIEW_DEPTH 64
/** The most nodes of the root's subtree and every cell template together. */
#define GF_MAX_VIEW_NODES 100000
/** The most cell templates of one tree. */
#define GF_MAX_CELL_TEMPLATES 1000
/** The most lines a label may ask for (GF_E_INVALID_ARGUMENT beyond). */
#define GF_MAX_LABEL_LINES 10000
/** The most rows or items a section may ask for (GF_E_INVALID_ARGUMENT beyond); a count that
 *  fills the visible area past it is GF_E_LIMIT. */
#define GF_MAX_LIST_COUNT 1000000
/** The deepest lists nest inside cells inside lists. */
#define GF_MAX_LIST_NESTING 16
/** The deepest a view-tree document nests arrays and objects (each level of views takes two). */
#define GF_MAX_VIEW_TREE_JSON_DEPTH 256
/** The most adjustment lines for the root or one cell, and the most characters in one line. */
#define GF_MAX_ADJUST_LINES 10000
#define GF_MAX_ADJUST_LINE_CHARS 10000
/** The most modifier applications one program of adjustment lines makes (selected bones x
 *  modifiers, over its chains), counted before each chain runs. */
#define GF_MAX_ADJUST_BONE_EDITS 10000000

/* Skeleton limits: what a tree expands into, counted before it is built (GF_E_LIMIT). */
/** The most bones (list copies included). */
#define GF_MAX_SKELETON_BONES 1000000
/** The most containers: one per list section, copies of sections nested in cells included. */
#define GF_MAX_SKELETON_CONTAINERS 1000000
/** The most list cells (rows, items, headers, footers) the generator lays out, in view or not. */
#define GF_MAX_SKELETON_LIST_CELLS 1000000
/** The most views the generator visits: a cell template is generated once for each style of
 *  list that shows it, so it may be walked more than once. */
#define GF_MAX_SKELETON_VIEW_VISITS 2000000
/** The most layers a skeleton's scene has: the root, its containers, and one per bone or, for a
 *  multi-line label, one per line. 1,000 labels of 10,000 lines (10,000,002 layers) are refused
 *  before any layer is laid out. Equal to GF_MAX_LAYERS. */
#define GF_MAX_SKELETON_LAYERS 1000000

/** Creates an empty tree with the given visible size (finite, > 0). */
gf_status gf_view_tree_create(double viewport_width, double viewport_height, gf_view_tree **out_tree);

/** Reads a tree from JSON of `length` bytes; errors name the JSON path of the problem. */
gf_status gf_view_tree_load_json(const char *json, size_t length, gf_view_tree **out_tree);

/** Releases a tree. gf_view_tree_free(NULL) does nothing. */
/* Misuse: tree (type, freed: double free, busy). */
gf_status gf_view_tree_free(gf_view_tree *tree);

/** Sets the root view (once); writes its node handle to *out_node (may be NULL). */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_set_root(gf_view_tree *tree, const gf_view_node_desc *desc, uint32_t *out_node);

/**
 * Adds a view under `parent` (a node handle); writes its handle to *out_node (may be NULL).
 * GF_E_LIMIT past 100,000 views (cell templates' content nodes do not count, their views do).
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_node(gf_view_tree *tree, uint32_t parent, const gf_view_node_desc *desc,
                                uint32_t *out_node);

/**
 * Adds a cell template named `name` (width, height > 0) and writes the handle of its content
 * node, under which the cell's views are added, to *out_node. GF_E_LIMIT past 1,000 templates.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_cell(gf_view_tree *tree, const char *name, double width, double height,
                                uint32_t *out_node);

/**
 * Adds a section to a table or collection node, as a JSON object with the view tree format's
 * section fields, e.g. {"cell": "news", "rowHeight": 100} or
 * {"cell": "card", "itemSize": [170, 200], "spacing": 8, "insets": 16}. An error message names
 * the list node and the section's place in it: "node 'list' (handle 2): sections[0].rowHeight: ...".
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_section(gf_view_tree *tree, uint32_t list, const char *section_json);

/**
 * Sets one style key on a node (a control view), a cell content node, or GF_VIEW_TREE_GLOBAL:
 * `key` is a style key of the view tree format ("animation", "color", "shimmerDirection", ...)
 * and `value_json` its value as JSON text ("\"shimmer\"", "\"#EEEEEE\"", "0.5", "true"). An
 * error message names the node (by its id, its cell, or its place) or the global level, then the
 * key: "node 'avatar' (handle 1): style.color: expected a colour ...",
 * "global style: animation: unknown animation 'bin' ...".
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_set_style(gf_view_tree *tree, uint32_t node, const char *key, const char *value_json);

/**
 * Appends an adjustment line (docs/adjust-syntax.md) for the root's bones (node = the root)
 * or a cell's (node = the cell's content node). Lines are checked when the skeleton is made.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_add_adjust(gf_view_tree *tree, uint32_t node, const char *line);

/**
 * Makes the skeleton of a tree: its bones as layers and its effect as animations, in a new
 * scene (sampled like any scene). Errors name the problem and where (node path, adjust line
 * and column); on error nothing is made. GF_E_LIMIT past the view-tree and skeleton limits
 * above, GF_MAX_ANIMATION_TRACKS or GF_MAX_ANIMATION_VALUES; the work done is in proportion to
 * what those limits
 * accept. GF_E_INVALID_ARGUMENT when a list's sizes, spacings, insets or offsets are finite but
 * overflow when laid out (1e308 + 1e308), naming the section's fields.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_skeleton_generate(const gf_view_tree *tree, gf_scene **out_scene);

/** gf_view_tree_load_json followed by gf_skeleton_generate. */
gf_status gf_skeleton_from_json(const char *json, size_t length, gf_scene **out_scene);

/**
 * gf_skeleton_from_json on the contents of the file at `path` (a view-tree document): the same
 * limits and errors, each message beginning with the path
 * ("feed.json: root.children[2].frame: ..."), and the file errors of gf_scene_from_file
 * (GF_E_NOT_FOUND, GF_E_IO, GF_E_LIMIT from the file's size before it is read, ...). On success
 * *out_scene owns a new scene (gf_scene_free); on error it is untouched. Thread-safe.
 */
gf_status gf_skeleton_from_file(const char *path, gf_scene **out_scene);

/**
 * Fades a skeleton scene out over 0.2 s from scene time t: the whole skeleton (group NULL)
 * or one list section (group "LIST/section/N", as named in the scene's container layer ids
 * "container:LIST/section/N"), so the others keep animating. A fade starts from the opacity its
 * layer shows at t. GF_E_NOT_FOUND for an unknown group; GF_E_CALLBACK when a host curve fails
 * while that opacity is read. On error the scene is unchanged. The same as gf_skeleton_end_with
 * with the defaults of gf_skeleton_end_params_init (the content's fade-in included).
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_skeleton_end(gf_scene *scene, double t, const char *group);

/**
 * How a skeleton ends (gf_skeleton_end_with). Defaults (gf_skeleton_end_params_init): 0.2 s,
 * Core Animation's easeInEaseOut. Versioned by struct_size: later fields a smaller struct
 * lacks take their defaults.
 */
typedef struct gf_skeleton_end_params {
    uint32_t struct_size;  /* sizeof(gf_skeleton_end_params), set by gf_skeleton_end_params_init */
    int32_t reserved;      /* must be 0 */
    double duration;       /* seconds of both fades, finite, >= 0 (0: at once); default 0.2 */
    const char *curve;     /* a curve spec as gf_curve_parse takes it (read during the call);
                              NULL: "easeInEaseOut" */
} gf_skeleton_end_params;

/** Fills *params with the defaults listed beside its fields. NULL does nothing. */
void gf_skeleton_end_params_init(gf_skeleton_end_params *params);

/**
 * Ends a skeleton from scene time t as a cross-dissolve: the skeleton (group NULL) or one
 * list section with the lists nested in it (group "LIST/section/N") fades out from the opacity
 * it shows at t to 0, and the content opacity of the same (gf_skeleton_content_opacity) fades
 * in from its value at t (0 the first time) to 1, both over params->duration seconds along
 * params->curve, held afterwards. A skeleton ended before its style's showDelay passed never
 * shows: both change at once at t. Calling it again for the same group replaces the earlier
 * end. params is required. GF_E_INVALID_ARGUMENT for t not finite, a duration not finite and
 * >= 0, a bad curve spec (naming it), reserved not 0 or a struct_size below the first layout;
 * GF_E_NOT_FOUND for an unknown group or a scene without the skeleton's root; GF_E_CALLBACK
 * when a host curve fails while the values at t are read. On error the scene is unchanged.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_skeleton_end_with(gf_scene *scene, double t, const char *group, const gf_skeleton_end_params *params);

/**
 * *out_opacity: the opacity the host draws its real content with at scene time t (finite),
 * in [0, 1]: 0 while the skeleton shows, rising to 1 along the end's curve once it was ended
 * (gf_skeleton_end, gf_skeleton_end_with). For a group ("LIST/section/N"), the larger of the
 * group's own (it, or a section it is nested in, was ended) and the whole skeleton's; NULL: the
 * whole skeleton's. So a host draws the handover without a timer of its own. GF_E_NOT_FOUND for
 * an unknown group or a scene without the skeleton's root ("skeleton"); GF_E_CALLBACK when a
 * host curve fails. The scene is only read; on error *out_opacity is unchanged.
 */
/* Misuse: scene (type, freed, busy). */
gf_status gf_skeleton_content_opacity(const gf_scene *scene, double t, const char *group, double *out_opacity);

/* ------------------------------------------------------------------------------------------ */
/* Layout: a view tree's real views, where the host shows them                                */
/* ------------------------------------------------------------------------------------------ */

/** gf_layout_item.kind values after GF_VIEW_*: a list's cells, each a copy of a cell template. */
#define GF_LAYOUT_HEADER 8
#define GF_LAYOUT_ROW 9
#define GF_LAYOUT_ITEM 10
#define GF_LAYOUT_FOOTER 11

/** gf_layout_item.flags bits. */
#define GF_LAYOUT_HAS_CORNER_RADIUS 1u /* corner_radius is the view's own */
#define GF_LAYOUT_HAS_CHILDREN 2u      /* the node (for a cell, its template) has children, hidden ones too */
#define GF_LAYOUT_RIGHT_TO_LEFT 4u     /* the tree lays out right to left: frames mirrored, natural is right */

/** The most items gf_view_tree_layout reports (GF_E_LIMIT beyond, counted before they are built). */
#define GF_MAX_LAYOUT_ITEMS 1000000

/** One real view of a laid-out tree. Lengths in points, in the root's coordinates. */
typedef struct gf_layout_item {
    int32_t kind;        /* GF_VIEW_* for a view; GF_LAYOUT_HEADER, _ROW, _ITEM or _FOOTER for a list's cell */
    int32_t parent;      /* the index of the item that holds it (a list its cells, a cell its template's
                            views); always smaller than this item's; -1 for the root */
    uint32_t flags;      /* GF_LAYOUT_* */
    int32_t lines;       /* the node's lines (labels: 0 = as many as fit); 1 for a cell */
    int32_t align;       /* GF_ALIGN_* of the node; NATURAL for a cell */
    int32_t skeleton;    /* GF_SKELETON_* of the node; AUTO for a cell */
    int32_t section;     /* a cell's section in its list; -1 for a view */
    int32_t index;       /* a row's or item's number in its section; 0 for the others */
    const char *id;      /* the view's id, a cell's template name, or NULL; see gf_view_tree_layout */
    double x, y, width, height;                     /* the frame (mirrored for right to left) */
    double clip_x, clip_y, clip_width, clip_height; /* where it can show: the viewport narrowed by the
                                                       lists, scrolled views and cells around it;
                                                       0 x 0 when none of it can */
    double corner_radius; /* with GF_LAYOUT_HAS_CORNER_RADIUS; else 0 */
} gf_layout_item;

/**
 * The tree's real views as the host shows them once loaded (docs/view-tree-format.md, "Layout"):
 * every view that is not hidden, whatever its skeleton mode, and every header, row, item and
 * footer of its lists that overlaps the visible area, each followed by its cell template's views.
 * A view comes before its children, a list's cells before its child views. The rules are
 * gf_skeleton_generate's (the root at 0, 0; content offsets; the list layout; lists in cells fill
 * the cell), so each bone lies on the view it stands for.
 *
 * Writes the items into out_items, a caller buffer of `capacity` items. *out_count (required)
 * receives the item count; if capacity is smaller, returns GF_E_BUFFER_TOO_SMALL and writes no
 * item: call once with capacity 0 for the count, then with a buffer that large. A capacity whose
 * size in bytes overflows (capacity x sizeof(gf_layout_item) > PTRDIFF_MAX, SIZE_MAX included) is
 * GF_E_INVALID_ARGUMENT, *out_count untouched, as for gf_scene_sample. out_items may be NULL only
 * when the count is 0 (a hidden root). Errors are gf_skeleton_generate's validation errors for the
 * same tree (the same messages), and GF_E_LIMIT past GF_MAX_LAYOUT_ITEMS items or
 * GF_MAX_SKELETON_LIST_CELLS laid-out cells.
 *
 * Ownership: the id strings belong to the tree: they stay valid, and unchanged, until
 * gf_view_tree_free (later calls and edits do not move them). Each call lays the tree out anew,
 * O(nodes + items); the tree's views are not changed. Threads: like every call on a tree, one
 * thread at a time (it keeps the id strings in the tree); the strings may be read from any thread.
 */
/* Misuse: tree (type, freed, busy). */
gf_status gf_view_tree_layout(gf_view_tree *tree, gf_layout_item *out_items, size_t capacity, size_t *out_count);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GHOSTFRAME_SKELETON_H */
