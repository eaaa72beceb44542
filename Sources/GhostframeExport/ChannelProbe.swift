/// A resolved channel made ready for the planner's check, which reads it at up to 4,000 times:
/// its tracks flattened (times, values in one array, eases with their curves solved ahead), so
/// that a reading writes into a buffer the check reuses, allocating nothing. Reads what
/// ``ChannelValue/values(at:)`` reads, the cubic beziers through ``SolvedBezier`` (within 1e-12
/// of the writers' bisection) instead of ``Bezier``.
struct ChannelProbe {
  /// How a segment moves: the common eases inline, the rest through ``ExportEase``.
  enum Ease {
    case linear
    case hold
    case bezier(SolvedBezier)
    case other(ExportEase)

    init(_ ease: ExportEase) {
      switch ease {
      case .linear: self = .linear
      case .hold: self = .hold
      case let .bezier(x1, y1, x2, y2): self = .bezier(SolvedBezier(x1, y1, x2, y2))
      case .steps, .points: self = .other(ease)
      }
    }

    /// ``ExportEase/value(at:fromLeft:)``.
    func value(at u: Double, fromLeft: Bool) -> Double {
      switch self {
      case .linear: return u
      case .hold: return u >= 1 && !fromLeft ? 1 : 0
      case .bezier(let curve): return curve.y(atX: u)
      case .other(let ease): return ease.value(at: u, fromLeft: fromLeft)
      }
    }
  }

  /// An ``ExportTrack`` flattened: keyframe k's values are `values[k * width ..< (k + 1) * width]`.
  struct Track {
    let times: [Double]
    let values: [Double]
    let eases: [Ease]
    let width: Int

    init(_ track: ExportTrack) {
      width = track.width
      var times: [Double] = [], values: [Double] = [], eases: [Ease] = []
      times.reserveCapacity(track.keyframes.count)
      values.reserveCapacity(track.keyframes.count * width)
      eases.reserveCapacity(track.keyframes.count)
      for keyframe in track.keyframes {
        times.append(keyframe.time)
        // A keyframe of another width (none the planner makes) is padded or cut to the first's.
        for c in 0..<width { values.append(c < keyframe.values.count ? keyframe.values[c] : .nan) }
        eases.append(Ease(keyframe.ease))
      }
      self.times = times
      self.values = values
      self.eases = eases
    }

    /// Writes ``ExportTrack/values(at:beforeFlag:)`` into `out` (its first ``width`` elements);
    /// false, writing nothing, when the track is empty or `out` is shorter.
    func write(at t: Double, beforeFlag: Bool, into out: inout [Double]) -> Bool {
      let count = times.count
      guard count > 0, out.count >= width else { return false }
      if t < times[0] {
        for c in 0..<width { out[c] = values[c] }
        return true
      }
      // The last keyframe at or before t.
      var low = 0, high = count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if times[mid] <= t { low = mid } else { high = mid - 1 }
      }
      let a = low * width
      guard low + 1 < count else {
        for c in 0..<width { out[c] = values[a + c] }
        return true
      }
      let b = a + width
      let span = times[low + 1] - times[low]
      let u = span > 0 ? (t - times[low]) / span : 1
      let e = eases[low].value(at: min(max(u, 0), 1), fromLeft: beforeFlag)
      for c in 0..<width { out[c] = values[a + c] + (values[b + c] - values[a + c]) * e }
      return true
    }
  }

  private enum Kind {
    case constant([Double])
    case animated(Track)
    /// ``TimedValue``: the base, and each animation's timing and track.
    case timed([Double], [(timing: CSSTiming, track: Track)])
  }

  private let kind: Kind
  /// The channel's width: how many values ``write(at:into:)`` writes.
  let width: Int

  init(_ value: ChannelValue) {
    switch value {
    case .constant(let v):
      kind = .constant(v)
      width = v.count
    case .animated(let track, _):
      let probe = Track(track)
      kind = .animated(probe)
      width = probe.width
    case .timed(let timed):
      kind = .timed(timed.base, timed.animations.map { ($0.timing, Track($0.track)) })
      width = timed.base.count
    }
  }

  /// Writes ``ChannelValue/values(at:)`` into `out` (its first ``width`` elements); false where
  /// that value would not have ``width`` elements (a track of another width, an empty one) or
  /// `out` is shorter.
  func write(at t: Double, into out: inout [Double]) -> Bool {
    guard out.count >= width else { return false }
    switch kind {
    case .constant(let v):
      for c in 0..<width { out[c] = v[c] }
      return true
    case .animated(let track):
      return track.width == width && track.write(at: t, beforeFlag: false, into: &out)
    case let .timed(base, animations):
      for animation in animations.reversed() {
        if let p = animation.timing.progress(at: t) {
          return animation.track.width == width && animation.track.write(at: p.directed, beforeFlag: p.before, into: &out)
        }
      }
      for c in 0..<width { out[c] = base[c] }
      return true
    }
  }
}
