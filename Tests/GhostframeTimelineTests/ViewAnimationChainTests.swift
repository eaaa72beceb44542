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
      .centerBy(x: 10, y: 0).duration(1).named("a")        // after 0          → [0, 1]
      .after(0.5).sizeBy(width: 5, height: 5).duration(2).named("b") // after 0.5        → [0.5, 2.5]
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
    let view = ViewAnimationChain(layer: "card").spring.centerBy(x: 0, y: 10).opacityTo(0).basic.spring.scaleBy(1)
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
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").after(.nan).centerBy(x: 1, y: 1).schedule() }
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").after(.infinity).schedule() }
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").easeOut.centerBy(x: 1, y: 1).schedule() }
    #expect(throws: GhostframeError.self) { try ViewAnimationChain(layer: "card").duration(1).schedule() }
  }

  /// Halfway through a linear 1 s shorthand on a 100 × 40 layer at (10, 20), anchor at its centre:
  /// each frame worked by hand from UIKit's frame and Core Animation's bounds rules (origins and
  /// frames move the frame; sizes grow about the anchor; an anchor change keeps the position).
  /// Tolerance 1e-12 points.
  @Test("every frame shorthand, sampled halfway, where the frame rules put it")
  func frameShorthands() throws {
    let cases: [(String, (ViewAnimationChain) -> ViewAnimationChain, [Double])] = [
      ("originTo", { $0.originTo(x: 50, y: 60) }, [30, 40, 100, 40]),
      ("originXTo", { $0.originXTo(50) }, [30, 20, 100, 40]),
      ("originYTo", { $0.originYTo(0) }, [10, 10, 100, 40]),
      ("originBy", { $0.originBy(x: 10, y: -10) }, [15, 15, 100, 40]),
      ("originXBy", { $0.originXBy(-10) }, [5, 20, 100, 40]),
      ("originYBy", { $0.originYBy(10) }, [10, 25, 100, 40]),
      ("frameTo", { $0.frameTo(Rect(x: 50, y: 60, width: 200, height: 80)) }, [30, 40, 150, 60]),
      ("frameBy", { $0.frameBy(Rect(x: 10, y: 0, width: 100, height: 0)) }, [15, 20, 150, 40]),
      ("boundsTo", { $0.boundsTo(Rect(x: 0, y: 0, width: 200, height: 80)) }, [-15, 10, 150, 60]),
      ("boundsBy", { $0.boundsBy(Rect(x: 0, y: 0, width: 100, height: 0)) }, [-15, 20, 150, 40]),
      ("centerTo", { $0.centerTo(x: 160, y: 40) }, [60, 20, 100, 40]),
      ("centerXTo", { $0.centerXTo(160) }, [60, 20, 100, 40]),
      ("centerYTo", { $0.centerYTo(60) }, [10, 30, 100, 40]),
      ("centerXBy", { $0.centerXBy(20) }, [20, 20, 100, 40]),
      ("centerYBy", { $0.centerYBy(10) }, [10, 25, 100, 40]),
      ("sizeTo", { $0.sizeTo(width: 200, height: 80) }, [-15, 10, 150, 60]),
      ("widthTo", { $0.widthTo(200) }, [-15, 20, 150, 40]),
      ("heightTo", { $0.heightTo(80) }, [10, 10, 100, 60]),
      ("widthBy", { $0.widthBy(100) }, [-15, 20, 150, 40]),
      ("heightBy", { $0.heightBy(40) }, [10, 10, 100, 60]),
      ("anchorTo", { $0.anchorTo(x: 0, y: 0) }, [35, 30, 100, 40]),
      ("anchorBy", { $0.anchorBy(x: 0.5, y: 0.5) }, [-15, 10, 100, 40]),
    ]
    for (name, build, want) in cases {
      var scene = Scene()
      try scene.addLayer(Layer(id: "card", frame: Rect(x: 10, y: 20, width: 100, height: 40)))
      try build(ViewAnimationChain(layer: "card")).linear.duration(1).animate(in: &scene)
      let s = scene.sample(at: 0.5)[0]
      let got = [s.x, s.y, s.width, s.height]
      #expect(zip(got, want).allSatisfy { abs($0 - $1) < 1e-12 }, "\(name): \(got), expected \(want)")
    }
  }

  /// The same halfway sample for the shorthands of values other than the frame, read as
  /// presentation values of their key paths. Tolerance 1e-12.
  @Test("every other shorthand animates its key path, halfway")
  func valueShorthands() throws {
    let cases: [(String, (ViewAnimationChain) -> ViewAnimationChain, String, [Double])] = [
      ("opacityTo", { $0.opacityTo(0) }, "opacity", [0.5]),
      ("opacityBy", { $0.opacityBy(-0.5) }, "opacity", [0.75]),
      ("cornerRadiusTo", { $0.cornerRadiusTo(8) }, "cornerRadius", [4]),
      ("cornerRadiusBy", { $0.cornerRadiusBy(8) }, "cornerRadius", [4]),
      ("backgroundColorTo", { $0.backgroundColorTo(Color(red: 1, green: 0, blue: 0.5, alpha: 1)) },
       "backgroundColor", [0.5, 0, 0.25, 0.5]),
      ("backgroundColorBy", { $0.backgroundColorBy(Color(red: 0.2, green: 0.4, blue: 0, alpha: 1)) },
       "backgroundColor", [0.1, 0.2, 0, 0.5]),
      ("scaleTo", { $0.scaleTo(3) }, "transform.scale.y", [2]),
      ("scaleBy", { $0.scaleBy(1) }, "transform.scale.x", [1.5]),
      ("scaleXTo", { $0.scaleXTo(3) }, "transform.scale", [2]),
      ("scaleYTo", { $0.scaleYTo(3) }, "transform.scale.y", [2]),
      ("scaleXBy", { $0.scaleXBy(-0.5) }, "transform.scale.x", [0.75]),
      ("scaleYBy", { $0.scaleYBy(2) }, "transform.scale.y", [2]),
      ("rotateTo", { $0.rotateTo(1) }, "transform.rotation", [0.5]),
      ("rotateBy", { $0.rotateBy(-1) }, "transform.rotation", [-0.5]),
      ("translateTo", { $0.translateTo(x: 10, y: 20) }, "transform.translation", [5, 10]),
      ("translateXTo", { $0.translateXTo(10) }, "transform.translation", [5, 0]),
      ("translateYTo", { $0.translateYTo(10) }, "transform.translation", [0, 5]),
      ("translateBy", { $0.translateBy(x: -10, y: 4) }, "transform.translation", [-5, 2]),
      ("translateXBy", { $0.translateXBy(4) }, "transform.translation.x", [2]),
      ("translateYBy", { $0.translateYBy(4) }, "transform.translation.y", [2]),
    ]
    for (name, build, keyPath, want) in cases {
      var scene = Scene()
      try scene.addLayer(Layer(id: "card", frame: Rect(x: 10, y: 20, width: 100, height: 40)))
      try build(ViewAnimationChain(layer: "card")).linear.duration(1).animate(in: &scene)
      let got = scene.presentationValue(of: try AnimatableProperty(keyPath: keyPath), layer: 0, at: 0.5)
      #expect(got.count == want.count && zip(got, want).allSatisfy { abs($0 - $1) < 1e-12 },
              "\(name): \(keyPath) \(got), expected \(want)")
    }
  }
}
