import GhostframeCore

/// Per-layer start offsets for the next instance of a sequence or parallel (Anim's index-offset
/// delay, GSAP's `stagger`).
///
/// With *n* layers, each layer *i* gets a distance from the origin: ``Origin/start`` *i*,
/// ``Origin/end`` *n − 1 − i*, ``Origin/center`` |*i* − (*n* − 1)/2|, ``Origin/edges``
/// *M* − |*i* − (*n* − 1)/2| (*M* the largest centre distance), ``Origin/index(_:)`` |*i* − *k*|.
/// With *D* the largest distance, `offset_i = s·D·ease(distance_i / D)` (0 when *D* = 0).
public enum TimelineStagger: Sendable, Hashable {
  /// Anim's index offset: `offset_i = s·i`.
  case offset(Double)
  /// `s` seconds per unit of distance from `from`, shaped by `ease`.
  case each(Double, from: Origin = .start, ease: Curve = .linear)
  /// The largest offset is `amount` (so `s = amount / D`), shaped by `ease`.
  case amount(Double, from: Origin = .start, ease: Curve = .linear)

  /// Where distances are measured from.
  public enum Origin: Sendable, Hashable {
    /// The first layer: distance *i*.
    case start
    /// The last layer: distance *n − 1 − i*.
    case end
    /// The middle: distance |*i* − (*n* − 1)/2|.
    case center
    /// The two ends: distance *M* − |*i* − (*n* − 1)/2|.
    case edges
    /// Layer *k*: distance |*i* − *k*| (*k* may lie outside the layers).
    case index(Int)
  }

  /// The offsets of `count` layers.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite `s` or amount;
  ///   ``/GhostframeCore/GhostframeError/Code/callback`` when `ease` is a host curve that returns a
  ///   non-finite value.
  func offsets(count n: Int) throws(GhostframeError) -> [Double] {
    switch self {
    case .offset(let s):
      guard s.isFinite else { throw .invalid("stagger must be finite (got \(s))") }
      return (0..<n).map { s * Double($0) }
    case .each(let s, let from, let ease):
      guard s.isFinite else { throw .invalid("stagger each must be finite (got \(s))") }
      return try Self.distributed(n, from: from, ease: ease) { _ in s }
    case .amount(let a, let from, let ease):
      guard a.isFinite else { throw .invalid("stagger amount must be finite (got \(a))") }
      return try Self.distributed(n, from: from, ease: ease) { d in a / d }
    }
  }

  /// `s·D·ease(distance_i / D)`, with `s` from the largest distance D (> 0).
  private static func distributed(
    _ n: Int, from: Origin, ease: Curve, spacing: (Double) -> Double
  ) throws(GhostframeError) -> [Double] {
    let centre = Double(n - 1) / 2
    let distances: [Double] = (0..<n).map { i in
      let i = Double(i)
      switch from {
      case .start: return i
      case .end: return Double(n - 1) - i
      case .center: return abs(i - centre)
      case .edges: return centre - abs(i - centre)  // the largest centre distance is (n − 1)/2
      case .index(let k): return abs(i - Double(k))
      }
    }
    let largest = distances.max() ?? 0
    guard largest > 0 else { return distances.map { _ in 0 } }
    let s = spacing(largest)
    var offsets: [Double] = []
    offsets.reserveCapacity(n)
    for distance in distances { offsets.append(s * largest * (try ease.checkedValue(at: distance / largest))) }
    return offsets
  }
}
