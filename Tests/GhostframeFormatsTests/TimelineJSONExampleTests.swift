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
    // pop 1: offset 0.1 i from 0, ends 0.9; the -0.4 delay moves the cursor to 0.5. pop 2: centre
    // distances 2,1,0,1,2 (D 2), offsets 0.1 d; ends 0.9. fade 1: amount 0.4 from the end, distances
    // 4..0, s = 0.1; ends 1.4. pop 3: edge distances 0,1,2,1,0; ends 1.7. fade 2: from index 1,
    // distances 1,0,1,2,3 (D 3), eased by x², offsets 0.1·3·(d/3)² = d²/30; ends 2.1; the trailing
    // 0.5 delay extends the sequence to 2.6.
    "staggers.json": ([
      ("pop", "a", 0, 0.5), ("pop", "b", 0.1, 0.6), ("pop", "c", 0.2, 0.7), ("pop", "d", 0.3, 0.8),
      ("pop", "e", 0.4, 0.9),
      ("pop", "c", 0.5, 0.7), ("pop", "b", 0.6, 0.8), ("pop", "d", 0.6, 0.8), ("pop", "a", 0.7, 0.9),
      ("pop", "e", 0.7, 0.9),
      ("fade", "e", 0.9, 1.0), ("fade", "d", 1.0, 1.1), ("fade", "c", 1.1, 1.2), ("fade", "b", 1.2, 1.3),
      ("fade", "a", 1.3, 1.4),
      ("pop", "a", 1.4, 1.5), ("pop", "e", 1.4, 1.5), ("pop", "b", 1.5, 1.6), ("pop", "d", 1.5, 1.6),
      ("pop", "c", 1.6, 1.7),
      ("fade", "b", 1.7, 1.8), ("fade", "a", 1.7 + 1.0 / 30, 1.8 + 1.0 / 30), ("fade", "c", 1.7 + 1.0 / 30, 1.8 + 1.0 / 30),
      ("fade", "d", 1.7 + 4.0 / 30, 1.8 + 4.0 / 30), ("fade", "e", 2.0, 2.1),
    ], 2.6),
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
