import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Every stagger distribution against offsets worked out by hand from GSAP's `distribute()`
/// (gsap-core): distances normalised to [0, 1], a total of `each × (n − 1)` (on a grid
/// `each × max(columns, n / columns)`, or the count along the axis) or `amount`, `"edges"`
/// inverted. Linear ease unless said; tolerance 1e-12 (GSAP itself rounds to 1e-7).
@Suite("Staggers")
struct StaggerTests {
  /// The begins of a 0.5 s instance on `n` layers starting at 1 (after a 1 s instance).
  func offsets(_ stagger: TimelineStagger, _ n: Int) throws -> [Double] {
    let layers = (0..<n).map { "l\($0)" }
    let schedule = try Timeline(sequence: [.anim("A", layer: "first", duration: 1), .stagger(stagger),
                                           .anim("S", layers: layers, duration: 0.5)],
                                registry: try registry("A", "S")).schedule()
    return begins(schedule, "S", layers).map { $0 - 1 }
  }

  func expectClose(_ got: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(got.count == expected.count && zip(got, expected).allSatisfy { abs($0 - $1) < 1e-12 },
            "\(got) vs \(expected)", sourceLocation: sourceLocation)
  }

  @Test("each 0.1, linear, every origin (the total is 0.1 × (n − 1))", arguments: [
    (TimelineStagger.Origin.start, 5, [0, 0.1, 0.2, 0.3, 0.4]),
    (.end, 5, [0.4, 0.3, 0.2, 0.1, 0]),
    // GSAP's own example: from the centre of 5, each 0.1 → 0.4, 0.2, 0, 0.2, 0.4.
    (.center, 5, [0.4, 0.2, 0, 0.2, 0.4]),
    // Centre 1.5: distances 1.5, 0.5, 0.5, 1.5 normalise to 1, 0, 0, 1; total 0.3.
    (.center, 4, [0.3, 0, 0, 0.3]),
    // Edges: the centre's spread inverted, 0.4 · (1 − u).
    (.edges, 5, [0, 0.2, 0.4, 0.2, 0]),
    (.edges, 4, [0, 0.3, 0.3, 0]),
    // Index 1: distances 1, 0, 1, 2, 3 → u = 1/3, 0, 1/3, 2/3, 1; total 0.4.
    (.index(1), 5, [0.4 / 3, 0, 0.4 / 3, 0.8 / 3, 0.4]),
    // An index past the layers: distances 7, 6, 5 → u = 1, ½, 0 (the nearest layer starts at 0).
    (.index(7), 3, [0.2, 0.1, 0]),
    // A point: x₀ = 5 · 0.25 − ½ = 0.75: distances 0.75, 0.25, 1.25, 2.25, 3.25 → u = (d − ¼) / 3.
    (.point(x: 0.25, y: 0), 5, [0.5 / 3 * 0.4, 0, 0.4 / 3, 0.8 / 3, 0.4]),
  ] as [(TimelineStagger.Origin, Int, [Double])])
  func eachLinear(origin: TimelineStagger.Origin, n: Int, expected: [Double]) throws {
    expectClose(try offsets(.each(0.1, from: origin), n), expected)
  }

  @Test("amount: the total spread is the amount", arguments: [
    (TimelineStagger.Origin.start, [0, 0.25, 0.5, 0.75, 1]),
    (.center, [1, 0.5, 0, 0.5, 1]),
    (.edges, [0, 0.5, 1, 0.5, 0]),
    (.index(3), [1, 2.0 / 3, 1.0 / 3, 0, 1.0 / 3]),
  ] as [(TimelineStagger.Origin, [Double])])
  func amount(origin: TimelineStagger.Origin, expected: [Double]) throws {
    expectClose(try offsets(.amount(1, from: origin), 5), expected)
  }

  @Test("an ease shapes the normalised distance: total · u² with easeInQuad; edges total · (1 − u)²", arguments: [
    TimelineStagger.Origin.start, .end, .center, .edges, .index(1),
  ])
  func eased(origin: TimelineStagger.Origin) throws {
    // The normalised distances of 5 layers (by hand, as above); edges use the centre's.
    let u: [Double] = switch origin {
    case .start: [0, 0.25, 0.5, 0.75, 1]
    case .end: [1, 0.75, 0.5, 0.25, 0]
    case .center, .edges: [1, 0.5, 0, 0.5, 1]
    case .index: [1.0 / 3, 0, 1.0 / 3, 2.0 / 3, 1]
    default: []
    }
    // A negative total (edges) starts at |total| and eases the other way: |total| · ease(1 − u).
    func shaped(_ total: Double) -> [Double] {
      origin == .edges ? u.map { total * (1 - $0) * (1 - $0) } : u.map { total * $0 * $0 }
    }
    expectClose(try offsets(.each(0.1, from: origin, ease: .penner(.easeInQuad)), 5), shaped(0.4))
    expectClose(try offsets(.amount(2, from: origin, ease: .penner(.easeInQuad)), 5), shaped(2))
  }

  @Test("a negative each runs the other way: the total's base moves to |total|")
  func negativeEach() throws {
    expectClose(try offsets(.each(-0.1), 5), [0.4, 0.3, 0.2, 0.1, 0])
    expectClose(try offsets(.each(-0.1, from: .edges), 5), [0.4, 0.2, 0, 0.2, 0.4])
  }

  @Test("grids: distances on the grid, Euclidean or along one axis; the total from the grid's size")
  func grids() throws {
    let r2 = 2.0.squareRoot()
    // 3 × 3 from the centre (x₀ = y₀ = 1): distances √2 at the corners, 1 at the edges' middles,
    // 0 in the centre; total 0.1 · max(3, 9 / 3) = 0.3; u = d / √2.
    let centre3x3 = [0.3, 0.3 / r2, 0.3, 0.3 / r2, 0, 0.3 / r2, 0.3, 0.3 / r2, 0.3]
    expectClose(try offsets(.each(0.1, from: .center, grid: .size(rows: 3, columns: 3)), 9), centre3x3)
    // "auto" takes ⌈√9⌉ = 3 columns.
    expectClose(try offsets(.each(0.1, from: .center, grid: .auto), 9), centre3x3)
    // Along x: |column − 1| → 1, 0, 1 in every row; total 0.1 · columns = 0.3.
    expectClose(try offsets(.each(0.1, from: .center, grid: .size(rows: 3, columns: 3), axis: .x), 9),
                [0.3, 0, 0.3, 0.3, 0, 0.3, 0.3, 0, 0.3])
    // Along y: |1 − row|; total 0.1 · 9 / 3 = 0.3.
    expectClose(try offsets(.each(0.1, from: .center, grid: .size(rows: 3, columns: 3), axis: .y), 9),
                [0.3, 0.3, 0.3, 0, 0, 0, 0.3, 0.3, 0.3])
    // 2 × 3 from the centre: x₀ = 1, y₀ = 6 · ½ / 3 − ½ = ½; corners √1.25, middles ½ → u 1 or 0;
    // total 0.1 · max(3, 2) = 0.3.
    expectClose(try offsets(.each(0.1, from: .center, grid: .size(rows: 2, columns: 3)), 6),
                [0.3, 0, 0.3, 0.3, 0, 0.3])
    // From layer 0 of a 3 × 3 grid: x₀ = y₀ = 0, d = √(column² + row²), largest √8; total 0.3.
    let fromFirst = (0..<9).map { j -> Double in
      let (column, row) = (Double(j % 3), Double(j / 3))
      return 0.3 * (column * column + row * row).squareRoot() / 8.0.squareRoot()
    }
    expectClose(try offsets(.each(0.1, from: .index(0), grid: .size(rows: 3, columns: 3)), 9), fromFirst)
    // An amount on a grid is the amount; edges invert it: the corners first, the centre last.
    expectClose(try offsets(.amount(1, from: .edges, grid: .size(rows: 3, columns: 3)), 9),
                centre3x3.map { 1 - $0 / 0.3 })
    // More columns than layers: total 0.1 · (n − 1) = 0.3, but GSAP still measures from the grid's
    // origin x₀ = min(10, 4) · 0 − ½, y₀ = 4 · 0 / 10 − ½, so d_j = √((j + ½)² + ¼), not j.
    let d = (0..<4).map { j in ((Double(j) + 0.5) * (Double(j) + 0.5) + 0.25).squareRoot() }
    expectClose(try offsets(.each(0.1, grid: .size(rows: 1, columns: 10)), 4), d.map { 0.3 * ($0 - d[0]) / (d[3] - d[0]) })
  }

  @Test("grid \"auto\" takes ⌈√n⌉ columns")
  func autoColumns() {
    #expect([1, 2, 3, 4, 5, 9, 10, 16, 17].map(TimelineStagger.autoColumns) == [1, 2, 2, 2, 3, 3, 4, 4, 5])
  }

  @Test("bad grids and points are errors naming the stagger")
  func badGrids() throws {
    for stagger in [TimelineStagger.each(0.1, grid: .size(rows: 0, columns: 3)), .each(0.1, grid: .size(rows: 3, columns: -1)),
                    .amount(1, from: .point(x: .nan, y: 0))] {
      #expect(throws: GhostframeError.self) { _ = try offsets(stagger, 4) }
    }
  }

  @Test("equal distances give no offsets (one layer), without dividing by zero")
  func singleLayer() throws {
    for stagger in [TimelineStagger.each(0.3, from: .center), .amount(1), .offset(0.2), .each(1, from: .index(0)),
                    .each(1, from: .center, grid: .auto, axis: .y)] {
      #expect(try offsets(stagger, 1) == [0])
    }
  }

  @Test("the instance ends at its latest layer end, where the cursor moves")
  func instanceEnd() throws {
    let layers = ["a", "b", "c"]
    let schedule = try Timeline(sequence: [.stagger(.each(0.5, from: .end)), .anim("S", layers: layers, duration: 1),
                                           .anim("A", layer: "x", duration: 1)],
                                registry: try registry("A", "S")).schedule()
    // From the end, total 0.5 · 2 = 1: a 1 → 2, b 0.5 → 1.5, c 0 → 1; latest end 2.
    #expect(begins(schedule, "S", layers) == [1, 0.5, 0])
    #expect(begins(schedule, "A", ["x"]) == [2])
  }

  @Test("a stagger waits for the next instance across delays and nested nodes; a parallel's too")
  func nextInstanceOnly() throws {
    let r = try registry("A", "S")
    let schedule = try Timeline(sequence: [
      .stagger(0.1), 0.5, .sequence([.anim("A", layers: ["n1", "n2"], duration: 1)]),
      .anim("S", layers: ["a", "b"], duration: 1), .anim("A", layers: ["c", "d"], duration: 1),
    ], registry: r).schedule()
    // The nested sequence's instance is not the sequence's next instance: S takes the stagger.
    #expect(begins(schedule, "A", ["n1", "n2"]) == [0.5, 0.5])
    #expect(close(begins(schedule, "S", ["a", "b"]), [1.5, 1.6]))
    #expect(close(begins(schedule, "A", ["c", "d"]), [2.6, 2.6]))
    let parallel = try Timeline(parallel: [.stagger(0.25), .anim("S", layers: ["a", "b", "c"], duration: 1)],
                                registry: r).schedule()
    #expect(begins(parallel, "S", ["a", "b", "c"]) == [0, 0.25, 0.5])
    #expect(parallel.duration == 1.5)
  }
}
