import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Every stagger distribution against offsets worked out by hand (linear ease) and against the
/// closed form `s·D·ease(d/D)` with ease(x) = x² (easeInQuad, so `s·d²/D`). Tolerance 1e-12.
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

  @Test("each, linear, every origin", arguments: [
    (TimelineStagger.Origin.start, 5, [0, 0.1, 0.2, 0.3, 0.4]),
    (.end, 5, [0.4, 0.3, 0.2, 0.1, 0]),
    (.center, 5, [0.2, 0.1, 0, 0.1, 0.2]),
    (.center, 4, [0.15, 0.05, 0.05, 0.15]),   // centre 1.5
    (.edges, 5, [0, 0.1, 0.2, 0.1, 0]),
    (.edges, 4, [0, 0.1, 0.1, 0]),            // M = 1.5: 1.5 − 1.5, 1.5 − 0.5, ...
    (.index(1), 5, [0.1, 0, 0.1, 0.2, 0.3]),
    (.index(7), 3, [0.7, 0.6, 0.5]),          // an index past the layers
  ] as [(TimelineStagger.Origin, Int, [Double])])
  func eachLinear(origin: TimelineStagger.Origin, n: Int, expected: [Double]) throws {
    let got = try offsets(.each(0.1, from: origin), n)
    #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-12 } && got.count == expected.count, "\(got)")
  }

  @Test("amount: the largest offset is the amount", arguments: [
    (TimelineStagger.Origin.start, [0, 0.25, 0.5, 0.75, 1]),
    (.center, [1, 0.5, 0, 0.5, 1]),
    (.edges, [0, 0.5, 1, 0.5, 0]),
    (.index(3), [1, 2.0 / 3, 1.0 / 3, 0, 1.0 / 3]),
  ] as [(TimelineStagger.Origin, [Double])])
  func amount(origin: TimelineStagger.Origin, expected: [Double]) throws {
    let got = try offsets(.amount(1, from: origin), 5)
    #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-12 } && got.count == expected.count, "\(got)")
  }

  @Test("an ease shapes the offsets: s·d²/D with easeInQuad", arguments: [
    TimelineStagger.Origin.start, .end, .center, .edges, .index(1),
  ])
  func eased(origin: TimelineStagger.Origin) throws {
    let n = 5
    let distances: [Double] = switch origin {
    case .start: [0, 1, 2, 3, 4]
    case .end: [4, 3, 2, 1, 0]
    case .center: [2, 1, 0, 1, 2]
    case .edges: [0, 1, 2, 1, 0]
    case .index: [1, 0, 1, 2, 3]
    }
    let largest = distances.max() ?? 0
    let got = try offsets(.each(0.1, from: origin, ease: .penner(.easeInQuad)), n)
    let expected = distances.map { 0.1 * $0 * $0 / largest }
    #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(got) vs \(expected)")
    // The amount form reaches exactly `amount` at the largest distance.
    let byAmount = try offsets(.amount(2, from: origin, ease: .penner(.easeInQuad)), n)
    let expectedAmount = distances.map { 2 * $0 * $0 / (largest * largest) }
    #expect(zip(byAmount, expectedAmount).allSatisfy { abs($0 - $1) < 1e-12 }, "\(byAmount)")
  }

  @Test("D = 0 gives no offsets (one layer), without dividing by zero")
  func singleLayer() throws {
    for stagger in [TimelineStagger.each(0.3, from: .center), .amount(1), .offset(0.2), .each(1, from: .index(0))] {
      #expect(try offsets(stagger, 1) == [0])
    }
  }

  @Test("the instance ends at its latest layer end, where the cursor moves")
  func instanceEnd() throws {
    let layers = ["a", "b", "c"]
    let schedule = try Timeline(sequence: [.stagger(.each(0.5, from: .end)), .anim("S", layers: layers, duration: 1),
                                           .anim("A", layer: "x", duration: 1)],
                                registry: try registry("A", "S")).schedule()
    // From the end: a 1 → 2, b 0.5 → 1.5, c 0 → 1; latest end 2.
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
