import Testing
@testable import GhostframeCore
import GhostframeTestSupport

@Suite("Scene output")
struct SceneOutputTests {
  @Test("frames in root coordinates, transforms composed about anchor points, opacity and hidden inherited")
  func hierarchy() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 100, y: 100, width: 40, height: 20), opacity: 0.5,
                             transform: LayerTransform(rotation: .pi / 2)))
    try scene.addLayer(Layer(id: "child", parent: "root", frame: Rect(x: 10, y: 5, width: 4, height: 2),
                             opacity: 0.5, isHidden: false))
    try scene.addLayer(Layer(id: "hidden", parent: "root", isHidden: true))
    try scene.addLayer(Layer(id: "grandchild", parent: "hidden"))
    let states = scene.compiled().sample(at: 0)
    #expect([states[1].x, states[1].y] == [110, 105])
    #expect(states[1].parent == 0 && states[0].parent == -1)
    #expect(states[1].opacity == 0.25)
    #expect(states[3].isHidden && !states[1].isHidden)
    // Reference by explicit trigonometry: the root turns 90° about its centre (120, 110), so a
    // point at root-local (u, v) lands at (120 − (v − 10), 110 + (u − 20)). The child's
    // corner (0, 0) is root-local (10, 5).
    let corner = states[1].transform.apply(to: .zero)
    #expect(abs(corner.x - (120 - (5 - 10))) < 1e-12 && abs(corner.y - (110 + (10 - 20))) < 1e-12)
    let far = states[1].transform.apply(to: Point(x: 4, y: 2))
    #expect(abs(far.x - (120 - (7 - 10))) < 1e-12 && abs(far.y - (110 + (14 - 20))) < 1e-12)
  }

  @Test("gradients are reported with their stops and flag")
  func gradient() throws {
    var scene = Scene()
    let gradient = Gradient(colors: [.white, .black, .white], startPoint: Point(x: 0, y: 0.5),
                            endPoint: Point(x: 1, y: 0.5))
    try scene.addLayer(Layer(id: "g", frame: Rect(x: 0, y: 0, width: 10, height: 10), gradient: gradient))
    try scene.addAnimation(.basic("gradient.locations", from: [-1, -0.5, 0, 0], to: [1, 1.5, 2, 2],
                                  timing: Timing(duration: 1)), to: "g")
    let s = scene.compiled().sample(at: 0.5)[0]
    #expect(s.flags.contains(.gradient) && s.gradientStopCount == 3)
    #expect([s.gradientLocations[0], s.gradientLocations[1], s.gradientLocations[2]] == [0, 0.5, 1])
    #expect([s.gradientColors[4], s.gradientColors[7]] == [0, 1])
  }

  @Test("sampling is a pure function of time: any order gives the same bytes")
  func purity() throws {
    var scene = try oneLayerScene()
    try scene.addAnimation(.basic("opacity", from: [0], to: [1], timing: Timing(duration: 1, iterations: 3,
                                                                                direction: .alternate)), to: "a")
    try scene.addAnimation(.spring("position.x", SpringValues(to: [300], spring: Spring())), to: "a")
    let sampler = scene.compiled()
    let times = (0..<200).map { Double($0) * 0.017 }
    let forwards = times.map { sampler.sample(at: $0) }
    let backwards = times.reversed().map { sampler.sample(at: $0) }
    #expect(forwards == Array(backwards.reversed()))
    #expect(scene.compiled().sample(at: 1.234) == sampler.sample(at: 1.234))
  }

  @Test("a short buffer is an error that writes nothing")
  func shortBuffer() throws {
    let sampler = try oneLayerScene().compiled()
    var states: [LayerState] = []
    _ = states.withUnsafeMutableBufferPointer { buffer in
      #expect(throws: GhostframeError(.bufferTooSmall, "1 layer states needed, room for 0")) {
        try sampler.sample(at: 0, into: buffer)
      }
    }
  }

  @Test("custom values written into a caller buffer equal the array form; a short buffer writes nothing")
  func customIntoBuffer() throws {
    var scene = Scene()
    for id in ["a", "b", "c"] { try scene.addLayer(Layer(id: id)) }
    let glow = try AnimatableProperty(keyPath: "custom.glow")
    // Reference: a linear 0 → 4 over 2 s on b only is 4 · t / 2 while active, then (no fill) the
    // model value 0 again; the other layers stay 0.
    try scene.addAnimation(.basic("custom.glow", from: [0], to: [4], timing: Timing(duration: 2)), to: "b")
    for t in [0.0, 0.5, 1.25, 3] {
      var buffer = [Double](repeating: -1, count: 4)
      try buffer.withUnsafeMutableBufferPointer { try scene.customValues(of: glow, at: t, into: $0) }
      #expect(Array(buffer.prefix(3)) == scene.customValues(of: glow, at: t))
      #expect(abs(buffer[1] - (t < 2 ? 4 * t / 2 : 0)) < 1e-12, "t = \(t)")
      #expect(buffer[3] == -1, "nothing is written past the layers")
    }
    var unknown = [Double](repeating: -1, count: 3)
    try unknown.withUnsafeMutableBufferPointer {
      try scene.customValues(of: AnimatableProperty(keyPath: "custom.none"), at: 1, into: $0)
    }
    #expect(unknown == [0, 0, 0])
    var short = [Double](repeating: -1, count: 2)
    _ = short.withUnsafeMutableBufferPointer { buffer in
      #expect(throws: GhostframeError(.bufferTooSmall, "3 values needed, room for 2")) {
        try scene.customValues(of: glow, at: 1, into: buffer)
      }
    }
    #expect(short == [-1, -1])
  }
}
