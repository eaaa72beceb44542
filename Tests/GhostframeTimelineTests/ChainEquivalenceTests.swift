import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// A chain and the timeline that says the same thing (the same by-changes, curves, durations and
/// begin times) compile to the same schedule and sample identically.
@Suite("Chains: a chain and its equivalent timeline")
struct ChainEquivalenceTests {
  @Test("same schedule; sampled scenes agree at 2,000 times within 1e-12")
  func sameSamples() throws {
    let spring = try Spring()
    let settling = try spring.settlingDuration()
    let chain = AnimationChain(layer: "card")
    chain.basic.centerBy(x: 0, y: -100).easeOut.duration(0.6).named("slide")
      .combineBasic.opacityBy(-0.5).easeInQuad.duration(0.4).named("fade")
      .nextToSpring.sizeBy(width: 20, height: 40).named("grow")
      .combineBasic.cornerRadiusBy(6).easeInOut.duration(0.3).beginTime(0.2).named("round")
      .nextToBasic.centerBy(x: 30, y: 0).linear.duration(0.5).named("move")

    let definitions = [
      try TimelineDefinition(name: "slide", curve: .easeOut, changes: ["position": [0, -100]]),
      // A chain's easeInQuad is AXAnimationChain's bezier.
      try TimelineDefinition(name: "fade", curve: try .cubicBezier(0.55, 0.085, 0.68, 0.53), changes: ["opacity": [-0.5]]),
      try TimelineDefinition(name: "grow", curve: try .spring(spring), changes: ["bounds.size": [20, 40]]),
      try TimelineDefinition(name: "round", curve: .easeInOut, changes: ["cornerRadius": [6]]),
      try TimelineDefinition(name: "move", curve: .linear, changes: ["position": [30, 0]]),
    ]
    let timeline = Timeline(sequence: [
      .parallel([.anim("slide", layer: "card", duration: 0.6), .anim("fade", layer: "card", duration: 0.4)]),
      .parallel([.anim("grow", layer: "card", duration: settling),
                 .sequence([0.2, .anim("round", layer: "card", duration: 0.3)])]),
      .anim("move", layer: "card", duration: 0.5),
    ], definitions: definitions, registry: TimelineRegistry())

    let chainSchedule = try chain.schedule()
    let timelineSchedule = try timeline.schedule()
    #expect(chainSchedule.entries.count == 5)
    expectEntries(chainSchedule, timelineSchedule.entries.map { ($0.name, $0.layer, $0.begin, $0.end) })
    #expect(abs(chainSchedule.duration - timelineSchedule.duration) < 1e-12)

    var base = Scene()
    try base.addLayer(Layer(id: "card", frame: Rect(x: 10, y: 20, width: 100, height: 60), cornerRadius: 2,
                            opacity: 0.9))
    var viaChain = base, viaTimeline = base
    try chain.animate(in: &viaChain)
    try timeline.apply(to: &viaTimeline)
    let end = chainSchedule.duration + 0.5
    var worst = 0.0
    for step in 0..<2_000 {
      let t = -0.2 + Double(step) * (end + 0.2) / 1_999
      let a = viaChain.sample(at: t)[0], b = viaTimeline.sample(at: t)[0]
      for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height), (a.opacity, b.opacity),
                     (a.cornerRadius, b.cornerRadius)] {
        worst = max(worst, abs(x - y))
      }
    }
    #expect(worst <= 1e-12, "largest difference \(worst)")
    // And the test is not vacuous: the values do move.
    #expect(viaChain.sample(at: 0.3)[0].y != viaChain.sample(at: 0)[0].y)
  }
}
