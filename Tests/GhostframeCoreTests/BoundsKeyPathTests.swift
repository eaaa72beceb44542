import GhostframeCore
import GhostframeTestSupport
import Testing

/// `bounds` as a key path (AXAnimationChain's `property(@"bounds")` with a rect): origin and size;
/// the size changes about the anchor point (the position stays), the origin is not modelled.
@Suite("Key paths: bounds")
struct BoundsKeyPathTests {
  @Test("bounds is a 4-wide key path")
  func parses() throws {
    #expect(try AnimatableProperty(keyPath: "bounds").valueWidth == 4)
  }

  /// Tolerance 1e-12 points: linear interpolation of small decimals, by hand.
  @Test("a linear bounds animation sizes the layer about its anchor; the position stays")
  func sampled() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 10, y: 20, width: 100, height: 100)))
    try scene.addAnimation(
      .basic("bounds", from: [0, 0, 100, 100], to: [5, 5, 200, 50], timing: try Timing(duration: 1)),
      to: "card", key: "b")
    // At 0.25: 125 × 87.5 about the centre (60, 70): x = 60 − 62.5, y = 70 − 43.75.
    let state = scene.sample(at: 0.25)[0]
    #expect(abs(state.width - 125) < 1e-12 && abs(state.height - 87.5) < 1e-12)
    #expect(abs(state.x - -2.5) < 1e-12 && abs(state.y - 26.25) < 1e-12)
  }

  @Test("a by-only bounds change adds to the size under it")
  func additive() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 40)))
    try scene.addAnimation(
      .basic("bounds", by: [0, 0, 20, 10], timing: try Timing(duration: 1, fill: .forwards), removedOnCompletion: false),
      to: "card", key: "b")
    let end = scene.sample(at: 2)[0]
    #expect(end.width == 120 && end.height == 50 && end.x == -10 && end.y == -5, "\(end)")
  }
}
