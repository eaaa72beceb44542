import GhostframeCore

/// A stretch of time in which an animation's progress holds, moves along an ease, or has no
/// effect: what ``ProgressPiece/pieces(chain:ownEasing:removedOnCompletion:window:limit:)``
/// reads from a timing chain the formats can state exactly.
struct ProgressPiece: Sendable {
  enum Kind: Sendable {
    /// The animation has no effect: the value under it shows.
    case none
    /// The progress holds.
    case hold(Double)
    /// The progress moves from one value to another along an ease (`from + (to − from) × e(u)`).
    case ramp(from: Double, to: Double, ease: ExportEase)
  }

  var start: Double
  var end: Double
  var kind: Kind

  /// The progress at `t` in [start, end] (from the left at `end`), or nil where there is no effect.
  func progress(at t: Double, fromLeft: Bool = false) -> Double? {
    switch kind {
    case .none: return nil
    case .hold(let p): return p
    case let .ramp(a, b, ease):
      let span = end - start
      let u = span > 0 ? min(max((t - start) / span, 0), 1) : 1
      return a + (b - a) * ease.value(at: u, fromLeft: fromLeft)
    }
  }

  /// The pieces, and whether an ease in them approximates its curve (a `linear()` point list
  /// for a spring, Penner or host curve).
  struct Plan: Sendable {
    var pieces: [ProgressPiece]
    var approximate: Bool
  }

  /// The pieces covering [0, `window`) of an animation timed by `chain` (outermost first; the
  /// last timing's easing replaced by `ownEasing`), or nil when the chain is beyond what a
  /// keyframe list states: a time offset, an iteration start, a negative playback rate or end
  /// delay, an infinite duration, or a group whose eased time (a curve other than linear)
  /// drives children that do not simply pass it through. Groups with linear time may hold
  /// children that start later, end sooner or repeat (a shimmer with a pause: the sweep, then
  /// the rest). At most `limit` pieces, else nil.
  static func pieces(chain: [Timing], ownEasing: Curve, removedOnCompletion: Bool, window: Double,
                     limit: Int) -> Plan? {
    var builder = Builder(chain: chain, ownEasing: ownEasing, limit: limit)
    guard let pieces = builder.pieces(level: 0, window: window, removed: removedOnCompletion) else { return nil }
    return Plan(pieces: pieces, approximate: builder.approximate)
  }

  /// The pieces of one iteration of the chain's outermost timing, over its directed progress
  /// u in [0, 1) (what a CSS `@keyframes` states, the timing's delay, count, direction and
  /// fill being the animation's own), or nil as ``pieces(chain:ownEasing:removedOnCompletion:window:limit:)``.
  static func iteration(chain: [Timing], ownEasing: Curve, limit: Int) -> Plan? {
    guard let top = chain.first else { return nil }
    let length = top.duration * top.timeScale
    let scale = chain.count > 1 ? length : 1
    guard scale.isFinite, scale > 0,
          let unit = try? Timing(duration: 1, fill: .both, easing: chain.count > 1 ? top.easing : ownEasing,
                                 timeScale: scale) else { return nil }
    return pieces(chain: [unit] + chain.dropFirst(), ownEasing: ownEasing, removedOnCompletion: false, window: 1,
                  limit: limit)
  }

  private struct Builder {
    let chain: [Timing]
    let ownEasing: Curve
    let limit: Int
    var approximate = false

    init(chain: [Timing], ownEasing: Curve, limit: Int) {
      self.chain = chain
      self.ownEasing = ownEasing
      self.limit = limit
    }

    /// The progress of the innermost animation over [0, window) of level `level`'s parent time.
    mutating func pieces(level: Int, window: Double, removed: Bool) -> [ProgressPiece]? {
      guard level < chain.count else { return nil }
      let timing = chain[level]
      let last = level == chain.count - 1
      guard let found = ExportEase.of(last ? ownEasing : timing.easing) else { return nil }
      let ease = found.ease
      if found.approximate { approximate = true }
      let duration = timing.duration
      guard duration.isFinite, duration >= 0, timing.timeOffset == 0, timing.iterationStart == 0,
            timing.playbackRate > 0, timing.endDelay >= 0, !timing.iterations.isNaN, timing.iterations >= 0,
            window.isFinite, window > 0 else { return nil }
      // The children's pieces over the group's own time, [0, length].
      var inner: [ProgressPiece]?
      let length = duration * timing.timeScale
      if !last {
        guard length.isFinite, length > 0, let found = pieces(level: level + 1, window: length, removed: false) else {
          return nil
        }
        inner = found
      }
      /// The innermost progress (nil: no effect) when this level's progress is `p`.
      func through(_ p: Double?) -> Double? {
        guard let p else { return nil }
        guard let inner else { return p }
        return Self.progress(of: inner, at: p * length)
      }
      var result: [ProgressPiece] = []
      let limit = self.limit
      func add(_ start: Double, _ end: Double, _ kind: Kind) -> Bool {
        let a = max(start, 0), b = min(end, window)
        guard b > a else { return true }
        result.append(ProgressPiece(start: a, end: b, kind: kind))
        return result.count <= limit
      }
      func addHold(_ start: Double, _ end: Double, _ p: Double?) -> Bool {
        add(start, end, through(p).map { .hold($0) } ?? .none)
      }
      let active = duration == 0 || timing.iterations == 0 ? 0 : duration * timing.iterations
      let activeStart = timing.delay, activeEnd = timing.delay + active
      // Before the active interval.
      if activeStart > 0 {
        let backwards = timing.fill == .backwards || timing.fill == .both
        let p = backwards ? timing.state(at: activeStart / 2).progress : nil
        guard addHold(0, activeStart, p) else { return nil }
      }
      // The iterations inside the window.
      if active > 0 {
        let first = max(0, ((0 - timing.delay) / duration).rounded(.down))
        var k = first
        while timing.delay + k * duration < min(activeEnd, window) {
          let t0 = timing.delay + k * duration, t1 = t0 + duration
          let a = max(t0, activeStart, 0), b = min(t1, activeEnd, window)
          if b > a {
            let xa = (a - t0) / duration, xb = (b - t0) / duration
            let forwards: Bool
            switch timing.direction {
            case .normal: forwards = true
            case .reverse: forwards = false
            case .alternate: forwards = k.truncatingRemainder(dividingBy: 2) == 0
            case .alternateReverse: forwards = k.truncatingRemainder(dividingBy: 2) != 0
            }
            guard Self.iteration(t0: t0, duration: duration, xa: xa, xb: xb, forwards: forwards, ease: ease,
                            inner: inner, length: length, approximate: &approximate, add: add) else { return nil }
          }
          k += 1
          if k - first > Double(limit) { return nil }
        }
      }
      // After it.
      if activeEnd < window {
        let forwards = timing.fill == .forwards || timing.fill == .both
        let p = forwards && !removed ? timing.state(at: max(activeEnd, 0)).progress : nil
        guard addHold(activeEnd, window, p) else { return nil }
      }
      return result
    }

    typealias Kind = ProgressPiece.Kind

    /// One iteration's stretch [xa, xb] of its progress, from time `t0`.
    static func iteration(t0: Double, duration: Double, xa: Double, xb: Double, forwards: Bool, ease: ExportEase,
                   inner: [ProgressPiece]?, length: Double, approximate: inout Bool,
                   add: (Double, Double, Kind) -> Bool) -> Bool {
      let directed = forwards ? ease : ease.reversed
      // The eased progress of this level over [xa, xb], as the piece it makes.
      let part = directed.part(from: xa, to: xb)
      let from = forwards ? part.startY : 1 - part.startY, to = forwards ? part.endY : 1 - part.endY
      guard let inner else {
        return add(t0 + xa * duration, t0 + xb * duration, .ramp(from: from, to: to, ease: part.ease))
      }
      // A group: children that pass the eased time through (one linear ramp over the whole
      // iteration) take this level's curve; otherwise this level must be linear, and the
      // children's pieces are laid into the iteration (backwards when it plays backwards).
      if inner.count == 1, let only = inner.first, case let .ramp(q0, q1, innerEase) = only.kind,
         only.start <= 0, abs(only.end - length) <= 1e-12 * length {
        if innerEase == .linear {
          return add(t0 + xa * duration, t0 + xb * duration,
                     .ramp(from: q0 + (q1 - q0) * from, to: q0 + (q1 - q0) * to, ease: part.ease))
        }
        // Both curved: the child's curve of this level's, as a point list.
        let eased = { (v: Double) -> Double in
          let x = xa + (xb - xa) * v
          return innerEase(forwards ? ease(x) : ease(1 - x))
        }
        let g0 = eased(0), g1 = eased(1)
        let scale = abs(g1 - g0) > 1e-12 ? g1 - g0 : 1
        guard let points = ExportEase.approximating({ (eased($0) - g0) / scale },
                                                    tolerance: ExportEase.approximationTolerance / max(abs(scale), 1e-3))
        else { return false }
        approximate = true
        return add(t0 + xa * duration, t0 + xb * duration,
                   .ramp(from: q0 + (q1 - q0) * g0, to: q0 + (q1 - q0) * (g0 + scale), ease: .points(points)))
      }
      guard ease == .linear else { return false }
      // Child time τ = x × length (forwards) or (1 − x) × length (backwards).
      let ta = forwards ? xa * length : (1 - xb) * length, tb = forwards ? xb * length : (1 - xa) * length
      var stretch: [ProgressPiece] = []
      for piece in inner where piece.end > ta && piece.start < tb {
        stretch.append(Self.clip(piece, ta, tb))
      }
      if !forwards { stretch.reverse() }
      for piece in stretch {
        let (ca, cb) = forwards ? (piece.start, piece.end) : (length - piece.end, length - piece.start)
        let start = t0 + ca / length * duration, end = t0 + cb / length * duration
        var kind = piece.kind
        if !forwards, case let .ramp(p0, p1, e) = piece.kind { kind = .ramp(from: p1, to: p0, ease: e.reversed) }
        guard add(start, end, kind) else { return false }
      }
      return true
    }

    /// `piece` cut to [a, b].
    static func clip(_ piece: ProgressPiece, _ a: Double, _ b: Double) -> ProgressPiece {
      let start = max(piece.start, a), end = min(piece.end, b)
      guard case let .ramp(p0, p1, ease) = piece.kind, piece.end > piece.start,
            start > piece.start || end < piece.end else {
        return ProgressPiece(start: start, end: end, kind: piece.kind)
      }
      let span = piece.end - piece.start
      let part = ease.part(from: (start - piece.start) / span, to: (end - piece.start) / span)
      return ProgressPiece(start: start, end: end,
                           kind: .ramp(from: p0 + (p1 - p0) * part.startY, to: p0 + (p1 - p0) * part.endY, ease: part.ease))
    }

    /// The progress the pieces give at `t` (from the left at their end), nil where they have no effect.
    static func progress(of pieces: [ProgressPiece], at t: Double) -> Double? {
      guard let last = pieces.last else { return nil }
      if t >= last.end { return last.progress(at: last.end, fromLeft: true) }
      for piece in pieces where t >= piece.start && t < piece.end { return piece.progress(at: t) }
      return pieces.first.flatMap { t < $0.start ? $0.progress(at: $0.start) : nil }
    }
  }
}
