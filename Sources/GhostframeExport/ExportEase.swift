import GhostframeCore

/// A point of a piecewise-linear ease (CSS `linear()`): eased progress `y` at progress `x`.
struct EasePoint: Hashable, Sendable {
  var x: Double
  var y: Double
}

/// How a value moves from one keyframe to the next: the vocabulary the formats state (Lottie
/// `o`/`i` and `h`; CSS `cubic-bezier()`, `steps()` and `linear()`). Lottie has no `steps()` or
/// `linear()`: its writer expands them into hold and linear keyframes, which is exact.
///
/// A segment from value `a` to value `b` with ease `e` has the value `a + (b − a) × e(u)` at
/// its fraction `u`; `e(0)` is 0 and `e(1)` is 1 for every ease but a `linear()` point list or
/// `steps()`, which may start or end elsewhere (a spring's last point, `steps(n, jump-start)`).
enum ExportEase: Hashable, Sendable {
  case linear
  /// The value holds until the next keyframe.
  case hold
  /// A CSS cubic bezier from (0, 0) to (1, 1); x1 and x2 in [0, 1].
  case bezier(Double, Double, Double, Double)
  /// CSS `steps(count, position)`.
  case steps(Int, StepPosition)
  /// CSS `linear()`: straight lines through the points, x non-decreasing from 0 to 1 (two
  /// points at one x are a jump).
  case points([EasePoint])

  /// The most steps a `steps()` ease keeps natively (more are treated as a curve to approximate).
  static let maximumSteps = 1000
  /// The most points a `linear()` ease may have.
  static let maximumPoints = 2000
  /// How far (in eased progress) an approximating point list may lie from its curve: 0.1 % of
  /// the change, 0.1 pt on a 100 pt move.
  static let approximationTolerance = 1e-3

  /// The ease of a curve the formats state exactly (a cubic bezier, a named curve, `steps()`,
  /// `linear()`), or nil.
  init?(_ curve: Curve) {
    switch curve.exportForm {
    case let .bezier(x1, y1, x2, y2):
      if x1 == y1 && x2 == y2 { self = .linear } else { self = .bezier(x1, y1, x2, y2) }
    case let .steps(count, position):
      guard count >= 1, count <= Self.maximumSteps, position != .jumpNone || count >= 2 else { return nil }
      self = .steps(count, position)
    case .linearPoints(let given):
      guard let points = Self.clipped(given.map { EasePoint(x: $0.inputPercent / 100, y: $0.output) }) else {
        return nil
      }
      self = .points(points)
    case .other:
      return nil
    }
  }

  /// The ease of any curve: exact where the formats state it (``init(_:)``), else a `linear()`
  /// point list within ``approximationTolerance`` of it (`approximate` true), or nil when no
  /// list of at most ``maximumPoints`` gets that close.
  static func of(_ curve: Curve) -> (ease: ExportEase, approximate: Bool)? {
    if let exact = ExportEase(curve) { return (exact, false) }
    guard let points = approximating({ curve($0) }) else { return nil }
    return (.points(points), true)
  }

  /// A point list through `f` on [0, 1] within ``approximationTolerance`` (checked at 7 points
  /// inside each piece), halving pieces until it is; nil when `f` is not finite or the list
  /// would pass ``maximumPoints``.
  static func approximating(_ f: (Double) -> Double, tolerance: Double = approximationTolerance) -> [EasePoint]? {
    var points = [EasePoint(x: 0, y: f(0))]
    var failed = false
    func refine(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double, depth: Int) {
      guard !failed else { return }
      guard fa.isFinite, fb.isFinite else {
        failed = true
        return
      }
      var worst = 0.0
      for k in 1...7 {
        let x = a + (b - a) * Double(k) / 8
        let y = f(x)
        guard y.isFinite else {
          failed = true
          return
        }
        worst = max(worst, abs(y - (fa + (fb - fa) * Double(k) / 8)))
      }
      if worst <= tolerance || depth >= 24 {
        points.append(EasePoint(x: b, y: fb))
        if points.count > maximumPoints { failed = true }
        return
      }
      let m = (a + b) / 2, fm = f(m)
      refine(a, fa, m, fm, depth: depth + 1)
      refine(m, fm, b, fb, depth: depth + 1)
    }
    refine(0, points[0].y, 1, f(1), depth: 0)
    return failed ? nil : points
  }

  /// `points` (x in progress) restricted to [0, 1], with the values at 0 and 1 as its ends;
  /// nil when fewer than two or not in order.
  static func clipped(_ points: [EasePoint]) -> [EasePoint]? {
    guard points.count >= 2, points.count <= maximumPoints, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
          zip(points, points.dropFirst()).allSatisfy({ $0.x <= $1.x }) else { return nil }
    let whole = ExportEase.points(points)
    var result = [EasePoint(x: 0, y: whole(0))]
    for p in points where p.x > 0 && p.x < 1 { result.append(p) }
    let before = whole.value(at: 1, fromLeft: true), at = whole(1)
    result.append(EasePoint(x: 1, y: before))
    if at != before { result.append(EasePoint(x: 1, y: at)) }
    return result
  }

  /// `ease` played backwards in time: the point reflection of the curve, 1 − e(1 − u).
  var reversed: ExportEase {
    switch self {
    case .linear, .hold: return self
    case let .bezier(x1, y1, x2, y2): return .bezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)
    case let .steps(count, position):
      switch position {
      case .jumpStart: return .steps(count, .jumpEnd)
      case .jumpEnd: return .steps(count, .jumpStart)
      case .jumpNone, .jumpBoth: return self
      }
    case .points(let points):
      return .points(points.reversed().map { EasePoint(x: 1 - $0.x, y: 1 - $0.y) })
    }
  }

  /// The bezier's control points, or the line's.
  var controlPoints: (Double, Double, Double, Double) {
    switch self {
    case .linear, .hold, .steps, .points: return (0, 0, 1, 1)
    case let .bezier(x1, y1, x2, y2): return (x1, y1, x2, y2)
    }
  }

  /// A `steps()` ease as the equivalent point list (plateaus joined by jumps), or self.
  var asPoints: ExportEase {
    guard case let .steps(count, position) = self else { return self }
    let n = Double(count)
    let jumps: Double, first: Double
    switch position {
    case .jumpStart: (jumps, first) = (n, 1)
    case .jumpEnd: (jumps, first) = (n, 0)
    case .jumpNone: (jumps, first) = (n - 1, 0)
    case .jumpBoth: (jumps, first) = (n + 1, 1)
    }
    var points: [EasePoint] = []
    for k in 0..<count {
      let v = (Double(k) + first) / jumps
      points.append(EasePoint(x: Double(k) / n, y: v))
      points.append(EasePoint(x: Double(k + 1) / n, y: v))
    }
    points.append(EasePoint(x: 1, y: 1))
    return .points(points)
  }

  /// The eased progress at `u` in [0, 1].
  func callAsFunction(_ u: Double) -> Double { value(at: u, fromLeft: false) }

  /// The eased progress at `u`; with `fromLeft`, the limit from below (before a jump at `u`;
  /// for `steps()`, CSS's before flag).
  func value(at u: Double, fromLeft: Bool) -> Double {
    switch self {
    case .linear: return u
    case .hold: return u >= 1 && !fromLeft ? 1 : 0
    case let .bezier(x1, y1, x2, y2):
      return Bezier(x1, y1, x2, y2).y(atX: u)
    case let .steps(count, position):
      // CSS Easing's algorithm, `fromLeft` its before flag (the value just before a jump at u).
      let n = Double(count)
      let jumps: Double
      switch position {
      case .jumpStart, .jumpEnd: jumps = n
      case .jumpNone: jumps = n - 1
      case .jumpBoth: jumps = n + 1
      }
      let scaled = u * n, floored = scaled.rounded(.down)
      var step = floored
      if position == .jumpStart || position == .jumpBoth { step += 1 }
      if fromLeft && scaled == floored { step -= 1 }
      if u >= 0 && step < 0 { step = 0 }
      if u <= 1 && step > jumps { step = jumps }
      return jumps > 0 ? step / jumps : 1
    case .points(let points):
      guard let first = points.first, let last = points.last else { return u }
      if u < first.x || (fromLeft && u <= first.x) { return first.y }
      if u > last.x { return last.y }
      // The segment [i, i + 1] holding u: the last point at or before u (before, from the left).
      var low = 0, high = points.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        let inside = fromLeft ? points[mid].x < u : points[mid].x <= u
        if inside { low = mid } else { high = mid - 1 }
      }
      guard low + 1 < points.count else { return points[low].y }
      let a = points[low], b = points[low + 1]
      guard b.x > a.x else { return b.y }
      return a.y + (b.y - a.y) * (u - a.x) / (b.x - a.x)
    }
  }

  /// Whether ``part(from:to:)`` states the piece exactly (a bezier's control points stay in
  /// [0, 1] in x; every other ease is exact).
  func isExactPart(from a: Double, to b: Double) -> Bool {
    guard case let .bezier(x1, y1, x2, y2) = self, a > 0 || b < 1 else { return true }
    let curve = Bezier(x1, y1, x2, y2)
    let q = curve.split(from: curve.parameter(atX: a), to: curve.parameter(atX: b))
    let dx = q[3].x - q[0].x
    guard dx > 0 else { return false }
    let c1 = (q[1].x - q[0].x) / dx, c2 = (q[2].x - q[0].x) / dx
    return c1 >= -1e-12 && c1 <= 1 + 1e-12 && c2 >= -1e-12 && c2 <= 1 + 1e-12
  }

  /// The u in [0, 1] where the eased progress is `y`, or nil when the ease is not monotone
  /// non-decreasing (a bezier's control point y outside [0, 1], a point list that falls back,
  /// steps) or a hold.
  func inverse(_ y: Double) -> Double? {
    switch self {
    case .linear: return min(max(y, 0), 1)
    case .hold, .steps: return nil
    case let .bezier(x1, y1, x2, y2):
      guard (0...1).contains(y1), (0...1).contains(y2) else { return nil }
      let curve = Bezier(x1, y1, x2, y2)
      var low = 0.0, high = 1.0
      for _ in 0..<64 {
        let mid = (low + high) / 2
        if curve.y(atX: mid) < y { low = mid } else { high = mid }
      }
      return (low + high) / 2
    case .points(let points):
      guard zip(points, points.dropFirst()).allSatisfy({ $0.y <= $1.y }), let first = points.first,
            let last = points.last else { return nil }
      if y <= first.y { return first.x }
      if y >= last.y { return last.x }
      for (a, b) in zip(points, points.dropFirst()) where y >= a.y && y <= b.y {
        return b.y > a.y ? a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) : a.x
      }
      return nil
    }
  }

  /// The part of the curve over progress `a...b` (0 ≤ a < b ≤ 1), as an ease of its own, with
  /// `startY` and `endY` such that the eased progress at `a + (b − a) × v` is
  /// `startY + (endY − startY) × part(v)`. For every ease but a point list, `startY` and `endY`
  /// are the eased progress at `a` and (just before) `b`; a point list whose ends coincide keeps
  /// its shape with `endY = startY + 1`. Exact when ``isExactPart(from:to:)``.
  func part(from a: Double, to b: Double) -> (ease: ExportEase, startY: Double, endY: Double) {
    switch self {
    case .linear: return (.linear, a, b)
    case .hold: return (.hold, a >= 1 ? 1 : 0, b >= 1 ? 1 : 0)
    case .steps:
      if a <= 0 && b >= 1 { return (self, 0, 1) }
      return asPoints.part(from: a, to: b)
    case .points(let points):
      if a <= 0 && b >= 1 { return (self, 0, 1) }
      let y0 = value(at: a, fromLeft: false), y1 = value(at: b, fromLeft: true)
      let denominator = abs(y1 - y0) > 1e-12 ? y1 - y0 : 1
      var result = [EasePoint(x: 0, y: 0)]
      for p in points where p.x > a && p.x < b {
        result.append(EasePoint(x: (p.x - a) / (b - a), y: (p.y - y0) / denominator))
      }
      result.append(EasePoint(x: 1, y: (y1 - y0) / denominator))
      return (.points(result), y0, y0 + denominator)
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

  /// The CSS `<easing-function>`.
  var cssText: String {
    switch self {
    case .linear: return "linear"
    case .hold: return "steps(1,end)"
    case let .bezier(x1, y1, x2, y2):
      return "cubic-bezier(\(ExportText.number(x1, 4)),\(ExportText.number(y1, 4)),\(ExportText.number(x2, 4)),\(ExportText.number(y2, 4)))"
    case let .steps(count, position):
      return "steps(\(count),\(position.rawValue))"
    case .points(let points):
      return "linear(" + points.map { "\(ExportText.number($0.y, 5)) \(ExportText.number($0.x * 100, 4))%" }
        .joined(separator: ",") + ")"
    }
  }
}
