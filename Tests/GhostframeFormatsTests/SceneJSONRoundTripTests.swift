import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeTestSupport

/// A scene that uses every feature of the format, with awkward numbers.
func everyFeatureScene() throws -> Scene {
  var scene = Scene()
  try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300),
                           backgroundColor: Color(rgb: 0x336699)))
  try scene.addLayer(Layer(
    id: "card", parent: "root", frame: Rect(x: 16.25, y: 100.1, width: 343, height: 200 / 3),
    anchorPoint: Point(x: 0.3, y: 0.7), cornerRadius: 12, backgroundColor: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
    opacity: 0.9, transform: LayerTransform(scaleX: 1.1, scaleY: 0.9, rotation: 0.1, translationX: 3, translationY: -4),
    zPosition: 2,
    gradient: Gradient(colors: [.white, Color(rgb: 0xEEEEEE), .black, Color(red: 1e-7, green: 0.5, blue: 1, alpha: 0)],
                       locations: [0, 0.5, 0.75, 1], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)),
    custom: ["glow": 0.5, "blur": 2, "ünïcode \"name\"": -0.0]))
  try scene.addLayer(Layer(id: "old", parent: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100), isHidden: true))
  try scene.addLayer(Layer(id: "new \"quoted\" é", parent: "root", frame: Rect(x: -0.0, y: 1e-300, width: 200, height: 100)))
  try scene.addLayer(Layer(id: "leaf", parent: "card", frame: Rect(x: 1.7976931348623157e308, y: .leastNonzeroMagnitude, width: 0, height: 0)))

  try scene.addAnimation(
    .basic("opacity", from: [0.1], to: [1], by: [0.2], timing: Timing(
      duration: 1.5, delay: 0.25, endDelay: -0.1, iterations: 2.5, iterationStart: 0.25, direction: .alternateReverse,
      fill: .both, easing: .cubicBezier(0.1, 0.7, 1, 0.1), playbackRate: -1, timeOffset: 0.3),
      isCumulative: true, removedOnCompletion: false), to: "card", key: "fade")
  try scene.addAnimation(
    .basic("position", by: [10, -20], timing: .coreAnimation(
      duration: 0.3, beginTime: 0.5, speed: 2, timeOffset: 0.2, repeatCount: 1.5, autoreverses: true,
      fillMode: .both, easing: Curve(parsing: "steps(4, jump-start)")), isAdditive: true, isCumulative: true),
    to: "card", key: "nudge")
  try scene.addAnimation(
    .basic("backgroundColor", to: [1, 0.5, 0, 1], timing: Timing(duration: 2, easing: Curve(parsing: "linear(0, 0.25 30%, 1)")),
           removedOnCompletion: false), to: "card")
  try scene.addAnimation(
    .keyframes("position", Keyframes(
      values: [[0, 0], [10, 5], [0, 10], [1.0 / 3, 2.0 / 3]], keyTimes: [0, 0.3, 0.9, 1],
      curves: [.ease, .penner(.easeInQuad), try .spring(Spring(mass: 1, stiffness: 100, damping: 10))], mode: .cubic,
      tension: [0, 0.5, -0.5, 0], continuity: [0, 0.1, 0.2, 0], bias: [0.3, 0, 0, -0.3]),
      timing: Timing(duration: 2, iterations: .infinity, direction: .alternate), isAdditive: true), to: "leaf")
  try scene.addAnimation(
    .keyframes("opacity", Keyframes(values: [[0], [1], [0.5]], keyTimes: [0, 0.25, 0.5, 1], mode: .discrete),
               timing: Timing(duration: 1, fill: .forwards)), to: "leaf")
  try scene.addAnimation(
    .keyframes("gradient.colors", Keyframes(values: [Array(repeating: 0, count: 16), Array(repeating: 0.5, count: 16)],
                                            mode: .paced), timing: Timing(duration: 1)), to: "card")
  try scene.addAnimation(
    .keyframes("transform.translation", Keyframes(values: [[0, 0], [5, 5], [0, 9]], mode: .cubicPaced),
               timing: Timing(duration: 1.25, fill: .backwards)), to: "old")
  let overdamped = try Spring(mass: 1, stiffness: 100, damping: 30, initialVelocity: 0.5, allowsOverdamping: true)
  try scene.addAnimation(.spring("transform.scale", SpringValues(from: [0.5], to: [1], velocity: [2], spring: overdamped)),
                         to: "card", key: "pop")
  try scene.addAnimation(
    .spring("frame", SpringValues(to: [0, 0, 400, 300], spring: Spring(stiffness: 170, damping: 20)),
            timing: Timing(duration: 1, iterations: 2), isAdditive: false), to: "card")
  try scene.addAnimation(.spring("custom.glow", SpringValues(from: [0], to: [1], spring: Spring())), to: "card")
  let inner = try Animation.group(
    [.basic("transform.rotation", from: [0], to: [Double.pi], timing: Timing(duration: 0.5, easing: .easeIn))],
    timing: Timing(duration: 0.5, delay: 0.25))
  try scene.addAnimation(
    .group([.basic("cornerRadius", from: [0], to: [16], timing: Timing(duration: 1.6)), inner,
            .spring("zPosition", SpringValues(to: [5], spring: Spring()), timing: Timing(duration: 0.8))],
           timing: Timing(duration: 0.8, iterations: .infinity, easing: .easeInOut), removedOnCompletion: false),
    to: "card", key: "group")
  try scene.addAnimation(
    .transition(Transition(kind: .push, direction: .fromTop, fromLayer: "old", startProgress: 0.1, endProgress: 0.9),
                timing: Timing(duration: 1, fill: .forwards), removedOnCompletion: false), to: "new \"quoted\" é")
  return scene
}

/// Builds random valid scenes from a seed.
struct RandomSceneBuilder {
  var rng: SplitMix64
  static let easings = [
    "linear", "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(0.1, 0.7, 1, 0.1)", "steps(3, jump-both)",
    "step-start", "linear(0, 0.25 40%, 1)", "easeInOutBack", "easeOutBounce", "spring(1, 100, 10, 0)", "easeInElastic",
  ]
  static let keyPaths = [
    "frame", "position", "position.x", "position.y", "bounds.size", "bounds.size.width", "anchorPoint", "opacity",
    "cornerRadius", "backgroundColor", "zPosition", "transform.scale", "transform.scale.y", "transform.rotation",
    "transform.translation", "gradient.startPoint", "gradient.locations", "gradient.colors", "custom.glow",
  ]

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

  /// A number in `range`: arbitrary, a multiple of 1/8, or a short decimal.
  mutating func number(_ range: ClosedRange<Double>) -> Double {
    let x = Double.random(in: range, using: &rng)
    switch int(0...2) {
    case 0: return x
    case 1: return min(max((x * 8).rounded() / 8, range.lowerBound), range.upperBound)
    default: return min(max(Double("\(Int((x * 100).rounded()))e-2") ?? x, range.lowerBound), range.upperBound)
    }
  }

  mutating func color() -> Color {
    if chance(0.5) {
      return Color(rgb: UInt32(int(0...0xFFFFFF)), alpha: Double(int(0...255)) / 255)
    }
    return Color(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: number(0...1))
  }

  mutating func easing() throws -> Curve {
    try Curve(parsing: Self.easings[int(0...(Self.easings.count - 1))])
  }

  mutating func layers() -> [Layer] {
    var layers: [Layer] = []
    for index in 0..<int(2...6) {
      var layer = Layer(id: "layer \(index)")
      if index > 0, chance(0.7) { layer.parent = layers[int(0...(index - 1))].id }
      layer.frame = Rect(x: number(-100...400), y: number(-100...400), width: number(0...300), height: number(0...300))
      layer.anchorPoint = Point(x: number(0...1), y: number(0...1))
      layer.cornerRadius = number(0...20)
      layer.backgroundColor = color()
      layer.opacity = number(0...1)
      layer.isHidden = chance(0.1)
      layer.zPosition = number(-5...5)
      layer.transform = LayerTransform(scaleX: number(0.5...2), scaleY: number(0.5...2), rotation: number(-3...3),
                                       translationX: number(-20...20), translationY: number(-20...20))
      if chance(0.4) {
        let count = int(0...4)
        var gradient = Gradient(colors: (0..<count).map { _ in color() })
        if chance(0.5) { gradient.locations = (0..<count).map { _ in number(0...1) }.sorted() }
        gradient.startPoint = Point(x: number(0...1), y: number(0...1))
        gradient.endPoint = Point(x: number(0...1), y: number(0...1))
        layer.gradient = gradient
      }
      for name in ["glow", "blur"] where chance(0.4) { layer.custom[name] = number(-10...10) }
      layers.append(layer)
    }
    return layers
  }

  mutating func timing(finite: Bool) throws -> Timing {
    if chance(0.4) {
      return try Timing.coreAnimation(
        duration: number(0...1), beginTime: number(0...1), speed: number(0.5...2),
        timeOffset: chance(0.3) ? number(0...0.5) : 0,
        repeatCount: chance(0.2) && !finite ? .infinity : number(0...3),
        repeatDuration: chance(0.2) ? number(0...3) : 0, autoreverses: chance(0.5),
        fillMode: FillMode.allCases[int(0...3)], easing: easing())
    }
    return try Timing(
      duration: number(0.05...2), delay: number(-0.5...1), endDelay: number(-0.2...0.5),
      iterations: chance(0.15) && !finite ? .infinity : number(0...3), iterationStart: number(0...1),
      direction: PlaybackDirection.allCases[int(0...3)], fill: FillMode.allCases[int(0...3)], easing: easing(),
      playbackRate: (chance(0.8) ? 1 : -1) * number(0.5...2), timeOffset: chance(0.3) ? number(0...0.5) : 0,
      timeScale: chance(0.3) ? number(0.5...3) : 1)
  }

  mutating func value(width: Int, keyPath: String) -> [Double] {
    let range: ClosedRange<Double> = keyPath.contains("olor") ? 0...1 : -50...50
    return (0..<width).map { _ in number(range) }
  }

  /// A property animation (basic, keyframes or spring), or a group of them.
  mutating func propertyAnimation(depth: Int = 0) throws -> Animation {
    let keyPath = Self.keyPaths[int(0...(Self.keyPaths.count - 1))]
    let width = try AnimatableProperty(keyPath: keyPath).valueWidth
    let additive = chance(0.3), cumulative = chance(0.3), removed = chance(0.5)
    switch int(0...(depth < 2 ? 3 : 2)) {
    case 0:
      let from = chance(0.6) ? value(width: width, keyPath: keyPath) : nil
      let to = chance(0.6) ? value(width: width, keyPath: keyPath) : nil
      let by = chance(0.4) ? value(width: width, keyPath: keyPath) : nil
      return try .basic(keyPath, from: from, to: to, by: by, timing: timing(finite: false), isAdditive: additive,
                        isCumulative: cumulative, removedOnCompletion: removed)
    case 1:
      let mode = Keyframes.CalculationMode.allCases[int(0...4)]
      let n = int(1...4)
      var keyframes = Keyframes(values: (0..<n).map { _ in value(width: width, keyPath: keyPath) }, mode: mode)
      let timed = mode == .linear || mode == .discrete || mode == .cubic
      let times = mode == .discrete ? n + 1 : n
      if timed, times >= 2, chance(0.6) {
        keyframes.keyTimes = [0] + (0..<(times - 2)).map { _ in number(0...1) }.sorted() + [1]
      }
      if n > 1, chance(0.5) { keyframes.curves = try (0..<(mode == .discrete ? n : n - 1)).map { _ in try easing() } }
      if chance(0.4) { keyframes.tension = (0..<n).map { _ in number(-1...1) } }
      if chance(0.4) { keyframes.continuity = (0..<n).map { _ in number(-1...1) } }
      if chance(0.4) { keyframes.bias = (0..<n).map { _ in number(-1...1) } }
      return try .keyframes(keyPath, keyframes, timing: timing(finite: false), isAdditive: additive,
                            isCumulative: cumulative, removedOnCompletion: removed)
    case 2:
      let spring = try Spring(mass: number(0.5...2), stiffness: number(50...300), damping: number(5...30),
                              initialVelocity: number(-1...1), allowsOverdamping: chance(0.5))
      let values = SpringValues(
        from: chance(0.6) ? value(width: width, keyPath: keyPath) : nil, to: value(width: width, keyPath: keyPath),
        velocity: chance(0.4) ? value(width: width, keyPath: keyPath) : nil, spring: spring)
      var animation = try Animation.spring(keyPath, values, timing: chance(0.5) ? timing(finite: true) : nil,
                                           isAdditive: additive, removedOnCompletion: removed)
      animation.isCumulative = cumulative
      return animation
    default:
      let children = try (0..<int(0...3)).map { _ in try propertyAnimation(depth: depth + 1) }
      return try .group(children, timing: timing(finite: true), removedOnCompletion: removed)
    }
  }

  mutating func scene() throws -> Scene {
    var scene = Scene()
    for layer in layers() { try scene.addLayer(layer) }
    let ids = scene.layers.map(\.id)
    for _ in 0..<int(1...6) {
      let layer = ids[int(0...(ids.count - 1))]
      let key: String? = chance(0.4) ? ["k1", "k2"][int(0...1)] : nil
      if chance(0.15) {
        guard let other = ids.first(where: { $0 != layer }) else { continue }
        let start = number(0...1)
        let transition = Transition(
          kind: Transition.Kind.allCases[int(0...3)], direction: Transition.Direction.allCases[int(0...3)],
          fromLayer: other, startProgress: start, endProgress: number(start...1))
        try scene.addAnimation(.transition(transition, timing: timing(finite: false), removedOnCompletion: chance(0.5)),
                               to: layer, key: key)
      } else {
        try scene.addAnimation(propertyAnimation(), to: layer, key: key)
      }
    }
    return scene
  }
}

@Suite("Scene JSON: round trip")
struct SceneJSONRoundTripTests {
  @Test("a scene using every feature: stable text and bit-for-bit samples")
  func everyFeature() throws {
    let scene = try everyFeatureScene()
    let loaded = try expectRoundTrip(scene)
    #expect(loaded.animations.count == scene.animations.count)
    // The awkward numbers survive exactly.
    let leaf = try #require(loaded.layers.first { $0.id == "leaf" })
    #expect(leaf.frame.x == 1.7976931348623157e308 && leaf.frame.y == .leastNonzeroMagnitude)
    let new = try #require(loaded.layers.first { $0.id == "new \"quoted\" é" })
    #expect(new.frame.x.sign == .minus && new.frame.x == 0)
    let card = try #require(loaded.layers.first { $0.id == "card" })
    #expect(card.custom["ünïcode \"name\""]?.sign == .minus)
    // The scene really moves: samples differ over time.
    let sampler = loaded.compiled()
    #expect(sceneSampleBytes(sampler, at: 0.3) != sceneSampleBytes(sampler, at: 0.6))
  }

  @Test("random scenes: stable text and bit-for-bit samples", arguments: 0..<40)
  func random(seed: UInt64) throws {
    var builder = RandomSceneBuilder(seed: 0x5CE7E + seed)
    let scene = try builder.scene()
    try expectRoundTrip(scene)
  }

  @Test("a scene loaded from hand-written JSON round-trips through its canonical form")
  func handWritten() throws {
    let text = sceneDocument(
      layers: ##"[{"id": "b", "parent": "a", "backgroundColor": "#ABC"}, {"id": "a", "frame": [0, 0, 10, 10]}]"##,
      animations: #"""
        [{"layer": "b", "type": "basic", "keyPath": "position.y", "to": 40,
          "coreAnimation": {"duration": 0.3, "repeatCount": "infinity", "autoreverses": true, "fillMode": "forwards",
                            "easing": "easeOut"}},
         {"layer": "b", "type": "spring", "keyPath": "backgroundColor", "to": "#FFF"}]
        """#)
    let scene = try Scene(json: text)
    let loaded = try expectRoundTrip(scene)
    #expect(loaded.layers.map(\.id) == ["a", "b"])
    #expect(try loaded.json().contains(##""backgroundColor": "#AABBCCFF""##))
    #expect(try loaded.json().contains(#""easing": "ease-out""#))
  }

  @Test("an empty scene round-trips")
  func empty() throws {
    let loaded = try expectRoundTrip(Scene())
    #expect(try loaded.layers.isEmpty && loaded.json().contains(#""layers": []"#))
  }
}
