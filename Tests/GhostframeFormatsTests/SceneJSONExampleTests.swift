import Foundation
import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeTestSupport

/// One layer's state in `scene` at `t`.
func exampleState(_ scene: Scene, _ id: String, at t: Double) throws -> LayerState {
  let index = try #require(scene.index(ofLayer: id), "no layer \(id)")
  return scene.compiled().sample(at: t)[index]
}

/// The examples and the number of layers each has; ``checkSceneExample(_:_:)`` has a
/// hand-checked value for each.
let sceneExampleLayerCounts = [
  "preload.json": 4, "card-transition.json": 7, "chain.json": 2, "transitions.json": 13,
]

/// Checks hand-worked values of the example `name`.
func checkSceneExample(_ name: String, _ scene: Scene) throws {
  switch name {
  case "preload.json":
    // At 0.3 s the marker (30 × 30, position.y 25 → 5 in its 60 × 60 container at y 273.5) is at
    // the top of its jump: y = 273.5 + 5 − 15; the shadow has shrunk from 24 to 12.
    // (Just past 0.3 s, where the fall starts: exactly 0.3 s in a later cycle may round either side.)
    for cycle in 0..<3 {
      let t = 0.3 + 1e-10 + 0.8 * Double(cycle)
      #expect(try abs(exampleState(scene, "marker", at: t).y - 263.5) < 1e-6)
      #expect(try abs(exampleState(scene, "shadow", at: t).width - 12) < 1e-6)
    }
    // At rest between jumps: back at 283.5 with the full shadow.
    #expect(try abs(exampleState(scene, "marker", at: 0.8 * 5).y - 283.5) < 1e-9)
    #expect(try abs(exampleState(scene, "shadow", at: 0.8 * 5).width - 24) < 1e-9)
    // Halfway up, ease-out is ahead of linear.
    let eased = Curve.easeOut(0.5)
    #expect(try abs(exampleState(scene, "marker", at: 0.15).y - (273.5 + 10 - 20 * eased)) < 1e-9)
  case "card-transition.json":
    // After 0.4 s the header has moved up by its height, the left card 200 to the left.
    #expect(try exampleState(scene, "header", at: 1).y == -180)
    #expect(try exampleState(scene, "card-1", at: 1).x == -184)
    #expect(try exampleState(scene, "card-3", at: 1).x == 568)
    // The tapped card springs to the top of the screen, full width, 2:3.
    let card = try exampleState(scene, "card-2", at: 5)
    #expect(abs(card.y) < 0.5 && abs(card.width - 375) < 0.5 && abs(card.height - 250) < 0.5)
    #expect(try exampleState(scene, "card-2", at: 1).cornerRadius == 0)
  case "chain.json":
    // At 0.5 s the move has ended at x = 100 and the resize (from 60) and rotation start.
    let box = try exampleState(scene, "box", at: 0.5)
    #expect(abs(box.x - 70) < 1e-9 && box.width == 60 && box.transform.b == 0)
    // After the chain: back in the centre, 100 × 100, turned by π/4, corners rounded by 4.
    let end = try exampleState(scene, "box", at: 3)
    #expect(abs(end.x + end.width / 2 - 187.5) < 1e-9 && abs(end.width - 100) < 0.1)
    #expect(abs(atan2(end.transform.b, end.transform.a) - Double.pi / 4) < 1e-12)
    #expect(end.cornerRadius == 4)
  case "transitions.json":
    // The push is linear: at 0.25 s the new content is 3/4 of the way in from the right, the
    // old content 1/4 of the way out (160 wide).
    let new = try exampleState(scene, "new-push", at: 0.25)
    let old = try exampleState(scene, "old-push", at: 0.25)
    #expect(abs(new.transform.tx - new.x - 120) < 1e-9)
    #expect(abs(old.transform.tx - old.x + 40) < 1e-9)
    // The fade ends with the old layer gone.
    #expect(try exampleState(scene, "old-fade", at: 2).opacity == 0)
  default:
    Issue.record("no hand-checked values for \(name): add them to checkSceneExample")
  }
}

@Suite("Scene JSON: examples")
struct SceneJSONExampleTests {
  @Test("examples/scenes/ holds the documented examples")
  func directory() {
    #expect(sceneExampleFiles() == sceneExampleLayerCounts.keys.sorted())
  }

  @Test("every example loads, samples, round-trips and matches its hand-checked values",
        arguments: sceneExampleFiles())
  func example(_ name: String) throws {
    let scene = try loadSceneExample(name)
    let layers = try #require(sceneExampleLayerCounts[name], "no layer count for \(name): add it to sceneExampleLayerCounts")
    #expect(scene.count == layers)
    #expect(!scene.animations.isEmpty)
    let sampler = scene.compiled()
    for t in [0, 0.1, 0.25, 0.5, 1, 2, 5] {
      let states = sampler.sample(at: t)
      #expect(states.count == layers)
      #expect(states.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.width >= 0 && $0.opacity.isFinite })
    }
    try checkSceneExample(name, scene)
    try expectRoundTrip(scene)
  }

  @Test("the complete example in docs/scene-format.md loads and round-trips")
  func documentationExample() throws {
    let docs = sceneExamplesDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/scene-format.md")
    let markdown = try String(contentsOf: docs, encoding: .utf8)
    let start = try #require(markdown.range(of: "```json\n"))
    let end = try #require(markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex))
    let scene = try Scene(json: String(markdown[start.upperBound..<end.lowerBound]))
    #expect(scene.layers.map(\.id) == ["screen", "card", "old", "new"])
    #expect(scene.animations.count == 6)
    // The fade runs from 0 to 1 with ease over a second: halfway in time it is ease(0.5).
    let card = try #require(scene.index(ofLayer: "card"))
    let opacity = scene.compiled().sample(at: 0.5)[card].opacity
    #expect(abs(opacity - Curve.ease(0.5)) < 1e-12)
    try expectRoundTrip(scene)
  }
}
