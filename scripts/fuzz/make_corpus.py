#!/usr/bin/env python3
"""Seed and extreme corpora for the libFuzzer targets (Sources/Fuzz, scripts/fuzz.sh).

    make_corpus.py seeds            rewrite the committed seeds, scripts/fuzz/corpus/<target>/,
                                    from examples/, docs/ and the conformance cases
    make_corpus.py extreme DIR      write valid-shaped inputs with extreme numbers to DIR/<target>/
                                    (deterministic; scripts/fuzz.sh runs it before fuzzing)

Targets and what an input is:
    curve     a curve spec (gf_curve_parse_n / gf_curve_parse)
    scene     a scene document (gf_scene_load_json)
    tree      a view-tree document (gf_view_tree_load_json, gf_skeleton_from_json)
    adjust    adjust lines, one per line; "@row " / "@card " send a line to a cell template
    section   a section JSON object (gf_view_tree_add_section on a table and a collection)
    style     style settings, one per line: KEY=VALUE_JSON (gf_view_tree_set_style)
    timeline  a timeline document (gf_timeline_from_json)
    chain     fuzz bytes: a chain's layer, where it is applied, link descriptions (gf_chain_add)
    tools     fuzz bytes: up to four runs of the preload overlay, scrub, pull-to-refresh and
              card transition, each a selector byte and its parameters
    viewchain fuzz bytes: up to four runs of a view chain, a snapshot pool or a scene's
              coordinate conversions, each a selector byte and its parameters

The fuzz-bytes targets read their input as Sources/Fuzz/Support/FuzzBytes.swift does; the Bytes
class below writes it (a number is an index into the same table, a small value, or raw bits).

Extreme inputs keep the documents' shape (every key known, every required field there) and put
the numbers a host should never send in every numeric place: 1e308, -0, subnormals, 2^31, 2^53+1,
integers past Int64, values that overflow (1e999); counts at and just past their limits
(rows 1,000,000, lines 10,000, adjust lines of 10,000 characters); nesting just under, at and just
over the JSON and view-tree depth limits. Only the standard library is used, so CI's python3 runs it.
"""

import hashlib
import json
import math
import random
import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "scripts" / "fuzz" / "corpus"
TARGETS = ["curve", "scene", "tree", "adjust", "section", "style", "timeline", "chain", "tools", "viewchain"]

# Numbers as JSON text: finite extremes, signed zero, subnormals, integer edges, and literals a
# double cannot hold (a parse error, which must be clean too).
EXTREMES = [
    "1e308", "-1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "-0", "-0.0", "0",
    "5e-324", "-5e-324", "2.2250738585072014e-308", "2.225073858507201e-308", "1e-300",
    "2147483647", "2147483648", "-2147483649", "4294967296", "9007199254740993",
    "18446744073709551616", "123456789012345678901234567890", "1e16", "1e19", "0.1", "1",
    "1e999", "-1e999", "1e-400",
]
FINITE = [e for e in EXTREMES if e not in ("1e999", "-1e999")]


# --------------------------------------------------------------------------------------------
# Seeds: small valid inputs taken from the repository
# --------------------------------------------------------------------------------------------

def load(path):
    return json.loads((ROOT / path).read_text(encoding="utf-8"))


def doc_json_blocks(path):
    """The ```json blocks of a Markdown file that parse as JSON."""
    text = (ROOT / path).read_text(encoding="utf-8")
    blocks = []
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        try:
            blocks.append(json.loads(block))
        except ValueError:
            pass
    return blocks


def all_trees():
    trees = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "examples/trees").glob("*.json"))]
    trees += [case["tree"] for case in load("Tests/ConformanceTests/Cases/skeletons.json")["cases"]]
    trees += [b for b in doc_json_blocks("docs/view-tree-format.md") if isinstance(b, dict) and "root" in b]
    return trees


def walk_nodes(node):
    yield node
    for child in node.get("children", []) or []:
        yield from walk_nodes(child)


def tree_parts(tree):
    """(sections, styles, adjust lines) of a view tree, with the template they belong to."""
    sections, styles, adjust = [], [], []
    roots = [(tree.get("root", {}), None)] + [(cell, name) for name, cell in (tree.get("cells") or {}).items()]
    if tree.get("style"):
        styles.append(tree["style"])
    adjust += [(line, None) for line in tree.get("adjust", []) or []]
    for root, cell in roots:
        if cell is not None:
            adjust += [(line, cell) for line in root.get("adjust", []) or []]
            if root.get("style"):
                styles.append(root["style"])
        for node in walk_nodes(root):
            sections += node.get("sections", []) or []
            if node.get("style"):
                styles.append(node["style"])
    return sections, styles, adjust


def seed_inputs():
    """{target: {name: bytes}} of the committed seeds."""
    seeds = {target: {} for target in TARGETS}

    specs = set()
    for case in load("Tests/ConformanceTests/Cases/curves.json")["cases"]:
        specs.add(case["spec"])
    for case in load("Tests/ConformanceTests/Cases/easing-wpt.json")["cases"]:
        if "spec" in case:
            specs.add(case["spec"])
    for case in load("Tests/ConformanceTests/Cases/errors.json")["cases"]:
        if case.get("operation") == "parse":
            specs.add(case["spec"])
    specs |= {"spring(1, 100, 10, 0)", "spring(1, 100, 10, 0, allows-overdamping)", "linear(0, 0.25 75%, 1)",
              "steps(4, jump-both)", "default", "easeInEaseOut", "easeOutBounce", "easeInOutElastic"}
    for spec in sorted(specs):
        seeds["curve"]["spec-" + digest(spec)] = spec.encode()

    for path in sorted((ROOT / "examples/scenes").glob("*.json")):
        seeds["scene"]["example-" + path.stem] = path.read_bytes()
    for i, case in enumerate(load("Tests/ConformanceTests/Cases/scenes.json")["cases"]):
        seeds["scene"][f"case-{i:02d}"] = dumps(case["scene"])
    for i, block in enumerate(b for b in doc_json_blocks("docs/scene-format.md") if isinstance(b, dict) and "format" in b):
        seeds["scene"][f"doc-{i:02d}"] = dumps(block)

    for path in sorted((ROOT / "examples/trees").glob("*.json")):
        seeds["tree"]["example-" + path.stem] = path.read_bytes()
    for i, case in enumerate(load("Tests/ConformanceTests/Cases/skeletons.json")["cases"]):
        seeds["tree"][f"case-{i:02d}"] = dumps(case["tree"])
    for i, block in enumerate(b for b in doc_json_blocks("docs/view-tree-format.md") if isinstance(b, dict) and "root" in b):
        seeds["tree"][f"doc-{i:02d}"] = dumps(block)

    sections, styles, adjust = [], [], []
    for tree in all_trees():
        s, st, a = tree_parts(tree)
        sections += s
        styles += st
        adjust += a
    # The fixture's templates are "row" (a table row) and "card" (a collection item).
    for section in unique(sections):
        fixed = dict(section)
        fixed["cell"] = "card" if any(k in fixed for k in ("itemSize", "spacing", "insets", "items")) else "row"
        for part in ("header", "footer"):
            if isinstance(fixed.get(part), dict):
                fixed[part] = dict(fixed[part], cell="row")
        seeds["section"]["section-" + digest(dumps(fixed))] = dumps(fixed)
    for style in unique(styles):
        text = "\n".join(f"{key}={json.dumps(value)}" for key, value in style.items())
        seeds["style"]["style-" + digest(text)] = text.encode()
    doc_chains = re.findall(r"`((?:animation|animations|named|animationsWithIndexs|create|createNamed)\([^`]*)`",
                            (ROOT / "docs/adjust-syntax.md").read_text(encoding="utf-8"))
    lines = [line for line, cell in adjust if cell is None] + [c for c in doc_chains if "..." not in c]
    for line in unique(lines):
        seeds["adjust"]["line-" + digest(line)] = line.encode()
    cell_lines = [f"@row {line}" for line, cell in adjust if cell is not None]
    if cell_lines:
        seeds["adjust"]["cells"] = "\n".join(unique(cell_lines)).encode()
    seeds["adjust"]["mixed"] = b"animation(0).down(2)\nnamed(bio).lines(3).lastScale(0.4)\n@row animation(1).reducedWidth(20)\n@card animation(0).radius(4)"

    seeds["chain"].update(chain_seeds())
    seeds["tools"].update(tools_seeds())
    seeds["viewchain"].update(viewchain_seeds())

    for path in sorted((ROOT / "examples/timelines").glob("*.json")):
        seeds["timeline"]["example-" + path.stem] = path.read_bytes()
    for i, case in enumerate(load("Tests/ConformanceTests/Cases/timelines.json")["cases"]):
        seeds["timeline"][f"case-{i:02d}"] = dumps(case["timeline"])
    return seeds


def unique(items):
    seen, result = set(), []
    for item in items:
        key = json.dumps(item, sort_keys=True) if not isinstance(item, str) else item
        if key not in seen:
            seen.add(key)
            result.append(item)
    return result


def dumps(value):
    return json.dumps(value, ensure_ascii=False).encode()


def digest(text):
    if isinstance(text, str):
        text = text.encode()
    return hashlib.sha1(text).hexdigest()[:12]


def write_seeds():
    seeds = seed_inputs()
    for target, inputs in seeds.items():
        directory = SEEDS / target
        directory.mkdir(parents=True, exist_ok=True)
        for old in directory.iterdir():
            old.unlink()
        for name, data in inputs.items():
            (directory / name).write_bytes(data)
        print(f"{target}: {len(inputs)} seeds in {directory.relative_to(ROOT)}")


# --------------------------------------------------------------------------------------------
# Extreme inputs: valid shapes, hostile numbers
# --------------------------------------------------------------------------------------------

class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def num(self, finite=False):
        """A JSON number: mostly an extreme, sometimes an ordinary value."""
        if self.r.random() < 0.25:
            return repr(round(self.r.uniform(-50, 400), 2))
        return self.r.choice(FINITE if finite else EXTREMES)

    def pos(self):
        """A number a non-negative field accepts, or an extreme."""
        return self.r.choice(["1e308", "1.7976931348623157e308", "-0", "5e-324", "2.2250738585072014e-308",
                              "0", "1e-300", "4294967296", "9007199254740993", "1e16", "100", self.num()])

    def pick(self, *options):
        return self.r.choice(options)


def obj(pairs):
    return "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in pairs) + "}"


def arr(items):
    return "[" + ", ".join(items) + "]"


def extreme_curves(g):
    out = {}
    for i in range(40):
        n = g.num
        out[f"bezier-{i}"] = f"cubic-bezier({g.pick('0', '1', '-0', '5e-324', '0.5')}, {n()}, {g.pick('0', '1', '1e-300', '0.25')}, {n()})"
        out[f"spring-{i}"] = f"spring({g.pos()}, {g.pos()}, {g.pos()}, {n()}{g.pick('', ', allows-overdamping')})"
        out[f"steps-{i}"] = f"steps({g.pick('1', '2147483647', '2147483648', '4294967296', '1e308', '9007199254740993')}, {g.pick('jump-start', 'jump-end', 'jump-none', 'jump-both', 'start', 'end')})"
        out[f"linear-{i}"] = "linear(" + ", ".join(f"{n()} {n()}%" if g.r.random() < 0.3 else n() for _ in range(g.r.randint(1, 12))) + ")"
    # linear() with as many stops as allowed, one more, and specs at the 64 KiB spec limit.
    out["linear-10000-stops"] = "linear(" + ", ".join("0" if i % 2 else "1" for i in range(10_000)) + ")"
    out["linear-10001-stops"] = "linear(" + ", ".join("0" if i % 2 else "1" for i in range(10_001)) + ")"
    out["linear-subnormal-stops"] = "linear(" + ", ".join(f"5e-324 {i / 5000!r}%" for i in range(5000)) + ")"
    out["spec-65536-bytes"] = "ease" + " " * (65_536 - 4)
    out["spec-65537-bytes"] = "ease" + " " * (65_537 - 4)
    return out


def colour(g):
    return g.pick('"#EEEEEE"', '"#FFF"', '"#00000000"', arr([g.pick("0", "1", "-0", "5e-324", "1e-300") for _ in range(4)]),
                  arr([g.num() for _ in range(4)]))


def value(g, components):
    return g.num() if components == 1 else arr([g.num() for _ in range(components)])


KEY_PATHS = [("opacity", 1), ("position", 2), ("position.x", 1), ("frame", 4), ("bounds.size", 2), ("cornerRadius", 1),
             ("backgroundColor", 4), ("transform.scale", 1), ("transform.rotation", 1), ("transform.translation", 2),
             ("anchorPoint", 2), ("gradient.locations", 4), ("gradient.colors", 16), ("custom.glow", 1), ("zPosition", 1)]


def timing(g, finite_duration=False):
    if g.r.random() < 0.5:
        pairs = [("duration", g.pos() if finite_duration else g.pick(g.pos(), '"infinity"')), ("delay", g.num()),
                 ("endDelay", g.num()), ("iterations", g.pick(g.pos(), '"infinity"')), ("iterationStart", g.pos()),
                 ("direction", g.pick('"normal"', '"reverse"', '"alternate"', '"alternate-reverse"')),
                 ("fill", g.pick('"none"', '"forwards"', '"backwards"', '"both"')),
                 ("easing", json.dumps(g.pick("ease", "linear", "steps(2147483647)", "cubic-bezier(0, 1e308, 1, -1e308)",
                                              "spring(1e-300, 1e308, 0.1, 1e308)", "linear(0, 1e308, 1)"))),
                 ("playbackRate", g.pick("1", "-1", "5e-324", "-1e308")), ("timeOffset", g.pos())]
        return "timing", obj(g.r.sample(pairs, g.r.randint(1, len(pairs))) if not finite_duration else pairs)
    pairs = [("duration", g.pos()), ("beginTime", g.num()), ("speed", g.pos()), ("timeOffset", g.pos()),
             ("repeatCount", g.pick(g.pos(), '"infinity"')), ("repeatDuration", g.pick(g.pos(), '"infinity"')),
             ("autoreverses", g.pick("true", "false")), ("fillMode", g.pick('"removed"', '"forwards"', '"backwards"', '"both"')),
             ("easing", json.dumps(g.pick("easeOut", "default", "easeInOutBounce")))]
    return "coreAnimation", obj(pairs)


def animation(g, layers, depth, top=True):
    kind = g.pick("basic", "keyframes", "spring", "group", "transition") if top else g.pick("basic", "keyframes", "spring", "group")
    pairs = []
    if top:
        pairs.append(("layer", json.dumps(g.r.choice(layers))))
        if g.r.random() < 0.5:
            pairs.append(("key", json.dumps(f"k{g.r.randint(0, 5)}")))
    pairs.append(("type", json.dumps(kind)))
    path, n = g.r.choice(KEY_PATHS)
    if kind == "basic":
        pairs += [("keyPath", json.dumps(path))] + [(k, value(g, n)) for k in g.r.sample(["from", "to", "by"], g.r.randint(1, 3))]
        pairs += [("additive", g.pick("true", "false")), ("cumulative", g.pick("true", "false"))]
    elif kind == "keyframes":
        count = g.pick(1, 2, 3, 5, 40)
        mode = g.pick("linear", "discrete", "paced", "cubic", "cubicPaced")
        pairs += [("keyPath", json.dumps(path)), ("values", arr([value(g, n) for _ in range(count)])),
                  ("calculationMode", json.dumps(mode))]
        if g.r.random() < 0.5:
            times = sorted(g.r.choice(["0", "5e-324", "1e-300", "0.5", "1", "-0"]) for _ in range(count + (mode == "discrete")))
            pairs.append(("keyTimes", arr(times)))
        if mode.startswith("cubic"):
            pairs += [(k, arr([g.num(finite=True) for _ in range(count)])) for k in ("tension", "continuity", "bias")]
    elif kind == "spring":
        pairs += [("keyPath", json.dumps(path)), ("to", value(g, n)), ("from", value(g, n)), ("velocity", value(g, n)),
                  ("spring", obj([("mass", g.pos()), ("stiffness", g.pos()), ("damping", g.pos()),
                                  ("initialVelocity", g.num()), ("allowsOverdamping", g.pick("true", "false"))]))]
    elif kind == "group":
        children = [animation(g, layers, depth + 1, top=False) for _ in range(g.r.randint(1, 3))] if depth < 4 else []
        pairs.append(("animations", arr(children)))
    else:
        pairs += [("kind", json.dumps(g.pick("fade", "moveIn", "push", "reveal"))),
                  ("direction", json.dumps(g.pick("fromLeft", "fromRight", "fromTop", "fromBottom"))),
                  ("fromLayer", json.dumps(g.r.choice(layers))),
                  ("startProgress", g.pick("0", "-0", "5e-324", "1")), ("endProgress", g.pick("1", "5e-324", "1e-300"))]
    if kind == "spring" and g.r.random() < 0.5:
        pass  # a spring may have no timing
    else:
        pairs.append(timing(g, finite_duration=kind == "group"))
    return obj(pairs)


def scene_document(g, layers_count=None):
    count = layers_count or g.r.randint(1, 8)
    ids = [f"l{i}" for i in range(count)]
    layers = []
    for i, layer_id in enumerate(ids):
        pairs = [("id", json.dumps(layer_id))]
        if i:
            pairs.append(("parent", json.dumps(ids[g.r.randrange(i)])))
        pairs += [("frame", arr([g.num(), g.num(), g.pos(), g.pos()])), ("anchorPoint", arr([g.num(), g.num()])),
                  ("cornerRadius", g.num()), ("backgroundColor", colour(g)), ("opacity", g.num()),
                  ("hidden", g.pick("true", "false")), ("zPosition", g.num()),
                  ("transform", obj([("scale", g.pick(g.num(), arr([g.num(), g.num()]))), ("rotation", g.num()),
                                     ("translation", arr([g.num(), g.num()]))])),
                  ("custom", obj([("glow", g.num()), ("w", g.num())]))]
        if g.r.random() < 0.5:
            stops = g.r.randint(0, 4)
            pairs.append(("gradient", obj([("colors", arr([colour(g) for _ in range(stops)])),
                                           ("locations", arr(sorted(g.pick("0", "5e-324", "0.5", "1") for _ in range(stops)))),
                                           ("startPoint", arr([g.num(), g.num()])), ("endPoint", arr([g.num(), g.num()]))])))
        layers.append(obj(g.r.sample(pairs[1:], g.r.randint(0, len(pairs) - 1)) + pairs[:1] if g.r.random() < 0.3 else pairs))
    animations = [animation(g, ids, 0) for _ in range(g.r.randint(0, 6))]
    return obj([("format", '"ghostframe-scene"'), ("version", "1"), ("layers", arr(layers)), ("animations", arr(animations))])


def nested_groups(levels):
    """A scene whose one animation is `levels` groups deep (each group adds 2 JSON levels)."""
    inner = '{"type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}'
    for _ in range(levels):
        inner = '{"type": "group", "timing": {"duration": 1}, "animations": [' + inner + "]}"
    inner = inner.replace('{"type": "group"', '{"layer": "a", "type": "group"', 1)
    return '{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a"}], "animations": [' + inner + "]}"


def nested_arrays(depth, inner="0"):
    return "[" * depth + inner + "]" * depth


def layer_chain(depth):
    layers = [f'{{"id": "l{i}"' + (f', "parent": "l{i - 1}"' if i else "") + "}" for i in range(depth)]
    return '{"format": "ghostframe-scene", "version": 1, "layers": [' + ", ".join(layers) + "]}"


def extreme_scenes(g):
    out = {f"random-{i:03d}": scene_document(g) for i in range(120)}
    for levels in (55, 62, 63, 64, 70):
        out[f"groups-{levels}-deep"] = nested_groups(levels)
    for depth in (126, 127, 128, 129):
        out[f"json-depth-{depth}"] = '{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "custom": {"x": 1}}], "x": ' + nested_arrays(depth - 1) + "}"
    for depth in (255, 256, 257):
        out[f"layer-depth-{depth}"] = layer_chain(depth)
    out["many-layers"] = scene_document(g, layers_count=150)
    return out


def timeline_items(g, depth, sequence, labels):
    """The items of a sequence or parallel: every item form, hostile numbers in every numeric place."""
    items = []
    for _ in range(g.r.randint(0, 5)):
        kind = g.r.choice(["anim", "anim", "delay", "stagger", "label", "sequence", "parallel", "call"] if depth < 4
                          else ["anim", "delay", "stagger", "call"])
        if kind == "anim":
            layers = arr([json.dumps(g.pick("a", "b", "c", "d")) for _ in range(g.r.randint(0, 4))])
            pairs = [("anim", json.dumps(g.pick("fade", "move", "to", "fromTo", "nowhere"))), ("layers", layers),
                     ("duration", g.num())]
        elif kind == "delay":
            pairs = [("delay", g.num())]
        elif kind == "stagger":
            members = [(g.pick("each", "amount"), g.num()),
                       ("from", g.pick('"start"', '"end"', '"center"', '"edges"', g.num(), arr([g.num(), g.num()]))),
                       ("ease", json.dumps(g.pick("linear", "easeInQuad", "steps(3)")))]
            if g.r.random() < 0.5:
                members.append(("grid", g.pick('"auto"', arr([g.num(), g.num()]), arr(["2", "3"]))))
            if g.r.random() < 0.3:
                members.append(("axis", g.pick('"x"', '"y"', '"z"')))
            pairs = [("stagger", g.pick(g.num(), obj(members)))]
        elif kind == "call":
            pairs = [("call", json.dumps(g.pick("done", "", "half")))]
        elif kind == "label":
            name = f"L{len(labels)}"
            labels.append(name)
            pairs = [("label", json.dumps(name))]
        else:
            pairs = [(kind, arr(timeline_items(g, depth + 1, kind == "sequence", [])))] + node_timing(g)
        if sequence and g.r.random() < 0.4:
            offset = g.pick("0.5", "1e308", "5e-324", "2147483648", "1e16", "-0")
            forms = [g.num(), '"<"', '">"', json.dumps("<" + offset), json.dumps(">-" + offset), json.dumps("+=" + offset),
                     json.dumps("-=" + offset)]
            if labels:
                forms += [json.dumps(labels[0]), json.dumps(labels[-1] + "+=" + offset)]
            pairs.append(("position", g.r.choice(forms)))
        items.append(obj(pairs))
    return items


def node_timing(g):
    """GSAP's repeat, yoyo, repeatDelay and timeScale on a sequence or parallel (some of them)."""
    pairs = []
    if g.r.random() < 0.4:
        pairs.append(("repeat", g.pick("-1", "0", "1", "3", "-2", "2147483647", g.num())))
    if g.r.random() < 0.3:
        pairs.append(("yoyo", g.pick("true", "false", "1")))
    if g.r.random() < 0.3:
        pairs.append(("repeatDelay", g.num()))
    if g.r.random() < 0.3:
        pairs.append(("timeScale", g.pick("2", "0.5", "0", g.num())))
    return pairs


def timeline_document(g):
    definitions = obj([("fade", obj([("curve", json.dumps(g.pick("linear", "ease-out", "spring(1, 100, 10, 0)"))),
                                     ("changes", obj([("opacity", g.num())]))])),
                       ("move", obj([("changes", obj([("position", arr([g.num(), g.num()])), ("cornerRadius", g.num())]))])),
                       ("to", obj([(g.pick("to", "from"), obj([("opacity", g.num()), ("x", g.num())]))])),
                       ("fromTo", obj([("fromTo", obj([("from", obj([("alpha", g.num())])),
                                                       ("to", obj([("alpha", g.num())]))]))]))])
    root = g.pick("sequence", "parallel")
    return obj([("definitions", definitions),
                ("timeline", obj([(root, arr(timeline_items(g, 0, root == "sequence", [])))] + node_timing(g)))])


def nested_timeline(levels):
    """A timeline whose root holds `levels` nested sequences (each adds 2 JSON levels)."""
    inner = '{"anim": "f", "layers": ["a"], "duration": 1}'
    for _ in range(levels):
        inner = '{"sequence": [' + inner + "]}"
    return '{"definitions": {"f": {"changes": {"opacity": 1}}}, "timeline": {"sequence": [' + inner + "]}}"


def extreme_timelines(g):
    out = {f"random-{i:03d}": timeline_document(g) for i in range(120)}
    for levels in (61, 62, 63, 64, 1000):
        out[f"nested-{levels}"] = nested_timeline(levels)
    many = ", ".join('{"anim": "f", "layers": ["a", "b"], "duration": 0.001}' for _ in range(500))
    out["many-instances"] = '{"definitions": {"f": {"changes": {"opacity": 1}}}, "timeline": {"sequence": [' + many + "]}}"
    return out


KINDS = ["view", "label", "image", "button", "textField", "textView", "table", "collection"]


def style_object(g):
    pairs = [("animation", json.dumps(g.pick("none", "shimmer", "breathe", "drop"))), ("color", colour(g)),
             ("backgroundColor", colour(g)), ("heightCoefficient", g.pos()), ("boneHeight", g.pos()),
             ("cornerRadius", g.pos()), ("useCornerRadius", g.pick("true", "false")), ("lineHeight", g.pos()),
             ("lineSpacing", g.pos()), ("lastLineScale", g.pos()), ("shimmerDuration", g.pos()),
             ("shimmerSpeed", g.pos()), ("shimmerDirection", json.dumps(g.pick("right", "left", "down", "up", "diagonal"))),
             ("shimmerSpace", json.dumps(g.pick("element", "shared"))),
             ("shimmerColor", g.pick(colour(g), '"bone"')), ("shimmerBrightness", g.pos()),
             ("breatheDuration", g.pos()), ("dropDuration", g.pos()), ("dropColor", colour(g)),
             ("dropStayRatio", g.pick("0", "1", "-0", "5e-324", "0.2")), ("lengthDuration", g.pos()),
             ("longScale", g.pos()), ("shortScale", g.pos()), ("rightToLeft", g.pick("true", "false")),
             ("reducedMotion", json.dumps(g.pick("off", "static", "crossFade"))), ("palette", json.dumps(g.pick("light", "dark")))]
    return g.r.sample(pairs, g.r.randint(1, 8))


def section(g, cell, table):
    pairs = [("cell", json.dumps(cell))]
    if table:
        pairs += [("rowHeight", g.pos()), ("rows", g.pick("0", "1", "3", "1000000", "1000001", "2147483648", "1e308", "-0"))]
    else:
        pairs += [("itemSize", arr([g.pos(), g.pos()])), ("spacing", g.pick(g.pos(), arr([g.pos(), g.pos()]))),
                  ("insets", g.pick(g.pos(), arr([g.pos() for _ in range(4)]))),
                  ("items", g.pick("0", "1", "7", "1000000", "1000001", "1e308", "-0"))]
    for part in ("header", "footer"):
        if g.r.random() < 0.3:
            pairs.append((part, obj([("cell", json.dumps(cell)), ("height", g.pos())])))
    present = [p for p in pairs[1:] if g.r.random() < 0.7]
    return obj(pairs[:1] + present)


def node(g, depth, max_depth, counter):
    kind = g.r.choice(KINDS)
    counter[0] += 1
    pairs = [("id", json.dumps(f"n{counter[0]}")), ("type", json.dumps(kind)),
             ("frame", arr([g.num(), g.num(), g.pos(), g.pos()]))]
    if kind == "label":
        pairs += [("lines", g.pick("0", "1", "2", "10000", "10001", "2147483648", "1e308", "-0")),
                  ("align", json.dumps(g.pick("left", "center", "right", "natural")))]
    if g.r.random() < 0.4:
        pairs.append(("cornerRadius", g.pos()))
    if g.r.random() < 0.2:
        pairs.append(("skeleton", json.dumps(g.pick("auto", "skip", "block", "keep"))))
    if g.r.random() < 0.2:
        pairs.append(("style", obj(style_object(g))))
    if g.r.random() < 0.2:
        pairs.append(("contentOffset", arr([g.num(), g.num()])))
    if kind in ("table", "collection"):
        pairs.append(("sections", arr([section(g, g.pick("row", "card"), kind == "table") for _ in range(g.r.randint(1, 2))])))
    if depth < max_depth and g.r.random() < 0.6:
        pairs.append(("children", arr([node(g, depth + 1, max_depth, counter) for _ in range(g.r.randint(1, 3))])))
    return obj(pairs)


def tree_document(g):
    counter = [0]
    cells = obj([(name, obj([("size", arr([g.pos(), g.pos()])),
                             ("children", arr([node(g, 2, 3, counter) for _ in range(g.r.randint(0, 3))])),
                             ("adjust", arr([json.dumps(adjust_line(g)) for _ in range(g.r.randint(0, 2))]))]))
                 for name in ("row", "card")])
    return obj([("viewport", arr([g.pos(), g.pos()])), ("style", obj(style_object(g))),
                ("root", node(g, 1, 4, counter)), ("cells", cells),
                ("adjust", arr([json.dumps(adjust_line(g)) for _ in range(g.r.randint(0, 4))]))])


def deep_tree(levels):
    inner = '{"type": "label", "frame": [0, 0, 10, 10]}'
    for _ in range(levels - 1):
        inner = '{"frame": [0, 0, 10, 10], "children": [' + inner + "]}"
    return '{"viewport": [375, 667], "root": ' + inner + "}"


def extreme_trees(g):
    out = {f"random-{i:03d}": tree_document(g) for i in range(120)}
    for levels in (63, 64, 65):
        out[f"view-levels-{levels}"] = deep_tree(levels)
    for depth in (254, 255, 256, 257):
        out[f"json-depth-{depth}"] = '{"viewport": [375, 667], "root": {"frame": [0, 0, 1, 1], "style": {"color": ' + nested_arrays(depth - 3) + "}}}"
    for name, sec in {"rows-max": '{"cell": "row", "rows": 1000000}', "rows-over": '{"cell": "row", "rows": 1000001}',
                      "items-max": '{"cell": "card", "items": 1000000, "itemSize": [100, 100]}',
                      "item-size-1e308": '{"cell": "card", "itemSize": [1e308, 1e308], "spacing": 1e308, "insets": 1e308}',
                      "spacing-1e308": '{"cell": "card", "spacing": [1e308, 1e308]}',
                      "insets-negative-zero": '{"cell": "card", "insets": [-0, -0, -0, -0], "itemSize": [5e-324, 5e-324]}',
                      "row-height-subnormal": '{"cell": "row", "rowHeight": 5e-324}'}.items():
        kind = "table" if '"row"' in sec else "collection"
        out[name] = ('{"viewport": [375, 667], "root": {"frame": [0, 0, 375, 667], "children": [{"type": "' + kind
                     + '", "frame": [0, 0, 375, 667], "sections": [' + sec + ']}]}, "cells": {"row": {"size": [375, 44], '
                     '"children": [{"type": "label", "frame": [8, 8, 200, 20]}]}, "card": {"size": [100, 100], '
                     '"children": [{"type": "image", "frame": [0, 0, 100, 60]}]}}}')
    # Inputs that are legal but take seconds under ASan (250,000 bones from 1,000,000 1 x 1 items,
    # 1,000 labels of 10,000 lines) are the budget tests' (bindings/c/tests/test_budgets.c), not here.
    labels = '{"type": "label", "frame": [0, 0, 300, 400], "lines": 10000}'
    out["lines-10000"] = '{"viewport": [375, 667], "root": {"frame": [0, 0, 375, 667], "children": [' + labels + "]}}"
    return out


SELECTORS = ["animation({i})", "animations({i}, {n})", "animationsWithIndexs({i}, {n}, 0)", "named(bio)", "named(\"title\")",
             "create({i})", "createNamed(x)"]
MODIFIERS = ["left({v})", "right({v})", "up({v})", "down({v})", "x({v})", "y({v})", "width({v})", "height({v})",
             "reducedWidth({v})", "reducedHeight({v})", "radius({v})", "reducedRadius({v})", "line({n})", "lines({n})",
             "lineWithMode({n}, vertical)", "lineWithMode({n}, horizontal)", "space({v})", "lastLineScale({v})",
             "lastScale({v})", "targetLineWidth({n}, {v})", "targetLineSpace({n}, {v})", "rangeLineWidth({n}, {n}, {v})",
             "targetLineScale({n}, {v})", "targetLineHeight({n}, {v})", "remove()", "color(#FF0000)", "gradient(#FFF, #000)",
             "withoutAnimation()", "penetrate()", "cancelAlignCenter()", "placeholder(avatar)", "removeContents()",
             "leftEqualTo({i})", "rightEqualTo({i})", "widthEqualTo({i})", "leftEqualToRight({i})", "rightEqualToLeft({i})",
             "topEqualTo({i})", "bottomEqualToTop({i})", "heightEqualTo({i})", "toLongAnimation()", "toShortAnimation()",
             "dropIndex({i})", "dropFromIndex({i})", "dropStayTime({v})", "removeOnDrop()"]


def adjust_line(g):
    index = lambda: g.pick("0", "1", "2", "3", "999", "1000", "2147483647", "2147483648", "-0", "1e308", "5e-324")
    chain = g.r.choice(SELECTORS).format(i=index(), n=index())
    for _ in range(g.r.randint(1, 5)):
        chain += "." + g.r.choice(MODIFIERS).format(v=g.num(), n=index(), i=index())
    return chain


def extreme_adjust(g):
    out = {}
    for i in range(150):
        lines = [adjust_line(g) for _ in range(g.r.randint(1, 6))]
        lines = [g.pick("", "", "@row ", "@card ") + line for line in lines]
        out[f"random-{i:03d}"] = "\n".join(lines)
    out["gradient-64"] = "animation(0).gradient(" + ", ".join(["#FFFFFF"] * 64) + ")"
    out["gradient-65"] = "animation(0).gradient(" + ", ".join(["#FFFFFF"] * 65) + ")"
    out["line-10000-chars"] = "animation(0).down(2)" + " " * (10_000 - 20)
    out["line-10001-chars"] = "animation(0).down(2)" + " " * (10_001 - 20)
    out["lines-1000"] = "named(bio).lines(1000).lastScale(0.4)\n@row named(summary).lines(1000)"
    out["many-chains"] = ";".join(f"animation({i % 4}).down(1)" for i in range(2000))
    return out


def extreme_sections(g):
    out = {}
    for i in range(100):
        table = g.r.random() < 0.5
        out[f"random-{i:03d}"] = section(g, "row" if table else "card", table)
    for name, text in {"item-size-1e308": '{"cell": "card", "itemSize": [1e308, 1e308]}',
                       "spacing-1e308": '{"cell": "card", "spacing": 1e308}',
                       "insets-1e308": '{"cell": "card", "insets": 1e308}',
                       "all-1e308": '{"cell": "card", "itemSize": [1e308, 1e308], "spacing": [1e308, 1e308], "insets": [1e308, 1e308, 1e308, 1e308]}',
                       "rows-max": '{"cell": "row", "rows": 1000000, "rowHeight": 5e-324}',
                       "items-max": '{"cell": "card", "items": 1000000, "itemSize": [5e-324, 5e-324]}'}.items():
        out[name] = text
    return out


def extreme_styles(g):
    out = {}
    for i in range(100):
        out[f"random-{i:03d}"] = "\n".join(f"{k}={v}" for k, v in style_object(g))
    return out


# --------------------------------------------------------------------------------------------
# Fuzz bytes: the chain, tools and viewchain targets' inputs (Sources/Fuzz/Support/FuzzBytes.swift)
# --------------------------------------------------------------------------------------------

# FuzzBytes.numbers, in its order: a selector byte below 0x80 picks one (modulo their count).
NUMBERS = [0.0, -0.0, 1.0, -1.0, 0.5, 0.25, 2.0, 10.0, 100.0, 1e-3, 1e-12, 1e-300, 5e-324, 2.2250738585072014e-308,
           1e6, 1e15, 1e16, 1e154, 1e300, 1e308, -1e308, sys.float_info.max, -sys.float_info.max,
           math.inf, -math.inf, math.nan, 4294967296.0, 9007199254740992.0, 2147483648.0, 0.1, 1e-9, 375.0, 667.0]


class Bytes:
    """Writes what FuzzBytes reads: each method the counterpart of the Swift one."""

    def __init__(self):
        self.out = bytearray()

    def byte(self, value):
        self.out.append(value & 0xFF)
        return self

    def below(self, value):
        return self.byte(value)

    def flag(self, value):
        return self.byte(1 if value else 0)

    def double(self, value):
        for i, known in enumerate(NUMBERS):
            if struct.pack("<d", known) == struct.pack("<d", value):
                return self.byte(i)
        if value >= 0 and value * 8 == int(value * 8) and value * 8 < 0x7F:
            return self.byte(0x80 + int(value * 8))
        self.byte(0xFF)
        self.out += struct.pack("<d", value)
        return self

    def doubles(self, values):
        for value in values:
            self.double(value)
        return self

    def text(self, index=None, raw=None):
        """Choice `index` of the Swift side's list, or raw bytes (selector 0xFF)."""
        if raw is None:
            return self.byte(index)
        self.byte(0xFF).byte(len(raw))
        self.out += raw
        return self

    def data(self):
        return bytes(self.out)


def chain_link(b, kind=0, placement=0, autoreverses=0, additive=0, prop=0, width=1, from_=None, to=None, by=None,
               duration=0.0, begin=0.0, repeat=0.0, timing=0, spring=None, keyframes=(), key_times=(), mode=0,
               transition=(0, 0, 0), progress=(None, None), name=0, completion=False, anchor=0xFF, reserved=0):
    """One link as FuzzChain's addLink reads it (property 0 opacity, 1 position, 3 bounds.size)."""
    b.below(kind).below(placement).below(autoreverses).below(additive).text(prop).below(width)
    for value in (from_, to, by):
        b.flag(value is not None)
        if value is not None:
            b.doubles(value)
    b.double(duration).double(begin).double(repeat).text(timing)
    b.flag(spring is not None)
    if spring is not None or kind == 1:
        b.doubles(spring or (1.0, 100.0, 10.0, 0.0))
    b.below(len(keyframes) // max(width, 1)).doubles(keyframes).below(len(key_times)).doubles(key_times)
    b.text(mode).text(transition[0]).text(transition[1]).text(transition[2])
    for value in progress:
        b.flag(value is not None)
        if value is not None:
            b.double(value)
    return b.text(name).flag(completion).byte(anchor).byte(reserved)


def chain_seeds():
    """A basic stage, a combined spring, keyframes, a transition, and the overflow of issue 28."""
    seeds = {}
    b = Bytes().text(0).double(0.0).text(0)
    chain_link(b, prop=0, from_=[0.0], to=[1.0], duration=0.5, completion=True)
    chain_link(b, kind=1, placement=1, prop=1, width=2, to=[10.0, 20.0], spring=(1.0, 100.0, 10.0, 0.0))
    chain_link(b, kind=2, prop=0, keyframes=[0.0, 1.0, 0.5], key_times=[0.0, 0.5, 1.0], mode=4, duration=1.0)
    chain_link(b, kind=3, prop=10, width=0, transition=(2, 1, 0), duration=0.25, progress=(0.0, 1.0))
    seeds["links"] = b.data()
    b = Bytes().text(0).double(1.0).text(1)
    chain_link(b, prop=3, width=2, by=[5.0, 5.0], duration=2.0, repeat=3.0, autoreverses=1, timing=3)
    chain_link(b, placement=1, anchor=0, prop=0, to=[0.5], begin=0.25, duration=0.5)
    seeds["anchored"] = b.data()
    b = Bytes().text(0).double(0.0).text(0)
    chain_link(b, prop=0, to=[1.0], duration=1e308, repeat=1e308)
    chain_link(b, prop=0, to=[1.0], duration=1.0)
    seeds["overflow"] = b.data()
    return seeds


def preload_params(b, width=375.0, height=667.0, sizes=None, jump=20.0, up=0.5, down=0.4, begin=0.0, dismiss=1.0):
    b.byte(0).double(width).double(height).flag(sizes is not None)
    if sizes is not None:
        b.doubles(sizes)
    return b.double(jump).double(up).double(down).double(begin).byte(0).double(dismiss)


def scrub_params(b, ranges=(0.0, 100.0, 0.0, 1.0), spec=1, spring=None, value=50.0, release=(1.0, 80.0, 10.0, 0.0)):
    b.byte(1).doubles(ranges).text(spec).flag(spring is not None)
    if spring is not None:
        b.doubles(spring[:3]).below(spring[3])
    return b.doubles([ranges[0], ranges[1], value, (ranges[0] + ranges[1]) / 2][2:3]).doubles(release)


def pull_params(b, geometry=(375.0, 95.0, 160.0, 50.0, 20.0, 2.5, 24.0, 1.0), pull=80.0, begin=1.0, end=2.0):
    return b.byte(2).flag(False).doubles(geometry).double(pull).double(begin).double(end)


def card_params(b, window=(375.0, 667.0), images=((16.0, 100.0, 160.0, 120.0), (200.0, 100.0, 160.0, 120.0)),
                tapped=0, curve=0, pool=None, exit_at=0.25):
    b.byte(3).doubles(window).below(len(images))
    for image in images:
        b.doubles(image)
    b.below(tapped).flag(False).flag(False).text(curve).flag(pool is not None)
    if pool is not None:
        b.below(pool)
    return b.double(exit_at)


def tools_seeds():
    return {
        "preload": preload_params(Bytes()).data(),
        "scrub": scrub_params(Bytes(), spring=(1.0, 100.0, 20.0, 0)).data(),
        "pull": pull_params(Bytes()).data(),
        "card": card_params(Bytes(), pool=3).data(),
        "all": card_params(pull_params(scrub_params(preload_params(Bytes())))).data(),
    }


def view_levels(b, levels, selector=None):
    """A view-chain run: `selector` (default the level count) says how many levels (modulo 9)
    and, from 0xF0, repeats the last up to the limit (even) or one past it (odd)."""
    b.byte(0).byte(len(levels) if selector is None else selector)
    for frame, scroll in levels:
        b.doubles(frame).doubles(scroll)
    return b


def viewchain_seeds():
    levels = [((0.0, 64.0, 375.0, 603.0), (0.0, 120.0)), ((16.0, 10.0, 343.0, 200.0), (0.0, 0.0)),
              ((8.0, 8.0, 100.0, 100.0), (4.0, 0.5))]
    chain = view_levels(Bytes(), levels).doubles([1.0, 2.0, 30.0, 40.0])
    pool = Bytes().byte(1).below(4)
    for op in ([0, 3], [2, 0], [0, 2], [3, 0], [2, 1]):
        pool.below(op[0]).below(op[1])
    scene = Bytes().byte(2)
    for i in range(4):
        scene.doubles([10.0 * i, 5.0, 100.0, 50.0]).flag(i == 2)
        if i == 2:
            scene.doubles([0.5, 0.5, 2.0, 0.5, 0.75, 3.0, -4.0])
        if i:
            scene.below(i - 1)
    for from_, to in ((4, 1), (0, 3), (3, 0), (2, 5)):
        scene.text(from_).text(to).doubles([1.0, 2.0, 3.0, 4.0])
    return {"levels": chain.data(), "pool": pool.data(), "scene": scene.data(),
            "limit": view_levels(Bytes(), levels[:1], 0xF4).doubles([0.0, 0.0, 1.0, 1.0]).data(),
            "over-limit": view_levels(Bytes(), levels[:1], 0xFD).doubles([0.0, 0.0, 1.0, 1.0]).data()}


def extreme_bytes(g, target, count=40):
    """Inputs of the byte targets with extreme numbers in their seeds' shapes: each seed with its
    small-value and table numbers replaced at random by FuzzBytes's extremes."""
    bases = {"chain": chain_seeds, "tools": tools_seeds, "viewchain": viewchain_seeds}[target]()
    out = {}
    for i in range(count):
        base = bytearray(g.r.choice(sorted(bases.items()))[1])
        for _ in range(1 + g.r.randrange(6)):
            position = g.r.randrange(len(base))
            base[position] = g.r.choice([12, 19, 20, 21, 22, 23, 24, 25, 11, 17, 0x80, 0xFF & position])
        out[f"{target}-{i:02d}"] = bytes(base)
    return out


def dictionaries():
    """{target: [token]}: the formats' keys and names, for libFuzzer's -dict."""
    scene_keys = ["format", "ghostframe-scene", "version", "layers", "animations", "id", "parent", "frame", "anchorPoint",
                  "cornerRadius", "backgroundColor", "opacity", "hidden", "zPosition", "transform", "scale", "rotation",
                  "translation", "gradient", "colors", "locations", "startPoint", "endPoint", "custom", "contents", "layer",
                  "key", "type", "basic", "keyframes", "spring", "group", "transition", "timing", "coreAnimation",
                  "removedOnCompletion", "keyPath", "from", "to", "by", "additive", "cumulative", "values", "keyTimes",
                  "curves", "calculationMode", "tension", "continuity", "bias", "velocity", "mass", "stiffness", "damping",
                  "initialVelocity", "allowsOverdamping", "kind", "direction", "fromLayer", "startProgress", "endProgress",
                  "duration", "delay", "endDelay", "iterations", "iterationStart", "fill", "easing", "playbackRate",
                  "timeOffset", "beginTime", "speed", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
                  "infinity", "cubicPaced", "paced", "discrete", "cubic", "alternate-reverse", "fromBottom", "moveIn"]
    scene_keys += [path for path, _ in KEY_PATHS]
    tree_keys = ["viewport", "style", "root", "cells", "adjust", "id", "type", "frame", "children", "lines", "align",
                 "cornerRadius", "hidden", "skeleton", "contentOffset", "sections", "cell", "rowHeight", "rows", "header",
                 "footer", "itemSize", "spacing", "insets", "items", "height", "size", "block", "keep", "skip"] + KINDS
    style_keys = [
        "animation", "effect", "palette", "color", "backgroundColor", "heightCoefficient", "boneHeight", "cornerRadius",
        "useCornerRadius", "lineHeight", "lineSpacing", "lastLineScale", "shimmerDuration", "shimmerSpeed",
        "shimmerDirection", "shimmerSpace", "shimmerColor", "shimmerBrightness", "breatheDuration", "dropDuration",
        "dropColor", "dropStayRatio", "lengthDuration", "longScale", "shortScale", "rightToLeft", "reducedMotion", "shimmer",
        "bone",
        "breathe", "drop", "diagonal", "crossFade", "dark"]
    numbers = FINITE + ["1e999"]
    curve = ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(", "steps(", "step-start", "step-end",
             "jump-start", "jump-end", "jump-none", "jump-both", "linear(", "spring(", "allows-overdamping", "default",
             "easeInEaseOut", "easeInQuad", "easeOutBounce", "easeInOutElastic", "easeInBack", "%"]
    adjust = sorted({re.match(r"\w+", m).group(0) + "(" for m in SELECTORS + MODIFIERS}) + ["@row ", "@card ", "#FFFFFF"]
    timeline = ["definitions", "timeline", "curve", "changes", "sequence", "parallel", "anim", "layers", "duration",
                "delay", "stagger", "each", "amount", "from", "ease", "start", "end", "center", "edges", "label",
                "position", "<", ">", "+=", "-=", "<-", ">-", "to", "fromTo", "grid", "axis", "auto", "repeat", "yoyo",
                "repeatDelay", "timeScale", "call"] + [path for path, _ in KEY_PATHS] + curve
    return {"curve": curve + numbers, "scene": scene_keys + numbers, "tree": tree_keys + style_keys + numbers,
            "adjust": adjust + numbers, "section": tree_keys + numbers, "style": [k + "=" for k in style_keys] + numbers,
            "timeline": timeline + numbers}


def write_extreme(directory):
    for target, tokens in dictionaries().items():
        lines = [json.dumps(token) for token in dict.fromkeys(tokens)]
        (Path(directory) / f"{target}.dict").parent.mkdir(parents=True, exist_ok=True)
        (Path(directory) / f"{target}.dict").write_text("\n".join(lines) + "\n")
    # The byte targets' dictionary: raw doubles (0xFF and eight bytes) FuzzBytes's table lacks.
    raw = [1.7976931348623157e308, 8.98846567431158e307, 1e307, -1e-320, 3.0e-308, 6.02e23, 0.9999999999999999]
    for target in ("chain", "tools", "viewchain"):
        lines = ['"' + "".join(f"\\x{c:02X}" for c in b"\xff" + struct.pack("<d", value)) + '"' for value in raw]
        (Path(directory) / f"{target}.dict").write_text("\n".join(lines) + "\n")
    g = Gen(20240609)
    makers = {"curve": extreme_curves, "scene": extreme_scenes, "tree": extreme_trees, "adjust": extreme_adjust,
              "section": extreme_sections, "style": extreme_styles, "timeline": extreme_timelines,
              "chain": lambda g: extreme_bytes(g, "chain"), "tools": lambda g: extreme_bytes(g, "tools"),
              "viewchain": lambda g: extreme_bytes(g, "viewchain")}
    for target, make in makers.items():
        out = Path(directory) / target
        out.mkdir(parents=True, exist_ok=True)
        inputs = make(g)
        for name, text in inputs.items():
            (out / f"extreme-{name}").write_bytes(text.encode() if isinstance(text, str) else text)
        print(f"{target}: {len(inputs)} extreme inputs in {out}")


def main(argv):
    if len(argv) == 2 and argv[1] == "seeds":
        write_seeds()
    elif len(argv) == 3 and argv[1] == "extreme":
        write_extreme(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
