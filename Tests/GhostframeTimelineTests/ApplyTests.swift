import Dispatch
import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// `apply(to:)` through the scene's sampler against the closed form
/// `value(t) = model + Σ change · curve(clamp((t − begin) / duration, 0, 1))`, computed here from
/// the schedule's entries; tolerance 1e-9 (the sampler goes through Timing and the compiled tracks).
@Suite("Applying to a scene")
struct ApplyTests {
  let definitions: [TimelineDefinition]
  let registryDefinition: TimelineDefinition

  init() throws {
    definitions = [
      try TimelineDefinition(name: "slideUp", curve: .easeOut, changes: ["position.y": [-100], "bounds.size.height": [100]]),
      try TimelineDefinition(name: "fade", curve: .penner(.easeInQuad), changes: ["opacity": [-0.5]]),
      try TimelineDefinition(name: "move", curve: .linear, changes: ["position": [30, -10]]),
      try TimelineDefinition(name: "snap", curve: .easeIn, changes: ["custom.glow": [2]]),
    ]
    registryDefinition = try TimelineDefinition(name: "fade", curve: .linear, changes: ["opacity": [-100]])
  }

  /// The components each sampled key path is made of.
  static let components: [String: [String]] = [
    "position": ["x", "y"], "position.x": ["x"], "position.y": ["y"], "bounds.size.height": ["h"],
    "opacity": ["o"], "custom.glow": ["g"],
  ]

  func scene() throws -> Scene {
    var scene = Scene()
    for (i, id) in ["a", "b", "c"].enumerated() {
      try scene.addLayer(Layer(id: id, frame: Rect(x: Double(i) * 10, y: 5, width: 40, height: 20), opacity: 0.9,
                               custom: ["glow": 1]))
    }
    return scene
  }

  /// Overlapping instances on the same layers and key paths (so changes add), a stagger, a negative
  /// delay, a zero-duration instance and a nested parallel.
  func timeline(registry: TimelineRegistry) -> Timeline {
    Timeline(sequence: [
      .stagger(0.15), .anim("slideUp", layers: ["a", "b", "c"], duration: 0.6),
      -0.3,
      .parallel([.anim("fade", layers: ["a", "c"], duration: 0.5), .anim("move", layer: "b", duration: 0.7),
                 .sequence([0.2, .anim("slideUp", layer: "a", duration: 0.4)])]),
      .anim("snap", layers: ["b", "c"], duration: 0).at("<0.1"),
      .anim("move", layers: ["b", "a"], duration: 0.25),
    ], definitions: definitions, registry: registry)
  }

  @Test("sampled values equal the closed form at every time, before, during and after")
  func closedForm() throws {
    let registry = TimelineRegistry()
    registry.register(registryDefinition)  // shadowed by the timeline's own "fade"
    let timeline = timeline(registry: registry)
    let schedule = try timeline.schedule()
    let model = try scene()
    var scene = model
    let ids = try timeline.apply(to: &scene)
    let byName = Dictionary(uniqueKeysWithValues: definitions.map { ($0.name, $0) })
    // One additive animation per (entry, key path).
    #expect(ids.count == schedule.entries.reduce(0) { $0 + (byName[$1.name]?.changes.count ?? 0) })
    #expect(scene.animations.count == ids.count)

    let keyPaths = ["position.y", "bounds.size.height", "opacity", "position", "custom.glow"]
    var times = stride(from: -0.25, through: schedule.duration + 0.5, by: 0.0137).map { $0 }
    times += schedule.entries.flatMap { [$0.begin, $0.end] }  // the boundaries exactly
    var compared = 0
    for keyPath in keyPaths {
      let property = try AnimatableProperty(keyPath: keyPath)
      for (index, layer) in ["a", "b", "c"].enumerated() {
        let base = model.presentationValue(of: property, layer: index, at: 0)
        for t in times {
          var expected = base
          for entry in schedule.entries where entry.layer == layer {
            guard let definition = byName[entry.name] else { continue }
            let duration = entry.end - entry.begin
            let progress = duration > 0 ? min(max((t - entry.begin) / duration, 0), 1) : (t >= entry.begin ? 1 : 0)
            let eased = definition.curve(progress)
            // Key paths that share components ("position" and "position.y") both move them.
            for (changed, change) in definition.changes {
              for (k, component) in (Self.components[keyPath] ?? []).enumerated() {
                for (j, other) in (Self.components[changed] ?? []).enumerated() where other == component {
                  expected[k] += change[j] * eased
                }
              }
            }
          }
          let got = scene.presentationValue(of: property, layer: index, at: t)
          #expect(got.count == expected.count && zip(got, expected).allSatisfy { abs($0 - $1) < 1e-9 },
                  "\(keyPath) of \(layer) at \(t): \(got) vs \(expected)")
          compared += 1
        }
      }
    }
    #expect(compared > 1000)
    // After the end every change is kept: opacity of a is 0.9 − 0.5, glow of c is 1 + 2.
    let end = schedule.duration + 10
    #expect(abs(scene.presentationValue(of: try AnimatableProperty(keyPath: "opacity"), layer: 0, at: end)[0] - 0.4) < 1e-12)
    #expect(abs(scene.presentationValue(of: try AnimatableProperty(keyPath: "custom.glow"), layer: 2, at: end)[0] - 3) < 1e-12)
  }

  @Test("the schedule of the applied timeline, by hand")
  func appliedSchedule() throws {
    let schedule = try timeline(registry: TimelineRegistry()).schedule()
    // slideUp a 0 → 0.6, b 0.15 → 0.75, c 0.3 → 0.9 (ends 0.9); −0.3: the parallel starts at 0.6:
    // fade 0.6 → 1.1, move b 0.6 → 1.3, slideUp a 0.8 → 1.2; it ends at 1.3. snap at the
    // parallel's start + 0.1 = 0.7, ending there; move b, a 0.7 → 0.95.
    expectEntries(schedule, [
      ("slideUp", "a", 0, 0.6), ("slideUp", "b", 0.15, 0.75), ("slideUp", "c", 0.3, 0.9),
      ("fade", "a", 0.6, 1.1), ("move", "b", 0.6, 1.3), ("fade", "c", 0.6, 1.1),
      ("move", "a", 0.7, 0.95), ("move", "b", 0.7, 0.95), ("snap", "b", 0.7, 0.7), ("snap", "c", 0.7, 0.7),
      ("slideUp", "a", 0.8, 1.2),
    ])
    #expect(abs(schedule.duration - 1.3) < 1e-12)
  }

  @Test("an unknown layer adds nothing; nor does a bad timeline")
  func nothingHalfAdded() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a"))
    try scene.addLayer(Layer(id: "b"))
    let before = scene.sample(at: 0.5)
    let r = try registry("A")
    // "z" comes last in the schedule: "a" and "b" would have been added first without the check.
    let timeline = Timeline(sequence: [.anim("A", layers: ["a", "b"], duration: 1), .anim("A", layer: "z", duration: 1)],
                            registry: r)
    let error = expectError(.notFound) { try timeline.apply(to: &scene) }
    #expect(error?.message.contains("'z'") == true)
    #expect(scene.animations.isEmpty)
    #expect(scene.sample(at: 0.5) == before)
    expectError(.notFound) { try Timeline(sequence: [.anim("missing", layer: "a", duration: 1)], registry: r).apply(to: &scene) }
    #expect(scene.animations.isEmpty)
  }

  @Test("applying twice adds the changes twice (they add up)")
  func twice() throws {
    var scene = try scene()
    let timeline = Timeline(sequence: [.anim("fade", layer: "a", duration: 1)], definitions: definitions,
                            registry: TimelineRegistry())
    try timeline.apply(to: &scene)
    try timeline.apply(to: &scene)
    let opacity = scene.presentationValue(of: try AnimatableProperty(keyPath: "opacity"), layer: 0, at: 0.5)[0]
    #expect(abs(opacity - (0.9 - 2 * 0.5 * 0.25)) < 1e-12)  // easeInQuad(0.5) = 0.25
  }
}

/// The registry under concurrent use.
@Suite("Timeline registry")
struct RegistryTests {
  @Test("concurrent registrations and look-ups all land")
  func concurrent() throws {
    let registry = TimelineRegistry()
    let definitions = try (0..<400).map { try TimelineDefinition(name: "d\($0)", scalarChanges: ["opacity": Double($0)]) }
    DispatchQueue.concurrentPerform(iterations: definitions.count) { i in
      registry.register(definitions[i])
      _ = registry.definition(named: "d\((i * 7) % definitions.count)")
    }
    #expect(registry.names.count == definitions.count)
    #expect(definitions.allSatisfy { registry.definition(named: $0.name) == $0 })
    #expect(registry.removeDefinition(named: "d3") && !registry.removeDefinition(named: "d3"))
    #expect(registry.definition(named: "d3") == nil)
    // A later registration replaces.
    let replaced = try TimelineDefinition(name: "d1", scalarChanges: ["opacity": -1])
    registry.register(replaced)
    #expect(registry.definition(named: "d1") == replaced)
  }
}
