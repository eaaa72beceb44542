import GhostframeCore
import Testing
@testable import GhostframeTimeline

/// What chains and timelines report prints by name: no module-qualified types, no `Optional(...)`,
/// no closures.
@Suite("Chains and timelines: descriptions")
struct DescriptionTests {
  @Test("a chain run lists its links in order with their animations and ends; a completion its fields")
  func chainRun() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    var completions: [ChainCompletion] = []
    let run = try AnimationChain(layer: "card")
      .basic.opacityTo(0).duration(1).completion { completions.append($0) }
      .nextToBasic.centerBy(x: 0, y: 10).duration(0.5).named("drop")
      .animate(in: &scene)
    let ids = run.animationIDs
    #expect(ids.count == 2)
    #expect("\(run)" == "ChainRun(layer: \"card\", links: [\"opacity\" → animation \(ids[0]), ends at 1.0, "
            + "\"drop\" → animation \(ids[1]), ends at 1.5])")
    try run.advance(&scene, to: 2)
    let completion = try #require(completions.first)
    #expect("\(completion)" == "ChainCompletion(name: \"opacity\", index: 0, layer: \"card\", time: 1.0, isReversed: false)")
    #expect(!String(describing: completions).contains("GhostframeTimeline."))
  }

  @Test("a timeline event prints its kind by name")
  func timelineEvent() {
    let event = TimelineEvent(kind: .ended, instance: 2, name: "slideUp", layers: ["card", "title"], time: 0.6,
                              isReversed: true)
    #expect("\(TimelineEvent.Kind.started)" == "started")
    #expect("\(event)" == "TimelineEvent(kind: ended, instance: 2, name: \"slideUp\", layers: [\"card\", \"title\"], "
            + "time: 0.6, isReversed: true)")
    #expect(!String(describing: [event]).contains("GhostframeTimeline."))
  }
}
