import Foundation
import GhostframeCore
import GhostframeTestSupport
import GhostframeTimeline
import Testing
@testable import GhostframeFormats

/// examples/timelines/, found from this file's path.
let timelineExamplesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("examples/timelines")

/// Reads an example timeline with a fresh (empty) registry: every example carries its definitions.
func loadTimelineExample(_ name: String) throws -> Timeline {
  let text = try String(contentsOf: timelineExamplesDirectory.appendingPathComponent(name), encoding: .utf8)
  return try Timeline(json: text, registry: TimelineRegistry())
}

/// Expects the schedule to be exactly `expected` (name, layer, begin, end) in order; times within
/// 1e-12 (each is a sum of a few decimal literals and products of them).
func expectSchedule(
  _ schedule: TimelineSchedule, _ expected: [(String, String, Double, Double)], duration: Double,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(schedule.entries.count == expected.count, "\(schedule.entries)", sourceLocation: sourceLocation)
  for (entry, want) in zip(schedule.entries, expected) {
    #expect(entry.name == want.0 && entry.layer == want.1, "\(entry) vs \(want)", sourceLocation: sourceLocation)
    #expect(abs(entry.begin - want.2) < 1e-12 && abs(entry.end - want.3) < 1e-12, "\(entry) vs \(want)",
            sourceLocation: sourceLocation)
  }
  #expect(abs(schedule.duration - duration) < 1e-12, "duration \(schedule.duration)", sourceLocation: sourceLocation)
}

/// grid-center.json's schedule: r = 0.3 / √2 (see the comment where it is used).
func gridCenterSchedule() -> [(String, String, Double, Double)] {
  let r = 0.3 / 2.0.squareRoot()
  let corners = ["g0", "g2", "g6", "g8"], middles = ["g1", "g3", "g5", "g7"]
  var entries: [(String, String, Double, Double)] = [("shrink", "g4", 0, 0.5)]
  for g in middles { entries.append(("shrink", g, r, r + 0.5)) }
  for g in corners { entries.append(("shrink", g, 0.3, 0.8)) }
  for g in corners { entries.append(("grow", g, 0.8, 1.3)) }
  for g in middles { entries.append(("grow", g, 1.1 - r, 1.6 - r)) }
  entries.append(("grow", "g4", 1.1, 1.6))
  return entries
}

/// The example timelines of examples/timelines/, each scheduled to begin and end times worked out
/// by hand from the rules (docs/timeline-format.md walks through the first two), and each
/// written and read back.
@Suite("Timeline JSON examples")
struct TimelineJSONExampleTests {
  /// The hand-computed schedule and duration of every example.
  static let expected: [String: ([(String, String, Double, Double)], Double)] = [
    // slideUp 0 → 0.6 on every view; the delay moves the cursor to 0.8; slideOver 0.8 → 1.0.
    "seed-array.json": ([
      ("slideUp", "v1", 0, 0.6), ("slideUp", "v2", 0, 0.6), ("slideUp", "v3", 0, 0.6),
      ("slideOver", "v1", 0.8, 1.0), ("slideOver", "v2", 0.8, 1.0), ("slideOver", "v3", 0.8, 1.0),
    ], 1.0),
    // Three items start at 0: sub-timeline 1 (slideUp 0 → 0.6, then rotate 0.6 → 1.1), sub-timeline
    // 2 (a 0.2 delay, then fadeIn 0.2 → 0.4) and glow 0 → 5; the parallel ends with glow at 5.
    "seed-set.json": ([
      ("glow", "box1", 0, 5), ("slideUp", "box1", 0, 0.6), ("glow", "box2", 0, 5), ("slideUp", "box2", 0, 0.6),
      ("fadeIn", "box1", 0.2, 0.4), ("fadeIn", "box2", 0.2, 0.4), ("rotate", "myLabel", 0.6, 1.1),
    ], 5),
    // GSAP's distribution (docs/timeline-format.md). pop 1: Anim's offset 0.1 i from 0, ends 0.9;
    // the -0.4 delay moves the cursor to 0.5. pop 2: from the centre, each 0.1: total 0.4, centre
    // distances 2,1,0,1,2 normalised to 1,½,0,½,1, offsets 0.4,0.2,0,0.2,0.4; ends 1.1. fade 1:
    // amount 0.4 from the end: offsets 0.4,0.3,0.2,0.1,0; ends 1.6. pop 3: edges, each 0.1: the
    // centre's spread inverted, offsets 0,0.2,0.4,0.2,0; ends 2.1. fade 2: from index 1, each 0.1,
    // eased by x²: total 0.4, distances 1,0,1,2,3 normalised to ⅓,0,⅓,⅔,1, offsets 0.4 u² =
    // 0.4/9, 0, 0.4/9, 1.6/9, 0.4; ends 2.6; the trailing 0.5 delay extends the sequence to 3.1.
    "staggers.json": ([
      ("pop", "a", 0, 0.5), ("pop", "b", 0.1, 0.6), ("pop", "c", 0.2, 0.7), ("pop", "d", 0.3, 0.8),
      ("pop", "e", 0.4, 0.9),
      ("pop", "c", 0.5, 0.7), ("pop", "b", 0.7, 0.9), ("pop", "d", 0.7, 0.9), ("pop", "a", 0.9, 1.1),
      ("pop", "e", 0.9, 1.1),
      ("fade", "e", 1.1, 1.2), ("fade", "d", 1.2, 1.3), ("fade", "c", 1.3, 1.4), ("fade", "b", 1.4, 1.5),
      ("fade", "a", 1.5, 1.6),
      ("pop", "a", 1.6, 1.7), ("pop", "e", 1.6, 1.7), ("pop", "b", 1.8, 1.9), ("pop", "d", 1.8, 1.9),
      ("pop", "c", 2.0, 2.1),
      ("fade", "b", 2.1, 2.2), ("fade", "a", 2.1 + 0.4 / 9, 2.2 + 0.4 / 9), ("fade", "c", 2.1 + 0.4 / 9, 2.2 + 0.4 / 9),
      ("fade", "d", 2.1 + 1.6 / 9, 2.2 + 1.6 / 9), ("fade", "e", 2.5, 2.6),
    ], 3.1),
    // A 3 × 3 grid (docs/timeline-format.md): from the centre, each 0.1, spread 0.1 · max(3, 9/3) =
    // 0.3, distances 0 (g4), 1 (g1, g3, g5, g7), √2 (corners) over √2: shrink begins 0, 0.3/√2, 0.3
    // and ends 0.8; from the edges the spread is inverted: grow begins 0.8 + 0.3 − 0.3 u, the
    // corners 0.8, the edges' middles 1.1 − 0.3/√2, the centre 1.1, ending 1.6; a 0.4 delay: 2.0.
    "grid-center.json": (gridCenterSchedule(), 2.0),
    // intro = 0; title 0 → 1; "<0.25" 0.25 after title's start; ">-0.25" 0.25 before subtitle's end
    // (1.25); middle = 1.5; absolute 0.5; "+=0.5" after the current end 1.5; "-=1" before the
    // current end 2.5; "+=0" at the current end 2.5 (the latest end, not the cursor 1.75); outro =
    // middle + 2 = 3.5; "outro"; "middle-=0.5" = 1.0; the nested sequence at outro + 0.5 = 4.0; the
    // parallel at "<", the nested sequence's start 4.0; the sequence ends at 4.75.
    "labels-positions.json": ([
      ("fade", "title", 0, 1), ("fade", "subtitle", 0.25, 1.25), ("fade", "image", 0.5, 1.5),
      ("fade", "body", 1.0, 1.5), ("pop", "title", 1.0, 1.5), ("pop", "icon", 1.5, 1.75),
      ("pop", "button", 2.0, 2.5), ("fade", "footer", 2.5, 3.0), ("fade", "title", 3.5, 4.0),
      ("fade", "image", 4.0, 4.5), ("pop", "subtitle", 4.0, 4.25), ("pop", "body", 4.25, 4.5),
      ("fade", "button", 4.25, 4.75),
    ], 4.75),
  ]

  @Test("examples/timelines holds exactly the examples with hand-computed schedules")
  func everyExampleIsChecked() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: timelineExamplesDirectory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(names == Self.expected.keys.sorted())
  }

  @Test("each example schedules to its hand-computed times", arguments: expected.keys.sorted())
  func schedules(_ name: String) throws {
    let (entries, duration) = try #require(Self.expected[name])
    expectSchedule(try loadTimelineExample(name).schedule(), entries, duration: duration)
  }

  @Test("each example writes JSON that reads back to the same timeline, and writes the same text again",
        arguments: expected.keys.sorted())
  func roundTrip(_ name: String) throws {
    let timeline = try loadTimelineExample(name)
    for pretty in [true, false] {
      let text = try timeline.json(pretty: pretty)
      let again = try Timeline(json: text, registry: TimelineRegistry())
      #expect(again.root == timeline.root)
      #expect(again.definitions == timeline.definitions)
      #expect(try again.json(pretty: pretty) == text)
      #expect(try again.schedule() == timeline.schedule())
    }
  }
}
