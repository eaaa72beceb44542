import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// AXAnimationChain's easing names on chain links are its cubic-bezier approximations
/// (`CAMediaTimingFunction+Extends.m`, its `functionWithControlPoints` constants, copied here as
/// data); Elastic and Bounce stay Penner's equations, and Penner's exact curves stay available by spec.
@Suite("Chains: AXAnimationChain's curve names")
struct ChainCurveNameTests {
  /// AXAnimationChain's control points, by name.
  static var table: [((BasicChainLink) -> Void, String, [Double])] { [
    ({ _ = $0.easeInSine }, "easeInSine", [0.47, 0, 0.745, 0.715]), ({ _ = $0.easeOutSine }, "easeOutSine", [0.39, 0.575, 0.565, 1]),
    ({ _ = $0.easeInOutSine }, "easeInOutSine", [0.445, 0.05, 0.55, 0.95]),
    ({ _ = $0.easeInQuad }, "easeInQuad", [0.55, 0.085, 0.68, 0.53]), ({ _ = $0.easeOutQuad }, "easeOutQuad", [0.25, 0.46, 0.45, 0.94]),
    ({ _ = $0.easeInOutQuad }, "easeInOutQuad", [0.455, 0.03, 0.515, 0.955]),
    ({ _ = $0.easeInCubic }, "easeInCubic", [0.55, 0.055, 0.675, 0.19]), ({ _ = $0.easeOutCubic }, "easeOutCubic", [0.215, 0.61, 0.355, 1]),
    ({ _ = $0.easeInOutCubic }, "easeInOutCubic", [0.645, 0.045, 0.355, 1]),
    ({ _ = $0.easeInQuart }, "easeInQuart", [0.895, 0.03, 0.685, 0.22]), ({ _ = $0.easeOutQuart }, "easeOutQuart", [0.165, 0.84, 0.44, 1]),
    ({ _ = $0.easeInOutQuart }, "easeInOutQuart", [0.77, 0, 0.175, 1]),
    ({ _ = $0.easeInQuint }, "easeInQuint", [0.755, 0.05, 0.855, 0.06]), ({ _ = $0.easeOutQuint }, "easeOutQuint", [0.23, 1, 0.32, 1]),
    ({ _ = $0.easeInOutQuint }, "easeInOutQuint", [0.86, 0, 0.07, 1]),
    ({ _ = $0.easeInExpo }, "easeInExpo", [0.95, 0.05, 0.795, 0.035]), ({ _ = $0.easeOutExpo }, "easeOutExpo", [0.19, 1, 0.22, 1]),
    ({ _ = $0.easeInOutExpo }, "easeInOutExpo", [1, 0, 0, 1]),
    ({ _ = $0.easeInCirc }, "easeInCirc", [0.6, 0.04, 0.98, 0.335]), ({ _ = $0.easeOutCirc }, "easeOutCirc", [0.075, 0.82, 0.165, 1]),
    ({ _ = $0.easeInOutCirc }, "easeInOutCirc", [0.785, 0.135, 0.15, 0.86]),
    ({ _ = $0.easeInBack }, "easeInBack", [0.6, -0.28, 0.735, 0.045]), ({ _ = $0.easeOutBack }, "easeOutBack", [0.175, 0.885, 0.32, 1.275]),
    ({ _ = $0.easeInOutBack }, "easeInOutBack", [0.68, -0.55, 0.265, 1.55]),
  ] }

  /// The centre's x of a 100-point card moved by 100 over 1 s with `curve`, at `progress`: 100 · eased.
  static func moved(_ curve: (BasicChainLink) -> Void, at progress: Double) throws -> Double {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    let link = AnimationChain(layer: "card").basic.centerTo(x: 150, y: 50).duration(1)
    curve(link)
    try link.animate(in: &scene)
    return scene.sample(at: progress)[0].x
  }

  /// Tolerance 1e-3 points (1e-5 in eased progress): the engine solves the bezier to 1e-7 in x
  /// and the curves' slopes at these points stay below 100 (the reference is bisection to ~1e-15).
  @Test("the names are AXAnimationChain's beziers, evaluated by an independent routine")
  func names() throws {
    for (curve, name, p) in Self.table {
      for progress in [0.1, 0.25, 0.4, 0.6, 0.75, 0.9] {
        let got = try Self.moved(curve, at: progress)
        let want = 100 * ChainReference.bezier(p[0], p[1], p[2], p[3], progress)
        #expect(abs(got - want) < 1e-3, "\(name) at \(progress): \(got) vs \(want)")
      }
    }
  }

  @Test("Penner's easeInBack stays available by spec, and differs from AXAnimationChain's name")
  func pennerBySpec() throws {
    let s = 1.70158
    let spec = try Curve(parsing: "easeInBack")
    for progress in [0.25, 0.4, 0.6] {
      let penner = try Self.moved({ _ = $0.timing(spec) }, at: progress)
      // Penner: p²((s + 1)p − s), s = 1.70158. Tolerance 1e-9 points (a closed form both sides).
      #expect(abs(penner - 100 * progress * progress * ((s + 1) * progress - s)) < 1e-9)
      let ax = try Self.moved({ _ = $0.easeInBack }, at: progress)
      #expect(abs(ax - penner) > 0.1, "at \(progress) the bezier and Penner's equation differ by more than 0.1 point")
    }
  }

  @Test("Elastic and Bounce stay Penner's equations, as AXAnimationChain computes them")
  func elasticAndBounce() throws {
    // Penner's easeOutBounce at 0.5: 7.5625 · (0.5 − 1.5/2.75)² + 0.75. Tolerance 1e-9 points.
    let x = 0.5 - 1.5 / 2.75
    let got = try Self.moved({ _ = $0.easeOutBounce }, at: 0.5)
    #expect(abs(got - 100 * (7.5625 * x * x + 0.75)) < 1e-9)
  }
}
