import GhostframeCore
import Testing
@testable import GhostframeTimeline

/// AXAnimationChain's unlabelled two-number spellings (`centerBy(0, 100)`) are thin forwards:
/// each adds the link its Swift name (`centerBy(x: 0, y: 100)`) adds, so the scene samples to the
/// same bytes at every time, and that link moves the layer (the comparison is not between two
/// scenes that do nothing).
@Suite("Chains: AXAnimationChain's spellings forward to the Swift names")
struct AXSpellingTests {
  /// The card's state at a few times, after `animate` added a chain to a 100 × 40 card at (10, 20).
  static func samples(_ animate: (inout Scene) throws -> Void) throws -> [LayerState] {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 10, y: 20, width: 100, height: 40)))
    try animate(&scene)
    return [0.25, 0.5, 1, 2].map { scene.sample(at: $0)[0] }
  }

  typealias View = (ViewAnimationChain) -> ViewAnimationChain

  @Test("every ViewAnimationChain spelling adds the same link as its Swift name")
  func viewShorthands() throws {
    let cases: [(String, View, View)] = [
      ("originTo", { $0.originTo(x: 50, y: 60) }, { $0.originTo(50, 60) }),
      ("originBy", { $0.originBy(x: 10, y: -10) }, { $0.originBy(10, -10) }),
      ("centerTo", { $0.centerTo(x: 160, y: 40) }, { $0.centerTo(160, 40) }),
      ("centerBy", { $0.centerBy(x: 0, y: 100) }, { $0.centerBy(0, 100) }),
      ("sizeTo", { $0.sizeTo(width: 200, height: 80) }, { $0.sizeTo(200, 80) }),
      ("sizeBy", { $0.sizeBy(width: 100, height: 100) }, { $0.sizeBy(100, 100) }),
      ("translateTo", { $0.translateTo(x: 10, y: 20) }, { $0.translateTo(10, 20) }),
      ("translateBy", { $0.translateBy(x: -10, y: 4) }, { $0.translateBy(-10, 4) }),
      ("anchorTo", { $0.anchorTo(x: 0, y: 0) }, { $0.anchorTo(0, 0) }),
      ("anchorBy", { $0.anchorBy(x: 0.5, y: 0.5) }, { $0.anchorBy(0.5, 0.5) }),
    ]
    let still = try Self.samples { _ in }
    for (name, swift, ax) in cases {
      let want = try Self.samples { try swift(ViewAnimationChain(layer: "card")).linear.duration(1).animate(in: &$0) }
      let got = try Self.samples { try ax(ViewAnimationChain(layer: "card")).linear.duration(1).animate(in: &$0) }
      #expect(got == want, "\(name)")
      #expect(want != still, "\(name) moves nothing")
    }
  }

  typealias Basic = (BasicChainLink) -> BasicChainLink

  @Test("every BasicChainLink spelling sets the same property and values as its Swift name")
  func basicConveniences() throws {
    let cases: [(String, Basic, Basic)] = [
      ("centerBy", { $0.centerBy(x: 5, y: -7) }, { $0.centerBy(5, -7) }),
      ("centerTo", { $0.centerTo(x: 150, y: 50) }, { $0.centerTo(150, 50) }),
      ("sizeBy", { $0.sizeBy(width: 20, height: 40) }, { $0.sizeBy(20, 40) }),
      ("sizeTo", { $0.sizeTo(width: 30, height: 60) }, { $0.sizeTo(30, 60) }),
      ("translateBy", { $0.translateBy(x: 3, y: 4) }, { $0.translateBy(3, 4) }),
      ("translateTo", { $0.translateTo(x: -3, y: 9) }, { $0.translateTo(-3, 9) }),
    ]
    let still = try Self.samples { _ in }
    for (name, swift, ax) in cases {
      let want = try Self.samples { try swift(AnimationChain(layer: "card").basic).linear.duration(1).animate(in: &$0) }
      let got = try Self.samples { try ax(AnimationChain(layer: "card").basic).linear.duration(1).animate(in: &$0) }
      #expect(got == want, "\(name)")
      #expect(want != still, "\(name) moves nothing")
    }
  }

  @Test("the seed's one-liner as AXAnimationChain spells it schedules as the Swift names do")
  func oneLiner() throws {
    let seed = ViewAnimationChain(layer: "card").spring.centerBy(0, 100).easeOut.spring.sizeBy(100, 100)
    let swift = ViewAnimationChain(layer: "card").spring.centerBy(x: 0, y: 100).easeOut
      .spring.sizeBy(width: 100, height: 100)
    #expect(try seed.schedule() == swift.schedule())
    #expect(try Self.samples { try seed.animate(in: &$0) } == Self.samples { try swift.animate(in: &$0) })
  }
}
