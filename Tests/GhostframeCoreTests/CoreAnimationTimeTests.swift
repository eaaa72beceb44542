import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Core Animation's local-time rule (`t = (t_parent − beginTime) × speed + timeOffset`) for
/// every kind of animation: groups time their children in their own local time, springs run
/// their physics in it. References are independent: a direct transcription of Core
/// Animation's time pipeline (research/animation.md §1.1) and the spring's closed form.
@Suite("Core Animation local time")
struct CoreAnimationTimeTests {
  /// One CAMediaTiming, evaluated the way research/animation.md §1.1 writes Core Animation's
  /// pipeline, with the removed fill mode: the basic local time, or nil outside the active
  /// interval. Written independently of ``Timing`` (no Web Animations mapping).
  struct MediaTiming {
    var duration: Double
    var beginTime = 0.0
    var speed = 1.0
    var timeOffset = 0.0
    var repeatCount = 0.0
    var autoreverses = false

    func basicTime(_ parent: Double) -> Double? {
      let cycle = autoreverses ? 2 * duration : duration
      let active = cycle * (repeatCount > 0 ? repeatCount : 1)
      let raw = (parent - beginTime) * speed
      guard raw >= 0, raw < active else { return nil }
      let wrapped = (raw + timeOffset).truncatingRemainder(dividingBy: active)
      var c = wrapped.truncatingRemainder(dividingBy: cycle)
      if autoreverses && c > duration { c = cycle - c }
      return c
    }

    func timing() throws -> Timing {
      try Timing.coreAnimation(duration: duration, beginTime: beginTime, speed: speed, timeOffset: timeOffset,
                               repeatCount: repeatCount, autoreverses: autoreverses)
    }
  }

  func custom(_ name: String) throws -> AnimatableProperty { try AnimatableProperty(keyPath: "custom.\(name)") }

  @Test("the issue's case: a group at speed 2 runs its child at twice the rate (t = 0.5 gives 5)")
  func groupSpeed() throws {
    var scene = try oneLayerScene()
    let child = try Animation.basic("custom.v", from: [0], to: [10],
                                    timing: Timing.coreAnimation(duration: 1, beginTime: 0.5))
    try scene.addAnimation(.group([child], timing: Timing.coreAnimation(duration: 2, speed: 2)), to: "a")
    let sampler = scene.compiled()
    // Group local time 2 × 0.5 = 1: the child is halfway through 0 → 10.
    #expect(abs(sampler.presentationValue(of: try custom("v"), layer: 0, at: 0.5)[0] - 5) < 1e-12)
    // Local 0.5 + 1.5 × 0.5 ... : value 10 × (2t − 0.5) while the child runs.
    for t in [0.3, 0.45, 0.6, 0.7] {
      #expect(abs(sampler.presentationValue(of: try custom("v"), layer: 0, at: t)[0] - 10 * (2 * t - 0.5)) < 1e-12)
    }
  }

  @Test("children are clipped to the group's active interval in the group's local time")
  func groupClipping() throws {
    // A child from group-local 1.5 to 2.5 in a group of local duration 2 at speed 2: it shows
    // from parent 0.75 to 1.0 and never passes its progress 0.5 (value 5).
    func scene(kept: Bool) throws -> SceneSampler {
      var scene = try oneLayerScene()
      let child = try Animation.basic("custom.v", from: [0], to: [10],
                                      timing: Timing.coreAnimation(duration: 1, beginTime: 1.5))
      let group = try Animation.group(
        [child], timing: Timing.coreAnimation(duration: 2, speed: 2, fillMode: kept ? .forwards : .none),
        removedOnCompletion: !kept)
      try scene.addAnimation(group, to: "a")
      return scene.compiled()
    }
    let removed = try scene(kept: false)
    let v = try custom("v")
    #expect(removed.presentationValue(of: v, layer: 0, at: 0.7)[0] == 0)
    #expect(abs(removed.presentationValue(of: v, layer: 0, at: 0.9)[0] - 3) < 1e-12)
    #expect(abs(removed.presentationValue(of: v, layer: 0, at: 0.99)[0] - 4.8) < 1e-12)
    #expect(removed.presentationValue(of: v, layer: 0, at: 1.2)[0] == 0)
    // Kept with fill forwards: the group holds its local end 2, where the child is at 0.5.
    let kept = try scene(kept: true)
    #expect(abs(kept.presentationValue(of: v, layer: 0, at: 1.2)[0] - 5) < 1e-12)
    #expect(abs(kept.presentationValue(of: v, layer: 0, at: 50)[0] - 5) < 1e-12)
  }

  @Test("a group's beginTime, timeOffset, speed, repeats and autoreverse reach its children")
  func wholeRuleReachesChildren() throws {
    let group = MediaTiming(duration: 2, beginTime: 0.3, speed: 2, timeOffset: 0.5, repeatCount: 1.5,
                            autoreverses: true)
    let first = MediaTiming(duration: 1, beginTime: 0.5)
    let second = MediaTiming(duration: 1, beginTime: 0.2, speed: 0.5)
    var scene = try oneLayerScene()
    let children = [
      try Animation.basic("custom.v", from: [0], to: [10], timing: first.timing()),
      try Animation.basic("custom.w", from: [0], to: [10], timing: second.timing()),
    ]
    try scene.addAnimation(.group(children, timing: group.timing()), to: "a")
    let sampler = scene.compiled()
    let v = try custom("v"), w = try custom("w")
    // Times chosen off every boundary (the reference and the engine may round a boundary
    // differently); tolerance 1e-9.
    var checked = 0
    for step in 0..<97 {
      let t = 0.0123 + Double(step) * 0.0371
      let local = group.basicTime(t)
      let expectedV = local.flatMap { first.basicTime($0) }.map { 10 * $0 / first.duration } ?? 0
      let expectedW = local.flatMap { second.basicTime($0) }.map { 10 * $0 / second.duration } ?? 0
      #expect(abs(sampler.presentationValue(of: v, layer: 0, at: t)[0] - expectedV) < 1e-9, "v at t = \(t)")
      #expect(abs(sampler.presentationValue(of: w, layer: 0, at: t)[0] - expectedW) < 1e-9, "w at t = \(t)")
      if expectedV != 0 && expectedW != 0 { checked += 1 }
    }
    // Both children were seen running, not only their absence.
    #expect(checked > 10)
  }

  @Test("a spring honours speed: spring 0 → 1 {duration 1, speed 2} at t = 0.05 shows x(0.1)")
  func springSpeed() throws {
    let spring = try Spring()
    var scene = try oneLayerScene()
    try scene.addAnimation(.spring("custom.s", SpringValues(from: [0], to: [1], spring: spring),
                                   timing: Timing.coreAnimation(duration: 1, speed: 2)), to: "a")
    let sampler = scene.compiled()
    let s = try custom("s")
    // x(0.1) = 0.3402998 for m 1, k 100, c 10 (research/animation.md §1.6).
    #expect(abs(sampler.presentationValue(of: s, layer: 0, at: 0.05)[0] - 0.3402998) < 1e-7)
    for t in [0.01, 0.1, 0.2, 0.37, 0.49] {
      #expect(abs(sampler.presentationValue(of: s, layer: 0, at: t)[0] - spring.value(at: 2 * t)) < 1e-12)
    }
  }

  @Test("a spring inside a group at speed 2 runs in the group's local time")
  func springInGroup() throws {
    let spring = try Spring()
    var scene = try oneLayerScene()
    let child = try Animation.spring("custom.s", SpringValues(from: [0], to: [1], spring: spring),
                                     timing: Timing(duration: 2))
    try scene.addAnimation(.group([child], timing: Timing.coreAnimation(duration: 2, speed: 2)), to: "a")
    let sampler = scene.compiled()
    for t in [0.05, 0.2, 0.6] {
      #expect(abs(sampler.presentationValue(of: try custom("s"), layer: 0, at: t)[0] - spring.value(at: 2 * t)) < 1e-12)
    }
  }

  @Test("a spring with an infinite duration runs in its active time (was NaN)")
  func springForever() throws {
    let spring = try Spring(damping: 0)
    var scene = try oneLayerScene()
    try scene.addAnimation(.spring("custom.s", SpringValues(from: [0], to: [1], spring: spring),
                                   timing: Timing(duration: .infinity, delay: 1)), to: "a")
    let sampler = scene.compiled()
    for t in [1.0, 1.1, 3.7, 100] {
      // Undamped: x(τ) = 1 − cos(10 τ), τ = t − 1.
      let expected = 1 - Elementary.cos(10 * (t - 1))
      #expect(abs(sampler.presentationValue(of: try custom("s"), layer: 0, at: t)[0] - expected) < 1e-9, "t = \(t)")
    }
  }

  @Test("a settled spring kept after its end holds its value at the end of its local time")
  func springHold() throws {
    let spring = try Spring()
    let settling = try spring.settlingDuration()
    var scene = try oneLayerScene()
    // No timing: the settling duration, fill forwards; kept after the end.
    try scene.addAnimation(.spring("custom.s", SpringValues(from: [0], to: [10], spring: spring),
                                   removedOnCompletion: false), to: "a")
    // With speed 2 and fill forwards: the local end is 0.5 (parent 0.25).
    try scene.addAnimation(.spring("custom.t", SpringValues(from: [0], to: [10], spring: spring),
                                   timing: Timing.coreAnimation(duration: 0.5, speed: 2, fillMode: .forwards),
                                   removedOnCompletion: false), to: "a")
    // Removed on completion (the default): the model value (0) after the end.
    try scene.addAnimation(.spring("custom.u", SpringValues(from: [0], to: [10], spring: spring)), to: "a")
    let sampler = scene.compiled()
    for t in [settling + 0.001, 10, 1e6] {
      let held = sampler.presentationValue(of: try custom("s"), layer: 0, at: t)[0]
      #expect(abs(held - 10 * spring.value(at: settling)) < 1e-12)
      // Settled: within 1/1000 of the distance of the target, not exactly on it.
      #expect(abs(held - 10) <= 10 * 1e-3)
      #expect(abs(sampler.presentationValue(of: try custom("t"), layer: 0, at: t)[0] - 10 * spring.value(at: 0.5)) < 1e-12)
      #expect(sampler.presentationValue(of: try custom("u"), layer: 0, at: t)[0] == 0)
    }
  }
}
