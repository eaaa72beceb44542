import Foundation
import Testing
@testable import GhostframeCore
import GhostframeTestSupport
import GhostframeFormats

/// Additive and cumulative composition as Core Animation defines it, and sampling at
/// extreme finite times. The layer's model opacity is 0.2; values hand-computed, tolerance
/// 1e-12 unless stated.
@Suite("Composition fidelity")
struct CompositionFidelityTests {
  @Test("additive: the values given are added to the value under the animation once", arguments: [
    // (from, to, by, expected at progress 0.25): under + lerp(from ?? 0, to ?? from + by ?? 0).
    ([0.0], [1.0], nil, 0.2 + 0.25),            // from → to, added
    (nil, [1.0], nil, 0.2 + 0.25 * 1.0),        // to only: 0 → to, added (was 0.2 + 0.4)
    (nil, nil, [0.4], 0.2 + 0.25 * 0.4),        // by only: 0 → by, added (was 0.2 + 0.3)
    ([1.0], nil, nil, 0.2 + 0.75 * 1.0),        // from only: from → 0, added
    (nil, nil, nil, 0.2),                       // nothing: adds 0
    ([0.5], nil, [0.4], 0.2 + 0.5 + 0.1),       // from → from + by, added
    (nil, [1.0], [0.4], 0.2 + 0.6 + 0.1),       // to − by → to, added
  ] as [([Double]?, [Double]?, [Double]?, Double)])
  func additive(from: [Double]?, to: [Double]?, by: [Double]?, expected: Double) throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("opacity", from: from, to: to, by: by, timing: second(), isAdditive: true), to: "a")
    #expect(abs(state(scene, at: 0.25).opacity - expected) < 1e-12)
  }

  @Test("an additive to-only animation over another animation adds to it once")
  func additiveOverAnimation() throws {
    var scene = try oneLayerScene()
    // Under: 100 → 200 on position.x (frame x = position.x − 50); over it, additive to 40.
    try scene.addAnimation(.basic("position.x", from: [100], to: [200], timing: second()), to: "a")
    try scene.addAnimation(.basic("position.x", to: [40], timing: second(), isAdditive: true), to: "a")
    // At 0.5: under 150, plus 0 → 40 at 0.5 = 20: position 170, frame x 120.
    #expect(abs(state(scene, at: 0.5).x - 120) < 1e-12)
  }

  @Test("an additive spring without from moves by its `to` over the value under it")
  func additiveSpring() throws {
    let spring = try Spring()
    var scene = try oneLayerScene()
    try scene.addAnimation(.spring("opacity", SpringValues(to: [0.5], spring: spring), timing: second(),
                                   isAdditive: true), to: "a")
    for t in [0.1, 0.25, 0.5] {
      #expect(abs(state(scene, at: t).opacity - (0.2 + 0.5 * spring.value(at: t))) < 1e-12)
    }
  }

  @Test("cumulative with autoreverses: a cycle is forward and back, so nothing accumulates and nothing jumps")
  func cumulativeAutoreverses() throws {
    var scene = try oneLayerScene()
    let timing = try Timing.coreAnimation(duration: 1, repeatCount: 3, autoreverses: true, fillMode: .forwards)
    try scene.addAnimation(.basic("cornerRadius", from: [2], to: [5], timing: timing, isCumulative: true,
                                  removedOnCompletion: false), to: "a")
    let sampler = scene.compiled()
    // Reference: 2 + 3 × the triangle wave of period 2 (forward leg, then back).
    var previous: Double?
    for step in 0...700 {
      let t = Double(step) / 100
      let leg = t.truncatingRemainder(dividingBy: 2)
      let expected = t >= 6 ? 2 : 2 + 3 * (leg <= 1 ? leg : 2 - leg)
      let value = sampler.sample(at: t)[0].cornerRadius
      #expect(abs(value - expected) < 1e-9, "t = \(t)")
      // Slope 3 per second: a step of 0.01 s moves at most 0.03 (it jumped by 3 per leg before).
      if let previous { #expect(abs(value - previous) <= 0.03 + 1e-9, "t = \(t)") }
      previous = value
    }
  }

  @Test("cumulative one-way repeats still add the previous change; keyframes add last − first")
  func cumulativeOneWay() throws {
    var scene = try oneLayerScene()
    let timing = try Timing.coreAnimation(duration: 1, repeatCount: 3, fillMode: .forwards)
    try scene.addAnimation(.keyframes("cornerRadius", Keyframes(values: [[1], [4], [2]]), timing: timing,
                                      isCumulative: true, removedOnCompletion: false), to: "a")
    let sampler = scene.compiled()
    // Repeat 2 at 0.25 (first segment at 0.5): 2.5 + 2 × (2 − 1).
    #expect(abs(sampler.sample(at: 2.25)[0].cornerRadius - 4.5) < 1e-12)
    #expect(abs(sampler.sample(at: 3)[0].cornerRadius - 4) < 1e-12)
  }

  @Test("a cumulative spring adds to − from per repeat, in its own local time")
  func cumulativeSpring() throws {
    let spring = try Spring()
    var scene = try oneLayerScene()
    var animation = try Animation.spring("cornerRadius", SpringValues(from: [0], to: [2], spring: spring),
                                         timing: Timing.coreAnimation(duration: 1, speed: 2, repeatCount: 3))
    animation.isCumulative = true
    try scene.addAnimation(animation, to: "a")
    let sampler = scene.compiled()
    // Parent t = 0.75 is repeat 1 at local time 0.5: 2 × x(0.5) + 1 × 2.
    #expect(abs(sampler.sample(at: 0.75)[0].cornerRadius - (2 * spring.value(at: 0.5) + 2)) < 1e-12)
    #expect(abs(sampler.sample(at: 1.1)[0].cornerRadius - (2 * spring.value(at: 0.2) + 4)) < 1e-12)
  }

  /// Scenes whose timings stress the arithmetic: repeats forever with cumulative values,
  /// tiny and huge durations and delays, infinite durations, groups with speed and offsets.
  func stressScenes() throws -> [Scene] {
    var scenes = try sceneExampleFiles().map { try loadSceneExample($0) }
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    try scene.addLayer(Layer(id: "a", parent: "root", frame: Rect(x: 10, y: 10, width: 20, height: 20), custom: ["v": 1]))
    let forever = try Timing(duration: 0.5, iterations: .infinity)
    for (keyPath, from, to) in [("transform.rotation", 0.0, 6.283), ("position.x", 10, 30), ("transform.scale", 1, 2),
                                ("opacity", 0.5, 1), ("cornerRadius", 0, 0), ("custom.v", 1, 1)] {
      try scene.addAnimation(.basic(keyPath, from: [from], to: [to], timing: forever, isCumulative: true), to: "a")
    }
    let tiny = try Timing(duration: 1e-300, iterations: .infinity, direction: .alternate)
    try scene.addAnimation(.basic("position.y", from: [0], to: [5], timing: tiny, isCumulative: true), to: "a")
    try scene.addAnimation(.basic("cornerRadius", by: [1], timing: Timing(duration: 0, iterations: .infinity,
                                                                        fill: .both), isCumulative: true), to: "a")
    let huge = try Timing(duration: 1e300, delay: -1e300, iterations: .infinity, fill: .both, timeOffset: 1e299)
    try scene.addAnimation(.keyframes("anchorPoint", Keyframes(values: [[0, 0], [1, 1], [0.5, 0]], mode: .cubicPaced),
                                      timing: huge, isCumulative: true), to: "a")
    try scene.addAnimation(.keyframes("zPosition", Keyframes(values: [[0], [3], [1]], keyTimes: [0, 0.2, 0.7, 1],
                                                             mode: .discrete),
                                      timing: Timing(duration: 1e-10, delay: 1e300, iterations: .infinity, fill: .both),
                                      isCumulative: true), to: "a")
    try scene.addAnimation(.spring("transform.translation.x", SpringValues(to: [5], spring: Spring(damping: 0)),
                                   timing: Timing(duration: .infinity, delay: -1e300)), to: "a")
    let child = try Animation.spring("custom.v", SpringValues(from: [0], to: [1], spring: Spring()),
                                     timing: Timing.coreAnimation(duration: 1e-3, speed: 1e6, repeatCount: .infinity))
    try scene.addAnimation(.group([child], timing: Timing.coreAnimation(duration: 1e300, speed: 1e-3,
                                                                          timeOffset: 1e300,
                                                                          repeatCount: .infinity)), to: "root")
    scenes.append(scene)
    return scenes
  }

  @Test("sampling at extreme finite times never yields NaN")
  func extremeTimes() throws {
    let times: [Double] = [
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e308, -1e308, 1e300, -1e300, 1e200, 1e100, 1e20,
      -1e20, 4_503_599_627_370_496, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0, -0.0,
    ]
    let custom = try AnimatableProperty(keyPath: "custom.v")
    for scene in try stressScenes() {
      let sampler = scene.compiled()
      for t in times {
        for (index, s) in sampler.sample(at: t).enumerated() {
          let numbers = [s.x, s.y, s.width, s.height, s.cornerRadius, s.red, s.green, s.blue, s.alpha, s.opacity,
                         s.transform.a, s.transform.b, s.transform.c, s.transform.d, s.transform.tx, s.transform.ty,
                         s.zPosition, s.gradientStart.x, s.gradientStart.y, s.gradientEnd.x, s.gradientEnd.y]
            + (0..<4).map { s.gradientLocations[$0] } + (0..<16).map { s.gradientColors[$0] }
          #expect(!numbers.contains { $0.isNaN }, "layer \(index) at t = \(t): \(numbers)")
        }
        #expect(!sampler.customValues(of: custom, at: t).contains { $0.isNaN }, "custom at t = \(t)")
      }
    }
  }
}
