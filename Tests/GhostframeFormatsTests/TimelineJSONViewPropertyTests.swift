import Foundation
import GhostframeCore
import GhostframeTestSupport
import GhostframeTimeline
import Testing
@testable import GhostframeFormats

/// Anim's view properties in the timeline format: read, written back as given (a round trip), the
/// errors that name their JSON path, and the seed examples on their stages ending on UIKit's
/// frames (by hand from the seed; tolerance 1e-9, sampled through the compiled tracks).
@Suite("Timeline JSON: view properties")
struct TimelineJSONViewPropertyTests {
  func read(_ text: String) throws -> Timeline { try Timeline(json: text, registry: TimelineRegistry()) }

  @Test("view properties read as given and write back unchanged: scalars as numbers, vectors as arrays")
  func roundTrip() throws {
    let text = #"{"definitions":{"all":{"curve":"ease-out","changes":{"alpha":-0.5,"bottom":5,"bottomLeft":[3,3],"#
      + #""bottomRight":[4,4],"center":[30,40],"height":8,"left":2,"origin":[10,20],"position.y":-1,"right":4,"#
      + #""size":[5,6],"top":3,"topLeft":[1,1],"topRight":[2,2],"width":7,"x":1,"y":6}}},"#
      + #""timeline":{"sequence":[{"anim":"all","layers":["a"],"duration":1}]}}"#
    let timeline = try read(text)
    let definition = try #require(timeline.definitions.first)
    #expect(definition.changes["height"] == [8] && definition.changes["size"] == [5, 6])
    #expect(Set(definition.changes.keys) == TimelineViewProperty.names.union(["position.y"]))
    #expect(try timeline.json(pretty: false) == text)
    let pretty = try timeline.json(pretty: true)
    let again = try read(pretty)
    #expect(again.definitions == timeline.definitions)
    #expect(try again.json(pretty: true) == pretty)
    // A one-number array for a scalar view property is written as a number.
    let array = try read(#"{"definitions":{"d":{"changes":{"y":[-100]}}},"timeline":{"sequence":[]}}"#)
    #expect(try array.json(pretty: false).contains(#""changes":{"y":-100}"#))
  }

  @Test("a misspelt or miscounted view property names its JSON path, with a suggestion")
  func errors() {
    let misspelt = expectError(.notFound) {
      _ = try read(#"{"definitions":{"slideUp":{"changes":{"heigth":100}}},"timeline":{"sequence":[]}}"#)
    }
    #expect(misspelt?.message.contains("definitions.slideUp.changes.heigth: ") == true
            && misspelt?.message.contains("(did you mean 'height'?)") == true, "\(misspelt?.message ?? "")")
    let counted = expectError(.invalidArgument) {
      _ = try read(#"{"definitions":{"grow":{"changes":{"size":5}}},"timeline":{"sequence":[]}}"#)
    }
    #expect(counted?.message.contains("definitions.grow.changes.size: 'size' takes 2 value(s), got 1") == true,
            "\(counted?.message ?? "")")
    _ = expectError(.notFound) { _ = try TimelineDefinition(name: "m", changesJSON: #"{"alpah": 1}"#) }
  }

  @Test("the seed examples on their stages end on UIKit's frames")
  func seedExamplesOnStages() throws {
    let frame = try AnimatableProperty(keyPath: "frame")
    // (example, layer, its frame at the start, the frame UIKit ends on, the time).
    // seed-array: y += -100, height += 100, then x += 50, width += 50: (x, 160, 60, 40) →
    // (x + 50, 60, 110, 140). seed-set: slideUp (x, 170, 100, 44) → (x, 70, 100, 144), and glow
    // (0 → 5 s) grows bounds.size by (8, 8) about the centre: (x − 4, 66, 108, 152) at 5 s.
    let cases: [(String, String, [Double], [Double], Double)] = [
      ("seed-array", "v1", [20, 160, 60, 40], [70, 60, 110, 140], 1.0),
      ("seed-array", "v3", [180, 160, 60, 40], [230, 60, 110, 140], 1.0),
      ("seed-set", "box1", [40, 170, 100, 44], [36, 66, 108, 152], 5.0),
      ("seed-set", "box2", [200, 170, 100, 44], [196, 66, 108, 152], 5.0),
    ]
    for (name, layer, start, end, t) in cases {
      let stageText = try String(contentsOf: timelineExamplesDirectory.appendingPathComponent("stages/\(name).json"),
                                 encoding: .utf8)
      var scene = try Scene(json: stageText)
      try loadTimelineExample("\(name).json").apply(to: &scene)
      let index = try #require(scene.index(ofLayer: layer))
      let before = scene.presentationValue(of: frame, layer: index, at: 0)
      let after = scene.presentationValue(of: frame, layer: index, at: t)
      #expect(zip(before, start).allSatisfy { abs($0 - $1) < 1e-9 }, "\(name) \(layer) at 0: \(before)")
      #expect(zip(after, end).allSatisfy { abs($0 - $1) < 1e-9 }, "\(name) \(layer) at \(t): \(after) vs \(end)")
    }
  }
}
