import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// What large timelines do once rather than per entry (a definition shared by its placements,
/// a name looked up once per run, a layer looked up once per run, a message made only on error)
/// leaves the results as they were: these check the results where the shortcuts apply and where
/// they stop applying (a run of one name or layer ending, and coming back).
@Suite("Scheduling and applying: work done once per run")
struct SharedWorkTests {
  /// `A` adds 1 to custom.glow, `B` 10, `C` 100: a layer's glow after the timeline counts what
  /// ended on it.
  func registry() throws -> TimelineRegistry {
    let registry = TimelineRegistry()
    for (name, amount) in [("A", 1.0), ("B", 10), ("C", 100)] {
      registry.register(try TimelineDefinition(name: name, changes: ["custom.glow": [amount]]))
    }
    return registry
  }

  func scene(_ ids: [String] = ["a", "b", "c"]) throws -> Scene {
    var scene = Scene()
    for id in ids { try scene.addLayer(Layer(id: id, custom: ["glow": 0])) }
    return scene
  }

  /// Runs of one name and one layer, broken and resumed, in a sequence and a nested parallel.
  func items() -> [TimelineItem] {
    [
      .anim("A", layers: ["a", "a"], duration: 0.5), .anim("A", layer: "b", duration: 0.5),
      .anim("B", layer: "b", duration: 0.25), .anim("A", layer: "a", duration: 0.5),
      .parallel([.anim("C", layer: "c", duration: 0.5), .anim("B", layers: ["a", "c"], duration: 0.25)]),
      .anim("A", layer: "c", duration: 0.5),
    ]
  }

  @Test("placements of one name share its definition; schedules still compare by value")
  func sharedDefinitions() throws {
    let timeline = Timeline(sequence: items(), registry: try registry())
    let schedule = try timeline.schedule()
    let placements = try #require(schedule.placements)
    #expect(placements.count == 9)
    for name in ["A", "B", "C"] {
      let named = placements.filter { $0.definition.name == name }
      #expect(!named.isEmpty && named.allSatisfy { $0.sharedDefinition === named[0].sharedDefinition }, "\(name)")
    }
    let boxes = Set(placements.map { ObjectIdentifier($0.sharedDefinition) })
    #expect(boxes.count == 3)
    // A second schedule has boxes of its own, and is equal; another definition of "A" is not.
    let again = try timeline.schedule()
    #expect(again == schedule && again.hashValue == schedule.hashValue)
    let other = Timeline(sequence: items(), definitions: [try TimelineDefinition(name: "A", scalarChanges: ["custom.glow": 2])],
                         registry: try registry())
    #expect(try other.schedule() != schedule)
  }

  @Test("applied animations go on their entries' layers, runs of one layer or not")
  func layersAcrossRuns() throws {
    let timeline = Timeline(sequence: items(), registry: try registry())
    let schedule = try timeline.schedule()
    var scene = try scene()
    let ids = try schedule.apply(to: &scene)
    #expect(ids.count == 9)
    // One key path per definition: the animations in schedule order, on the entries' layers.
    #expect(scene.animations.map(\.layer) == schedule.entries.map(\.layer))
    let glow = try AnimatableProperty(keyPath: "custom.glow")
    // After the end: a has A three times and B once; b has A and B; c has C, B and A.
    #expect(scene.customValues(of: glow, at: schedule.duration + 1) == [13, 11, 111])
  }

  @Test("a layer the scene lacks after a run of one it has: refused, naming it, the scene unchanged")
  func missingLayerAfterARun() throws {
    let timeline = Timeline(sequence: [
      .anim("A", layers: ["a", "a"], duration: 0.5), .anim("A", layer: "z", duration: 0.5),
      .anim("A", layer: "a", duration: 0.5),
    ], registry: try registry())
    var scene = try scene()
    let error = expectError(.notFound) { _ = try timeline.apply(to: &scene) }
    #expect(error?.message.contains("layer 'z'") == true, "\(error?.message ?? "")")
    #expect(scene.animations.isEmpty)
  }

  @Test("resolving copies each registry definition once, in order of first use, across runs of one name")
  func resolvedOnce() throws {
    let items: [TimelineItem] = [
      .anim("B", layer: "a", duration: 1), .anim("B", layer: "a", duration: 1), .anim("A", layer: "a", duration: 1),
      .anim("B", layer: "a", duration: 1), .parallel([.anim("C", layer: "a", duration: 1)]),
      .anim("A", layer: "a", duration: 1),
    ]
    #expect(Timeline(sequence: items, registry: try registry()).resolved().definitions.map(\.name) == ["B", "A", "C"])
    let own = try TimelineDefinition(name: "A", scalarChanges: ["custom.glow": 5])
    let resolved = Timeline(sequence: items, definitions: [own], registry: try registry()).resolved()
    #expect(resolved.definitions.map(\.name) == ["A", "B", "C"])
    #expect(resolved.definitions.first == own)
  }

  @Test("an entry whose end passes the largest Double: the message still names it and its times")
  func overflowMessage() throws {
    let timeline = Timeline(sequence: [.delay(1e308), .anim("A", layer: "a", duration: 1e308)],
                            registry: try registry())
    let error = expectError(.invalidArgument) { _ = try timeline.schedule() }
    #expect(error?.message.contains("'A' on layer 'a' (1e+308 s + 1e+308 s) ends at inf") == true,
            "\(error?.message ?? "")")
  }
}
