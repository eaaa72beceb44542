import Foundation
import GhostframeCore
import Testing
@testable import GhostframeTools

/// Scene coordinate conversions against an independent computation: 3×3 homogeneous matrices
/// built factor by factor (T(position) · T(translation) · R · S · T(−anchor)) and multiplied up
/// the parent chain here. Tolerance 1e-9 (a few roundings through rotations of magnitude ~1e3).
@Suite("Coordinate spaces")
struct CoordinateSpaceTests {
  typealias Matrix = [[Double]]

  static func multiply(_ m: Matrix, _ n: Matrix) -> Matrix {
    (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + m[i][$1] * n[$1][j] } } }
  }
  static func translate(_ x: Double, _ y: Double) -> Matrix { [[1, 0, x], [0, 1, y], [0, 0, 1]] }
  static func rotate(_ a: Double) -> Matrix { [[cos(a), -sin(a), 0], [sin(a), cos(a), 0], [0, 0, 1]] }
  static func scale(_ x: Double, _ y: Double) -> Matrix { [[x, 0, 0], [0, y, 0], [0, 0, 1]] }

  /// Layer space → parent space, factor by factor.
  static func local(_ layer: Layer) -> Matrix {
    let ax = layer.anchorPoint.x * layer.frame.width, ay = layer.anchorPoint.y * layer.frame.height
    let t = layer.transform
    var m = translate(layer.frame.x + ax, layer.frame.y + ay)
    m = multiply(m, translate(t.translationX, t.translationY))
    m = multiply(m, rotate(t.rotation))
    m = multiply(m, scale(t.scaleX, t.scaleY))
    return multiply(m, translate(-ax, -ay))
  }

  static func apply(_ m: Matrix, _ p: Point) -> Point {
    Point(x: m[0][0] * p.x + m[0][1] * p.y + m[0][2], y: m[1][0] * p.x + m[1][1] * p.y + m[1][2])
  }

  /// Inverse of an affine 3×3 by the adjugate.
  static func invert(_ m: Matrix) -> Matrix {
    let det = m[0][0] * m[1][1] - m[0][1] * m[1][0]
    let a = m[1][1] / det, b = -m[0][1] / det, c = -m[1][0] / det, d = m[0][0] / det
    return [[a, b, -(a * m[0][2] + b * m[1][2])], [c, d, -(c * m[0][2] + d * m[1][2])], [0, 0, 1]]
  }

  let layers: [Layer] = [
    Layer(id: "window", frame: Rect(x: 10, y: 20, width: 400, height: 800),
          transform: LayerTransform(scaleX: 1.5, scaleY: 0.75, rotation: 0.3, translationX: 12, translationY: -7)),
    Layer(id: "table", parent: "window", frame: Rect(x: 0, y: 64, width: 400, height: 700),
          anchorPoint: Point(x: 0.2, y: 0.9), transform: LayerTransform(rotation: -1.1, translationX: -30)),
    Layer(id: "row", parent: "table", frame: Rect(x: 5, y: 300, width: 390, height: 200),
          transform: LayerTransform(scaleX: 2, scaleY: 2, translationY: 4)),
    Layer(id: "cell", parent: "row", frame: Rect(x: 120, y: 10, width: 150, height: 180),
          anchorPoint: Point(x: 0, y: 1), transform: LayerTransform(scaleX: 0.5, scaleY: 3, rotation: 2.2)),
    Layer(id: "side", frame: Rect(x: -50, y: 900, width: 80, height: 60),
          transform: LayerTransform(scaleX: -1, scaleY: 1.25, rotation: 0.7, translationX: 3, translationY: 9)),
  ]

  func makeScene() throws -> Scene {
    var scene = Scene()
    for layer in layers { try scene.addLayer(layer) }
    return scene
  }

  func toRoot(_ id: String) -> Matrix {
    var m = Self.translate(0, 0)
    var current: String? = id
    while let c = current, let layer = layers.first(where: { $0.id == c }) {
      m = Self.multiply(Self.local(layer), m)
      current = layer.parent
    }
    return m
  }

  @Test("points convert between every pair of layers as the matrix product says, and back")
  func pointsAgainstMatrices() throws {
    let scene = try makeScene()
    let ids: [String?] = [nil] + layers.map(\.id)
    let points = [Point(x: 0, y: 0), Point(x: 37.5, y: -12.25), Point(x: 150, y: 180), Point(x: -400, y: 999)]
    for from in ids {
      for to in ids {
        let m = Self.multiply(Self.invert(to.map(toRoot) ?? Self.translate(0, 0)), from.map(toRoot) ?? Self.translate(0, 0))
        for p in points {
          let got = try scene.convert(p, from: from, to: to)
          let want = Self.apply(m, p)
          #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9, "\(String(describing: from))→\(String(describing: to)) \(p)")
          let back = try scene.convert(got, from: to, to: from)
          #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
      }
    }
  }

  @Test("a rect converts to the bounding box of its four converted corners")
  func rectsAgainstCorners() throws {
    let scene = try makeScene()
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)
    let m = Self.multiply(Self.invert(toRoot("side")), toRoot("cell"))
    let corners = [(10.0, 20.0), (40, 20), (10, 60), (40, 60)].map { Self.apply(m, Point(x: $0.0, y: $0.1)) }
    let minX = corners.map(\.x).min() ?? .nan, maxX = corners.map(\.x).max() ?? .nan
    let minY = corners.map(\.y).min() ?? .nan, maxY = corners.map(\.y).max() ?? .nan
    let got = try scene.convert(rect, from: "cell", to: "side")
    #expect(abs(got.x - minX) < 1e-9 && abs(got.y - minY) < 1e-9)
    #expect(abs(got.width - (maxX - minX)) < 1e-9 && abs(got.height - (maxY - minY)) < 1e-9)
    // Without rotation or negative scale on the way, a rect round-trips exactly up to rounding.
    var plain = Scene()
    try plain.addLayer(Layer(id: "a", frame: Rect(x: 3, y: 4, width: 100, height: 50),
                             transform: LayerTransform(scaleX: 2, scaleY: 0.5, translationX: 7)))
    try plain.addLayer(Layer(id: "b", parent: "a", frame: Rect(x: 10, y: 10, width: 20, height: 20)))
    let there = try plain.convert(Rect(x: 1, y: 2, width: 3, height: 4), from: "b", to: nil)
    let back = try plain.convert(there, from: nil, to: "b")
    #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 2) < 1e-12 && abs(back.width - 3) < 1e-12 && abs(back.height - 4) < 1e-12)
  }

  @Test("the sampler's layer transform agrees with the conversion to the root space")
  func agreesWithSampler() throws {
    let scene = try makeScene()
    let states = scene.sample(at: 0)
    for layer in layers {
      let index = try #require(scene.index(ofLayer: layer.id))
      let sampled = states[index].transform
      let p = Point(x: 17, y: 23)
      let a = sampled.apply(to: p), b = try scene.convert(p, from: layer.id, to: nil)
      #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }
  }

  @Test("bad input: unknown layers, NaN, negative sizes, singular targets")
  func badInput() throws {
    var scene = try makeScene()
    #expect(throws: GhostframeError.self) { try scene.convert(Point(x: 0, y: 0), from: "nope", to: nil) }
    #expect(throws: GhostframeError.self) { try scene.convert(Point(x: .nan, y: 0), from: nil, to: "cell") }
    #expect(throws: GhostframeError.self) { try scene.convert(Rect(x: 0, y: 0, width: -1, height: 1), from: nil, to: nil) }
    #expect(throws: GhostframeError.self) { try scene.convert(Rect(x: 0, y: .infinity, width: 1, height: 1), from: nil, to: nil) }
    try scene.addLayer(Layer(id: "flat", frame: Rect(x: 0, y: 0, width: 10, height: 10), transform: LayerTransform(scaleX: 0)))
    #expect(throws: GhostframeError.self) { try scene.convert(Point(x: 1, y: 1), from: nil, to: "flat") }
    // Out of a singular layer is fine: everything lands on a line.
    let p = try scene.convert(Point(x: 3, y: 4), from: "flat", to: nil)
    #expect(p.x == 5)
  }

  @Test("finite input whose conversion overflows is refused, naming the layer (issue 28)")
  func overflow() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "big", frame: Rect(x: 1e308, y: 0, width: 1, height: 1)))
    try scene.addLayer(Layer(id: "far", parent: "big", frame: Rect(x: 1e308, y: 0, width: 1, height: 1)))
    try scene.addLayer(Layer(id: "huge", frame: Rect(x: 0, y: 0, width: 1, height: 1),
                             transform: LayerTransform(scaleX: 1e200, scaleY: 1e200)))
    try scene.addLayer(Layer(id: "huger", parent: "huge", frame: Rect(x: 0, y: 0, width: 1, height: 1),
                             transform: LayerTransform(scaleX: 1e200, scaleY: 1e200)))
    try scene.addLayer(Layer(id: "thin", frame: Rect(x: 1e10, y: 0, width: 1, height: 1),
                             transform: LayerTransform(scaleX: 1e-300)))
    let zero = Point(x: 0, y: 0)
    let cases: [(String, () throws(GhostframeError) -> Void)] = [
      ("at layer 'big'", { () throws(GhostframeError) in _ = try scene.convert(zero, from: "far", to: nil) }),
      ("at layer 'huge'", { () throws(GhostframeError) in _ = try scene.convert(zero, from: "huger", to: nil) }),
      ("to layer 'thin'", { () throws(GhostframeError) in _ = try scene.convert(zero, from: nil, to: "thin") }),
      ("from layer 'big'", { () throws(GhostframeError) in _ = try scene.convert(Point(x: 1e308, y: 0), from: "big", to: nil) }),
      ("from layer 'big'", { () throws(GhostframeError) in
        _ = try scene.convert(Rect(x: 0, y: 0, width: 1e308, height: 1), from: "big", to: nil) }),
    ]
    for (fragment, body) in cases {
      do throws(GhostframeError) {
        try body()
        Issue.record("no error: \(fragment)")
      } catch {
        #expect(error.code == .invalidArgument && error.message.contains(fragment), "\(error.message)")
      }
    }
    #expect(try scene.convert(zero, from: "big", to: nil) == Point(x: 1e308, y: 0))
    // View chains: a level's sum, then a rect moved by a finite offset.
    let chain = try ViewChain(levels: [.init(frame: Rect(x: 1e308, y: 0, width: 1, height: 1)),
                                       .init(frame: Rect(x: 0, y: 0, width: 1, height: 1), scrollOffset: Point(x: -1e308, y: 0))])
    let error = expectErrorCode { () throws(GhostframeError) in _ = try chain.offsetToWindow }
    #expect(error?.message.hasPrefix("view chain level 1: the offset to the window overflows") == true)
    let one = try ViewChain(levels: [.init(frame: Rect(x: 1e308, y: 0, width: 1, height: 1))])
    #expect(expectErrorCode { () throws(GhostframeError) in _ = try one.windowRect(of: Rect(x: 1e308, y: 0, width: 1, height: 1)) } != nil)
    #expect(expectErrorCode { () throws(GhostframeError) in _ = try one.contentRect(ofWindowRect: Rect(x: -1e308, y: 0, width: 1, height: 1)) } != nil)
  }

  /// The invalidArgument error `body` throws, or nil (recorded as an issue) when it throws none.
  private func expectErrorCode(_ body: () throws(GhostframeError) -> Void) -> GhostframeError? {
    do throws(GhostframeError) {
      try body()
    } catch {
      #expect(error.code == .invalidArgument)
      return error
    }
    Issue.record("no error")
    return nil
  }

  @Test("a view chain: a cell in a collection view in a table cell in a table view in a window")
  func viewChain() throws {
    let chain = try ViewChain(levels: [
      .init(frame: Rect(x: 0, y: 64, width: 375, height: 603), scrollOffset: Point(x: 0, y: 480)),  // table view
      .init(frame: Rect(x: 0, y: 600, width: 375, height: 260)),  // table cell
      .init(frame: Rect(x: 0, y: 40, width: 375, height: 200), scrollOffset: Point(x: 310, y: 0)),  // collection view
      .init(frame: Rect(x: 330, y: 0, width: 150, height: 200)),  // collection cell
    ])
    // By hand: x = 0 + 0 + 0 − 310 + 330 = 20, y = 64 − 480 + 600 + 40 + 0 = 224.
    let image = Rect(x: 8, y: 10, width: 134, height: 90)
    let window = try chain.windowRect(of: image)
    #expect(window == Rect(x: 28, y: 234, width: 134, height: 90))
    #expect(try chain.contentRect(ofWindowRect: window) == image)
    #expect(throws: GhostframeError.self) { try ViewChain(levels: [.init(frame: Rect(x: 0, y: 0, width: 1, height: 1), scrollOffset: Point(x: .nan, y: 0))]) }
    #expect(throws: GhostframeError.self) { try ViewChain(levels: [.init(frame: Rect(x: 0, y: 0, width: -1, height: 1))]) }
  }
}
