import GhostframeCore
import GhostframeTestSupport
import Testing

/// The frame's parts as key paths (`frame.origin`, `frame.size`, one axis each): UIKit's frame
/// rule, worked by hand: the parts not animated keep their values, so a size change keeps the
/// origin whatever the anchor point; `bounds.size` keeps the position instead.
/// Tolerance 1e-12 points: linear interpolation of small decimals.
@Suite("Key paths: the frame's parts")
struct FrameKeyPathTests {
  private func scene(anchor: Point = Point(x: 0.5, y: 0.5)) throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "card", frame: Rect(x: 10, y: 20, width: 100, height: 40), anchorPoint: anchor))
    return scene
  }

  private func sample(_ keyPath: String, from: [Double]? = nil, to: [Double]? = nil, by: [Double]? = nil,
                      anchor: Point = Point(x: 0.5, y: 0.5), at t: Double) throws -> LayerState {
    var scene = try scene(anchor: anchor)
    try scene.addAnimation(
      .basic(keyPath, from: from, to: to, by: by, timing: try Timing(duration: 1, fill: .forwards),
             removedOnCompletion: false),
      to: "card", key: "a")
    return scene.sample(at: t)[0]
  }

  private func expectFrame(_ s: LayerState, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    let got = [s.x, s.y, s.width, s.height], want = [x, y, w, h]
    #expect(zip(got, want).allSatisfy { abs($0 - $1) < 1e-12 }, "frame \(got), expected \(want)",
            sourceLocation: sourceLocation)
  }

  @Test("widths: origin and size 2, one axis 1")
  func widths() throws {
    for (path, width) in [("frame.origin", 2), ("frame.origin.x", 1), ("frame.origin.y", 1), ("frame.size", 2),
                          ("frame.size.width", 1), ("frame.size.height", 1)] {
      #expect(try AnimatableProperty(keyPath: path).valueWidth == width, "\(path)")
    }
  }

  @Test("frame.origin moves the frame; the size stays, for any anchor point")
  func origin() throws {
    for anchor in [Point(x: 0.5, y: 0.5), Point(x: 0, y: 0), Point(x: 1, y: 0.25)] {
      // Halfway from (10, 20) to (50, 60).
      expectFrame(try sample("frame.origin", to: [50, 60], anchor: anchor, at: 0.5), 30, 40, 100, 40)
      expectFrame(try sample("frame.origin.x", to: [50], anchor: anchor, at: 0.5), 30, 20, 100, 40)
      expectFrame(try sample("frame.origin.y", by: [-20], anchor: anchor, at: 1), 10, 0, 100, 40)
    }
  }

  @Test("frame.size keeps the origin; bounds.size keeps the position (the centre here)")
  func size() throws {
    for anchor in [Point(x: 0.5, y: 0.5), Point(x: 1, y: 1)] {
      expectFrame(try sample("frame.size", to: [200, 80], anchor: anchor, at: 0.5), 10, 20, 150, 60)
      expectFrame(try sample("frame.size.height", by: [10], anchor: anchor, at: 1), 10, 20, 100, 50)
    }
    // bounds.size.width to 200 about the centre (60, 40): 150 wide at 0.5, x = 60 − 75.
    expectFrame(try sample("bounds.size.width", to: [200], at: 0.5), -15, 20, 150, 40)
  }

  @Test("the presentation value of a part reads the animated frame")
  func presentation() throws {
    var scene = try scene()
    try scene.addAnimation(.basic("frame.size.width", to: [200], timing: try Timing(duration: 1)), to: "card", key: "a")
    let origin = scene.presentationValue(of: try AnimatableProperty(keyPath: "frame.origin"), layer: 0, at: 0.5)
    let size = scene.presentationValue(of: try AnimatableProperty(keyPath: "frame.size"), layer: 0, at: 0.5)
    #expect(origin.count == 2 && abs(origin[0] - 10) < 1e-12 && abs(origin[1] - 20) < 1e-12, "\(origin)")
    #expect(size.count == 2 && abs(size[0] - 150) < 1e-12 && abs(size[1] - 40) < 1e-12, "\(size)")
  }
}
