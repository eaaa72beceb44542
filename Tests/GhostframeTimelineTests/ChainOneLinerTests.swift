import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// The seed's one-liner, `spring.centerBy(0, 100).easeOut.spring.sizeBy(100, 100).spring.cornerRadiusBy(4).animate()`,
/// with AXAnimationChain's view-shorthand rules (`UIView+AnimationChain.m`): every shorthand is
/// combined with the top animator at the `after` time, so all three begin at 0.
@Suite("Chains: the seed's one-liner")
struct ChainOneLinerTests {
  /// A 100 × 100 card at the origin: centre (50, 50).
  static func scene() throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    return scene
  }

  static func oneLiner() -> ViewAnimationChain {
    ViewAnimationChain(layer: "card").spring.centerBy(0, 100).easeOut.spring.sizeBy(100, 100).spring.cornerRadiusBy(4)
  }

  @Test("all three begin at 0 and end at T (T from the closed form by a second algorithm)")
  func schedule() throws {
    let t = ChainReference.settling
    // The research note's table: 1.270 s for m 1, k 100, c 10, ε 1e-3.
    #expect(abs(t - 1.270) < 5e-4)
    let schedule = try Self.oneLiner().schedule()
    expectEntries(schedule, [("bounds.size", "card", 0, t), ("cornerRadius", "card", 0, t),
                             ("position", "card", 0, t)], tolerance: 1e-9)
    #expect(abs(schedule.duration - t) < 1e-9)
  }

  /// Tolerances: the reference spring agrees with the engine's to ~1e-12 and its settling time to
  /// ~1e-9 s, which moves a 100-point change by at most 100 · |x'| · 1e-9 < 1e-6 (|x'| < 7 per
  /// second): 1e-5 points. The warped centre also carries the engine's bezier tolerance,
  /// |X(u) − x| < 1e-7 (CubicBezier), i.e. at most 1e-7 · max|easeOut'| (< 1.8) in eased progress,
  /// times T · max|x'| · 100 (< 1.3 · 7 · 100) in points: 2e-4.
  @Test("sampled: the centre springs down 100 with eased time while the size and the corner radius spring")
  func sampled() throws {
    var scene = try Self.scene()
    let run = try Self.oneLiner().animate(in: &scene)
    #expect(run.animationIDs.count == 3)
    let t = ChainReference.settling
    for step in 0...400 {
      let time = -0.1 + Double(step) * (t + 0.4) / 400
      let move = time <= 0 ? 0 : (time >= t ? 1 : ChainReference.spring(t * ChainReference.easeOut(time / t)))
      let grow = time <= 0 ? 0 : (time >= t ? 1 : ChainReference.spring(time))
      let round = grow
      let state = scene.sample(at: time)[0]
      let size = 100 + 100 * grow
      let centerY = 50 + 100 * move
      #expect(abs(state.width - size) < 1e-5 && abs(state.height - size) < 1e-5, "size at \(time)")
      #expect(abs(state.x - (50 - size / 2)) < 1e-5, "x at \(time)")
      #expect(abs(state.y - (centerY - size / 2)) < 2e-4, "y at \(time): \(state.y)")
      #expect(abs(state.cornerRadius - 4 * round) < 1e-5, "corner radius at \(time)")
    }
    // Kept after the end: centre (50, 150), 200 × 200, radius 4.
    let end = scene.sample(at: 100)[0]
    #expect(end.x == -50 && end.y == 50 && end.width == 200 && end.height == 200 && end.cornerRadius == 4)
  }

  @Test("animate() from any link animates the whole chain from its root; `at` offsets it")
  func anyLink() throws {
    let chain = AnimationChain(layer: "card")
    let first = chain.spring.centerBy(0, 100)
    let middle = first.easeOut.spring.sizeBy(100, 100)
    middle.spring.cornerRadiusBy(4).completion { _ in }
    for link in [first, middle] as [ChainLink] {
      var scene = try Self.scene()
      let run = try link.animate(in: &scene, at: 2)
      #expect(run.animationIDs.count == 3)
      #expect(scene.animations.count == 3)
      let begins = scene.animations.map(\.animation.timing.delay)
      let t = ChainReference.settling
      // The chain-animator vocabulary keeps its meaning: `.spring` after a link is `nextToSpring`.
      #expect(zip(begins, [2, 2 + t, 2 + 2 * t]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(begins)")
    }
  }
}
