import GhostframeCore

/// How a value moves from one keyframe to the next: the one vocabulary every format states
/// natively (Lottie `o`/`i` and `h`, CSS `cubic-bezier()` and `steps(1, end)`).
enum ExportEase: Hashable, Sendable {
  case linear
  /// The value holds until the next keyframe.
  case hold
  /// A CSS cubic bezier from (0, 0) to (1, 1); x1 and x2 in [0, 1].
  case bezier(Double, Double, Double, Double)

  /// `ease` played backwards in time: the point reflection of the curve.
  var reversed: ExportEase {
    switch self {
    case .linear, .hold: return self
    case let .bezier(x1, y1, x2, y2): return .bezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)
    }
  }

  /// The bezier's control points, or the line's.
  var controlPoints: (Double, Double, Double, Double) {
    switch self {
    case .linear, .hold: return (0, 0, 1, 1)
    case let .bezier(x1, y1, x2, y2): return (x1, y1, x2, y2)
    }
  }

  /// The ease of a curve the formats state natively, or nil.
  init?(_ curve: Curve) {
    guard case let .bezier(x1, y1, x2, y2) = curve.exportForm else { return nil }
    if x1 == y1 && x2 == y2 { self = .linear } else { self = .bezier(x1, y1, x2, y2) }
  }

  /// The eased progress at `u` in [0, 1].
  func callAsFunction(_ u: Double) -> Double {
    switch self {
    case .linear: return u
    case .hold: return u >= 1 ? 1 : 0
    case let .bezier(x1, y1, x2, y2):
      return Bezier(x1, y1, x2, y2).y(atX: u)
    }
  }

  /// Whether ``part(from:to:)`` states the piece exactly (its control points stay in [0, 1] in x).
  func isExactPart(from a: Double, to b: Double) -> Bool {
    guard case let .bezier(x1, y1, x2, y2) = self, a > 0 || b < 1 else { return true }
    let curve = Bezier(x1, y1, x2, y2)
    let q = curve.split(from: curve.parameter(atX: a), to: curve.parameter(atX: b))
    let dx = q[3].x - q[0].x
    guard dx > 0 else { return false }
    let c1 = (q[1].x - q[0].x) / dx, c2 = (q[2].x - q[0].x) / dx
    return c1 >= -1e-12 && c1 <= 1 + 1e-12 && c2 >= -1e-12 && c2 <= 1 + 1e-12
  }

  /// The u in [0, 1] where the eased progress is `y` (in [0, 1]), or nil when the curve is not
  /// monotone (a control point's y outside [0, 1]) or a hold.
  func inverse(_ y: Double) -> Double? {
    switch self {
    case .linear: return min(max(y, 0), 1)
    case .hold: return nil
    case let .bezier(x1, y1, x2, y2):
      guard (0...1).contains(y1), (0...1).contains(y2) else { return nil }
      let curve = Bezier(x1, y1, x2, y2)
      var low = 0.0, high = 1.0
      for _ in 0..<64 {
        let mid = (low + high) / 2
        if curve.y(atX: mid) < y { low = mid } else { high = mid }
      }
      return (low + high) / 2
    }
  }

  /// The part of the curve over progress `a...b` (0 ≤ a < b ≤ 1), as a curve of its own
  /// from (0, 0) to (1, 1), with the eased progress at `a` and `b`. A part whose eased ends
  /// coincide (a flat piece) is linear between equal values. Exact when ``isExactPart(from:to:)``.
  func part(from a: Double, to b: Double) -> (ease: ExportEase, startY: Double, endY: Double) {
    switch self {
    case .linear: return (.linear, a, b)
    case .hold: return (.hold, a >= 1 ? 1 : 0, b >= 1 ? 1 : 0)
    case let .bezier(x1, y1, x2, y2):
      if a <= 0 && b >= 1 { return (self, 0, 1) }
      let curve = Bezier(x1, y1, x2, y2)
      let sa = curve.parameter(atX: a), sb = curve.parameter(atX: b)
      let q = curve.split(from: sa, to: sb)
      let dx = q[3].x - q[0].x, dy = q[3].y - q[0].y
      guard dx > 0, dy != 0, dy.isFinite else { return (.linear, q[0].y, q[3].y) }
      // A piece's control points can leave [0, 1] in x (a steep start cut short): CSS and Lottie
      // take only [0, 1], so they are clamped, and the piece is then no longer exact (the
      // planner's check against the sampler finds that, and bakes the channel).
      let ease = ExportEase.bezier(
        min(max((q[1].x - q[0].x) / dx, 0), 1), (q[1].y - q[0].y) / dy,
        min(max((q[2].x - q[0].x) / dx, 0), 1), (q[2].y - q[0].y) / dy)
      return (ease, q[0].y, q[3].y)
    }
  }
}

/// A cubic bezier from (0, 0) to (1, 1) with its parameter solved by bisection: slower than
/// the engine's, and independent of it.
struct Bezier {
  let p: [(x: Double, y: Double)]

  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    p = [(0, 0), (x1, y1), (x2, y2), (1, 1)]
  }

  func point(_ s: Double) -> (x: Double, y: Double) {
    let r = 1 - s
    let a = r * r * r, b = 3 * r * r * s, c = 3 * r * s * s, d = s * s * s
    return (a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x, a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
  }

  /// The parameter where x(s) = x (x is monotone in s for x1, x2 in [0, 1]).
  func parameter(atX x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var low = 0.0, high = 1.0
    for _ in 0..<64 {
      let mid = (low + high) / 2
      if point(mid).x < x { low = mid } else { high = mid }
    }
    return (low + high) / 2
  }

  func y(atX x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return point(parameter(atX: x)).y
  }

  /// The control points of the piece between parameters a < b (de Casteljau).
  func split(from a: Double, to b: Double) -> [(x: Double, y: Double)] {
    func lerp(_ u: (x: Double, y: Double), _ v: (x: Double, y: Double), _ t: Double) -> (x: Double, y: Double) {
      (u.x + (v.x - u.x) * t, u.y + (v.y - u.y) * t)
    }
    // Left part [0, b].
    let p01 = lerp(p[0], p[1], b), p12 = lerp(p[1], p[2], b), p23 = lerp(p[2], p[3], b)
    let p012 = lerp(p01, p12, b), p123 = lerp(p12, p23, b), p0123 = lerp(p012, p123, b)
    let left = [p[0], p01, p012, p0123]
    // Right part of the left one, from a / b.
    let t = b > 0 ? a / b : 0
    let l01 = lerp(left[0], left[1], t), l12 = lerp(left[1], left[2], t), l23 = lerp(left[2], left[3], t)
    let l012 = lerp(l01, l12, t), l123 = lerp(l12, l23, t), l0123 = lerp(l012, l123, t)
    return [l0123, l123, l23, left[3]]
  }
}

/// One keyframe: a time in seconds, the values, and how the values move to the next keyframe.
struct ExportKeyframe: Sendable {
  var time: Double
  var values: [Double]
  var ease: ExportEase
}

/// A property's values over time: keyframes in time order. Two keyframes at one time are a
/// jump: the later one holds from that time on. Before the first and after the last the
/// values hold.
struct ExportTrack: Sendable {
  var keyframes: [ExportKeyframe]

  var width: Int { keyframes.first?.values.count ?? 0 }

  /// The values at `t`.
  func values(at t: Double) -> [Double] {
    guard let first = keyframes.first else { return [] }
    if t < first.time { return first.values }
    // The last keyframe at or before t.
    var low = 0, high = keyframes.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if keyframes[mid].time <= t { low = mid } else { high = mid - 1 }
    }
    let a = keyframes[low]
    guard low + 1 < keyframes.count else { return a.values }
    let b = keyframes[low + 1]
    let span = b.time - a.time
    let u = span > 0 ? (t - a.time) / span : 1
    let e = a.ease(min(max(u, 0), 1))
    return zip(a.values, b.values).map { $0 + ($1 - $0) * e }
  }

  /// Whether `other` has the same keyframe times and eases.
  func hasStructure(of other: ExportTrack) -> Bool {
    keyframes.count == other.keyframes.count
      && zip(keyframes, other.keyframes).allSatisfy { abs($0.time - $1.time) <= 1e-9 && $0.ease == $1.ease }
  }

  /// Appends a keyframe, dropping what it makes redundant: a keyframe at the same time with
  /// the same values, or a middle keyframe of three equal ones.
  mutating func append(_ keyframe: ExportKeyframe) {
    if let last = keyframes.last, last.time == keyframe.time, last.values == keyframe.values {
      keyframes[keyframes.count - 1].ease = keyframe.ease
      return
    }
    if keyframes.count >= 2 {
      let a = keyframes[keyframes.count - 2], b = keyframes[keyframes.count - 1]
      if a.values == b.values, b.values == keyframe.values, a.time < b.time {
        keyframes[keyframes.count - 1] = keyframe
        return
      }
    }
    keyframes.append(keyframe)
  }
}
