import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// Drop, research §1.4: N = 1 + the eligible layers (lines counted), cycle
/// T = d·(N+1) − 0.02·(N−1)·N/2 (d = 0.4), begin k·T/(N+3). At t: local = t − begin; before
/// 0 the base colour; else q = Eio(frac(local/T)) and the colour is mix(deep, base, q/stay) for
/// q < stay, else base (deep = 0xE1E1E1, stay = 0.2). Eio from independent bisection; tolerance
/// 1e-9 (colours), 1e-12 (times).
@Suite("Skeleton effects: drop")
struct SkeletonEffectDropTests {
  let base = Color(rgb: 0xEEEEEE)
  let deep = Color(rgb: 0xE1E1E1)

  func expectedColor(_ t: Double, begin: Double, cycle: Double, stay: Double = 0.2) -> Color {
    let local = t - begin
    guard local >= 0 else { return base }
    let q = fxEaseInOut(fxFrac(local / cycle))
    return q < stay ? fxMix(deep, base, q / stay) : base
  }

  @Test("N, T, begin times and colours; removed, removeOnDrop, withoutAnimation and kept bones excluded")
  func timing() throws {
    let style = fxStyle(.drop)
    let bones = [
      fxBone(0, 0, 0, 50, 10, style: style),
      fxBone(1, 0, 20, 50, 10, style: style) { $0.withoutAnimation = true },
      fxBone(2, 0, 40, 50, 10, style: style),
      fxBone(3, 0, 60, 50, 10, style: style) { $0.removeOnDrop = true },
      fxBone(4, 0, 80, 50, 10, style: style) { $0.isRemoved = true },
      fxBone(5, 0, 100, 50, 10, style: style),
      fxBone(6, 0, 120, 50, 10, style: style) { $0.isKept = true },
    ]
    let scene = try fxSkeleton(bones, style: style).scene()
    #expect(scene.animations.map(\.layer) == ["bone:0", "bone:2", "bone:5"])
    // Eligible: 0, 2, 5 → N = 4; T = 0.4 × 5 − 0.02 × 3 × 4 / 2 = 1.88; step T/7.
    let cycle = 1.88, step = 1.88 / 7
    #expect(abs(Skeleton.dropCycle(count: 4, step: 0.4) - cycle) < 1e-12)
    for (k, id) in ["bone:0", "bone:2", "bone:5"].enumerated() {
      let animation = try #require(fxAnimation(scene, id, "drop"))
      #expect(abs(animation.timing.delay - Double(k) * step) < 1e-12)
      #expect(abs(animation.timing.duration - cycle) < 1e-12)
      #expect(animation.timing.iterations == .infinity && animation.timing.easing == .easeInOut)
      #expect(animation.timing.fill == .forwards)  // no backwards fill
    }
    for t in [0.0, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.9, 2.0, 2.3, 4.0] {
      let states = fxStates(scene, at: t)
      for (k, id) in ["bone:0", "bone:2", "bone:5"].enumerated() {
        let expected = expectedColor(t, begin: Double(k) * step, cycle: cycle)
        #expect(fxSame(fxFill(states[id]!), expected), "\(id) t = \(t)")
      }
      // Excluded bones keep the base colour.
      #expect(fxFill(states["bone:1"]!) == base && fxFill(states["bone:3"]!) == base)
    }
    // Hand values: at t = 0 bone 0 is deep; bone 2 begins at 0.26857 s, so at 0.2 it is still
    // base; at its begin it snaps to deep; half a fade later (Eio = 0.1) it is the mid colour.
    #expect(fxSame(fxFill(fxStates(scene, at: 0)["bone:0"]!), deep))
    #expect(fxFill(fxStates(scene, at: 0.2)["bone:2"]!) == base)
    #expect(fxSame(fxFill(fxStates(scene, at: step)["bone:2"]!), deep))
  }

  @Test("six elements: N = 7, T = 2.78 s, step 0.278 s (research example)")
  func sixElements() throws {
    let style = fxStyle(.drop)
    let bones = (0..<6).map { fxBone($0, 0, Double($0) * 20, 50, 10, style: style) }
    let scene = try fxSkeleton(bones, style: style).scene()
    let last = try #require(fxAnimation(scene, "bone:5", "drop"))
    #expect(abs(last.timing.duration - 2.78) < 1e-12)
    #expect(abs(last.timing.delay - 5 * 0.278) < 1e-12)
  }

  @Test("dropIndex, lines with dropFromIndex, default line steps, stay ratio and colour from the style")
  func indicesAndLines() throws {
    let style = fxStyle(.drop) { $0.dropStayRatio = 0.5; $0.dropColor = Color(rgb: 0x808080) }
    let a = fxBone(0, 0, 0, 50, 10, style: style) { $0.dropIndex = 2 }
    let b = fxBone(1, 0, 20, 200, 60, style: style, lines: 3) { $0.dropFromIndex = 3 }
    let c = fxBone(2, 0, 100, 200, 60, style: style, lines: 3)
    let scene = try fxSkeleton([a, b, c], style: style).scene()
    let lines = b.lineFrames().count
    #expect(lines == 3)
    // N = 1 + 1 + 3 + 3 = 8; T = 0.4 × 9 − 0.02 × 7 × 8 / 2 = 3.04; step T / 11.
    let cycle = 3.04, step = 3.04 / 11
    func begin(_ id: String) throws -> Double { try #require(fxAnimation(scene, id, "drop")).timing.delay }
    #expect(abs(try begin("bone:0") - 2 * step) < 1e-12)
    for line in 0..<3 {
      #expect(abs(try begin("bone:1:line:\(line)") - Double(3 + line) * step) < 1e-12)
      // Without dropFromIndex: consecutive steps from the bone's order (bone c is the 5th layer: 4).
      #expect(abs(try begin("bone:2:line:\(line)") - Double(4 + line) * step) < 1e-12)
    }
    let keyframes = try #require(fxAnimation(scene, "bone:1:line:0", "drop"))
    guard case .keyframes(let k) = keyframes.content else { Issue.record("not keyframes"); return }
    #expect(k.keyTimes == [0, 0.5, 1, 1])
    #expect(k.values == [Color(rgb: 0x808080).components, base.components, base.components, Color(rgb: 0x808080).components])
    // A colour at a chosen time: line 1 of b (k = 4) at t = 1.5.
    let t = 1.5, lineBegin = 4 * step
    let q = fxEaseInOut((t - lineBegin) / cycle)
    let expected = q < 0.5 ? fxMix(Color(rgb: 0x808080), base, q / 0.5) : base
    #expect(fxSame(fxFill(fxStates(scene, at: t)["bone:1:line:1"]!), expected))
    #expect(abs(try #require(fxAnimation(scene, "bone:1:line:1", "drop")).timing.duration - cycle) < 1e-12)
  }

  @Test("a multi-line bone with only dropIndex: every line takes that step")
  func linesWithDropIndex() throws {
    let style = fxStyle(.drop)
    let b = fxBone(0, 0, 20, 200, 60, style: style, lines: 3) { $0.dropIndex = 1 }
    let scene = try fxSkeleton([b], style: style).scene()
    // N = 4, T = 1.88, step T/7.
    let delays = scene.animations.map(\.animation.timing.delay)
    #expect(delays.count == 3 && delays.allSatisfy { abs($0 - 1.88 / 7) < 1e-12 })
  }

  @Test("counted per control view (bone group); the cycle never collapses for long lists")
  func perGroupAndFloor() throws {
    let style = fxStyle(.drop)
    let containers = ["a", "b"].map {
      Skeleton.Container(group: $0, frame: Rect(x: 0, y: 0, width: 300, height: 200), color: .white,
                         cornerRadius: 0, style: style)
    }
    let bones = [
      fxBone(0, 0, 0, 50, 10, style: style, group: "a"),
      fxBone(1, 0, 20, 50, 10, style: style, group: "b"),
      fxBone(2, 0, 40, 50, 10, style: style, group: "a"),
      fxBone(3, 0, 60, 50, 10, style: style, group: "b"),
    ]
    let scene = try fxSkeleton(bones, style: style, containers: containers).scene()
    // Each group: N = 3, T = 0.4 × 4 − 0.02 × 2 × 3 / 2 = 1.54; k = 0, 1 within the group.
    let timings = Dictionary(uniqueKeysWithValues: scene.animations.map { ($0.layer, $0.animation.timing) })
    #expect(abs(timings["bone:0"]!.duration - 1.54) < 1e-12 && timings["bone:0"]!.delay == 0)
    #expect(timings["bone:1"]!.delay == 0)
    #expect(abs(timings["bone:2"]!.delay - 1.54 / 6) < 1e-12 && abs(timings["bone:3"]!.delay - 1.54 / 6) < 1e-12)
    // TABAnimated's formula: N = 41 → 0.4 exactly; N = 42 would be −0.02: held at one step, 0.4.
    #expect(abs(Skeleton.dropCycle(count: 40, step: 0.4) - 0.8) < 1e-12)
    #expect(Skeleton.dropCycle(count: 42, step: 0.4) == 0.4)
    #expect(Skeleton.dropCycle(count: 500, step: 0.4) == 0.4)
  }
}
