import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Seed 002 (Anim): its two timeline examples, its index-offset delay and runOneAnim, with begin
/// and end times worked out by hand from the rules. Tolerance 1e-12.
@Suite("Seed timelines")
struct SeedTimelineTests {
  let views = ["v1", "v2", "v3"]

  /// Anim's two definitions, carried by the timeline.
  func seedDefinitions() throws -> [TimelineDefinition] {
    [
      try TimelineDefinition(name: "slideUp", curve: .easeOut,
                             scalarChanges: ["position.y": -100, "bounds.size.height": 100]),
      try TimelineDefinition(name: "slideOver", curve: .easeOut,
                             scalarChanges: ["position.x": 50, "bounds.size.width": 50]),
    ]
  }

  @Test("@[slideUp vs:myViews d:.6, @.2, slideOver vs:myViews d:.2]")
  func arrayExample() throws {
    let timeline = Timeline(
      sequence: [.anim("slideUp", layers: views, duration: 0.6), 0.2, .anim("slideOver", layers: views, duration: 0.2)],
      definitions: try seedDefinitions(), registry: TimelineRegistry())
    let schedule = try timeline.schedule()
    // slideUp 0 → 0.6 on every view; the delay moves the cursor to 0.8; slideOver 0.8 → 1.0.
    expectEntries(schedule, [
      ("slideUp", "v1", 0, 0.6), ("slideUp", "v2", 0, 0.6), ("slideUp", "v3", 0, 0.6),
      ("slideOver", "v1", 0.8, 1.0), ("slideOver", "v2", 0.8, 1.0), ("slideOver", "v3", 0.8, 1.0),
    ])
    #expect(abs(schedule.duration - 1.0) < 1e-12)
    #expect(abs(try timeline.duration - 1.0) < 1e-12)
  }

  @Test("NSSet of two nested arrays and a glow")
  func setExample() throws {
    let boxes = ["box1", "box2"]
    let registry = try registry("rotate", "fadeIn", "glow")
    registry.register(try TimelineDefinition(name: "slideUp", scalarChanges: ["position.y": -100]))
    let timeline = Timeline(parallel: [
      .sequence([.anim("slideUp", layers: boxes, duration: 0.6), .anim("rotate", layer: "myLabel", duration: 0.5)]),
      .sequence([0.2, .anim("fadeIn", layers: boxes, duration: 0.2)]),
      .anim("glow", layers: boxes, duration: 5),
    ], registry: registry)
    let schedule = try timeline.schedule()
    // Sub-timeline 1: slideUp 0 → 0.6, rotate 0.6 → 1.1. Sub-timeline 2: fadeIn 0.2 → 0.4. glow 0 → 5.
    // Sorted by begin, then layer, then name.
    expectEntries(schedule, [
      ("glow", "box1", 0, 5), ("slideUp", "box1", 0, 0.6), ("glow", "box2", 0, 5), ("slideUp", "box2", 0, 0.6),
      ("fadeIn", "box1", 0.2, 0.4), ("fadeIn", "box2", 0.2, 0.4),
      ("rotate", "myLabel", 0.6, 1.1),
    ])
    #expect(schedule.duration == 5)
  }

  @Test("index offset delay: @[@\".2\", spin vs:myViews d:.2]")
  func indexOffset() throws {
    let timeline = Timeline(sequence: [.stagger(0.2), .anim("spin", layers: views, duration: 0.2), .anim("x", layer: "v1", duration: 1)],
                            registry: try registry("spin", "x"))
    let schedule = try timeline.schedule()
    // offset_i = 0.2 i; the instance ends at its latest layer end 0.6, where the next starts.
    // The stagger applies to the next instance only: x has no offset.
    expectEntries(schedule, [
      ("spin", "v1", 0, 0.2), ("spin", "v2", 0.2, 0.4), ("spin", "v3", 0.4, 0.6), ("x", "v1", 0.6, 1.6),
    ])
  }

  @Test("runOneAnim:views:duration:delay:")
  func runOne() throws {
    let schedule = try Timeline.runOne("highlight", layers: ["a", "b"], duration: 2, delay: 0.5,
                                       registry: try registry("highlight")).schedule()
    expectEntries(schedule, [("highlight", "a", 0.5, 2.5), ("highlight", "b", 0.5, 2.5)])
    #expect(schedule.duration == 2.5)
  }

  @Test("the shared registry: define once, reuse with any layers and durations")
  func sharedRegistry() throws {
    let name = "seed-shared-\(UInt64.random(in: 0...UInt64.max))"
    TimelineRegistry.shared.register(try TimelineDefinition(name: name, scalarChanges: ["opacity": 1]))
    defer { TimelineRegistry.shared.removeDefinition(named: name) }
    let schedule = try Timeline(sequence: [.anim(name, layer: "a", duration: 1), .anim(name, layers: ["b"], duration: 3)]).schedule()
    expectEntries(schedule, [(name, "a", 0, 1), (name, "b", 1, 4)])
  }
}
