import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Cursors, delays (negative too) and nesting, against times worked out by hand. Tolerance 1e-12.
@Suite("Sequences, parallels and delays")
struct StructureTests {
  @Test("a negative delay overlaps the next instance with the previous one")
  func negativeDelay() throws {
    let schedule = try Timeline(sequence: [.anim("A", layer: "a", duration: 1), -0.4, .anim("B", layer: "b", duration: 1)],
                                registry: try registry("A", "B")).schedule()
    expectEntries(schedule, [("A", "a", 0, 1), ("B", "b", 0.6, 1.6)])
    #expect(abs(schedule.duration - 1.6) < 1e-12)
  }

  @Test("a trailing delay extends a sequence; a trailing negative delay does not shorten it")
  func trailingDelays() throws {
    let r = try registry("A", "B")
    #expect(try Timeline(sequence: [.anim("A", layer: "a", duration: 1), 0.5], registry: r).duration == 1.5)
    #expect(try Timeline(sequence: [.anim("A", layer: "a", duration: 1), -0.5], registry: r).duration == 1)
    // Nested: the inner sequence ends at 1 (not 0.5), so B starts at 1.
    let schedule = try Timeline(sequence: [
      .sequence([.anim("A", layer: "a", duration: 1), -0.5]), .anim("B", layer: "b", duration: 1),
    ], registry: r).schedule()
    expectEntries(schedule, [("A", "a", 0, 1), ("B", "b", 1, 2)])
  }

  @Test("a negative delay first in a nested sequence starts it before its own start")
  func leadingNegativeDelay() throws {
    let schedule = try Timeline(sequence: [
      .anim("A", layer: "a", duration: 1), .sequence([-0.25, .anim("B", layer: "b", duration: 1)]),
      .anim("A", layer: "c", duration: 0.5),
    ], registry: try registry("A", "B")).schedule()
    // B at 1 − 0.25; the inner sequence ends at B's end 1.75; the last A follows.
    expectEntries(schedule, [("A", "a", 0, 1), ("B", "b", 0.75, 1.75), ("A", "c", 1.75, 2.25)])
  }

  @Test("a delay in a parallel is an empty item lasting that long")
  func delayInParallel() throws {
    let r = try registry("A")
    #expect(try Timeline(parallel: [.anim("A", layer: "a", duration: 1), 3], registry: r).duration == 3)
    #expect(try Timeline(parallel: [.anim("A", layer: "a", duration: 1), -3], registry: r).duration == 1)
  }

  @Test("nested parallels in sequences in parallels")
  func deepNesting() throws {
    let timeline = Timeline(parallel: [
      .sequence([
        .anim("A", layer: "a", duration: 1),
        .parallel([
          .anim("B", layer: "b", duration: 0.5),
          .sequence([.anim("C", layer: "c", duration: 0.3), .anim("D", layer: "d", duration: 0.4)]),
          .parallel([.sequence([0.1, .anim("G", layer: "g", duration: 0.1)])]),
        ]),
        .anim("E", layer: "e", duration: 0.2),
      ]),
      .anim("F", layer: "f", duration: 0.5),
    ], registry: try registry("A", "B", "C", "D", "E", "F", "G"))
    let schedule = try timeline.schedule()
    // A 0 → 1; the inner parallel starts at 1: B 1 → 1.5, C 1 → 1.3, D 1.3 → 1.7, G 1.1 → 1.2; it
    // ends at its latest item, 1.7, where E starts. F starts with the root.
    expectEntries(schedule, [
      ("A", "a", 0, 1), ("F", "f", 0, 0.5),
      ("B", "b", 1, 1.5), ("C", "c", 1, 1.3),
      ("G", "g", 1.1, 1.2), ("D", "d", 1.3, 1.7), ("E", "e", 1.7, 1.9),
    ])
    #expect(abs(schedule.duration - 1.9) < 1e-12)
  }

  @Test("empty sequences and parallels last nothing; an empty timeline lasts 0")
  func empty() throws {
    let r = try registry("A")
    #expect(try Timeline(sequence: [], registry: r).duration == 0)
    let schedule = try Timeline(sequence: [.sequence([]), .parallel([]), .anim("A", layer: "a", duration: 1)],
                                registry: r).schedule()
    expectEntries(schedule, [("A", "a", 0, 1)])
  }

  @Test("ties sort by layer, then name, then timeline order")
  func ordering() throws {
    let schedule = try Timeline(parallel: [
      .anim("B", layers: ["z", "a"], duration: 1), .anim("A", layers: ["z"], duration: 2), .anim("A", layer: "z", duration: 3),
    ], registry: try registry("A", "B")).schedule()
    expectEntries(schedule, [("B", "a", 0, 1), ("A", "z", 0, 2), ("A", "z", 0, 3), ("B", "z", 0, 1)])
  }

  @Test("zero durations are allowed and end where they begin")
  func zeroDuration() throws {
    let schedule = try Timeline(sequence: [.anim("A", layer: "a", duration: 0), .anim("A", layer: "b", duration: 1)],
                                registry: try registry("A")).schedule()
    expectEntries(schedule, [("A", "a", 0, 0), ("A", "b", 0, 1)])
  }
}
