import GhostframeCore

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

  /// The values at `t`; with `beforeFlag` (Web Animations' before phase), a `steps()` segment
  /// takes the value just before a jump at `t`.
  func values(at t: Double, beforeFlag: Bool = false) -> [Double] {
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
    let e = a.ease.value(at: min(max(u, 0), 1), fromLeft: beforeFlag)
    return zip(a.values, b.values).map { $0 + ($1 - $0) * e }
  }

  /// The track with every `steps()` and `linear()` segment written as linear keyframes through
  /// its points (a jump as two keyframes at one time): what a format without them (Lottie) states.
  var expanded: ExportTrack {
    guard keyframes.contains(where: { if case .points = $0.ease { return true }; if case .steps = $0.ease { return true }; return false })
    else { return self }
    var result: [ExportKeyframe] = []
    for (k, keyframe) in keyframes.enumerated() {
      guard k + 1 < keyframes.count, case .points(let points) = keyframe.ease.asPoints else {
        result.append(keyframe)
        continue
      }
      let next = keyframes[k + 1]
      let span = next.time - keyframe.time
      for point in points {
        let values = zip(keyframe.values, next.values).map { $0 + ($1 - $0) * point.y }
        result.append(ExportKeyframe(time: keyframe.time + point.x * span, values: values, ease: .linear))
      }
    }
    return ExportTrack(keyframes: result)
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
