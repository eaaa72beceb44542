extension TrackCompiler {
  /// Resolves key times (given, even, or paced by distance) and, for cubic modes, the
  /// Kochanek–Bartels tangents, into the constant pool.
  mutating func compileKeyframes(_ k: Keyframes, width: Int) -> KeyframeTrack {
    let n = k.values.count
    let paced = k.mode == .paced || k.mode == .cubicPaced
    let cubic = k.mode == .cubic || k.mode == .cubicPaced
    let discrete = k.mode == .discrete
    var times: [Double]
    if paced {
      times = pacedKeyTimes(k.values)
    } else if let given = k.keyTimes {
      times = given
    } else {
      let intervals = discrete ? n : max(n - 1, 1)
      times = (0...intervals).map { Double($0) / Double(intervals) }
      if !discrete && n == 1 { times = [0] }
    }
    let values = pool(k.values.flatMap { $0 })
    let timeOffset = pool(times)
    var outTangents = 0, inTangents = 0
    if cubic && n > 1 {
      var outs: [Double] = [], ins: [Double] = []
      for i in 0..<n {
        let tension = k.tension?[i] ?? 0, continuity = k.continuity?[i] ?? 0, bias = k.bias?[i] ?? 0
        // Neighbours clamp at the ends (the end points are duplicated).
        let previous = k.values[max(i - 1, 0)], current = k.values[i], next = k.values[min(i + 1, n - 1)]
        let a = (1 - tension) * (1 + bias) / 2, b = (1 - tension) * (1 - bias) / 2
        for c in 0..<width {
          let incoming = current[c] - previous[c], outgoing = next[c] - current[c]
          outs.append(a * (1 - continuity) * incoming + b * (1 + continuity) * outgoing)
          ins.append(a * (1 + continuity) * incoming + b * (1 - continuity) * outgoing)
        }
      }
      outTangents = pool(outs)
      inTangents = pool(ins)
    }
    let segmentCurves = paced ? [] : (k.curves ?? [])
    let curveStart = segmentEasings.count
    for curve in segmentCurves { segmentEasings.append(easing(curve)) }
    return KeyframeTrack(
      count: n, values: values, keyTimes: timeOffset, keyTimeCount: times.count,
      curveStart: curveStart, curveCount: segmentCurves.count, discrete: discrete, cubic: cubic,
      outTangents: outTangents, inTangents: inTangents)
  }

  /// Key times for constant speed: cumulative Euclidean distance between keyframes, as
  /// Core Animation's and SVG's paced mode; evenly spaced when nothing moves.
  func pacedKeyTimes(_ values: [[Double]]) -> [Double] {
    guard values.count > 1 else { return [0] }
    var cumulative = [0.0]
    for i in 1..<values.count {
      let distance = zip(values[i], values[i - 1]).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      cumulative.append((cumulative.last ?? 0) + distance)
    }
    let total = cumulative.last ?? 0
    guard total > 0 else { return (0..<values.count).map { Double($0) / Double(values.count - 1) } }
    return cumulative.map { $0 / total }
  }
}
