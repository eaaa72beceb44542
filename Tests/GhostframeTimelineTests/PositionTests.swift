import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// GSAP position parameters and labels, against times worked out by hand. Tolerance 1e-12.
@Suite("Positions and labels")
struct PositionTests {
  @Test("every position form, in one sequence")
  func everyForm() throws {
    let names = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "M", "N", "O", "P"]
    let r = TimelineRegistry()
    for name in names { r.register(try TimelineDefinition(name: name, scalarChanges: ["opacity": 1])) }
    let timeline = Timeline(sequence: [
      .anim("A", layer: "a", duration: 1),                     // 0 → 1; cursor 1
      .label("L1"),                                            // L1 = 1
      .anim("B", layer: "b", duration: 0.5).at("<0.2"),        // A's start + 0.2: 0.2 → 0.7; cursor 0.7
      .anim("C", layer: "c", duration: 0.5).at("+=0.3"),       // current end max(0.7, 1) + 0.3: 1.3 → 1.8
      .anim("D", layer: "d", duration: 0.4).at("<"),           // C's start: 1.3 → 1.7; cursor 1.7
      .anim("E", layer: "e", duration: 0.2).at(">"),           // D's end: 1.7 → 1.9
      .anim("F", layer: "f", duration: 0.2).at(">-0.1"),       // E's end − 0.1: 1.8 → 2.0
      .anim("G", layer: "g", duration: 0.1).at("-=0.5"),       // current end 2.0 − 0.5: 1.5 → 1.6
      .anim("H", layer: "h", duration: 0.1).at("L1"),          // 1 → 1.1
      .anim("I", layer: "i", duration: 0.1).at("L1+=0.25"),    // 1.25 → 1.35
      .anim("J", layer: "j", duration: 0.1).at("L1-=0.5"),     // 0.5 → 0.6
      .anim("K", layer: "k", duration: 0.1).at(3),             // absolute: 3 → 3.1; cursor 3.1
      .anim("M", layer: "m", duration: 0.1),                   // the cursor: 3.1 → 3.2
      .anim("N", layer: "n", duration: 0.1).at("<-0.05"),      // M's start − 0.05: 3.05 → 3.15; cursor 3.15
      .sequence([.anim("O", layer: "o", duration: 0.2)]).at("L1"),  // a nested node: 1 → 1.2; cursor 1.2
      .anim("P", layer: "p", duration: 0.1),                   // 1.2 → 1.3
    ], registry: r)
    let schedule = try timeline.schedule()
    expectEntries(schedule, [
      ("A", "a", 0, 1), ("B", "b", 0.2, 0.7), ("J", "j", 0.5, 0.6),
      ("H", "h", 1, 1.1), ("O", "o", 1, 1.2), ("P", "p", 1.2, 1.3), ("I", "i", 1.25, 1.35),
      ("C", "c", 1.3, 1.8), ("D", "d", 1.3, 1.7), ("G", "g", 1.5, 1.6), ("E", "e", 1.7, 1.9),
      ("F", "f", 1.8, 2.0), ("K", "k", 3, 3.1), ("N", "n", 3.05, 3.15), ("M", "m", 3.1, 3.2),
    ])
    // The sequence ends at the later of its cursor (1.3) and its latest end (3.2).
    #expect(abs(schedule.duration - 3.2) < 1e-12)
  }

  @Test("positions are relative to their own sequence; < and > without a previous item are its start")
  func withinNestedSequence() throws {
    let r = try registry("A", "B")
    let schedule = try Timeline(sequence: [
      .anim("A", layer: "a", duration: 1),
      .sequence([
        .anim("B", layer: "b1", duration: 0.5).at(">0.1"),  // no previous item here: 1 + 0.1
        .anim("B", layer: "b2", duration: 0.5).at(0.25),    // absolute within the nested sequence: 1.25
        .anim("B", layer: "b3", duration: 0.5).at(TimelinePosition.previousStart(-1)),  // 1.25 − 1
      ]),
      .anim("A", layer: "z", duration: 1).at("<"),          // the nested sequence's start, 1
    ], registry: r).schedule()
    expectEntries(schedule, [
      ("A", "a", 0, 1), ("B", "b3", 0.25, 0.75), ("A", "z", 1, 2), ("B", "b1", 1.1, 1.6), ("B", "b2", 1.25, 1.75),
    ])
    let first = try Timeline(sequence: [.anim("A", layer: "a", duration: 1).at("<0.5")], registry: r).schedule()
    expectEntries(first, [("A", "a", 0.5, 1.5)])
  }

  @Test("+= is measured from the latest end, not the previous item's")
  func afterEndUsesLatestEnd() throws {
    let schedule = try Timeline(sequence: [
      .anim("A", layer: "a", duration: 2), .anim("B", layer: "b", duration: 0.5).at(0),
      .anim("B", layer: "c", duration: 0.5).at("+=0"),
    ], registry: try registry("A", "B")).schedule()
    // After B (0 → 0.5) the cursor is 0.5, but A ends at 2: "+=0" is 2.
    expectEntries(schedule, [("A", "a", 0, 2), ("B", "b", 0, 0.5), ("B", "c", 2, 2.5)])
  }

  @Test("a label can carry a position; a redefined label moves; labels are per sequence")
  func labels() throws {
    let r = try registry("A")
    let schedule = try Timeline(sequence: [
      .label("x", position: 2), .anim("A", layer: "a", duration: 1).at("x"),     // x = 2, not the cursor 0
      .label("x"), .anim("A", layer: "b", duration: 1).at("x-=0.5"),            // x moves to the cursor 3
    ], registry: r).schedule()
    expectEntries(schedule, [("A", "a", 2, 3), ("A", "b", 2.5, 3.5)])
    // The parent's label is not visible inside a nested sequence.
    let error = expectError(.notFound) {
      _ = try Timeline(sequence: [.label("outer"), .sequence([.anim("A", layer: "a", duration: 1).at("outer")])],
                       registry: r).schedule()
    }
    #expect(error?.message.contains("outer") == true)
    // A label used before it is defined is unknown.
    expectError(.notFound) {
      _ = try Timeline(sequence: [.anim("A", layer: "a", duration: 1).at("later"), .label("later")], registry: r).schedule()
    }
  }

  @Test("parsing every text form", arguments: [
    ("1.5", TimelinePosition.absolute(1.5)), ("0", .absolute(0)), ("2e-1", .absolute(0.2)),
    ("<", .previousStart(0)), ("<0.2", .previousStart(0.2)), ("<-0.2", .previousStart(-0.2)),
    ("<+=0.3", .previousStart(0.3)), (">", .previousEnd(0)), (">-0.1", .previousEnd(-0.1)), (">+1", .previousEnd(1)),
    ("+=1", .afterEnd(1)), ("-=0.5", .afterEnd(-0.5)),
    ("intro", .label("intro", 0)), ("intro+=1", .label("intro", 1)), ("intro-=0.25", .label("intro", -0.25)),
    ("a-b", .label("a-b", 0)),
  ] as [(String, TimelinePosition)])
  func parsing(text: String, expected: TimelinePosition) throws {
    #expect(try TimelinePosition(parsing: text) == expected)
  }

  @Test("malformed text is a parse error", arguments: [
    "", "<x", "<<", "+=", "-=", "+=abc", "+=-1", "+=inf", "1.5.2", "L+=", "+=1x", "-1x",
    "0x10", "L-=nan", "+=1e999", "1e", ".",
  ])
  func malformed(text: String) {
    expectError(.parse, "\(text)") { _ = try TimelinePosition(parsing: text) }
  }

  @Test("a NUL in position text is refused")
  func nul() {
    expectError(.invalidArgument) { _ = try TimelinePosition(parsing: "<\u{0}") }
  }

  @Test("malformed text on an item fails the schedule")
  func malformedOnItem() throws {
    expectError(.parse) {
      _ = try Timeline(sequence: [.anim("A", layer: "a", duration: 1).at("<oops")], registry: try registry("A")).schedule()
    }
  }
}
