import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// The schedule is the one compiled form: a timeline is scheduled once, and applying, measuring
/// and playing read the schedule (counted with the scheduler's task-local run counter, so tests
/// running in parallel do not disturb the count).
@Suite("Schedule once, apply the schedule")
struct ScheduleOnceTests {
  func scene() throws -> Scene {
    var scene = Scene()
    for (i, id) in ["a", "b"].enumerated() {
      try scene.addLayer(Layer(id: id, frame: Rect(x: Double(i) * 10, y: 0, width: 20, height: 20), opacity: 0.5))
    }
    return scene
  }

  func timeline() throws -> Timeline {
    Timeline(sequence: [
      .stagger(0.25), .anim("A", layers: ["a", "b"], duration: 1),
      .parallel([.anim("B", layer: "a", duration: 0.5)]),
    ], registry: try registry("A", "B"))
  }

  /// Runs `body` with a fresh counter bound; returns the number of scheduler runs it made.
  func runs(_ body: () throws -> Void) rethrows -> Int {
    let counter = TimelineScheduler.RunCounter()
    try TimelineScheduler.$runs.withValue(counter) { try body() }
    return counter.count
  }

  @Test("schedule() runs the scheduler once; applying, measuring and playing the schedule run it never")
  func once() throws {
    let timeline = try timeline()
    var schedule: TimelineSchedule?
    #expect(try runs { schedule = try timeline.schedule() } == 1)
    let kept = try #require(schedule)
    var first = try scene(), second = try scene()
    #expect(try runs {
      try kept.apply(to: &first)
      try kept.apply(to: &second)
      _ = kept.duration
      var player = TimelinePlayer(schedule: kept)
      _ = try player.seek(to: 1)
    } == 0)
    #expect(first.sample(at: 0.6) == second.sample(at: 0.6))
  }

  @Test("Timeline.apply(to:) is schedule().apply(to:): one run, the same animations")
  func applyIsScheduleApply() throws {
    let timeline = try timeline()
    var viaTimeline = try scene(), viaSchedule = try scene()
    #expect(try runs { try timeline.apply(to: &viaTimeline) } == 1)
    try timeline.schedule().apply(to: &viaSchedule)
    for t in stride(from: -0.25, through: 2.0, by: 0.125) {
      #expect(viaTimeline.sample(at: t) == viaSchedule.sample(at: t), "t = \(t)")
    }
    #expect(try runs { _ = try timeline.duration } == 1)
    #expect(try runs { _ = try TimelinePlayer(timeline) } == 1)
  }

  @Test("a schedule is applied as it was made, whatever the registry holds afterwards")
  func keepsDefinitions() throws {
    let registry = TimelineRegistry()
    registry.register(try TimelineDefinition(name: "fade", scalarChanges: ["opacity": -0.5]))
    let schedule = try Timeline(sequence: [.anim("fade", layer: "a", duration: 1)], registry: registry).schedule()
    registry.register(try TimelineDefinition(name: "fade", scalarChanges: ["opacity": 0.25]))
    var scene = try scene()
    try schedule.apply(to: &scene)
    // model 0.5 + (−0.5) · 1 at the end: the definition the schedule was made with.
    #expect(abs(scene.sample(at: 2)[0].opacity - 0) < 1e-12)
  }

  @Test("a chain's schedule reports times and refuses to be applied, leaving the scene unchanged")
  func chainScheduleIsNotApplied() throws {
    let schedule = try ViewAnimationChain(layer: "a").opacityTo(1).duration(1).schedule()
    var scene = try scene()
    let before = scene.sample(at: 0.5)
    #expect(throws: GhostframeError.self) { try schedule.apply(to: &scene) }
    #expect(scene.sample(at: 0.5) == before)
  }
}
