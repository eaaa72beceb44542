import Testing
@testable import GhostframeFormats
import GhostframeCore
import _GhostframeJSON

/// A document that must fail to load with exactly this code and message.
struct SceneJSONErrorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let code: GhostframeError.Code
  let message: String
  var testDescription: String { name }

  init(_ name: String, _ text: String, _ code: GhostframeError.Code, _ message: String) {
    self.name = name
    self.text = text
    self.code = code
    self.message = message
  }

  /// A case whose document has these layers and animations.
  static func scene(
    _ name: String, layers: String = #"[{"id": "card"}]"#, animations: String = "[]",
    _ code: GhostframeError.Code, _ message: String
  ) -> SceneJSONErrorCase {
    SceneJSONErrorCase(name, sceneDocument(layers: layers, animations: animations), code, message)
  }

  /// An `.invalidArgument` case whose document has these layers and animations.
  static func scene(
    _ name: String, layers: String = #"[{"id": "card"}]"#, animations: String = "[]", _ message: String
  ) -> SceneJSONErrorCase {
    scene(name, layers: layers, animations: animations, .invalidArgument, message)
  }

  /// A case with one animation on layer "card" (and a layer "old").
  static func animation(
    _ name: String, _ animation: String, _ code: GhostframeError.Code, _ message: String
  ) -> SceneJSONErrorCase {
    scene(name, layers: #"[{"id": "card"}, {"id": "old"}]"#, animations: "[\(animation)]", code, message)
  }

  /// An `.invalidArgument` case with one animation.
  static func animation(_ name: String, _ animation: String, _ message: String) -> SceneJSONErrorCase {
    self.animation(name, animation, .invalidArgument, message)
  }
}

let sceneDocumentErrors: [SceneJSONErrorCase] = [
  SceneJSONErrorCase("malformed JSON", #"{"format": "ghostframe-scene", "version": 1,}"#, .parse,
                     "line 1, column 45: expected a string key after ',', found '}'"),
  SceneJSONErrorCase("not an object", "[]", .invalidArgument, "$: expected an object, found an array"),
  SceneJSONErrorCase("unknown top-level key", #"{"format": "ghostframe-scene", "version": 1, "layrs": []}"#,
                     .invalidArgument, "$: unknown key 'layrs' (did you mean 'layers'?)"),
  SceneJSONErrorCase("missing format", #"{"version": 1}"#, .invalidArgument, "$: missing required key 'format'"),
  SceneJSONErrorCase("wrong format", #"{"format": "lottie", "version": 1}"#, .invalidArgument,
                     "format: expected 'ghostframe-scene', found 'lottie'"),
  SceneJSONErrorCase("missing version", #"{"format": "ghostframe-scene"}"#, .invalidArgument,
                     "$: missing required key 'version'"),
  SceneJSONErrorCase("unsupported version", #"{"format": "ghostframe-scene", "version": 2}"#, .invalidArgument,
                     "version: unsupported version 2 (this library reads version 1)"),
  SceneJSONErrorCase("layers not an array", #"{"format": "ghostframe-scene", "version": 1, "layers": {}}"#,
                     .invalidArgument, "layers: expected an array, found an object"),
]

let sceneLayerErrors: [SceneJSONErrorCase] = [
  .scene("unknown layer key", layers: #"[{"id": "a"}, {"id": "b"}, {"id": "c", "fram": [0, 0, 1, 1]}]"#,
         "layers[2]: unknown key 'fram' (did you mean 'frame'?)"),
  .scene("short frame", layers: #"[{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d", "frame": [0, 0, 1]}]"#,
         "layers[3].frame: expected 4 numbers, found 3"),
  .scene("frame element", layers: #"[{"id": "a", "frame": [0, "1", 2, 3]}]"#,
         "layers[0].frame[1]: expected a number, found a string"),
  .scene("frame not an array", layers: #"[{"id": "a", "frame": "0 0 1 1"}]"#,
         "layers[0].frame: expected an array of 4 numbers, found a string"),
  .scene("negative size", layers: #"[{"id": "a", "frame": [0, 0, -1, 2]}]"#,
         "layers[0].frame: width and height must be >= 0, found -1 x 2"),
  .scene("missing id", layers: #"[{"frame": [0, 0, 1, 1]}]"#, "layers[0]: missing required key 'id'"),
  .scene("empty id", layers: #"[{"id": ""}]"#, "layers[0].id: a layer id must not be empty"),
  .scene("id not a string", layers: #"[{"id": 3}]"#, "layers[0].id: expected a string, found a number"),
  .scene("duplicate id", layers: #"[{"id": "a"}, {"id": "b"}, {"id": "a"}]"#,
         "layers[2].id: duplicate layer id 'a' (also layers[0])"),
  .scene("missing parent", layers: #"[{"id": "screen"}, {"id": "card", "parent": "scren"}]"#, .notFound,
         "layers[1].parent: layer 'card' has parent 'scren', which does not exist (did you mean 'screen'?)"),
  .scene("missing parent without a near id", layers: #"[{"id": "a", "parent": "zzzzzz"}]"#, .notFound,
         "layers[0].parent: layer 'a' has parent 'zzzzzz', which does not exist"),
  .scene("cycle", layers: #"[{"id": "x"}, {"id": "a", "parent": "b"}, {"id": "b", "parent": "c"}, {"id": "c", "parent": "a"}]"#,
         "layers[3].parent: layer 'c' is its own ancestor ('c' → 'a' → 'b' → 'c')"),
  .scene("own parent", layers: #"[{"id": "a", "parent": "a"}]"#,
         "layers[0].parent: layer 'a' is its own ancestor ('a' → 'a')"),
  .scene("bad hex colour", layers: ##"[{"id": "a", "backgroundColor": "#12345"}]"##,
         ##"layers[0].backgroundColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found '#12345'"##),
  .scene("#RGBA is not a form", layers: ##"[{"id": "a", "backgroundColor": "#FFFF"}]"##,
         ##"layers[0].backgroundColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found '#FFFF'"##),
  .scene("hex without #", layers: #"[{"id": "a", "backgroundColor": "FFFFFF"}]"#,
         ##"layers[0].backgroundColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found 'FFFFFF'"##),
  .scene("non-hex digit", layers: ##"[{"id": "a", "backgroundColor": "#GG0000"}]"##,
         ##"layers[0].backgroundColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found '#GG0000'"##),
  .scene("colour channel out of range", layers: #"[{"id": "a", "backgroundColor": [255, 0, 0, 1]}]"#,
         "layers[0].backgroundColor[0]: a colour channel must be in [0, 1], found 255"),
  .scene("colour of 3 numbers", layers: #"[{"id": "a", "backgroundColor": [1, 0, 0]}]"#,
         "layers[0].backgroundColor: expected 4 numbers, found 3"),
  .scene("colour of the wrong kind", layers: #"[{"id": "a", "backgroundColor": 1}]"#,
         ##"layers[0].backgroundColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found a number"##),
  .scene("unknown transform key", layers: #"[{"id": "a", "transform": {"rotaton": 1}}]"#,
         "layers[0].transform: unknown key 'rotaton' (did you mean 'rotation'?)"),
  .scene("unknown transform key far from any", layers: #"[{"id": "a", "transform": {"rotate": 1}}]"#,
         "layers[0].transform: unknown key 'rotate' (expected one of 'rotation', 'scale', 'translation')"),
  .scene("too many gradient colours",
         layers: ##"[{"id": "a", "gradient": {"colors": ["#000", "#111", "#222", "#333", "#444"]}}]"##,
         "layers[0].gradient.colors: a gradient has at most 4 colours, found 5"),
  .scene("gradient locations mismatch", layers: ##"[{"id": "a", "gradient": {"colors": ["#000", "#FFF"], "locations": [0]}}]"##,
         "layers[0].gradient.locations: expected one location per colour (2) or none, found 1"),
  .scene("gradient without colours", layers: #"[{"id": "a", "gradient": {}}]"#,
         "layers[0].gradient: missing required key 'colors'"),
  .scene("gradient colour", layers: ##"[{"id": "a", "gradient": {"colors": ["#000", "wite"]}}]"##,
         ##"layers[0].gradient.colors[1]: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found 'wite' (did you mean 'white'?)"##),
  .scene("custom value", layers: #"[{"id": "a", "custom": {"glow": "high"}}]"#,
         "layers[0].custom.glow: expected a number, found a string"),
  .scene("custom name with a space", layers: #"[{"id": "a", "custom": {"blur radius": true}}]"#,
         #"layers[0].custom["blur radius"]: expected a number, found a boolean"#),
  .scene("empty custom name", layers: #"[{"id": "a", "custom": {"": 1}}]"#,
         "layers[0].custom: a custom property name must not be empty"),
  .scene("hidden", layers: #"[{"id": "a", "hidden": 1}]"#, "layers[0].hidden: expected a boolean, found a number"),
  .scene("anchor point", layers: #"[{"id": "a", "anchorPoint": [0.5]}]"#,
         "layers[0].anchorPoint: expected 2 numbers, found 1"),
]

let sceneAnimationErrors: [SceneJSONErrorCase] = [
  .animation("missing type", #"{"layer": "card", "keyPath": "opacity"}"#, "animations[0]: missing required key 'type'"),
  .animation("unknown type", #"{"layer": "card", "type": "bsic"}"#,
             "animations[0].type: unknown animation type 'bsic' (did you mean 'basic'?)"),
  .animation("unknown key", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timng": {"duration": 1}}"#,
             "animations[0]: unknown key 'timng' (did you mean 'timing'?)"),
  .animation("key of another type", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "values": [1], "timing": {"duration": 1}}"#,
             "animations[0]: unknown key 'values'"),
  .animation("missing layer", #"{"type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}"#,
             "animations[0]: missing required key 'layer'"),
  .animation("unknown layer", #"{"layer": "crad", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}"#,
             .notFound, "animations[0].layer: no layer 'crad' (did you mean 'card'?)"),
  .animation("unknown key path", #"{"layer": "card", "type": "basic", "keyPath": "opacty", "to": 1, "timing": {"duration": 1}}"#,
             .notFound, "animations[0].keyPath: unknown key path 'opacty' (did you mean 'opacity'?)"),
  .animation("empty custom key path", #"{"layer": "card", "type": "basic", "keyPath": "custom.", "to": 1, "timing": {"duration": 1}}"#,
             .notFound, "animations[0].keyPath: key path 'custom.' has no property name"),
  .animation("unknown curve", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "easing": "eaze"}}"#,
             .parse, "animations[0].timing.easing: unknown curve 'eaze' at column 1"),
  .animation("curve out of range", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "easing": "steps(0)"}}"#,
             .invalidArgument, "animations[0].timing.easing: steps: count 0 at column 7 is outside 1...2147483647"),
  .animation("no timing", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1}"#,
             "animations[0]: missing required key 'timing' (or 'coreAnimation')"),
  .animation("both timings", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}, "coreAnimation": {}}"#,
             "animations[0]: give either 'timing' or 'coreAnimation', not both"),
  .animation("timing without duration", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"delay": 1}}"#,
             "animations[0].timing: missing required key 'duration'"),
  .animation("unknown timing key", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "iteration": 2}}"#,
             "animations[0].timing: unknown key 'iteration' (did you mean 'iterations'?)"),
  .animation("iterations spelled wrong", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "iterations": "inf"}}"#,
             #"animations[0].timing.iterations: expected a number or "infinity", found 'inf'"#),
  .animation("iterations of the wrong kind", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "iterations": true}}"#,
             #"animations[0].timing.iterations: expected a number or "infinity", found a boolean"#),
  .animation("unknown direction", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "direction": "alternate-revers"}}"#,
             "animations[0].timing.direction: unknown direction 'alternate-revers' (did you mean 'alternate-reverse'?)"),
  .animation("unknown fill", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "fill": "removed"}}"#,
             "animations[0].timing.fill: unknown fill mode 'removed' (expected one of 'backwards', 'both', 'forwards', 'none')"),
  .animation("negative duration", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": -1}}"#,
             "animations[0].timing: duration must be >= 0 (got -1.0)"),
  .animation("zero playback rate", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "playbackRate": 0}}"#,
             "animations[0].timing: playback rate must be finite and non-zero (got 0.0)"),
  .animation("zero time scale", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "timeScale": 0}}"#,
             "animations[0].timing: time scale must be finite and > 0 (got 0.0)"),
  .animation("core animation speed", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "coreAnimation": {"speed": 0}}"#,
             "animations[0].coreAnimation: speed must be finite and > 0 (got 0.0); to pause, sample one fixed time"),
  .animation("core animation infinite duration", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "coreAnimation": {"duration": "infinity"}}"#,
             "animations[0].coreAnimation.duration: expected a number, found a string"),
  .animation("core animation unknown key", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "coreAnimation": {"fill": "forwards"}}"#,
             "animations[0].coreAnimation: unknown key 'fill' (did you mean 'fillMode'?)"),
  .animation("Core Animation field in a timing", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1, "repeatCount": 2}}"#,
             "animations[0].timing: unknown key 'repeatCount' (did you mean 'iterations'?)"),
  .animation("Web Animations field in a coreAnimation", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "coreAnimation": {"delay": 2}}"#,
             "animations[0].coreAnimation: unknown key 'delay' (did you mean 'beginTime'?)"),
  .animation("core animation fill mode", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "coreAnimation": {"fillMode": "forward"}}"#,
             "animations[0].coreAnimation.fillMode: unknown fill mode 'forward' (did you mean 'forwards'?)"),
  .animation("array for a number", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": [1], "timing": {"duration": 1}}"#,
             "animations[0].to: expected a number, found an array"),
  .animation("value width", #"{"layer": "card", "type": "basic", "keyPath": "position", "from": [1, 2, 3], "timing": {"duration": 1}}"#,
             "animations[0].from: expected 2 numbers, found 3"),
  .animation("colour string for a number", ##"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": "#FFF", "timing": {"duration": 1}}"##,
             "animations[0].to: expected a number, found a string"),
  .animation("gradient colours count", ##"{"layer": "card", "type": "basic", "keyPath": "gradient.colors", "to": ["#FFF"], "timing": {"duration": 1}}"##,
             "animations[0].to: expected 16 numbers, found 1"),
  .animation("additive not a boolean", #"{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "additive": "yes", "timing": {"duration": 1}}"#,
             "animations[0].additive: expected a boolean, found a string"),
  .animation("key times out of range", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 2], "timing": {"duration": 1}}"#,
             "animations[0].keyTimes[1] must be in [0.0, 1] (got 2.0)"),
  .animation("key times count", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1], "timing": {"duration": 1}}"#,
             "animations[0].keyTimes: linear mode with 3 values needs 3 key times, got 2"),
  .animation("no keyframes", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [], "timing": {"duration": 1}}"#,
             "animations[0].values: at least one keyframe is needed"),
  .animation("keyframe value", #"{"layer": "card", "type": "keyframes", "keyPath": "position", "values": [[0, 0], [1]], "timing": {"duration": 1}}"#,
             "animations[0].values[1]: expected 2 numbers, found 1"),
  .animation("segment curves", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [0, 1], "curves": ["ease", "ease"], "timing": {"duration": 1}}"#,
             "animations[0].curves: 1 segment curve(s) expected, got 2"),
  .animation("segment curve", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [0, 1], "curves": ["ease-ot"], "timing": {"duration": 1}}"#,
             .parse, "animations[0].curves[0]: unknown curve 'ease-ot' at column 1"),
  .animation("tension count", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [0, 1], "calculationMode": "cubic", "tension": [0], "timing": {"duration": 1}}"#,
             "animations[0].tension: 2 values expected, got 1"),
  .animation("calculation mode", #"{"layer": "card", "type": "keyframes", "keyPath": "opacity", "values": [0, 1], "calculationMode": "cubicpaced", "timing": {"duration": 1}}"#,
             "animations[0].calculationMode: unknown calculation mode 'cubicpaced' (did you mean 'cubicPaced'?)"),
  .animation("spring without to", #"{"layer": "card", "type": "spring", "keyPath": "opacity"}"#,
             "animations[0]: missing required key 'to'"),
  .animation("spring mass", #"{"layer": "card", "type": "spring", "keyPath": "opacity", "to": 1, "spring": {"mass": -1}}"#,
             "animations[0].spring: mass must be finite and > 0, got -1.0"),
  .animation("spring unknown key", #"{"layer": "card", "type": "spring", "keyPath": "opacity", "to": 1, "spring": {"stiffnes": 1}}"#,
             "animations[0].spring: unknown key 'stiffnes' (did you mean 'stiffness'?)"),
  .animation("undamped spring without a timing", #"{"layer": "card", "type": "spring", "keyPath": "opacity", "to": 1, "spring": {"damping": 0}}"#,
             "animations[0]: spring: damping 0 never settles"),
  .animation("spring velocity width", #"{"layer": "card", "type": "spring", "keyPath": "position", "to": [1, 1], "velocity": 3, "timing": {"duration": 1}}"#,
             "animations[0].velocity: expected an array of 2 numbers, found a number"),
  .animation("group child with a layer", #"{"layer": "card", "type": "group", "timing": {"duration": 1}, "animations": [{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}]}"#,
             "animations[0].animations[0]: unknown key 'layer' (a group's children animate the group's layer and have no key)"),
  .animation("group child transition", #"{"layer": "card", "type": "group", "timing": {"duration": 1}, "animations": [{"type": "transition", "kind": "fade", "fromLayer": "old", "timing": {"duration": 1}}]}"#,
             "animations[0].animations[0].type: a transition cannot be part of a group"),
  .animation("nested child error", #"{"layer": "card", "type": "group", "timing": {"duration": 1}, "animations": [{"type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}, {"type": "group", "timing": {"duration": 1}, "animations": [{"type": "basic", "keyPath": "opacty", "to": 1, "timing": {"duration": 1}}]}]}"#,
             .notFound, "animations[0].animations[1].animations[0].keyPath: unknown key path 'opacty' (did you mean 'opacity'?)"),
  .animation("infinite group", #"{"layer": "card", "type": "group", "timing": {"duration": "infinity"}, "animations": []}"#,
             "animations[0]: a group's duration must be finite"),
  .animation("group without children", #"{"layer": "card", "type": "group", "timing": {"duration": 1}}"#,
             "animations[0]: missing required key 'animations'"),
  .animation("group with a key path", #"{"layer": "card", "type": "group", "keyPath": "opacity", "timing": {"duration": 1}, "animations": []}"#,
             "animations[0]: unknown key 'keyPath' (expected one of 'animations', 'coreAnimation', 'key', 'layer', 'removedOnCompletion', 'timing', 'type')"),
  .animation("transition from nowhere", #"{"layer": "card", "type": "transition", "kind": "fade", "fromLayer": "olf", "timing": {"duration": 1}}"#,
             .notFound, "animations[0].fromLayer: no layer 'olf' (did you mean 'old'?)"),
  .animation("transition from itself", #"{"layer": "card", "type": "transition", "kind": "fade", "fromLayer": "card", "timing": {"duration": 1}}"#,
             "animations[0].fromLayer: a layer cannot transition from itself"),
  .animation("transition kind", #"{"layer": "card", "type": "transition", "kind": "pusj", "fromLayer": "old", "timing": {"duration": 1}}"#,
             "animations[0].kind: unknown transition kind 'pusj' (did you mean 'push'?)"),
  .animation("transition direction", #"{"layer": "card", "type": "transition", "kind": "push", "direction": "left", "fromLayer": "old", "timing": {"duration": 1}}"#,
             "animations[0].direction: unknown transition direction 'left' (expected one of 'fromBottom', 'fromLeft', 'fromRight', 'fromTop')"),
  .animation("transition progress", #"{"layer": "card", "type": "transition", "kind": "push", "fromLayer": "old", "startProgress": 0.5, "endProgress": 0.25, "timing": {"duration": 1}}"#,
             "animations[0]: transition progress must satisfy 0 <= start <= end <= 1 (got 0.5, 0.25)"),
  .animation("transition additive", #"{"layer": "card", "type": "transition", "kind": "push", "fromLayer": "old", "additive": true, "timing": {"duration": 1}}"#,
             "animations[0]: unknown key 'additive'"),
  .scene("duplicate key", animations: #"""
    [{"layer": "card", "key": "k", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}},
     {"layer": "card", "key": "k", "type": "basic", "keyPath": "opacity", "to": 0, "timing": {"duration": 1}}]
    """#, "animations[1].key: layer 'card' already has an animation with key 'k' (animations[0])"),
  .scene("second animation", animations: #"""
    [{"layer": "card", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}},
     {"layer": "card", "type": "basic", "keyPath": "opacty", "to": 0, "timing": {"duration": 1}}]
    """#, .notFound, "animations[1].keyPath: unknown key path 'opacty' (did you mean 'opacity'?)"),
]

@Suite("Scene JSON: errors")
struct SceneJSONErrorTests {
  @Test("document errors name the path", arguments: sceneDocumentErrors)
  func document(_ errorCase: SceneJSONErrorCase) {
    #expect(sceneJSONError(errorCase.text) == GhostframeError(errorCase.code, errorCase.message))
  }

  @Test("layer errors name the path", arguments: sceneLayerErrors)
  func layer(_ errorCase: SceneJSONErrorCase) {
    #expect(sceneJSONError(errorCase.text) == GhostframeError(errorCase.code, errorCase.message))
  }

  @Test("animation errors name the path", arguments: sceneAnimationErrors)
  func animation(_ errorCase: SceneJSONErrorCase) {
    #expect(sceneJSONError(errorCase.text) == GhostframeError(errorCase.code, errorCase.message))
  }

  @Test("a group with an unknown key lists the allowed keys only when there are at most 8")
  func allowedKeysListed() {
    // A basic animation allows more than 8 keys: no list, and no suggestion for a far-off key.
    let error = sceneJSONError(sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"[{"layer": "a", "type": "basic", "keyPath": "opacity", "zzz": 1, "timing": {"duration": 1}}]"#))
    #expect(error == GhostframeError(.invalidArgument, "animations[0]: unknown key 'zzz'"))
  }

  @Test("a tree deeper than Scene.maximumDepth is a limit error naming the layer")
  func depthLimit() {
    let layers = (0...Scene.maximumDepth).map { index in
      index == 0 ? #"{"id": "l0"}"# : #"{"id": "l\#(index)", "parent": "l\#(index - 1)"}"#
    }
    let last = Scene.maximumDepth
    let error = sceneJSONError(sceneDocument(layers: "[\(layers.joined(separator: ","))]"))
    #expect(error == GhostframeError(.limit, "layers[\(last)]: layer 'l\(last)' nests deeper than \(last) levels"))
    // One level less loads.
    let fits = sceneDocument(layers: "[\(layers.dropLast().joined(separator: ","))]")
    #expect(throws: Never.self) { try Scene(json: fits) }
  }

  @Test("more layers than Scene.maximumLayers is a limit error, found before reading them")
  func layerCountLimit() {
    let count = Scene.maximumLayers + 1
    let layers = "[" + String(repeating: "0,", count: count - 1) + "0]"
    let error = sceneJSONError(sceneDocument(layers: layers))
    #expect(error == GhostframeError(.limit, "layers: \(count) layers exceed the limit of \(Scene.maximumLayers) layers"))
  }

  @Test("JSON nesting past the reader's depth limit is a limit error")
  func jsonDepthLimit() {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let error = sceneJSONError(sceneDocument(layers: #"[{"id": "a", "custom": {"x": \#(deep)}}]"#))
    #expect(error?.code == .limit)
  }

  @Test("more children than a group tree may hold is a limit error with the path")
  func groupLimit() {
    let child = #"{"type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}"#
    let children = Array(repeating: child, count: Animation.maximumGroupChildren + 1).joined(separator: ",")
    let error = sceneJSONError(sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"[{"layer": "a", "type": "group", "timing": {"duration": 1}, "animations": [\#(children)]}]"#))
    #expect(error == GhostframeError(
      .limit, "animations[0]: more than \(Animation.maximumGroupChildren) animations in one group tree"))
  }

  @Test("an error leaves nothing half-built: the same text fixed loads fully")
  func nothingHalfBuilt() throws {
    // The first layer and animation are fine; the error comes late.
    let broken = sceneDocument(
      layers: #"[{"id": "a"}, {"id": "b"}]"#,
      animations: #"""
        [{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}},
         {"layer": "b", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": -1}}]
        """#)
    var scene = Scene()
    do {
      scene = try Scene(json: broken)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("animations[1].timing: "))
    }
    #expect(scene.layers.isEmpty && scene.animations.isEmpty)
  }

  @Test("engine path rewriting: 'animation' becomes the JSON path and 'children' becomes 'animations'")
  func rebasing() {
    let path = JSONPath([.key("animations"), .index(2)])
    let cases: [(String, String)] = [
      ("animation.keyTimes[1] must be in [0.0, 1] (got 2.0)", "animations[2].keyTimes[1] must be in [0.0, 1] (got 2.0)"),
      ("animation: a group's duration must be finite", "animations[2]: a group's duration must be finite"),
      ("animation.children[0].from: 'opacity' takes 1 number(s), got 2",
       "animations[2].animations[0].from: 'opacity' takes 1 number(s), got 2"),
      ("animations are fine", "animations[2]: animations are fine"),
      ("layer 'a': frame.x must be finite (got nan)", "animations[2]: layer 'a': frame.x must be finite (got nan)"),
    ]
    for (engine, expected) in cases {
      let rebased = SceneJSONReader.rebased(GhostframeError(.invalidArgument, engine), at: path)
      #expect(rebased == GhostframeError(.invalidArgument, expected))
    }
    let spring = SceneJSONReader.rebased(
      GhostframeError(.invalidArgument, "spring: mass must be finite and > 0, got 0.0"), at: path.appending(key: "spring"))
    #expect(spring.message == "animations[2].spring: mass must be finite and > 0, got 0.0")
    #expect(SceneJSONReader.rebased(GhostframeError(.notFound, "x"), at: path).code == .notFound)
  }
}
