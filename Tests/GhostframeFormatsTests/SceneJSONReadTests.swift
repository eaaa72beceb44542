import Foundation
import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeTestSupport

// MARK: - Support for the scene-format tests

/// A scene document with the given `layers` and `animations` arrays (JSON text).
func sceneDocument(layers: String = "[]", animations: String = "[]") -> String {
  #"{"format": "ghostframe-scene", "version": 1, "layers": \#(layers), "animations": \#(animations)}"#
}

/// The error loading `text` throws, or nil (recording an issue) if it loads.
func sceneJSONError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> GhostframeError? {
  do {
    _ = try Scene(json: text)
    Issue.record("expected an error loading \(text)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

/// The error loading UTF-8 `bytes` throws, or nil if they load.
func sceneJSONError(bytes: [UInt8]) -> GhostframeError? {
  bytes.withUnsafeBufferPointer { buffer in
    let result = Result { () throws(GhostframeError) -> Scene in try Scene(json: buffer) }
    if case .failure(let error) = result { return error }
    return nil
  }
}

/// The only attached animation of `scene`'s first animation slot.
func firstAnimation(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws -> Animation {
  try #require(scene.animations.first, sourceLocation: sourceLocation).animation
}

@Suite("Scene JSON: reading")
struct SceneJSONReadTests {
  @Test("a document without layers or animations is an empty scene; null is the same as absent")
  func emptyDocument() throws {
    for text in [
      #"{"format": "ghostframe-scene", "version": 1}"#, sceneDocument(),
      #"{"format": "ghostframe-scene", "version": 1, "layers": null, "animations": null}"#,
    ] {
      let scene = try Scene(json: text)
      #expect(scene.layers.isEmpty && scene.animations.isEmpty)
    }
  }

  @Test("a layer with only an id takes every default")
  func layerDefaults() throws {
    let scene = try Scene(json: sceneDocument(layers: #"[{"id": "a"}]"#))
    #expect(scene.layers == [Layer(id: "a")])
    // The defaults the documentation lists.
    let layer = scene.layers[0]
    #expect(layer.frame == .zero && layer.anchorPoint == Point(x: 0.5, y: 0.5) && layer.cornerRadius == 0)
    #expect(layer.backgroundColor == .clear && layer.opacity == 1 && !layer.isHidden && layer.zPosition == 0)
    #expect(layer.transform == .identity && layer.gradient == nil && layer.custom.isEmpty && layer.parent == nil)
  }

  @Test("every layer field is read")
  func everyLayerField() throws {
    let text = sceneDocument(layers: #"""
      [{"id": "screen"},
       {"id": "card", "parent": "screen", "frame": [16, 100, 343, 200], "anchorPoint": [0.25, 0.75],
        "cornerRadius": 12, "backgroundColor": "#EEEEEE", "opacity": 0.5, "hidden": true, "zPosition": -3,
        "transform": {"scale": [2, 3], "rotation": 0.5, "translation": [7, -8]},
        "gradient": {"colors": ["#EEEEEE", [1, 1, 1, 0.5], "#EEEEEE"], "locations": [0, 0.5, 1],
                     "startPoint": [0, 0.5], "endPoint": [1, 0.5]},
        "custom": {"glow": 0.5, "blur radius": -2}}]
      """#)
    let scene = try Scene(json: text)
    let grey = Color(rgb: 0xEEEEEE)
    let expected = Layer(
      id: "card", parent: "screen", frame: Rect(x: 16, y: 100, width: 343, height: 200),
      anchorPoint: Point(x: 0.25, y: 0.75), cornerRadius: 12, backgroundColor: grey, opacity: 0.5,
      transform: LayerTransform(scaleX: 2, scaleY: 3, rotation: 0.5, translationX: 7, translationY: -8),
      isHidden: true, zPosition: -3,
      gradient: Gradient(
        colors: [grey, Color(red: 1, green: 1, blue: 1, alpha: 0.5), grey], locations: [0, 0.5, 1],
        startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)),
      custom: ["glow": 0.5, "blur radius": -2])
    #expect(scene.layers == [Layer(id: "screen"), expected])
  }

  @Test("transform members default separately; a single number scales both axes")
  func transformForms() throws {
    let scene = try Scene(json: sceneDocument(layers: #"""
      [{"id": "a", "transform": {"scale": 2}}, {"id": "b", "transform": {"rotation": 1}},
       {"id": "c", "transform": {}}]
      """#))
    #expect(scene.layers[0].transform == LayerTransform(scaleX: 2, scaleY: 2))
    #expect(scene.layers[1].transform == LayerTransform(rotation: 1))
    #expect(scene.layers[2].transform == .identity)
  }

  @Test("a gradient with only colours runs top to bottom, evenly spaced")
  func gradientDefaults() throws {
    let scene = try Scene(json: sceneDocument(layers: ##"[{"id": "a", "gradient": {"colors": ["#FFF", "#000"]}}]"##))
    #expect(scene.layers[0].gradient == Gradient(colors: [.white, .black]))
    #expect(scene.layers[0].gradient?.startPoint == Point(x: 0.5, y: 0))
    #expect(scene.layers[0].gradient?.endPoint == Point(x: 0.5, y: 1))
    #expect(scene.layers[0].gradient?.locations == [])
  }

  @Test(
    "colour forms: #RGB, #RRGGBB, #RRGGBBAA in either case, CSS names in any case, and [r, g, b, a]",
    arguments: [
      ("white", Color(rgb: 0xFFFFFF)),
      ("CornflowerBlue", Color(rgb: 0x6495ED)),
      ("transparent", Color.clear),
      ("#FFF", Color(red: 1, green: 1, blue: 1, alpha: 1)),
      ("#abc", Color(red: 0xAA / 255.0, green: 0xBB / 255.0, blue: 0xCC / 255.0)),
      ("#000", Color(red: 0, green: 0, blue: 0)),
      ("#12AB9f", Color(rgb: 0x12AB9F)),
      ("#12ab9F80", Color(red: 0x12 / 255.0, green: 0xAB / 255.0, blue: 0x9F / 255.0, alpha: 0x80 / 255.0)),
      ("#00000000", Color.clear),
      ("[0.25, 0.5, 0.75, 1]", Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)),
      ("[0, 0, 0, 0]", Color.clear),
    ])
  func hexColours(text: String, expected: Color) throws {
    let literal = text.hasPrefix("[") ? text : "\"\(text)\""
    let scene = try Scene(json: sceneDocument(layers: #"[{"id": "a", "backgroundColor": \#(literal)}]"#))
    let color = scene.layers[0].backgroundColor
    // Bit for bit: the reader computes n / 255 exactly as Color(rgb:) does.
    #expect(color.components.map(\.bitPattern) == expected.components.map(\.bitPattern))
  }

  @Test("layers may come in any order: parents go first, otherwise document order is kept")
  func layersInAnyOrder() throws {
    let scene = try Scene(json: sceneDocument(layers: #"""
      [{"id": "leaf", "parent": "mid"}, {"id": "other"}, {"id": "mid", "parent": "root"}, {"id": "root"},
       {"id": "sibling", "parent": "root"}]
      """#))
    #expect(scene.layers.map(\.id) == ["root", "mid", "leaf", "other", "sibling"])
    #expect(scene.index(ofLayer: "leaf") == 2)
    // Parents really come first.
    for (index, layer) in scene.layers.enumerated() {
      if let parent = layer.parent { #expect(try #require(scene.index(ofLayer: parent)) < index) }
    }
  }

  @Test("a basic animation: every field read")
  func basicFields() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "card"}]"#,
      animations: #"""
        [{"layer": "card", "key": "fade", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1, "by": 0.5,
          "timing": {"duration": 1}, "additive": true, "cumulative": true, "removedOnCompletion": false},
         {"layer": "card", "type": "basic", "keyPath": "position", "by": [3, 4], "timing": {"duration": 2}}]
        """#))
    #expect(scene.animations.count == 2)
    let first = scene.animations[0]
    #expect(first.layer == "card" && first.key == "fade")
    #expect(first.animation.property?.keyPath == "opacity")
    guard case .basic(let values) = first.animation.content else {
      Issue.record("expected a basic animation")
      return
    }
    #expect(values == BasicValues(from: [0], to: [1], by: [0.5]))
    #expect(first.animation.isAdditive && first.animation.isCumulative && !first.animation.removedOnCompletion)
    let second = scene.animations[1]
    #expect(second.key == nil)
    guard case .basic(let byOnly) = second.animation.content else {
      Issue.record("expected a basic animation")
      return
    }
    #expect(byOnly == BasicValues(by: [3, 4]))
    // Defaults.
    #expect(!second.animation.isAdditive && !second.animation.isCumulative && second.animation.removedOnCompletion)
  }

  @Test("a timing: every Web Animations field read")
  func timingFields() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"""
        [{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1,
          "timing": {"duration": 2, "delay": 0.5, "endDelay": -0.25, "iterations": 2.5, "iterationStart": 0.5,
                     "direction": "alternate-reverse", "fill": "both", "easing": "cubic-bezier(0.1, 0.7, 1, 0.1)",
                     "playbackRate": -2, "timeOffset": 0.125, "timeScale": 1.5}}]
        """#))
    let expected = try Timing(
      duration: 2, delay: 0.5, endDelay: -0.25, iterations: 2.5, iterationStart: 0.5, direction: .alternateReverse,
      fill: .both, easing: .cubicBezier(0.1, 0.7, 1, 0.1), playbackRate: -2, timeOffset: 0.125, timeScale: 1.5)
    #expect(try firstAnimation(scene).timing == expected)
  }

  @Test("timing defaults, and \"infinity\" for duration and iterations")
  func timingDefaults() throws {
    func timing(_ object: String) throws -> Timing {
      try firstAnimation(Scene(json: sceneDocument(
        layers: #"[{"id": "a"}]"#,
        animations: #"[{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1, "timing": \#(object)}]"#)))
        .timing
    }
    #expect(try timing(#"{"duration": 1}"#) == Timing(duration: 1))
    #expect(try timing(#"{"duration": 1}"#).easing == .linear)
    #expect(try timing(#"{"duration": 1, "iterations": "infinity"}"#).iterations == .infinity)
    #expect(try timing(#"{"duration": "infinity"}"#).duration == .infinity)
    // null is the same as absent.
    #expect(try timing(#"{"duration": 1, "delay": null, "easing": null}"#) == Timing(duration: 1))
    // Core Animation curve names are accepted too.
    #expect(try timing(#"{"duration": 1, "easing": "easeInEaseOut"}"#).easing == .easeInOut)
  }

  @Test("a coreAnimation object maps through Timing.coreAnimation; every field read")
  func coreAnimationFields() throws {
    func timing(_ object: String) throws -> Timing {
      try firstAnimation(Scene(json: sceneDocument(
        layers: #"[{"id": "a"}]"#,
        animations: #"[{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1, "coreAnimation": \#(object)}]"#)))
        .timing
    }
    let full = try timing(#"""
      {"duration": 0.3, "beginTime": 1, "speed": 2, "timeOffset": 0.1, "repeatCount": 1.5, "repeatDuration": 10,
       "autoreverses": true, "fillMode": "both", "easing": "easeOut"}
      """#)
    #expect(full == (try Timing.coreAnimation(
      duration: 0.3, beginTime: 1, speed: 2, timeOffset: 0.1, repeatCount: 1.5, repeatDuration: 10,
      autoreverses: true, fillMode: .both, easing: .easeOut)))
    // The mapping itself: speed divides durations and is the time scale, autoreverse doubles the legs.
    #expect(full.duration == 0.15 && full.delay == 1 && full.iterations == 3 && full.direction == .alternate)
    #expect(full.timeScale == 2)
    // Defaults: Core Animation's 0.25 s, once, removed, linear.
    #expect(try timing("{}") == Timing.coreAnimation(duration: 0))
    #expect(try timing("{}").duration == 0.25)
    #expect(try timing(#"{"duration": 1, "repeatCount": "infinity"}"#).iterations == .infinity)
    #expect(try timing(#"{"duration": 1, "repeatDuration": "infinity"}"#).iterations == .infinity)
    #expect(try timing(#"{"duration": 1, "fillMode": "removed"}"#).fill == FillMode.none)
    #expect(try timing(#"{"duration": 1, "fillMode": "forwards"}"#).fill == .forwards)
  }

  @Test("a keyframe animation: every field read")
  func keyframeFields() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "card"}]"#,
      animations: #"""
        [{"layer": "card", "type": "keyframes", "keyPath": "position", "values": [[0, 0], [10, 5], [0, 10]],
          "keyTimes": [0, 0.3, 1], "curves": ["ease", "linear"], "calculationMode": "cubic",
          "tension": [0, 0.5, 0], "continuity": [0, -0.5, 0], "bias": [0.25, 0, 0],
          "timing": {"duration": 1}, "additive": true, "cumulative": true, "removedOnCompletion": false}]
        """#))
    let animation = try firstAnimation(scene)
    guard case .keyframes(let keyframes) = animation.content else {
      Issue.record("expected keyframes")
      return
    }
    #expect(keyframes == Keyframes(
      values: [[0, 0], [10, 5], [0, 10]], keyTimes: [0, 0.3, 1], curves: [.ease, .linear], mode: .cubic,
      tension: [0, 0.5, 0], continuity: [0, -0.5, 0], bias: [0.25, 0, 0]))
    #expect(animation.isAdditive && animation.isCumulative && !animation.removedOnCompletion)
  }

  @Test("keyframe defaults: linear mode, even spacing, no curves; one-component values are numbers")
  func keyframeDefaults() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"[{"layer": "a", "type": "keyframes", "keyPath": "opacity", "values": [0, 1, 0.5], "timing": {"duration": 1}}]"#))
    guard case .keyframes(let keyframes) = try firstAnimation(scene).content else {
      Issue.record("expected keyframes")
      return
    }
    #expect(keyframes == Keyframes(values: [[0], [1], [0.5]]))
  }

  @Test("a spring animation: every field read")
  func springFields() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "card"}]"#,
      animations: #"""
        [{"layer": "card", "type": "spring", "keyPath": "transform.scale", "from": 0.5, "to": 1, "velocity": 2,
          "spring": {"mass": 2, "stiffness": 300, "damping": 40, "initialVelocity": 1, "allowsOverdamping": true},
          "timing": {"duration": 3, "fill": "both"}, "additive": true, "cumulative": true,
          "removedOnCompletion": false}]
        """#))
    let animation = try firstAnimation(scene)
    guard case .spring(let values) = animation.content else {
      Issue.record("expected a spring")
      return
    }
    let spring = try Spring(mass: 2, stiffness: 300, damping: 40, initialVelocity: 1, allowsOverdamping: true)
    #expect(values == SpringValues(from: [0.5], to: [1], velocity: [2], spring: spring))
    #expect(animation.timing == (try Timing(duration: 3, fill: .both)))
    #expect(animation.isAdditive && animation.isCumulative && !animation.removedOnCompletion)
  }

  @Test("spring defaults: the default spring, run for its settling duration, holding its end")
  func springDefaults() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"[{"layer": "a", "type": "spring", "keyPath": "position.x", "to": 300}]"#))
    let animation = try firstAnimation(scene)
    guard case .spring(let values) = animation.content else {
      Issue.record("expected a spring")
      return
    }
    #expect(values == SpringValues(to: [300], spring: try Spring()))
    #expect(animation.timing == (try Timing(duration: Spring().settlingDuration(), fill: .forwards)))
    #expect(animation.timing.duration > 0.5)
  }

  @Test("a group: children in order, nested groups, children's own timings")
  func groupFields() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"""
        [{"layer": "a", "key": "g", "type": "group", "timing": {"duration": 0.8, "iterations": "infinity"},
          "removedOnCompletion": false,
          "animations": [
            {"type": "basic", "keyPath": "position.y", "to": 40, "timing": {"duration": 0.3}},
            {"type": "group", "timing": {"duration": 0.5, "delay": 0.3},
             "animations": [{"type": "spring", "keyPath": "opacity", "to": 1, "timing": {"duration": 0.5}}]}]}]
        """#))
    let group = try firstAnimation(scene)
    #expect(group.property == nil && !group.removedOnCompletion)
    #expect(group.timing == (try Timing(duration: 0.8, iterations: .infinity)))
    guard case .group(let children) = group.content, children.count == 2,
      case .basic(let first) = children[0].content, case .group(let inner) = children[1].content,
      inner.count == 1, case .spring = inner[0].content
    else {
      Issue.record("unexpected group structure")
      return
    }
    #expect(first == BasicValues(to: [40]))
    #expect(children[1].timing == (try Timing(duration: 0.5, delay: 0.3)))
  }

  @Test("a transition: every field read, and the defaults")
  func transitionFields() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "old"}, {"id": "new"}]"#,
      animations: #"""
        [{"layer": "new", "type": "transition", "kind": "push", "direction": "fromTop", "fromLayer": "old",
          "startProgress": 0.25, "endProgress": 0.75, "timing": {"duration": 1}, "removedOnCompletion": false},
         {"layer": "new", "type": "transition", "kind": "fade", "fromLayer": "old", "timing": {"duration": 1}}]
        """#))
    guard case .transition(let full) = scene.animations[0].animation.content,
      case .transition(let defaults) = scene.animations[1].animation.content
    else {
      Issue.record("expected transitions")
      return
    }
    #expect(full == Transition(kind: .push, direction: .fromTop, fromLayer: "old", startProgress: 0.25, endProgress: 0.75))
    #expect(!scene.animations[0].animation.removedOnCompletion)
    #expect(defaults == Transition(kind: .fade, direction: .fromRight, fromLayer: "old", startProgress: 0, endProgress: 1))
  }

  @Test("colour key paths take colour strings; gradient.colors takes 4 colours or 16 numbers")
  func colourValues() throws {
    let sixteen = (0..<16).map { String(Double($0) / 16) }.joined(separator: ", ")
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: #"""
        [{"layer": "a", "type": "basic", "keyPath": "backgroundColor", "from": "#FF000080", "to": [0, 0, 1, 1],
          "timing": {"duration": 1}},
         {"layer": "a", "type": "basic", "keyPath": "gradient.colors",
          "from": ["#FFF", "#000", [0.5, 0.5, 0.5, 0.5], "#FF0000"], "to": [\#(sixteen)], "timing": {"duration": 1}},
         {"layer": "a", "type": "keyframes", "keyPath": "backgroundColor", "values": ["#F00", "#0F0"],
          "timing": {"duration": 1}}]
        """#))
    guard case .basic(let colour) = scene.animations[0].animation.content,
      case .basic(let gradient) = scene.animations[1].animation.content,
      case .keyframes(let keyframes) = scene.animations[2].animation.content
    else {
      Issue.record("unexpected animations")
      return
    }
    #expect(colour.from == [1, 0, 0, 128 / 255.0] && colour.to == [0, 0, 1, 1])
    #expect(gradient.from == [1, 1, 1, 1, 0, 0, 0, 1, 0.5, 0.5, 0.5, 0.5, 1, 0, 0, 1])
    #expect(gradient.to == (0..<16).map { Double($0) / 16 })
    #expect(keyframes.values == [[1, 0, 0, 1], [0, 1, 0, 1]])
  }

  @Test("custom key paths animate the layer's custom properties")
  func customKeyPath() throws {
    let scene = try Scene(json: sceneDocument(
      layers: #"[{"id": "a", "custom": {"glow": 0.5}}]"#,
      animations: #"[{"layer": "a", "type": "basic", "keyPath": "custom.glow", "to": 1.5, "timing": {"duration": 1}}]"#))
    let property = try AnimatableProperty(keyPath: "custom.glow")
    let sampler = scene.compiled()
    #expect(sampler.customValues(of: property, at: 0.5) == [1])
    #expect(sampler.customValues(of: property, at: 2) == [0.5])
  }

  @Test("UTF-8 bytes load as the same text does; invalid UTF-8 names the offset")
  func bytes() throws {
    let text = sceneDocument(layers: #"[{"id": "ča", "frame": [1, 2, 3, 4]}]"#)
    let bytes = Array(text.utf8)
    let scene = try bytes.withUnsafeBufferPointer { buffer in try Scene(json: buffer) }
    #expect(scene.layers == (try Scene(json: text)).layers)
    var broken = bytes
    let offset = try #require(broken.firstIndex(of: 0xC4))
    broken[offset] = 0xFF
    #expect(sceneJSONError(bytes: broken) == GhostframeError(.invalidUTF8, "invalid UTF-8 at byte offset \(offset) (byte 0xFF)"))
    let empty = sceneJSONError(bytes: [])
    #expect(empty?.code == .parse)
  }

  @Test("the fixed key paths the reader suggests are all real key paths")
  func knownKeyPaths() throws {
    for keyPath in SceneJSONReader.knownKeyPaths {
      #expect(throws: Never.self) { try AnimatableProperty(keyPath: keyPath) }
    }
    // An independent listing: the key paths docs/scene-format.md documents, with their widths.
    let documented = try documentedKeyPaths()
    #expect(documented.count >= 31, "the key-path table of docs/scene-format.md parsed badly")
    #expect(SceneJSONReader.knownKeyPaths == Set(documented.keys))
    for (path, width) in documented {
      #expect(try AnimatableProperty(keyPath: path).valueWidth == width, "\(path)")
    }
  }

  @Test("docs/scene-format.md's layer table names every key a layer object takes")
  func documentedLayerKeys() throws {
    let rows = try markdownTable(under: "## Layers")
    #expect(Set(rows.map { $0[0].replacingOccurrences(of: "`", with: "") }) == SceneJSONReader.layerKeys)
  }

  /// The rows of the first table after `heading` in docs/scene-format.md (without its header and
  /// rule): each row's cells, trimmed.
  private func markdownTable(under heading: String) throws -> [[String]] {
    let url = sceneExamplesDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/scene-format.md")
    let markdown = try String(contentsOf: url, encoding: .utf8)
    let start = try #require(markdown.range(of: "\n\(heading)\n"))
    var rows: [[String]] = []
    for line in markdown[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("|") {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
      } else if !rows.isEmpty {
        break
      }
    }
    return Array(rows.dropFirst(2))
  }

  /// docs/scene-format.md's key paths with the components the table gives them: every name in
  /// a row's first cell (a row such as "`opacity`, `cornerRadius`, `zPosition`" names several)
  /// but `custom.NAME`.
  private func documentedKeyPaths() throws -> [String: Int] {
    var paths: [String: Int] = [:]
    for row in try markdownTable(under: "### Key paths and values") {
      guard row.count >= 2, let width = Int(row[1]) else { continue }
      let names = row[0].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      for name in names where name != "custom.NAME" { paths[name] = width }
    }
    return paths
  }
}
