import Testing
@testable import GhostframeFormats
@testable import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport
import _GhostframeJSON

/// The writer never writes what the reader rejects: a scene built through the public API with
/// edge values either round-trips through `json()` and `init(json:)`, or the API refused the
/// value when it was set, naming the field, by the same rule as the reader.
@Suite("Scene JSON: what a scene holds, the reader reads")
struct SceneJSONEdgeTests {
  /// A one-layer scene whose layer is `layer`, added through the public API.
  private func scene(with layer: Layer) throws -> Scene {
    var scene = Scene()
    try scene.addLayer(layer)
    return scene
  }

  /// `layer` (with an id of "a") is refused by `addLayer` and by `updateLayer` of a valid "a",
  /// with `.invalidArgument` and a message containing `field`; the scene is unchanged.
  private func expectRefused(
    _ layer: Layer, naming field: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var empty = Scene()
    let added = expectError(.invalidArgument, sourceLocation: sourceLocation) { try empty.addLayer(layer) }
    #expect(added?.message.contains(field) == true, "\(added?.message ?? "")", sourceLocation: sourceLocation)
    #expect(empty.layers.isEmpty, sourceLocation: sourceLocation)
    var valid = try scene(with: Layer(id: layer.id))
    let before = try valid.json()
    let updated = expectError(.invalidArgument, sourceLocation: sourceLocation) { try valid.updateLayer(layer) }
    #expect(updated?.message.contains(field) == true, "\(updated?.message ?? "")", sourceLocation: sourceLocation)
    #expect(try valid.json() == before, sourceLocation: sourceLocation)
  }

  // MARK: - Colours: the scene refuses what the reader refuses

  @Test("a layer colour channel outside [0, 1] is refused when set, naming the channel", arguments: [
    1.5, -0.25, 1.0.nextUp, -Double.leastNonzeroMagnitude, 255,
  ])
  func backgroundColourOutOfRange(channel: Double) throws {
    let fields = ["red", "green", "blue", "alpha"]
    for (index, field) in fields.enumerated() {
      var components = [0.5, 0.5, 0.5, 0.5]
      components[index] = channel
      let color = Color(red: components[0], green: components[1], blue: components[2], alpha: components[3])
      try expectRefused(Layer(id: "a", backgroundColor: color), naming: "layer 'a': backgroundColor.\(field) must be in [0, 1]")
      // The reader refuses the same colour, by the same rule.
      let json = JSONText.number(channel)
      var written = ["0.5", "0.5", "0.5", "0.5"]
      written[index] = json
      let text = sceneDocument(layers: #"[{"id": "a", "backgroundColor": [\#(written.joined(separator: ", "))]}]"#)
      let read = expectError(.invalidArgument) { _ = try Scene(json: text) }
      #expect(read?.message == "layers[0].backgroundColor[\(index)]: a colour channel must be in [0, 1], found \(json)")
    }
  }

  @Test("a gradient colour channel outside [0, 1] is refused, naming the stop")
  func gradientColourOutOfRange() throws {
    let gradient = Gradient(colors: [.white, Color(red: 0, green: 1.25, blue: 0, alpha: 1)])
    try expectRefused(Layer(id: "a", gradient: gradient), naming: "layer 'a': gradient.colors[1].green must be in [0, 1] (got 1.25)")
  }

  @Test("non-finite channels are still named as non-finite")
  func nonFiniteChannel() throws {
    try expectRefused(Layer(id: "a", backgroundColor: Color(red: .nan, green: 0, blue: 0)),
                      naming: "backgroundColor.red must be finite")
    try expectRefused(Layer(id: "a", gradient: Gradient(colors: [Color(red: 0, green: 0, blue: .infinity)])),
                      naming: "gradient numbers must be finite")
  }

  @Test("the channel bounds themselves are colours: 0, -0 and 1 round-trip")
  func channelBounds() throws {
    let bounds = Color(red: 0, green: -0.0, blue: 1, alpha: 1)
    let scene = try scene(with: Layer(id: "a", backgroundColor: bounds,
                                      gradient: Gradient(colors: [bounds, .clear, Color(red: 1e-300, green: 1, blue: 0.5)])))
    let loaded = try expectRoundTrip(scene)
    #expect(loaded.layers[0].backgroundColor.green.sign == .minus)
  }

  @Test("animation colour values are not limited to [0, 1]: they round-trip in both forms")
  func animationColoursOutOfRange() throws {
    var scene = try scene(with: Layer(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                      gradient: Gradient(colors: [.white, .black, .white, .black])))
    let timing = try Timing(duration: 1, fill: .both)
    try scene.addAnimation(.basic("backgroundColor", from: [-0.5, 0, 1, 1], to: [2, 1.5, -1, 3], timing: timing), to: "a")
    try scene.addAnimation(
      .basic("gradient.colors", by: Array(repeating: -0.75, count: 8) + Array(repeating: 4, count: 8), timing: timing,
             isAdditive: true), to: "a")
    try scene.addAnimation(
      .keyframes("backgroundColor", Keyframes(values: [[0, 0, 0, 1], [1.2, -0.2, 1, 1], [1, 0, 0, 1]]), timing: timing),
      to: "a")
    try scene.addAnimation(
      .spring("backgroundColor", SpringValues(from: [0, 0, 0, 1], to: [1, 1, 1, 1], velocity: [40, -40, 9, 0],
                                              spring: Spring(stiffness: 400, damping: 2))), to: "a")
    try expectRoundTrip(scene)
    // The nested form of gradient.colors (4 colours) takes out-of-range arrays too, as the flat one does.
    let text = sceneDocument(
      layers: #"[{"id": "a"}]"#,
      animations: ##"[{"layer": "a", "type": "basic", "keyPath": "gradient.colors", "timing": {"duration": 1},"##
        + ##" "to": [[1.5, 0, 0, 1], "#FFF", [0, -2, 0, 1], [0, 0, 0, 0]]}]"##)
    let nested = try Scene(json: text)
    guard case .basic(let values) = nested.animations[0].animation.content else {
      Issue.record("not a basic animation")
      return
    }
    #expect(values.to == [1.5, 0, 0, 1, 1, 1, 1, 1, 0, -2, 0, 1, 0, 0, 0, 0])
    try expectRoundTrip(nested)
  }

  // MARK: - Other fields the reader checks

  @Test("an empty custom property name is refused when set")
  func emptyCustomName() throws {
    try expectRefused(Layer(id: "a", custom: ["": 1]), naming: "layer 'a': a custom property name must not be empty")
  }

  @Test("gradient locations must be none or one per colour, as the reader says")
  func gradientLocationCount() throws {
    let gradient = Gradient(colors: [.white, .black, .white], locations: [0, 1])
    try expectRefused(Layer(id: "a", gradient: gradient), naming: "gradient.locations must be empty or one per colour (3), got 2")
    for locations in [[], [0, 0.5, 1], [1.5, -3, 0.25]] as [[Double]] {
      try expectRoundTrip(scene(with: Layer(id: "a", gradient: Gradient(colors: [.white, .black, .white], locations: locations))))
    }
  }

  @Test("ids: empty or containing NUL is refused; any other text round-trips")
  func ids() throws {
    var empty = Scene()
    expectError(.invalidArgument) { try empty.addLayer(Layer(id: "")) }
    expectError(.invalidArgument) { try empty.addLayer(Layer(id: "nul \u{0} inside")) }
    var scene = Scene()
    let ids = ["$", "a.b[0]", "quote \" backslash \\ slash /", "tab\tnew\nline", "\u{1F600} é ß 中",
               "\u{FEFF}bom", "\u{7F}\u{80}", String(repeating: "long", count: 5_000), " "]
    var parent: String?
    for id in ids {
      try scene.addLayer(Layer(id: id, parent: parent, custom: [id: 1]))
      parent = id
    }
    let timing = try Timing(duration: 1)
    try scene.addAnimation(.basic("custom." + ids[3], to: [2], timing: timing), to: ids[3], key: "")
    try scene.addAnimation(.basic("opacity", to: [0], timing: timing), to: ids[4], key: ids[5])
    try scene.addAnimation(.transition(Transition(kind: .push, fromLayer: ids[0]), timing: timing), to: ids[6])
    let loaded = try expectRoundTrip(scene)
    #expect(loaded.layers.map(\.id) == ids)
    #expect(loaded.animations.map(\.key) == ["", ids[5], nil])
  }

  @Test("numbers outside the usual ranges round-trip: opacity, extremes, subnormals, -0")
  func numbers() throws {
    let huge = Double.greatestFiniteMagnitude, tiny = Double.leastNonzeroMagnitude
    var scene = Scene()
    try scene.addLayer(Layer(
      id: "a", frame: Rect(x: -huge, y: tiny, width: huge, height: 0), anchorPoint: Point(x: -7, y: 1e300),
      cornerRadius: -5, opacity: 7, transform: LayerTransform(scaleX: 0, scaleY: -huge, rotation: 1e20,
                                                               translationX: -0.0, translationY: -tiny),
      zPosition: -huge, custom: ["x": huge, "y": -tiny, "z": -0.0], contents: String(repeating: "é", count: 2_048)))
    try scene.addLayer(Layer(id: "b", parent: "a", opacity: -3, gradient: Gradient(
      colors: [], startPoint: Point(x: huge, y: -huge), endPoint: Point(x: tiny, y: 0))))
    try scene.addLayer(Layer(id: "c", frame: Rect(x: 0, y: 0, width: .leastNormalMagnitude / 3, height: tiny)))
    let timing = try Timing(duration: huge, delay: -huge, endDelay: huge, iterations: .infinity, iterationStart: 1e300,
                            direction: .alternateReverse, fill: .both, playbackRate: -tiny, timeOffset: huge)
    try scene.addAnimation(.basic("opacity", from: [-huge], to: [huge], timing: timing), to: "a")
    try scene.addAnimation(.basic("position", by: [tiny, -0.0], timing: try Timing(duration: .infinity)), to: "b")
    try scene.addAnimation(.keyframes("cornerRadius", Keyframes(values: [[huge], [-huge], [0]], keyTimes: [0, 0, 1]),
                                      timing: try Timing(duration: 0, iterations: 0)), to: "c")
    let loaded = try expectRoundTrip(scene)
    #expect(loaded.layers[0].opacity == 7 && loaded.layers[1].opacity == -3)
    #expect(loaded.layers[0].custom["z"]?.sign == .minus)
  }

  @Test("timings, springs and curves at their limits round-trip")
  func timingsSpringsAndCurves() throws {
    var scene = try scene(with: Layer(id: "a"))
    let coreAnimation = try Timing.coreAnimation(
      duration: 0, beginTime: -1e9, speed: 1e-9, timeOffset: 1e9, repeatCount: .infinity, repeatDuration: 1e-9,
      autoreverses: true, fillMode: .both, easing: try Curve(parsing: "steps(1000000, jump-none)"))
    try scene.addAnimation(.basic("position.x", to: [1], timing: coreAnimation), to: "a")
    let spring = try Spring(mass: 1e-6, stiffness: 1e6, damping: 0, initialVelocity: -1e6, allowsOverdamping: true)
    try scene.addAnimation(.spring("position.y", SpringValues(to: [1], spring: spring), timing: try Timing(duration: 1)), to: "a")
    let settling = try Spring(mass: 50, stiffness: 1e-3, damping: 1e3)
    try scene.addAnimation(.spring("zPosition", SpringValues(to: [1], spring: settling)), to: "a")
    let long = try longestLinearCurve()
    try scene.addAnimation(
      .keyframes("opacity", Keyframes(values: [[0], [1], [0.5]], curves: [long, .easeIn]),
                 timing: try Timing(duration: 2, easing: long)),
      to: "a")
    try expectRoundTrip(scene)
  }

  /// A `linear()` of the most stops, every number written with the most characters.
  private func longestLinearCurve() throws -> Curve {
    let stops = (0..<LinearEasing.maxPoints).map { index in
      LinearStop(output: -1.2345678901234567e-300 * Double(index % 9 + 1),
                 input: 1.2345678901234567e+290 * (1 + Double(index) / 8_192))
    }
    return try Curve.linear(stops)
  }

  @Test("every curve's canonical spec parses back, even when far longer than the spec it came from")
  func longCurveSpecs() throws {
    let long = try longestLinearCurve()
    #expect(long.description.utf8.count > 450_000)  // about 500 KB
    #expect(try Curve(parsing: long.description) == long)
    // 30 KB of spec, 220 KB of canonical spec: the inputs are written out.
    let short = "linear(" + (0..<LinearEasing.maxPoints).map { $0 % 2 == 0 ? "0" : "1" }.joined(separator: ", ") + ")"
    let curve = try Curve(parsing: short)
    #expect(curve.description.utf8.count > 4 * short.utf8.count)
    #expect(try Curve(parsing: curve.description) == curve)
    var scene = try scene(with: Layer(id: "a"))
    try scene.addAnimation(.basic("opacity", to: [0], timing: try Timing(duration: 1, easing: curve)), to: "a")
    try expectRoundTrip(scene)
  }

  @Test("groups nest as deep as the format holds, and no deeper")
  func groupDepth() throws {
    let timing = try Timing(duration: 1, fill: .both)
    var animation = try Animation.keyframes("position", Keyframes(values: [[0, 0], [10, 20]]), timing: timing)
    for _ in 0..<Animation.maximumGroupDepth {
      animation = try .group([animation], timing: timing)
    }
    var scene = try scene(with: Layer(id: "a"))
    try scene.addAnimation(animation, to: "a")
    try expectRoundTrip(scene)
    // One more is refused where it is built (deeper, the recursive walks would run out of stack).
    let error = expectError(.limit) { _ = try Animation.group([animation], timing: timing) }
    #expect(error?.message.hasSuffix("groups nest more than \(Animation.maximumGroupDepth) deep") == true)
    #expect(error?.message.hasPrefix("animation.children[0].children[0]") == true)
    // The reader applies the same rule to a document holding one more level (which its JSON
    // nesting limit still allows).
    var json = #"{"type": "basic", "keyPath": "opacity", "to": 0, "timing": {"duration": 1}}"#
    for level in 1...(Animation.maximumGroupDepth + 1) {
      let layer = level == Animation.maximumGroupDepth + 1 ? #""layer": "a", "# : ""
      json = #"{\#(layer)"type": "group", "timing": {"duration": 1}, "animations": [\#(json)]}"#
    }
    let read = expectError(.limit) {
      _ = try Scene(json: sceneDocument(layers: #"[{"id": "a"}]"#, animations: "[\(json)]"))
    }
    #expect(read?.message.hasPrefix("animations[0].animations[0].animations[0]") == true, "\(read?.message ?? "")")
    #expect(read?.message.hasSuffix("groups nest more than \(Animation.maximumGroupDepth) deep") == true)
  }

  @Test("a skeleton scene writes a document that loads, whatever its style's shimmer brightness")
  func skeletonScenes() throws {
    for brightness in [0, 0.92, 1, 1e9] {
      var style = SkeletonStyle()
      style.effect = .shimmer
      style.shimmerBrightness = brightness
      let tree = ViewTree(
        viewport: Size(width: 100, height: 100), style: style,
        root: ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100),
                       children: [ViewNode(kind: .label, frame: Rect(x: 10, y: 10, width: 80, height: 20))]))
      try expectRoundTrip(Skeleton(tree: tree).scene())
    }
    // A negative factor would make the highlight a colour outside [0, 1]: the style says so first.
    var style = SkeletonStyle()
    style.shimmerBrightness = -1
    let tree = ViewTree(viewport: Size(width: 100, height: 100), style: style,
                        root: ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    let error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree).scene() }
    #expect(error?.message.contains("shimmerBrightness must not be negative") == true, "\(error?.message ?? "")")
  }
}
