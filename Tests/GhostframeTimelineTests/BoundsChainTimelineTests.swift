import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// `bounds` (a rect) in chains and timelines, as the seed's advanced one-liner writes it:
/// `combineSpring.property(@"bounds").toValue(CGRectMake(0, 0, 100, 100))`.
@Suite("Key paths: bounds in chains and timelines")
struct BoundsChainTimelineTests {
  /// Tolerance 1e-12 points: a linear change of small decimals, by hand.
  @Test("a chain link's property(\"bounds\") with a rect sizes the layer about its centre")
  func chain() throws {
    var scene = try ChainOneLinerTests.scene()  // a 100 × 100 card at the origin
    try AnimationChain(layer: "card").basic.property("bounds").toValue(0, 0, 200, 200).linear.duration(1)
      .animate(in: &scene)
    // At 0.5: 150 × 150 about the centre (50, 50).
    let state = scene.sample(at: 0.5)[0]
    #expect(abs(state.width - 150) < 1e-12 && abs(state.x - -25) < 1e-12)
    let end = scene.sample(at: 5)[0]
    #expect(end.width == 200 && end.height == 200 && end.x == -50 && end.y == -50)
  }

  @Test("a timeline definition changes bounds by a rect")
  func timeline() throws {
    var scene = try ChainOneLinerTests.scene()  // a 100 × 100 card at the origin
    let grow = try TimelineDefinition(name: "grow", curve: .linear, changes: ["bounds": [0, 0, 10, 30]])
    let timeline = Timeline(sequence: [.anim("grow", layer: "card", duration: 1)], definitions: [grow],
                            registry: TimelineRegistry())
    try timeline.apply(to: &scene)
    let end = scene.sample(at: 2)[0]
    #expect(end.width == 110 && end.height == 130 && end.x == -5 && end.y == -15)
  }
}
