import GhostframeCore
import GhostframeTestSupport
import Testing

/// `bounds` as a key path (AXAnimationChain's `property(@"bounds")` with a rect): origin and size;
/// the size changes about the anchor point (the position stays), the origin is not modelled and
/// a value with a non-zero origin is refused.
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
      .basic("bounds", from: [0, 0, 100, 100], to: [0, 0, 200, 50], timing: try Timing(duration: 1)),
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

  @Test("a bounds value whose origin is not (0, 0) is refused, naming the value")
  func refusesOrigin() throws {
    let timing = try Timing(duration: 1)
    func refused(_ make: () throws(GhostframeError) -> Animation, _ where_: String) {
      do {
        _ = try make()
        Issue.record("accepted a bounds origin (\(where_))")
      } catch {
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("\(where_): the bounds origin must be (0, 0)"), "\(error.message)")
      }
    }
    refused({ () throws(GhostframeError) in try .basic("bounds", to: [5, 0, 10, 10], timing: timing) }, ".to")
    refused({ () throws(GhostframeError) in try .basic("bounds", by: [0, -1, 10, 10], timing: timing) }, ".by")
    refused({ () throws(GhostframeError) in
      try .keyframes("bounds", Keyframes(values: [[0, 0, 1, 1], [0, 2, 1, 1]]), timing: timing)
    }, ".values[1]")
    // A zero origin with any size stays accepted.
    #expect(throws: Never.self) { try Animation.basic("bounds", to: [0, 0, 10, 10], timing: timing) }
  }
}
