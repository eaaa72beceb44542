import GhostframeCore
import Testing
@testable import GhostframeTimeline

/// Anim's view properties (`view.y += -100`) in timeline definitions: the seed's blocks written
/// one to one end on UIKit's frames, computed here by hand from the seed (a frame change moves the
/// origin; a size change keeps it), for any anchor point. Tolerance 1e-9 (sampled through the
/// compiled tracks; the hand values are exact).
@Suite("Anim's view properties")
struct ViewPropertyTests {
  let frameProperty: AnimatableProperty
  let views = ["v1", "v2", "v3"]

  init() throws {
    frameProperty = try AnimatableProperty(keyPath: "frame")
  }

  /// The seed's two blocks: `view.y += -100; view.height += 100` and `view.x += 50; view.width += 50`.
  func seedTimeline(changes: (up: [String: Double], over: [String: Double])) throws -> Timeline {
    Timeline(
      sequence: [.anim("slideUp", layers: views, duration: 0.6), 0.2, .anim("slideOver", layers: views, duration: 0.2)],
      definitions: [
        try TimelineDefinition(name: "slideUp", curve: .easeOut, scalarChanges: changes.up),
        try TimelineDefinition(name: "slideOver", curve: .easeOut, scalarChanges: changes.over),
      ], registry: TimelineRegistry())
  }

  /// Three views of the seed's stage, one per anchor point: UIKit's frame rules do not depend on it.
  func stage() throws -> Scene {
    var scene = Scene()
    let anchors = [Point(x: 0.5, y: 0.5), Point(x: 0, y: 0), Point(x: 0.25, y: 1)]
    for (index, id) in views.enumerated() {
      try scene.addLayer(Layer(id: id, frame: Rect(x: 20 + 80 * Double(index), y: 160, width: 60, height: 40),
                               anchorPoint: anchors[index]))
    }
    return scene
  }

  func expectFrame(_ scene: Scene, _ layer: Int, at t: Double, _ expected: [Double], _ note: String) {
    let got = scene.presentationValue(of: frameProperty, layer: layer, at: t)
    #expect(got.count == 4 && zip(got, expected).allSatisfy { abs($0 - $1) < 1e-9 },
            "\(note): layer \(layer) at \(t): \(got) vs \(expected)")
  }

  @Test("the seed's blocks end on UIKit's frames, whatever the anchor")
  func seedBlocks() throws {
    var scene = try stage()
    try seedTimeline(changes: (["y": -100, "height": 100], ["x": 50, "width": 50])).apply(to: &scene)
    for index in views.indices {
      let x = 20 + 80 * Double(index)
      // UIKit: frame (x, 160, 60, 40); y += -100, height += 100 → (x, 60, 60, 140);
      // x += 50, width += 50 → (x + 50, 60, 110, 140).
      expectFrame(scene, index, at: 0, [x, 160, 60, 40], "before")
      expectFrame(scene, index, at: 0.6, [x, 60, 60, 140], "after slideUp")
      expectFrame(scene, index, at: 0.75, [x, 60, 60, 140], "in the delay")
      expectFrame(scene, index, at: 1.0, [x + 50, 60, 110, 140], "after slideOver")
      expectFrame(scene, index, at: 5.0, [x + 50, 60, 110, 140], "kept")
      // During slideUp the origin's x and the width stay, and the bottom edge (y + height = 200)
      // does too: the frame grows upwards exactly as far as it moves.
      for t in stride(from: 0.0, through: 0.6, by: 0.05) {
        let frame = scene.presentationValue(of: frameProperty, layer: index, at: t)
        #expect(abs(frame[0] - x) < 1e-9 && abs(frame[2] - 60) < 1e-9 && abs(frame[1] + frame[3] - 200) < 1e-9,
                "layer \(index) at \(t): \(frame)")
      }
    }
  }

  @Test("the key paths keep Core Animation's meaning: a size change keeps the centre")
  func keyPathsUnchanged() throws {
    var scene = try stage()
    let timeline = try seedTimeline(changes: (["position.y": -100, "bounds.size.height": 100],
                                              ["position.x": 50, "bounds.size.width": 50]))
    try timeline.apply(to: &scene)
    // v1 (anchor 0.5): centre (50, 180) → (50, 80) → (100, 80); size (110, 140): (45, 10, 110, 140).
    expectFrame(scene, 0, at: 1.0, [45, 10, 110, 140], "position + bounds.size")
  }

  @Test("every view property, by hand")
  func everyProperty() throws {
    let changes: [String: [Double]] = [
      "x": [1], "left": [2], "right": [4], "top": [3], "bottom": [5], "y": [6], "width": [7], "height": [8],
      "origin": [10, 20], "topLeft": [1, 1], "topRight": [2, 2], "bottomLeft": [3, 3], "bottomRight": [4, 4],
      "size": [5, 6], "center": [30, 40], "alpha": [-0.5],
    ]
    #expect(Set(changes.keys) == TimelineViewProperty.names)
    let definition = try TimelineDefinition(name: "all", changes: changes)
    // The frame changes add into one `frame` change; center and alpha keep their own key paths.
    #expect(definition.resolvedChanges.map(\.property.keyPath).sorted() == ["frame", "opacity", "position"])
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", frame: Rect(x: 100, y: 100, width: 50, height: 50)))
    try scene.addLayer(Layer(id: "b", frame: Rect(x: 100, y: 100, width: 50, height: 50),
                             anchorPoint: Point(x: 1, y: 1)))
    try Timeline(sequence: [.anim("all", layers: ["a", "b"], duration: 1)], definitions: [definition],
                 registry: TimelineRegistry()).apply(to: &scene)
    // Origin x: 1 + 2 + 4 + 10 + 1 + 2 + 3 + 4 = 27, y: 6 + 3 + 5 + 20 + 1 + 2 + 3 + 4 = 44, plus the
    // centre's (30, 40); width 7 + 5, height 8 + 6, the origin staying; opacity 1 − 0.5. Linear.
    let opacity = try AnimatableProperty(keyPath: "opacity")
    for layer in 0..<2 {
      expectFrame(scene, layer, at: 0.5, [128.5, 142, 56, 57], "half way")
      expectFrame(scene, layer, at: 1, [157, 184, 62, 64], "the end")
      #expect(abs(scene.presentationValue(of: opacity, layer: layer, at: 1)[0] - 0.5) < 1e-12)
    }
  }

  @Test("a misspelt or miscounted view property is an error naming it")
  func errors() throws {
    #expect(throws: GhostframeError.self) { try TimelineDefinition(name: "d", scalarChanges: ["heigth": 1]) }
    do {
      _ = try TimelineDefinition(name: "d", scalarChanges: ["heigth": 1])
    } catch {
      #expect(error.code == .notFound && error.message.contains("'heigth'"), "\(error.message)")
    }
    do {
      _ = try TimelineDefinition(name: "d", scalarChanges: ["size": 1])
      Issue.record("size with one value was accepted")
    } catch {
      #expect(error.code == .invalidArgument && error.message.contains("'size' takes 2 value(s), got 1"),
              "\(error.message)")
    }
    do {
      _ = try TimelineDefinition(name: "d", scalarChanges: ["width": .nan])
      Issue.record("a NaN width was accepted")
    } catch {
      #expect(error.code == .invalidArgument, "\(error.message)")
    }
    // Finite changes of one property that add up past the largest double are refused, not summed to ∞.
    do {
      _ = try TimelineDefinition(name: "d", scalarChanges: ["x": 1e308, "left": 1e308])
      Issue.record("x + left = 2e308 was accepted")
    } catch {
      #expect(error.code == .invalidArgument && error.message.contains("passes the largest double"), "\(error.message)")
    }
  }
}
