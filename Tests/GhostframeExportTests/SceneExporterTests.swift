import Foundation
import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeExport

/// The exporters against closed forms: a written Lottie property, evaluated here with a bisection
/// bezier (``ReferenceBezier``, not the exporter's solver), must give the animation's value at
/// times between its keyframes; a baked one must stay within the error the export reports.
@Suite("Scene exports")
struct SceneExporterTests {
  /// One 100 × 50 layer with `animation` on it.
  static func scene(_ animation: Animation) throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "box", frame: Rect(x: 10, y: 20, width: 100, height: 50),
                             backgroundColor: Color(rgb: 0x3F51B5)))
    try scene.addAnimation(animation, to: "box")
    return scene
  }

  /// The Lottie document's layer named `name`.
  static func lottieLayer(_ text: String, _ name: String) throws -> [String: Any] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let layers = try #require(document["layers"] as? [[String: Any]])
    return try #require(layers.first { $0["nm"] as? String == name })
  }

  /// A Lottie property at frame `f`: keyframes with o/i easing (x, y numbers), hold, or static.
  static func evaluate(_ property: [String: Any], frame f: Double) throws -> [Double] {
    if property["a"] as? Int == 0 {
      if let v = property["k"] as? Double { return [v] }
      return try #require(property["k"] as? [Double])
    }
    let keyframes = try #require(property["k"] as? [[String: Any]])
    let times = keyframes.map { ($0["t"] as? Double) ?? 0 }
    let values = try keyframes.map { try #require($0["s"] as? [Double]) }
    guard f > times[0] else { return values[0] }
    var i = 0
    while i + 1 < keyframes.count && times[i + 1] <= f { i += 1 }
    guard i + 1 < keyframes.count else { return values[i] }
    if keyframes[i]["h"] as? Int == 1 { return values[i] }
    let o = try #require(keyframes[i]["o"] as? [String: Double]), n = try #require(keyframes[i]["i"] as? [String: Double])
    let u = (f - times[i]) / (times[i + 1] - times[i])
    let e = ReferenceBezier.value(o["x"] ?? 0, o["y"] ?? 0, n["x"] ?? 1, n["y"] ?? 1, at: u)
    return zip(values[i], values[i + 1]).map { $0 + ($1 - $0) * e }
  }

  @Test("an eased, delayed, alternating opacity animation is written as keyframes that reproduce it")
  func exactOpacity() throws {
    let timing = try Timing(duration: 0.8, delay: 0.25, iterations: 2, direction: .alternate, fill: .both,
                            easing: .easeIn)
    let animation = try Animation.basic("opacity", from: [0.2], to: [0.9], timing: timing, removedOnCompletion: false)
    let result = try SceneExporter.export(try Self.scene(animation), as: .lottie, options: ExportOptions(duration: 2, fps: 30))
    #expect(result.bakedProperties == 0)
    #expect(result.exactProperties >= 1)
    #expect(result.maximumError == 0)
    #expect(result.loops == false)
    let ks = try #require(try Self.lottieLayer(result.text, "box")["ks"] as? [String: Any])
    let opacity = try #require(ks["o"] as? [String: Any])
    // The closed form: before the delay the first value (fill backwards), then ease-in forwards,
    // ease-in backwards, then the end of the second iteration (back at 0.2).
    func expected(_ t: Double) -> Double {
      let local = min(max(t - 0.25, 0), 1.6)
      let iteration = min(floor(local / 0.8), 1), x = local >= 1.6 ? 1 : local / 0.8 - iteration
      let directed = iteration == 0 ? x : 1 - x
      return (0.2 + 0.7 * ReferenceBezier.easeIn(directed)) * 100
    }
    for t in stride(from: 0.013, to: 2, by: 0.0731) {
      let written = try Self.evaluate(opacity, frame: t * 30)
      // Written with 2 decimals of a percent; times with 4 decimals of a frame.
      #expect(abs(written[0] - expected(t)) < 0.02, "t = \(t)")
    }
  }

  @Test("an opacity clamped through its ancestors is cut where it reaches 1, and stays exact")
  func clampedOpacity() throws {
    // TABAnimated's breathe: 1.1 → 0.6 ease-in, autoreversed, on the parent; the child's opacity
    // through it is min(1, value): a bend the export cuts at, each piece with its part of the curve.
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100), backgroundColor: .white))
    try scene.addLayer(Layer(id: "bone", parent: "root", frame: Rect(x: 10, y: 10, width: 80, height: 20),
                             backgroundColor: Color(rgb: 0x303030), opacity: 0.8))
    let timing = try Timing(duration: 1, iterations: .infinity, direction: .alternate, easing: .easeIn)
    try scene.addAnimation(try Animation.basic("opacity", from: [1.1], to: [0.6], timing: timing,
                                               removedOnCompletion: false), to: "root")
    let result = try SceneExporter.export(scene, as: .lottie)
    #expect(result.bakedProperties == 0)
    #expect(result.duration == 2 && result.loops)
    let ks = try #require(try Self.lottieLayer(result.text, "bone")["ks"] as? [String: Any])
    let opacity = try #require(ks["o"] as? [String: Any])
    for t in stride(from: 0.007, to: 2, by: 0.0613) {
      let x = t < 1 ? t : 2 - t
      let root = min(1.1 - 0.5 * ReferenceBezier.easeIn(x), 1)
      #expect(abs(try Self.evaluate(opacity, frame: t * 60)[0] - 80 * root) < 0.02, "t = \(t)")
    }
  }

  @Test("a spring is written as a linear() point list, and stays within the error the export reports")
  func approximatedSpring() throws {
    let spring = try Spring(mass: 1, stiffness: 120, damping: 8)
    let animation = Animation(property: try AnimatableProperty(keyPath: "position.x"),
                              timing: try Timing(duration: 1.5, fill: .forwards),
                              content: .spring(SpringValues(from: [60], to: [200], spring: spring)),
                              removedOnCompletion: false)
    let result = try SceneExporter.export(try Self.scene(animation), as: .lottie, options: ExportOptions(fps: 24))
    // Approximated, so counted with the baked properties; its error is the stated bound (0.1 % of
    // the 140 pt move) or what was measured, whichever is larger.
    #expect(result.bakedProperties >= 1)
    #expect(result.maximumError >= 0.14 - 1e-9)
    #expect(result.maximumError <= 0.28)
    let ks = try #require(try Self.lottieLayer(result.text, "box")["ks"] as? [String: Any])
    let position = try #require(ks["p"] as? [String: Any])
    // The spring's closed form (Spring.value is the unit response: 0 → 1), at times that are no
    // frame's: the points lie wherever the curve needs them, not on frames.
    var largest = 0.0
    for k in 0..<1000 {
      let t = (Double(k) + 0.37) / 1000 * result.duration
      let truth = 60 + 140 * spring.value(at: t)
      largest = max(largest, abs(try Self.evaluate(position, frame: t * 24)[0] - truth))
    }
    // The document rounds to 3 decimals.
    #expect(largest <= result.maximumError + 2e-3)
    #expect(largest > 0)
    // The same in CSS: one animation with the spring as linear() points, not a keyframe per frame.
    let html = try SceneExporter.export(try Self.scene(animation), as: .html, options: ExportOptions(fps: 24)).text
    #expect(html.contains("animation-timing-function:linear("))
    #expect(html.contains("1.5s linear 0s 1 normal forwards"))
  }

  /// A uniform number in [0, 1).
  static func unit(_ random: inout SplitMix64) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

  @Test("a cut of a cubic bezier is the same curve over the cut, reversed too")
  func bezierParts() {
    var random = SplitMix64(seed: 32)
    var exact = 0
    defer { #expect(exact >= 100, "only \(exact) of 200 cuts were exact") }
    for _ in 0..<200 {
      let x1 = Self.unit(&random), y1 = Self.unit(&random) * 2 - 0.5, x2 = Self.unit(&random), y2 = Self.unit(&random) * 2 - 0.5
      let ease = ExportEase.bezier(x1, y1, x2, y2)
      let a = Self.unit(&random) * 0.8, b = a + 0.05 + Self.unit(&random) * (0.95 - a)
      let part = ease.part(from: a, to: b)
      // Control points outside [0, 1] in x cannot be written: such a cut is clamped (and the
      // planner bakes it); every other cut must be exact.
      guard ease.isExactPart(from: a, to: b) else { continue }
      exact += 1
      guard case let .bezier(p1, q1, p2, q2) = part.ease else { continue }
      for u in [0.1, 0.37, 0.5, 0.81] {
        let whole = ReferenceBezier.value(x1, y1, x2, y2, at: a + (b - a) * u)
        let cut = part.startY + (part.endY - part.startY) * ReferenceBezier.value(p1, q1, p2, q2, at: u)
        #expect(abs(whole - cut) < 1e-9)
      }
      // Backwards in time: 1 − ease(1 − u) is the reversed curve.
      guard case let .bezier(r1, s1, r2, s2) = ease.reversed else { continue }
      for u in [0.2, 0.6] {
        #expect(abs(1 - ReferenceBezier.value(x1, y1, x2, y2, at: 1 - u) - ReferenceBezier.value(r1, s1, r2, s2, at: u)) < 1e-9)
      }
    }
  }

  @Test("the default duration is one seamless cycle, or until the last finite animation ends and one cycle more")
  func defaultDuration() throws {
    let shimmer = try Animation.basic("opacity", from: [1], to: [0.5],
                                      timing: try Timing(duration: 1.5, iterations: .infinity), removedOnCompletion: false)
    let breathe = try Animation.basic("cornerRadius", from: [0], to: [4],
                                      timing: try Timing(duration: 1, iterations: .infinity, direction: .alternate),
                                      removedOnCompletion: false)
    var scene = try Self.scene(shimmer)
    #expect(SceneExporter.defaultDuration(of: scene) == (1.5, true))
    try scene.addAnimation(breathe, to: "box")
    #expect(SceneExporter.defaultDuration(of: scene) == (6, true))  // lcm(1.5, 2 × 1)
    let finite = try Animation.basic("position.x", to: [0], timing: try Timing(duration: 0.7, delay: 0.4))
    try scene.addAnimation(finite, to: "box")
    // Finite and repeating: until the finite one ends, then one cycle, played once (the cycle is
    // Lottie's "loop" marker).
    #expect(abs(SceneExporter.defaultDuration(of: scene).duration - 7.1) < 1e-12)
    #expect(SceneExporter.defaultDuration(of: scene).loops == false)
    let marked = try SceneExporter.export(scene, as: .lottie, options: ExportOptions(fps: 10))
    #expect(marked.text.hasSuffix(#""markers":[{"tm":11,"cm":"loop","dr":60}]}"#))
    // Finite only: until it ends.
    let alone = try Self.scene(finite)
    #expect(SceneExporter.defaultDuration(of: alone) == (1.1, false))
  }

  @Test("bad options, an empty scene and a document past its limit are errors, never a crash")
  func refusals() throws {
    let animation = try Animation.basic("opacity", from: [0], to: [1], timing: try Timing(duration: 1))
    let scene = try Self.scene(animation)
    for options in [ExportOptions(fps: .nan), ExportOptions(fps: 0), ExportOptions(fps: 1000),
                    ExportOptions(duration: -1), ExportOptions(duration: .infinity), ExportOptions(maximumBytes: 0)] {
      #expect(throws: GhostframeError.self) { try SceneExporter.export(scene, as: .html, options: options) }
    }
    do {
      _ = try SceneExporter.export(Scene(), as: .lottie)
      Issue.record("an empty scene was exported")
    } catch {
      #expect(error.code == .invalidArgument)
    }
    for format in ExportFormat.allCases {
      do {
        _ = try SceneExporter.export(scene, as: format, options: ExportOptions(maximumBytes: 500))
        Issue.record("a \(format) document past 500 bytes was written")
      } catch {
        #expect(error.code == .limit)
      }
    }
    do {
      _ = try SceneExporter.export(scene, as: .lottie, options: ExportOptions(duration: 3000, fps: 240))
      Issue.record("720,000 frames were exported")
    } catch {
      #expect(error.code == .limit)
    }
  }

  @Test("astronomically large values are written or refused, never a trap")
  func extremes() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    try scene.addLayer(Layer(id: "far", parent: "root", frame: Rect(x: 1e300, y: -1e300, width: 1e300, height: 5),
                             cornerRadius: 1e300, gradient: Gradient(colors: [.black, .white])))
    let moves = try Animation.basic("position.x", from: [-1e308], to: [1e308],
                                    timing: try Timing(duration: 1, iterations: .infinity, easing: .easeOut),
                                    isCumulative: true, removedOnCompletion: false)
    try scene.addAnimation(moves, to: "far")
    try scene.addAnimation(try Animation.basic("transform.rotation", by: [1e300], timing: try Timing(duration: 0.5)), to: "far")
    for format in ExportFormat.allCases {
      do {
        let result = try SceneExporter.export(scene, as: format, options: ExportOptions(duration: 2, fps: 30))
        #expect(!result.text.isEmpty)
        #expect(!result.text.contains("nan") && !result.text.contains("inf"))
      } catch {
        #expect(error.code == .invalidArgument || error.code == .limit, "\(format): \(error)")
      }
    }
    #expect(ExportText.number(1e300) == "1e+300")
    // Any magnitude prints as a number that reads back (to its decimals, or as Double prints it).
    for value in [-123_456_789_012.345_67, 9.2e18, -1e19, 4.5e15, 0.125] {
      let text = ExportText.number(value, 5)
      let back = try #require(Double(text), "\(text)")
      #expect(abs(back - value) <= max(1e-5, abs(value) * 1e-15), "\(value) printed \(text)")
    }
    #expect(ExportText.number(0.000_4, 3) == "0")
    #expect(ExportText.number(-2.5, 0) == "-3" || ExportText.number(-2.5, 0) == "-2")
  }

  @Test("HTML and SVG carry the reduced-motion rule and one element per layer")
  func markup() throws {
    let animation = try Animation.basic("transform.scale.x", from: [1], to: [0.5],
                                        timing: try Timing(duration: 1, iterations: .infinity, easing: .easeInOut),
                                        removedOnCompletion: false)
    let scene = try Self.scene(animation)
    let html = try SceneExporter.export(scene, as: .html).text
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("@media (prefers-reduced-motion: reduce)"))
    #expect(html.contains("cubic-bezier(0.42,0,0.58,1)"))
    #expect(html.contains("infinite"))
    let svg = try SceneExporter.export(scene, as: .svg).text
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.components(separatedBy: "<title>box</title>").count == 2)
  }

  @Test("a shimmer with a pause: the sweep, then the rest, each cycle, exactly")
  func pausedCycle() throws {
    // The skeleton's shape of a pause: a group of sweep + rest repeating with linear time, its
    // child the sweep (ease-in, both fills) over the first 1.5 s of each 1.9 s cycle.
    let sweep = try Animation.basic("opacity", from: [0.2], to: [0.9],
                                    timing: try Timing(duration: 1.5, fill: .both, easing: .easeIn))
    let cycle = try Animation.group([sweep], timing: try Timing(duration: 1.9, delay: 0.3, iterations: .infinity,
                                                                fill: .forwards), removedOnCompletion: false)
    let scene = try Self.scene(cycle)
    let result = try SceneExporter.export(scene, as: .lottie, options: ExportOptions(duration: 4.1, fps: 30))
    #expect(result.bakedProperties == 0 && result.maximumError == 0)
    let ks = try #require(try Self.lottieLayer(result.text, "box")["ks"] as? [String: Any])
    let opacity = try #require(ks["o"] as? [String: Any])
    func expected(_ t: Double) -> Double {
      guard t >= 0.3 else { return 100 }  // the group has no backwards fill: the model's 1
      let local = (t - 0.3).truncatingRemainder(dividingBy: 1.9)
      return (local < 1.5 ? 0.2 + 0.7 * ReferenceBezier.easeIn(local / 1.5) : 0.9) * 100
    }
    for t in stride(from: 0.011, to: 4.1, by: 0.0677) {
      #expect(abs(try Self.evaluate(opacity, frame: t * 30)[0] - expected(t)) < 0.02, "t = \(t)")
    }
    // In CSS, one animation with the group's own timing and the rest inside its @keyframes.
    let html = try SceneExporter.export(scene, as: .html, options: ExportOptions(duration: 4.1)).text
    #expect(html.contains("1.9s linear 0.3s infinite normal forwards"))
    #expect(html.contains("78.9474%{opacity:0.9}"))
  }

  @Test("additive steps one after another are keyframes with their curves; at once, they are baked")
  func additiveSteps() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "box", frame: Rect(x: 10, y: 20, width: 100, height: 50), backgroundColor: .white))
    // A timeline's two `by` steps: +100 ease-out over [0, 0.5], then −50 ease-in over [0.8, 1.2].
    try scene.addAnimation(.basic("position.x", by: [100], timing: try Timing(duration: 0.5, fill: .forwards, easing: .easeOut),
                                  isAdditive: true, removedOnCompletion: false), to: "box")
    try scene.addAnimation(.basic("position.x", by: [-50], timing: try Timing(duration: 0.4, delay: 0.8, fill: .forwards,
                                                                              easing: .easeIn),
                                  isAdditive: true, removedOnCompletion: false), to: "box")
    let result = try SceneExporter.export(scene, as: .lottie, options: ExportOptions(fps: 30))
    #expect(result.bakedProperties == 0 && result.maximumError == 0 && abs(result.duration - 1.2) < 1e-12)
    let ks = try #require(try Self.lottieLayer(result.text, "box")["ks"] as? [String: Any])
    let position = try #require(ks["p"] as? [String: Any])
    func expected(_ t: Double) -> Double {
      60 + 100 * ReferenceBezier.easeOut(min(t / 0.5, 1)) - 50 * ReferenceBezier.easeIn(min(max((t - 0.8) / 0.4, 0), 1))
    }
    for t in stride(from: 0.013, to: 1.2, by: 0.0371) {
      #expect(abs(try Self.evaluate(position, frame: t * 30)[0] - expected(t)) < 2e-3, "t = \(t)")
    }
    // The second step starting before the first ends: a sum of two curves, sampled.
    try scene.addAnimation(.basic("position.x", by: [30], timing: try Timing(duration: 0.5, delay: 0.2, fill: .forwards),
                                  isAdditive: true, removedOnCompletion: false), to: "box")
    let overlapping = try SceneExporter.export(scene, as: .lottie, options: ExportOptions(fps: 30))
    #expect(overlapping.bakedProperties >= 1 && overlapping.maximumError > 0)
  }

  @Test("a list section's container clips its rows: a precomposition masked by its rectangle")
  func listClip() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 300), backgroundColor: .white))
    try scene.addLayer(Layer(id: "container:list", parent: "root", frame: Rect(x: 0, y: 100, width: 200, height: 120)))
    try scene.addLayer(Layer(id: "row", parent: "container:list", frame: Rect(x: 10, y: 90, width: 180, height: 80),
                             backgroundColor: Color(rgb: 0x3F51B5)))
    let text = try SceneExporter.export(scene, as: .lottie).text
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let assets = try #require(document["assets"] as? [[String: Any]])
    let layers = try #require(document["layers"] as? [[String: Any]])
    // The row lives in the container's precomposition, at its place in the container.
    let rows = try #require(assets.first?["layers"] as? [[String: Any]])
    #expect(rows.map { $0["nm"] as? String } == ["row"])
    #expect(rows.first?["parent"] == nil)
    let precomp = try #require(layers.first { $0["ty"] as? Int == 0 })
    #expect(precomp["refId"] as? String == assets.first?["id"] as? String)
    #expect(precomp["parent"] as? Int == 2)  // the container (index 1) is ind 2
    let masks = try #require(precomp["masksProperties"] as? [[String: Any]])
    let path = try #require((masks.first?["pt"] as? [String: Any])?["k"] as? [String: Any])
    #expect(path["v"] as? [[Double]] == [[0, 0], [200, 0], [200, 120], [0, 120]])
  }
}
