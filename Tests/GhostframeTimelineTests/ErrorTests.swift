import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Every error the schedule reports, each with its code; and definition validation.
@Suite("Errors")
struct ErrorTests {
  func schedule(_ items: [TimelineItem], definitions: [TimelineDefinition] = []) throws {
    _ = try Timeline(sequence: items, definitions: definitions, registry: try registry("A")).schedule()
  }

  @Test("a timeline that would start before 0")
  func startBeforeZero() throws {
    expectError(.invalidArgument) { try schedule([-0.5, .anim("A", layer: "a", duration: 1)]) }
    expectError(.invalidArgument) { try schedule([.anim("A", layer: "a", duration: 1).at("<-0.1")]) }
    expectError(.invalidArgument) { try schedule([.anim("A", layer: "a", duration: 1).at(-1)]) }
    // A negative stagger from the start puts later layers before the instance's start.
    expectError(.invalidArgument) { try schedule([.stagger(-0.1), .anim("A", layers: ["a", "b"], duration: 1)]) }
    // Moving the cursor below 0 is fine as long as nothing begins there.
    try schedule([-1, 1, .anim("A", layer: "a", duration: 1)])
  }

  @Test("an unknown definition; the timeline's own definitions shadow the registry's")
  func unknownDefinition() throws {
    let error = expectError(.notFound) { try schedule([.anim("nope", layer: "a", duration: 1)]) }
    #expect(error?.message.contains("nope") == true)
    // Only the timeline knows "own".
    let own = try TimelineDefinition(name: "own", scalarChanges: ["opacity": 1])
    try schedule([.anim("own", layer: "a", duration: 1)], definitions: [own])
    expectError(.invalidArgument, "defined twice") {
      try schedule([.anim("own", layer: "a", duration: 1)], definitions: [own, own])
    }
  }

  @Test("NaN, infinite and negative durations", arguments: [Double.nan, -1, -0.0001, .infinity, -.infinity])
  func badDuration(duration: Double) {
    expectError(.invalidArgument) { try schedule([.anim("A", layer: "a", duration: duration)]) }
  }

  @Test("non-finite delays and staggers", arguments: [Double.nan, .infinity, -.infinity])
  func badNumbers(value: Double) {
    expectError(.invalidArgument) { try schedule([.delay(value), .anim("A", layer: "a", duration: 1)]) }
    expectError(.invalidArgument) { try schedule([.stagger(value), .anim("A", layers: ["a", "b"], duration: 1)]) }
    expectError(.invalidArgument) { try schedule([.stagger(.each(value)), .anim("A", layers: ["a"], duration: 1)]) }
    expectError(.invalidArgument) { try schedule([.stagger(.amount(value)), .anim("A", layers: ["a"], duration: 1)]) }
    expectError(.invalidArgument) {
      _ = try Timeline(parallel: [.delay(value)], registry: try registry()).schedule()
    }
  }

  @Test("an empty layer list; a NUL in a layer id")
  func layers() {
    expectError(.invalidArgument) { try schedule([.anim("A", layers: [], duration: 1)]) }
    expectError(.invalidArgument) { try schedule([.anim("A", layer: "a\u{0}b", duration: 1)]) }
  }

  @Test("times that overflow")
  func overflow() {
    expectError(.invalidArgument) {
      try schedule([.anim("A", layer: "a", duration: 1e308), .anim("A", layer: "a", duration: 1e308),
                    .anim("A", layer: "a", duration: 1e308)])
    }
  }

  @Test("times past the largest Double are refused where they are computed, naming the item (issue 28)")
  func timesPastTheLargestDouble() throws {
    let cases: [(String, [TimelineItem])] = [
      ("timeline[0].sequence[1]", [.delay(1e308), .delay(1e308)]),
      ("timeline[0].sequence[1]", [.delay(1e308), TimelineItem.label("x").at("+=1e308")]),
      ("timeline[0].sequence[1]", [TimelineItem.label("x").at(1e308), .anim("A", layer: "a", duration: 1).at("x+=1e308")]),
      ("timeline[0].sequence[1].parallel[0]", [.delay(1e308), .parallel([.delay(1e308)])]),
      ("timeline[0].sequence[1]", [.stagger(1e308), .anim("A", layers: ["a", "b", "c"], duration: 1)]),
      ("timeline[0].sequence[1]", [.delay(1e308), .anim("A", layer: "a", duration: 1e308)]),
    ]
    for (path, items) in cases {
      let error = expectError(.invalidArgument, "\(path)") { try schedule(items) }
      #expect(error?.message.hasPrefix(path + ": times pass the largest duration") == true, "\(error?.message ?? "")")
    }
    // Just below the largest Double: a finite duration, and the player's clock stays within it.
    let timeline = Timeline(sequence: [.delay(1e308), .delay(7e307), .anim("A", layer: "a", duration: 1)],
                            registry: try registry("A"))
    #expect(try timeline.duration == 1e308 + 7e307 + 1)
    var player = try TimelinePlayer(timeline)
    _ = try player.advance(by: .greatestFiniteMagnitude)
    #expect(player.time == 1e308 + 7e307 + 1)
  }

  @Test("misplaced positions and labels")
  func misplaced() throws {
    expectError(.invalidArgument, "position on a delay") { try schedule([TimelineItem.delay(1).at(0)]) }
    expectError(.invalidArgument, "position on a stagger") { try schedule([TimelineItem.stagger(1).at(0)]) }
    expectError(.invalidArgument, "position in a parallel") {
      _ = try Timeline(parallel: [.anim("A", layer: "a", duration: 1).at(1)], registry: try registry("A")).schedule()
    }
    expectError(.invalidArgument, "label in a parallel") {
      _ = try Timeline(parallel: [.label("x")], registry: try registry("A")).schedule()
    }
    for name in ["", "1.5", "<", "a+=1", "-=2"] {
      expectError(.invalidArgument, "label \(name)") { try schedule([.label(name)]) }
    }
  }

  @Test("nesting deeper than the limit is refused, at the limit accepted")
  func depth() throws {
    func nested(_ depth: Int) -> TimelineItem {
      var item = TimelineItem.anim("A", layer: "a", duration: 1)
      for i in 0..<depth { item = i.isMultiple(of: 2) ? .sequence([item]) : .parallel([item]) }
      return item
    }
    // The root counts as one level inside the implicit top-level sequence.
    let atLimit = Timeline(root: nested(Timeline.maximumDepth), registry: try registry("A"))
    expectEntries(try atLimit.schedule(), [("A", "a", 0, 1)])
    expectError(.limit) { _ = try Timeline(root: nested(Timeline.maximumDepth + 1), registry: try registry("A")).schedule() }
  }

  @Test("definitions check their key paths and values")
  func definitions() {
    expectError(.notFound) { _ = try TimelineDefinition(name: "d", changes: ["position.q": [1]]) }
    expectError(.invalidArgument) { _ = try TimelineDefinition(name: "d", changes: ["position": [1]]) }
    expectError(.invalidArgument) { _ = try TimelineDefinition(name: "d", changes: ["opacity": [1, 2]]) }
    expectError(.invalidArgument) { _ = try TimelineDefinition(name: "d", changes: ["opacity": [.nan]]) }
    expectError(.invalidArgument) { _ = try TimelineDefinition(name: "d", changes: ["opacity": [.infinity]]) }
    expectError(.invalidArgument) { _ = try TimelineDefinition(name: "", changes: ["opacity": [1]]) }
    expectError(.invalidArgument) { _ = try TimelineDefinition(name: "a\u{0}", changes: ["opacity": [1]]) }
  }

  @Test("an accepted definition keeps vector and custom changes")
  func vectorChanges() throws {
    let d = try TimelineDefinition(name: "d", curve: .easeIn,
                                   changes: ["position": [1, 2], "custom.glow": [0.5], "frame": [1, 2, 3, 4]])
    #expect(d.resolvedChanges.map(\.property.keyPath) == ["custom.glow", "frame", "position"])
    #expect(d.resolvedChanges.map(\.amount) == [[0.5], [1, 2, 3, 4], [1, 2]])
  }
}
