import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport
import _GhostframeJSON

extension SceneJSONWriter {
  /// The whole document for `scene` built first: the reference the streamed text is compared with.
  static func document(for scene: Scene) -> JSONValue {
    [
      "format": .string(Scene.jsonFormatName),
      "version": .number(Double(Scene.jsonFormatVersion)),
      "layers": .array(scene.layers.map(layer)),
      "animations": .array(scene.animations.map(attached)),
    ]
  }
}

/// The written document of `scene`, parsed back into JSON values.
func writtenDocument(_ scene: Scene) throws -> JSONObjectReader {
  try JSONReader(JSONValue(parsing: scene.json())).object()
}

/// The object at `path` (keys and indices) below `reader`.
func writtenMember(_ reader: JSONObjectReader, _ path: Any...) throws -> JSONValue {
  var value = JSONValue.object(reader.object)
  for step in path {
    switch (value, step) {
    case (.object(let object), let key as String): value = try #require(object[key], "no member \(key)")
    case (.array(let elements), let index as Int): value = elements[index]
    default: throw GhostframeError(.notFound, "no \(step) in \(value)")
    }
  }
  return value
}

@Suite("Scene JSON: writing")
struct SceneJSONWriteTests {
  @Test("a document: format, version, layers and animations, in that order")
  func documentMembers() throws {
    let document = try writtenDocument(Scene())
    #expect(document.keys == ["format", "version", "layers", "animations"])
    #expect(try writtenMember(document, "format") == "ghostframe-scene")
    #expect(try writtenMember(document, "version") == 1)
    #expect(try writtenMember(document, "layers") == [])
    #expect(try writtenMember(document, "animations") == [])
  }

  @Test("every layer field is written; parent and gradient only when present")
  func layerFields() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root"))
    try scene.addLayer(Layer(
      id: "card", parent: "root", frame: Rect(x: 16, y: 100.5, width: 343, height: 200),
      anchorPoint: Point(x: 0, y: 1), cornerRadius: 12, backgroundColor: Color(rgb: 0xEEEEEE), opacity: 0.25,
      transform: LayerTransform(scaleX: 2, scaleY: 3, rotation: -0.5, translationX: 7, translationY: 8),
      isHidden: true, zPosition: 4,
      gradient: Gradient(colors: [.white, .black], locations: [0.25, 1], startPoint: Point(x: 0, y: 0.5),
                         endPoint: Point(x: 1, y: 0.5)),
      custom: ["zeta": 1, "alpha": 2, "Beta": 3]))
    let document = try writtenDocument(scene)
    let root = try JSONObjectReader(#require(writtenMember(document, "layers", 0).sceneJSONObject))
    #expect(root.keys == [
      "id", "frame", "anchorPoint", "cornerRadius", "backgroundColor", "opacity", "hidden", "zPosition",
      "transform", "custom",
    ])
    #expect(try writtenMember(root, "frame") == [0, 0, 0, 0])
    #expect(try writtenMember(root, "anchorPoint") == [0.5, 0.5])
    #expect(try writtenMember(root, "backgroundColor") == "#00000000")
    #expect(try writtenMember(root, "transform") == ["scale": [1, 1], "rotation": 0, "translation": [0, 0]])
    #expect(try writtenMember(root, "custom") == [:])

    let card = try JSONObjectReader(#require(writtenMember(document, "layers", 1).sceneJSONObject))
    #expect(card.keys == [
      "id", "parent", "frame", "anchorPoint", "cornerRadius", "backgroundColor", "opacity", "hidden", "zPosition",
      "transform", "gradient", "custom",
    ])
    #expect(try writtenMember(card, "id") == "card")
    #expect(try writtenMember(card, "parent") == "root")
    #expect(try writtenMember(card, "frame") == [16, 100.5, 343, 200])
    #expect(try writtenMember(card, "anchorPoint") == [0, 1])
    #expect(try writtenMember(card, "cornerRadius") == 12)
    #expect(try writtenMember(card, "backgroundColor") == "#EEEEEEFF")
    #expect(try writtenMember(card, "opacity") == 0.25)
    #expect(try writtenMember(card, "hidden") == true)
    #expect(try writtenMember(card, "zPosition") == 4)
    #expect(try writtenMember(card, "transform") == ["scale": [2, 3], "rotation": -0.5, "translation": [7, 8]])
    #expect(try writtenMember(card, "gradient") == [
      "colors": ["#FFFFFFFF", "#000000FF"], "locations": [0.25, 1], "startPoint": [0, 0.5], "endPoint": [1, 0.5],
    ])
    // Custom properties in code-unit order, whatever the dictionary's order.
    guard case .object(let custom) = try writtenMember(card, "custom") else {
      Issue.record("custom is not an object")
      return
    }
    #expect(custom.keys == ["Beta", "alpha", "zeta"])
  }

  @Test("colours: #RRGGBBAA only when every channel is exactly n / 255, else an array")
  func colours() {
    #expect(SceneJSONWriter.color(Color(rgb: 0x12AB9F, alpha: 0x80 / 255.0)) == "#12AB9F80")
    #expect(SceneJSONWriter.color(.clear) == "#00000000")
    #expect(SceneJSONWriter.color(.white) == "#FFFFFFFF")
    #expect(SceneJSONWriter.color(Color(red: 0.5, green: 0, blue: 0)) == [0.5, 0, 0, 1])
    // One unit in the last place off n / 255 is not exact.
    let nearly = (0x80 / 255.0).nextUp
    #expect(SceneJSONWriter.color(Color(red: nearly, green: 0, blue: 0)) == [.number(nearly), 0, 0, 1])
    // -0 is not +0 bit for bit: kept as a number.
    guard case .array(let channels) = SceneJSONWriter.color(Color(red: -0.0, green: 0, blue: 0)),
      case .number(let red) = channels[0]
    else {
      Issue.record("expected an array")
      return
    }
    #expect(red.sign == .minus)
  }

  @Test("every animation is written with a full timing object; easing as the canonical spec")
  func timingObject() throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("opacity", to: [1], timing: Timing(
      duration: .infinity, delay: 0.5, endDelay: -1, iterations: .infinity, iterationStart: 0.25,
      direction: .alternateReverse, fill: .both, easing: Curve(parsing: "easeInEaseOut"), playbackRate: -1,
      timeOffset: 0.125, timeScale: 3)), to: "a")
    let timing = try writtenMember(writtenDocument(scene), "animations", 0, "timing")
    #expect(timing == [
      "duration": "infinity", "delay": 0.5, "endDelay": -1, "iterations": "infinity", "iterationStart": 0.25,
      "direction": "alternate-reverse", "fill": "both", "easing": "ease-in-out", "playbackRate": -1,
      "timeOffset": 0.125, "timeScale": 3,
    ])
    guard case .object(let object) = timing else { return }
    #expect(object.keys == [
      "duration", "delay", "endDelay", "iterations", "iterationStart", "direction", "fill", "easing",
      "playbackRate", "timeOffset", "timeScale",
    ])
  }

  @Test("a Core Animation timing is written as the Web Animations fields it maps to, speed as the time scale")
  func coreAnimationWritten() throws {
    let text = sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"""
        [{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1,
          "coreAnimation": {"duration": 0.5, "beginTime": 1, "speed": 2, "timeOffset": 0.5, "repeatCount": 1.5,
                            "autoreverses": true, "fillMode": "forwards", "easing": "easeIn"}}]
        """#)
    let timing = try writtenMember(writtenDocument(Scene(json: text)), "animations", 0, "timing")
    #expect(timing == [
      "duration": 0.25, "delay": 1, "endDelay": 0, "iterations": 3, "iterationStart": 0, "direction": "alternate",
      "fill": "forwards", "easing": "ease-in", "playbackRate": 1, "timeOffset": 0.25, "timeScale": 2,
    ])
    let scene = try Scene(json: text)
    #expect(try writtenMember(writtenDocument(scene), "animations", 0).sceneJSONObject?["coreAnimation"] == nil)
  }

  @Test("basic and spring values: numbers for one component, arrays otherwise; absent values omitted")
  func values() throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("opacity", by: [0.5], timing: Timing(duration: 1)), to: "a", key: "fade")
    try scene.addAnimation(
      .basic("position", from: [1, 2], to: [3, 4], timing: Timing(duration: 1), isAdditive: true, isCumulative: true,
             removedOnCompletion: false), to: "a")
    let spring = try Spring(mass: 2, stiffness: 50, damping: 30, initialVelocity: 0.5, allowsOverdamping: true)
    try scene.addAnimation(.spring("transform.scale", SpringValues(to: [2], spring: spring)), to: "a")
    try scene.addAnimation(
      .spring("bounds.size", SpringValues(from: [1, 1], to: [2, 2], velocity: [3, 4], spring: spring),
              timing: Timing(duration: 2)), to: "a")
    let document = try writtenDocument(scene)
    let fade = try #require(writtenMember(document, "animations", 0).sceneJSONObject)
    #expect(fade.keys == [
      "layer", "key", "type", "keyPath", "by", "timing", "additive", "cumulative", "removedOnCompletion",
    ])
    #expect(fade["layer"] == "a" && fade["key"] == "fade" && fade["type"] == "basic" && fade["keyPath"] == "opacity")
    #expect(fade["by"] == 0.5 && fade["additive"] == false && fade["cumulative"] == false)
    #expect(fade["removedOnCompletion"] == true)
    let move = try #require(writtenMember(document, "animations", 1).sceneJSONObject)
    #expect(move["key"] == nil && move["from"] == [1, 2] && move["to"] == [3, 4] && move["by"] == nil)
    #expect(move["additive"] == true && move["cumulative"] == true && move["removedOnCompletion"] == false)
    let scale = try #require(writtenMember(document, "animations", 2).sceneJSONObject)
    #expect(scale.keys == [
      "layer", "type", "keyPath", "to", "spring", "timing", "additive", "cumulative", "removedOnCompletion",
    ])
    #expect(scale["to"] == 2)
    #expect(scale["spring"] == [
      "mass": 2, "stiffness": 50, "damping": 30, "initialVelocity": 0.5, "allowsOverdamping": true,
    ])
    // The default timing is written out: the settling duration, holding the end.
    let settling = try spring.settlingDuration()
    #expect(try writtenMember(document, "animations", 2, "timing", "duration") == .number(settling))
    #expect(try writtenMember(document, "animations", 2, "timing", "fill") == "forwards")
    let size = try #require(writtenMember(document, "animations", 3).sceneJSONObject)
    #expect(size["from"] == [1, 1] && size["to"] == [2, 2] && size["velocity"] == [3, 4])
  }

  @Test("keyframes: every field written; optional arrays only when set")
  func keyframes() throws {
    var scene = try oneLayerScene()
    let full = Keyframes(
      values: [[0, 0], [10, 5], [0, 10]], keyTimes: [0, 0.3, 1], curves: [.easeOut, try .steps(2)], mode: .cubic,
      tension: [0, 1, 0], continuity: [0, 0.5, 0], bias: [0, 0, -1])
    try scene.addAnimation(.keyframes("position", full, timing: Timing(duration: 1)), to: "a")
    try scene.addAnimation(.keyframes("opacity", Keyframes(values: [[0], [1]]), timing: Timing(duration: 1)), to: "a")
    let document = try writtenDocument(scene)
    let first = try #require(writtenMember(document, "animations", 0).sceneJSONObject)
    #expect(first.keys == [
      "layer", "type", "keyPath", "values", "keyTimes", "curves", "calculationMode", "tension", "continuity", "bias",
      "timing", "additive", "cumulative", "removedOnCompletion",
    ])
    #expect(first["values"] == [[0, 0], [10, 5], [0, 10]])
    #expect(first["keyTimes"] == [0, 0.3, 1])
    #expect(first["curves"] == ["ease-out", "steps(2, jump-end)"])
    #expect(first["calculationMode"] == "cubic")
    #expect(first["tension"] == [0, 1, 0] && first["continuity"] == [0, 0.5, 0] && first["bias"] == [0, 0, -1])
    let second = try #require(writtenMember(document, "animations", 1).sceneJSONObject)
    #expect(second["values"] == [0, 1] && second["calculationMode"] == "linear")
    #expect(second["keyTimes"] == nil && second["curves"] == nil && second["tension"] == nil)
  }

  @Test("groups and transitions: no key path, additive or cumulative; children without layer or key")
  func groupsAndTransitions() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "old"))
    try scene.addLayer(Layer(id: "new"))
    let child = try Animation.basic("opacity", to: [1], timing: Timing(duration: 0.5))
    try scene.addAnimation(.group([child], timing: Timing(duration: 1), removedOnCompletion: false), to: "new", key: "g")
    try scene.addAnimation(.transition(
      Transition(kind: .reveal, direction: .fromBottom, fromLayer: "old", startProgress: 0.1, endProgress: 0.9),
      timing: Timing(duration: 1)), to: "new")
    let document = try writtenDocument(scene)
    let group = try #require(writtenMember(document, "animations", 0).sceneJSONObject)
    #expect(group.keys == ["layer", "key", "type", "timing", "removedOnCompletion", "animations"])
    #expect(group["removedOnCompletion"] == false)
    let written = try #require(writtenMember(document, "animations", 0, "animations", 0).sceneJSONObject)
    #expect(written.keys == [
      "type", "keyPath", "to", "timing", "additive", "cumulative", "removedOnCompletion",
    ])
    let transition = try #require(writtenMember(document, "animations", 1).sceneJSONObject)
    #expect(transition.keys == [
      "layer", "type", "kind", "direction", "fromLayer", "startProgress", "endProgress", "timing",
      "removedOnCompletion",
    ])
    #expect(transition["kind"] == "reveal" && transition["direction"] == "fromBottom")
    #expect(transition["fromLayer"] == "old" && transition["startProgress"] == 0.1 && transition["endProgress"] == 0.9)
  }

  @Test("pretty output keeps arrays of plain values on one line; compact output has no whitespace")
  func prettyAndCompact() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a b", frame: Rect(x: 16, y: 100, width: 343, height: 200)))
    try scene.addAnimation(
      .keyframes("position", Keyframes(values: [[0, 0], [1, 2]]), timing: Timing(duration: 1)), to: "a b")
    let pretty = try scene.json()
    let compact = try scene.json(pretty: false)
    #expect(pretty.contains("\n      \"frame\": [16, 100, 343, 200],\n"))
    #expect(pretty.contains("\"values\": [\n        [0, 0],\n        [1, 2]\n      ],"))
    #expect(pretty.hasPrefix("{\n  \"format\": \"ghostframe-scene\",\n  \"version\": 1,\n"))
    #expect(!pretty.hasSuffix("\n"))
    #expect(!compact.contains("\n") && !compact.contains(": ") && !compact.contains(", "))
    #expect(compact.contains(#""id":"a b""#))
    #expect(try JSONValue(parsing: pretty) == JSONValue(parsing: compact))
    #expect(try Scene(json: compact).json() == pretty)
  }

  @Test("pretty printing handles empty containers and any nesting")
  func prettyPrinter() {
    let value: JSONValue = ["a": [], "b": [:], "c": [[1], [[2, "x"]]], "d": ["e": [true, .null]]]
    #expect(SceneJSONWriter.prettyText(value) == """
      {
        "a": [],
        "b": {},
        "c": [
          [1],
          [
            [2, "x"]
          ]
        ],
        "d": {
          "e": [true, null]
        }
      }
      """)
    #expect(SceneJSONWriter.prettyText(3) == "3")
    #expect(SceneJSONWriter.prettyText([]) == "[]")
  }
}

extension JSONValue {
  /// The object, if this is one.
  var sceneJSONObject: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }
}

/// The writer streams its text a layer and an attachment at a time; the reference is the text of
/// the whole document built first and printed by the two printers (``SceneJSONWriter/prettyText(_:)``
/// and ``JSONValue/serialized(pretty:)``). Exact equality.
@Suite("Scene JSON: streamed text")
struct SceneJSONStreamTests {
  func scenes() throws -> [(String, Scene)] {
    var result: [(String, Scene)] = [("empty", Scene())]
    for name in sceneExampleFiles() { result.append((name, try loadSceneExample(name))) }
    for name in viewTreeExampleFiles() {
      result.append(("skeleton of \(name)", try Skeleton(tree: loadViewTreeExample(name)).scene()))
    }
    return result
  }

  @Test("pretty and compact text equal the text of the whole document")
  func sameText() throws {
    let all = try scenes()
    #expect(all.count > 5)
    for (name, scene) in all {
      let document = SceneJSONWriter.document(for: scene)
      #expect(try scene.json(pretty: true) == SceneJSONWriter.prettyText(document), "\(name)")
      #expect(try scene.json(pretty: false) == document.serialized(pretty: false), "\(name)")
    }
  }

  @Test("writing stops at the first layer past the limits: exactly at them it is written")
  func stopsEarly() throws {
    // Plain layers hold 24 values each (the reference: measure of one layer's object); the
    // document itself 5 more.
    #expect(SceneJSONWriter.measure(SceneJSONWriter.layer(Layer(id: "x"))).values == 24)
    var scene = Scene()
    for index in 0..<1_000 { try scene.addLayer(Layer(id: "l\(index)")) }
    let exact = 5 + 24 * 1_000
    let text = try SceneJSONWriter.text(for: scene, pretty: false, limits: JSONLimits(maxElements: exact))
    #expect(text == SceneJSONWriter.document(for: scene).serialized(pretty: false))
    let error = expectError(.limit) {
      _ = try SceneJSONWriter.text(for: scene, pretty: false, limits: JSONLimits(maxElements: exact - 1))
    }
    #expect(error?.message.contains("could not be read back") == true)
    let bytes = text.utf8.count
    #expect((try? SceneJSONWriter.text(for: scene, pretty: false, limits: JSONLimits(maxBytes: bytes))) == text)
    expectError(.limit) { _ = try SceneJSONWriter.text(for: scene, pretty: false, limits: JSONLimits(maxBytes: bytes - 1)) }
  }
}
