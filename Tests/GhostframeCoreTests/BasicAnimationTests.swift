import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Core Animation's from / to / by table, each combination against its hand-computed value.
/// The layer's model opacity is 0.2 (the value "under" the animation); tolerance 1e-12.
@Suite("Basic animations")
struct BasicAnimationTests {
  @Test("every from/to/by combination", arguments: [
    // (from, to, by, expected at progress 0.25)
    ([0.0], [1.0], nil, 0.25),                 // from → to
    ([0.5], nil, [0.4], 0.6),                  // from → from + by
    (nil, [1.0], [0.4], 0.7),                  // to − by → to
    ([1.0], nil, nil, 1.0 + (0.2 - 1.0) * 0.25), // from → underlying
    (nil, [1.0], nil, 0.2 + (1.0 - 0.2) * 0.25), // underlying → to
    (nil, nil, [0.4], 0.2 + 0.4 * 0.25),       // underlying → underlying + by
    (nil, nil, nil, 0.2),                      // nothing: the underlying value
  ] as [([Double]?, [Double]?, [Double]?, Double)])
  func table(from: [Double]?, to: [Double]?, by: [Double]?, expected: Double) throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("opacity", from: from, to: to, by: by, timing: second()), to: "a")
    #expect(abs(state(scene, at: 0.25).opacity - expected) < 1e-12)
  }

  @Test("additive adds to the model value; later non-additive animations replace")
  func composition() throws {
    var scene = try oneLayerScene()
    let timing = try second()
    // position.x of the model is 10 + 0.5 × 100 = 60.
    try scene.addAnimation(.basic("position.x", from: [0], to: [40], timing: timing, isAdditive: true), to: "a")
    #expect(abs(state(scene, at: 0.5).x - (10 + 20)) < 1e-12)
    try scene.addAnimation(.basic("position.x", from: [100], to: [200], timing: timing), to: "a")
    // Replaced: position 150, frame x = 150 − 50.
    #expect(abs(state(scene, at: 0.5).x - 100) < 1e-12)
    try scene.addAnimation(.basic("position.x", from: [1], to: [3], timing: timing, isAdditive: true), to: "a")
    #expect(abs(state(scene, at: 0.5).x - 102) < 1e-12)
  }

  @Test("cumulative repeats continue from the previous end")
  func cumulative() throws {
    var scene = try oneLayerScene()
    let timing = try Timing(duration: 1, iterations: 3, fill: .forwards)
    try scene.addAnimation(.basic("cornerRadius", from: [2], to: [5], timing: timing, isCumulative: true,
                                  removedOnCompletion: false), to: "a")
    // Iteration 2 at 0.5: 2 + 0.5 × 3 + 2 × 3.
    #expect(abs(state(scene, at: 2.5).cornerRadius - 9.5) < 1e-12)
    // The end: iteration 2 at progress 1: 5 + 2 × 3.
    #expect(abs(state(scene, at: 3).cornerRadius - 11) < 1e-12)
  }

  @Test("frame animations move position and size about the anchor")
  func frame() throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("frame", to: [30, 40, 200, 10], timing: second()), to: "a")
    let s = state(scene, at: 0.5)
    #expect([s.x, s.y, s.width, s.height] == [20, 30, 150, 30])
  }

  @Test("uniform scale, colours per channel in sRGB, custom properties")
  func propertyKinds() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .black,
                             custom: ["glow": 3]))
    let timing = try second()
    try scene.addAnimation(.basic("transform.scale", to: [3], timing: timing), to: "a")
    try scene.addAnimation(.basic("backgroundColor", to: [1, 0.5, 0, 0.5], timing: timing), to: "a")
    try scene.addAnimation(.basic("custom.glow", to: [5], timing: timing), to: "a")
    let sampler = scene.compiled()
    let s = sampler.sample(at: 0.5)[0]
    // Scale 2 about the centre (5, 5): the matrix is diag(2, 2) with translation −5.
    #expect([s.transform.a, s.transform.d, s.transform.tx, s.transform.ty] == [2, 2, -5, -5])
    #expect([s.red, s.green, s.blue, s.alpha] == [0.5, 0.25, 0, 0.75])
    let glow = try AnimatableProperty(keyPath: "custom.glow")
    #expect(sampler.presentationValue(of: glow, layer: 0, at: 0.5) == [4])
  }

  @Test("removedOnCompletion shows the model value after the end, whatever the fill")
  func removedOnCompletion() throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("opacity", to: [1], timing: second()), to: "a")
    #expect(state(scene, at: 2).opacity == 0.2)
    var kept = try oneLayerScene()
    try kept.addAnimation(.basic("opacity", to: [1], timing: second(), removedOnCompletion: false), to: "a")
    #expect(state(kept, at: 2).opacity == 1)
  }

  @Test("bad animations are rejected and the scene is unchanged", arguments: [
    "unknown key path", "wrong width", "NaN value", "unknown layer",
  ])
  func badInput(kind: String) throws {
    var scene = try oneLayerScene()
    let before = scene.animations.count
    do {
      switch kind {
      case "unknown key path": _ = try Animation.basic("opacty", to: [1], timing: second())
      case "wrong width": try scene.addAnimation(.basic("position", to: [1], timing: second()), to: "a")
      case "NaN value": try scene.addAnimation(.basic("opacity", to: [.nan], timing: second()), to: "a")
      default: try scene.addAnimation(.basic("opacity", to: [1], timing: second()), to: "b")
      }
      Issue.record("\(kind): accepted")
    } catch let error as GhostframeError {
      #expect(error.code == (kind == "unknown key path" || kind == "unknown layer" ? .notFound : .invalidArgument))
      #expect(!error.message.isEmpty)
    }
    #expect(scene.animations.count == before)
  }
}
