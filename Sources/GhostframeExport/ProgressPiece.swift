import GhostframeCore

/// A stretch of the export window in which an animation's progress holds, moves along an
/// ease, or has no effect: what ``ProgressPiece/pieces(chain:ownEasing:removedOnCompletion:window:limit:)``
/// reads from a timing chain the formats can state exactly.
struct ProgressPiece: Sendable {
  enum Kind: Sendable {
    /// The animation has no effect: the value under it shows.
    case none
    /// The progress holds.
    case hold(Double)
    /// The progress moves from one value to another along an ease.
    case ramp(from: Double, to: Double, ease: ExportEase)
  }

  var start: Double
  var end: Double
  var kind: Kind

  /// The pieces covering [0, `window`) of an animation timed by `chain` (outermost first; the
  /// last timing's easing replaced by `ownEasing`), or nil when the chain is beyond what a
  /// keyframe list states exactly: a time offset, an iteration start, a negative playback rate
  /// or end delay, an easing other than a cubic bezier, or an inner timing that is not the
  /// identity over its parent's iteration. At most `limit` pieces, else nil.
  static func pieces(chain: [Timing], ownEasing: Curve, removedOnCompletion: Bool, window: Double,
                     limit: Int) -> [ProgressPiece]? {
    guard let outer = chain.first else { return nil }
    let outerCurve = chain.count == 1 ? ownEasing : outer.easing
    guard let ease = ExportEase(outerCurve) else { return nil }
    var parent = outer
    for (level, inner) in chain.enumerated().dropFirst() {
      let curve = level == chain.count - 1 ? ownEasing : inner.easing
      guard isIdentity(inner, curve: curve, within: parent) else { return nil }
      parent = inner
    }
    let duration = outer.duration
    guard duration.isFinite, duration > 0, outer.timeOffset == 0, outer.iterationStart == 0, outer.playbackRate > 0,
          outer.endDelay >= 0, outer.iterations > 0 else { return nil }
    let delay = outer.delay
    let activeStart = max(delay, 0)
    let activeEnd = max(delay + duration * outer.iterations, 0)
    var pieces: [ProgressPiece] = []
    func add(_ start: Double, _ end: Double, _ kind: Kind) -> Bool {
      let a = max(start, 0), b = min(end, window)
      guard b > a else { return true }
      pieces.append(ProgressPiece(start: a, end: b, kind: kind))
      return pieces.count <= limit
    }
    // Before the active interval.
    if activeStart > 0 {
      let backwards = outer.fill == .backwards || outer.fill == .both
      let progress = backwards ? outer.state(at: activeStart / 2).progress : nil
      guard add(0, activeStart, progress.map { .hold($0) } ?? .none) else { return nil }
    }
    // The iterations inside the window.
    let first = max(0, ((0 - delay) / duration).rounded(.down))
    var k = first
    while delay + k * duration < min(activeEnd, window) {
      let t0 = delay + k * duration, t1 = t0 + duration
      let a = max(t0, activeStart, 0), b = min(t1, activeEnd, window)
      if b > a {
        let xa = (a - t0) / duration, xb = (b - t0) / duration
        let forwards: Bool
        switch outer.direction {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate: forwards = k.truncatingRemainder(dividingBy: 2) == 0
        case .alternateReverse: forwards = k.truncatingRemainder(dividingBy: 2) != 0
        }
        if forwards {
          let part = ease.part(from: xa, to: xb)
          guard add(a, b, .ramp(from: part.startY, to: part.endY, ease: part.ease)) else { return nil }
        } else {
          let part = ease.reversed.part(from: xa, to: xb)
          guard add(a, b, .ramp(from: 1 - part.startY, to: 1 - part.endY, ease: part.ease)) else { return nil }
        }
      }
      k += 1
      if k - first > Double(limit) { return nil }
    }
    // After it.
    if activeEnd < window {
      let forwards = outer.fill == .forwards || outer.fill == .both
      let progress = forwards && !removedOnCompletion ? outer.state(at: activeEnd).progress : nil
      guard add(activeEnd, window, progress.map { .hold($0) } ?? .none) else { return nil }
    }
    return pieces
  }

  /// Whether `inner`, timed in the local time of `parent`'s iteration, passes it through:
  /// it starts at once, lasts exactly the parent's iteration, runs once forwards and linearly,
  /// and holds its end.
  static func isIdentity(_ inner: Timing, curve: Curve, within parent: Timing) -> Bool {
    let length = parent.duration * parent.timeScale
    guard length.isFinite, length > 0, ExportEase(curve) == .linear else { return false }
    return inner.delay == 0 && inner.endDelay >= 0 && abs(inner.duration - length) <= 1e-12 * length
      && inner.iterations == 1 && inner.iterationStart == 0 && inner.direction == .normal && inner.timeOffset == 0
      && (inner.fill == .forwards || inner.fill == .both) && inner.playbackRate > 0
  }
}
