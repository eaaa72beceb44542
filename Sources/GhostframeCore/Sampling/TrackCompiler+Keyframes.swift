extension TrackCompiler {
  /// Resolves key times (given, even, or paced by distance), the Kochanek–Bartels tangents
  /// of the cubic modes, and the arc-length table of `cubicPaced`, into the constant pool.
  mutating func compileKeyframes(_ k: Keyframes, width: Int) -> KeyframeTrack {
    let n = k.count
    let paced = k.mode == .paced || k.mode == .cubicPaced
    let cubic = k.mode == .cubic || k.mode == .cubicPaced
    let discrete = k.mode == .discrete
    var times: [Double]
    if k.mode == .paced {
      times = pacedKeyTimes(k.flatValues, width: width)
    } else if let given = k.keyTimes, !paced {
      times = given
    } else {
      let intervals = discrete ? n : max(n - 1, 1)
      times = (0...intervals).map { Double($0) / Double(intervals) }
      if !discrete && n == 1 { times = [0] }
    }
    var outs: [Double] = [], ins: [Double] = []
    if cubic && n > 1 {
      (outs, ins) = tangents(k, width: width, keyTimes: k.mode == .cubic ? times : nil)
    }
    var arcs: (lengths: [Double], pieces: [Double]) = ([], [])
    if k.mode == .cubicPaced && n > 1 {
      arcs = arcLengthTable(k.flatValues, outs: outs, ins: ins, width: width)
      if let total = arcs.lengths.last, total.isFinite {
        // Key times are where the constant-speed motion passes each keyframe.
        if total > 0 {
          // The length where segment i starts (the table's end for the last keyframe).
          var starts = [Double](repeating: total, count: n)
          for piece in stride(from: arcs.pieces.count / 2 - 1, through: 0, by: -1) {
            starts[Int(arcs.pieces[2 * piece])] = arcs.lengths[piece]
          }
          times = starts.map { $0 / total }
        }
      } else {
        // Values so large (beyond about 1e150) that lengths overflow: paced by the chords.
        arcs = ([], [])
        times = pacedKeyTimes(k.flatValues, width: width)
      }
    }
    let values = pool(k.flatValues)
    let timeOffset = pool(times)
    let outTangents = outs.isEmpty ? 0 : pool(outs)
    let inTangents = ins.isEmpty ? 0 : pool(ins)
    let arcLengths = arcs.lengths.isEmpty ? -1 : pool(arcs.lengths)
    let arcPieces = arcs.pieces.isEmpty ? -1 : pool(arcs.pieces)
    // Apple: the paced modes ignore keyTimes and timingFunctions (the per-segment curves).
    let segmentCurves = paced ? [] : (k.curves ?? [])
    let curveStart = segmentEasings.count
    for curve in segmentCurves { segmentEasings.append(easing(curve)) }
    return KeyframeTrack(
      count: n, values: values, keyTimes: timeOffset, keyTimeCount: times.count,
      curveStart: curveStart, curveCount: segmentCurves.count, discrete: discrete, cubic: cubic,
      outTangents: outTangents, inTangents: inTangents, arcLengths: arcLengths, arcPieces: arcPieces,
      arcPieceCount: arcs.pieces.count / 2)
  }

  /// Kochanek–Bartels tangents per keyframe (outgoing, incoming; count × width each), in
  /// the units of a segment's parameter u ∈ [0, 1].
  ///
  /// At the ends the missing neighbour is the end point itself, so the end tangents come
  /// from the one adjacent chord. With `keyTimes` (the cubic mode), an interior keyframe
  /// between segments of durations Δ₋ and Δ₊ scales its outgoing tangent by 2Δ₊ / (Δ₋ + Δ₊)
  /// and its incoming one by 2Δ₋ / (Δ₋ + Δ₊) (Kochanek and Bartels' adjustment for uneven
  /// steps), so the velocity in time is continuous across it. Even key times scale by 1.
  func tangents(_ k: Keyframes, width: Int, keyTimes: [Double]?) -> (outs: [Double], ins: [Double]) {
    let n = k.count
    var outs: [Double] = [], ins: [Double] = []
    outs.reserveCapacity(n * width)
    ins.reserveCapacity(n * width)
    for i in 0..<n {
      let tension = k.tension?[i] ?? 0, continuity = k.continuity?[i] ?? 0, bias = k.bias?[i] ?? 0
      let previous = k.keyframe(max(i - 1, 0)), current = k.keyframe(i), next = k.keyframe(min(i + 1, n - 1))
      let a = (1 - tension) * (1 + bias) / 2, b = (1 - tension) * (1 - bias) / 2
      var outScale = 1.0, inScale = 1.0
      if let times = keyTimes, i > 0, i < n - 1 {
        let before = times[i] - times[i - 1], after = times[i + 1] - times[i]
        if before + after > 0 {
          outScale = 2 * after / (before + after)
          inScale = 2 * before / (before + after)
        }
      }
      for c in 0..<width {
        let incoming = current[current.startIndex + c] - previous[previous.startIndex + c]
        let outgoing = next[next.startIndex + c] - current[current.startIndex + c]
        outs.append(outScale * (a * (1 - continuity) * incoming + b * (1 + continuity) * outgoing))
        ins.append(inScale * (a * (1 + continuity) * incoming + b * (1 - continuity) * outgoing))
      }
    }
    return (outs, ins)
  }

  /// The arc-length table of the spline through `values`: the spline cut into pieces
  /// (``KeyframeSpline/subdivisions`` per segment, each further split at the speed's minima),
  /// the cumulative arc length at their ends (pieces + 1 entries from 0), and for each piece
  /// its segment and the u where it starts (2 × pieces entries).
  func arcLengthTable(_ points: [Double], outs: [Double], ins: [Double], width: Int)
    -> (lengths: [Double], pieces: [Double]) {
    let k = KeyframeSpline.subdivisions
    var lengths = [0.0], pieces: [Double] = []
    guard width > 0, !points.isEmpty, !outs.isEmpty, !ins.isEmpty else { return (lengths, pieces) }
    // The points, then the outgoing and the incoming tangents, in one array borrowed once.
    let all = points + outs + ins
    all.withUnsafeBufferPointer { all in
      guard let p = all.baseAddress else { return }
      let o = p + points.count, n = o + outs.count
      for segment in 0..<(points.count / width - 1) {
        let p0 = p + segment * width, p1 = p0 + width
        let m0 = o + segment * width, m1 = n + (segment + 1) * width
        let minima = KeyframeSpline.speedMinima(p0: p0, m0: m0, p1: p1, m1: m1, width: width)
        let cuts = Set((1..<k).map { Double($0) / Double(k) } + minima).sorted() + [1]
        var start = 0.0
        for end in cuts where end > start {
          let piece = KeyframeSpline.arcLength(from: start, to: end, p0: p0, m0: m0, p1: p1, m1: m1, width: width)
          lengths.append((lengths.last ?? 0) + piece)
          pieces += [Double(segment), start]
          start = end
        }
      }
    }
    return (lengths, pieces)
  }

  /// Key times for constant speed: cumulative Euclidean distance between keyframes, as
  /// Core Animation's and SVG's paced mode; evenly spaced when nothing moves.
  func pacedKeyTimes(_ values: [Double], width: Int) -> [Double] {
    let n = width > 0 ? values.count / width : 0
    guard n > 1 else { return [0] }
    // Only the ratios matter: huge values are scaled down first so no square overflows.
    let largest = values.lazy.map(abs).max() ?? 0
    let scale = largest > 1e150 ? 1 / largest : 1
    var cumulative = [0.0]
    cumulative.reserveCapacity(n)
    for i in 1..<n {
      var squares = 0.0
      for c in 0..<width {
        let d = values[i * width + c] * scale - values[(i - 1) * width + c] * scale
        squares += d * d
      }
      cumulative.append((cumulative.last ?? 0) + squares.squareRoot())
    }
    let total = cumulative.last ?? 0
    guard total > 0 else { return (0..<n).map { Double($0) / Double(n - 1) } }
    return cumulative.map { $0 / total }
  }
}
