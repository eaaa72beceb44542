import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// AXAnimationChain's view shorthand (`UIView+AnimationChain.m`): begin times worked out by hand
/// from its rules (every shorthand combined with the top animator at `beginTime(afterContext)`;
/// `after(t)` sets `afterContext = max(after + t, 0)`; modifiers go to the last combined one).
@Suite("Chains: the view shorthand")
struct ViewAnimationChainTests {
  @Test("after(t) accumulates and moves only the shorthands that follow it; a total below 0 is 0")
  func after() throws {
    let view = ViewAnimationChain(layer: "card")
      .centerBy(10, 0).duration(1).named("a")        // after 0          → [0, 1]
      .after(0.5).sizeBy(5, 5).duration(2).named("b") // after 0.5        → [0.5, 2.5]
      .after(0.25).opacityTo(0.5).named("c")          // after 0.75, 0.25 s (CA's default) → [0.75, 1.0]
      .after(-2).cornerRadiusBy(3).duration(1).named("d") // max(0.75 − 2, 0) = 0 → [0, 1]
      .after(0.1).rotateBy(1).duration(0.4).named("e")    // 0.1 → [0.1, 0.5]
    let schedule = try view.schedule()
    expectEntries(schedule, [("a", "card", 0, 1), ("d", "card", 0, 1), ("e", "card", 0.1, 0.5),
                             ("b", "card", 0.5, 2.5), ("c", "card", 0.75, 1.0)], tolerance: 1e-12)
    #expect(abs(schedule.duration - 2.5) < 1e-12)
  }

  @Test("spring and basic choose the next shorthand's kind only; the rest are basic")
  func kinds() throws {
    let view = ViewAnimationChain(layer: "card").spring.centerBy(0, 10).opacityTo(0).basic.spring.scaleBy(1)
    let kinds = view.chain.specs.map(\.kind)
    #expect(kinds == [.spring, .basic, .spring])
    // Every shorthand is in the first stage: combined, not next-to.
    #expect(view.chain.specs.allSatisfy { $0.stage == 0 })
  }

  @Test("duration, curves and names apply to the last shorthand; sampled against a hand computation")
  func lastShorthand() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    let view = ViewAnimationChain(layer: "card").opacityTo(0).linear.duration(2)
      .after(1).cornerRadiusTo(10).linear.duration(1)
    try view.animate(in: &scene)
    // At t = 1.5: opacity 1 − 1.5 / 2 = 0.25; radius 10 · (1.5 − 1) / 1 = 5. Tolerance 1e-12 (linear).
    let state = scene.sample(at: 1.5)[0]
    #expect(abs(state.opacity - 0.25) < 1e-12)
    #expect(abs(state.cornerRadius - 5) < 1e-12)
  }

  @Test("mistakes are thrown when compiled: a non-finite after, a modifier before any shorthand")
  func mistakes() {
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").after(.nan).centerBy(1, 1).schedule() }
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").after(.infinity).schedule() }
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").easeOut.centerBy(1, 1).schedule() }
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").duration(1).schedule() }
  }
}
