/// The planner's candidates made ready for its check, which reads every one of them at up to
/// 4,000 times: what ``ChannelValue/values(at:)`` gives, with the work shared and nothing
/// allocated per reading.
///
/// A track's keyframe times and eases (under its CSS timing, for a timed value) are its
/// *clock*; candidates whose tracks keep the same clock (the same animation on many layers, a
/// skeleton's shimmer) share it, so at each time every clock finds its keyframe and eased
/// progress once, and a candidate only mixes its own two keyframes' values. Cubic beziers are
/// solved by ``SolvedBezier`` (within 1e-12 of the writers' ``Bezier`` bisection), the other
/// eases as ``ExportEase/value(at:fromLeft:)``; the rest reads as ``ExportTrack/values(at:beforeFlag:)``
/// and ``TimedValue/values(at:)`` do. Everything lives in flat arrays of plain values, read in
/// the candidates' order.
struct CheckTable {
  /// An ease with its curve solved ahead.
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

  /// What distinguishes a clock: the timing a timed track plays under (nil: scene time), and
  /// its keyframes' times and eases.
  private struct ClockKey: Hashable {
    var timing: CSSTiming?
    var times: [Double]
    var eases: [ExportEase]
  }

  /// Where a clock stands at the current time.
  private struct ClockState {
    /// No effect (a timed track outside its animation's effect): the layer below shows.
    var none = true
    /// The keyframe at or before the time, and the next (-1: `from` holds).
    var from = 0
    var to = -1
    /// The eased progress from `from` to `to`.
    var eased = 0.0
  }

  /// One track of a candidate: its clock, where its keyframes' values start in ``values``
  /// (`width` each), and whether it reads (not empty, every keyframe of the channel's width).
  private struct Track {
    var clock: Int
    var offset: Int
    var valid: Bool
  }

  /// One candidate: its width, where its base starts in ``values`` (a timed value's, or a
  /// constant's; none for keyframes over the window), and its tracks in ``tracks`` (a later
  /// one over an earlier one).
  private struct Candidate {
    var present: Bool
    var width: Int
    var base: Int?
    var tracks: Range<Int>
  }

  private var clockTimings: [CSSTiming?] = []
  /// Per clock, its keyframes' range in ``times`` and ``eases``.
  private var clockRanges: [Range<Int>] = []
  private var times: [Double] = []
  private var eases: [Ease] = []
  private var states: [ClockState] = []
  private var values: [Double] = []
  private var tracks: [Track] = []
  private var candidates: [Candidate] = []
  /// The widest candidate.
  private(set) var maximumWidth = 0

  /// The table of `values`, candidate `j` being `values[j]` (nil: a candidate not read, which
  /// ``write(_:into:)`` never writes).
  init(_ values: [ChannelValue?]) {
    var clockIndex: [ClockKey: Int] = [:]
    for value in values {
      guard let value else {
        candidates.append(Candidate(present: false, width: 0, base: nil, tracks: 0..<0))
        continue
      }
      let width: Int, base: [Double]?, own: [(timing: CSSTiming?, track: ExportTrack)]
      switch value {
      case .constant(let v): (width, base, own) = (v.count, v, [])
      case .animated(let track, _): (width, base, own) = (track.width, nil, [(nil, track)])
      case .timed(let timed): (width, base, own) = (timed.base.count, timed.base, timed.animations.map { ($0.timing, $0.track) })
      }
      let baseOffset = base.map { _ in self.values.count }
      if let base { self.values += base }
      let first = tracks.count
      for (timing, track) in own {
        let key = ClockKey(timing: timing, times: track.keyframes.map(\.time), eases: track.keyframes.map(\.ease))
        let clock: Int
        if let known = clockIndex[key] {
          clock = known
        } else {
          clock = clockTimings.count
          clockIndex[key] = clock
          clockTimings.append(timing)
          clockRanges.append(times.count..<(times.count + key.times.count))
          times += key.times
          eases += key.eases.map(Ease.init)
        }
        let valid = !track.keyframes.isEmpty && track.keyframes.allSatisfy { $0.values.count == width }
        tracks.append(Track(clock: clock, offset: self.values.count, valid: valid))
        if valid { for keyframe in track.keyframes { self.values += keyframe.values } }
      }
      candidates.append(Candidate(present: true, width: width, base: baseOffset, tracks: first..<tracks.count))
      maximumWidth = max(maximumWidth, width)
    }
    states = Array(repeating: ClockState(), count: clockTimings.count)
  }

  /// Moves every clock to time `t` (in seconds, or the document's time for timed values).
  mutating func advance(to t: Double) {
    for k in clockRanges.indices {
      var local = t, before = false
      if let timing = clockTimings[k] {
        guard let p = timing.progress(at: t) else {
          states[k] = ClockState()
          continue
        }
        (local, before) = (p.directed, p.before)
      }
      let range = clockRanges[k]
      var state = ClockState(none: false, from: 0, to: -1, eased: 0)
      // (An empty track: its candidates' tracks are not valid, and read nothing.)
      if !range.isEmpty, !(local < times[range.lowerBound]) {
        // The last keyframe at or before the time.
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
          let mid = (low + high + 1) / 2
          if times[mid] <= local { low = mid } else { high = mid - 1 }
        }
        state.from = low - range.lowerBound
        if low + 1 < range.upperBound {
          let span = times[low + 1] - times[low]
          let u = span > 0 ? (local - times[low]) / span : 1
          state.to = state.from + 1
          state.eased = eases[low].value(at: min(max(u, 0), 1), fromLeft: before)
        }
      }
      states[k] = state
    }
  }

  /// Writes candidate `j`'s value at the time of the last ``advance(to:)`` into `out` (its
  /// first ``width(_:)`` elements); false where it has no such value (a track in effect that
  /// is empty or of another width) or `out` is shorter.
  func write(_ j: Int, into out: inout [Double]) -> Bool {
    guard candidates.indices.contains(j) else { return false }
    let candidate = candidates[j]
    let width = candidate.width
    guard candidate.present, out.count >= width else { return false }
    for index in candidate.tracks.reversed() {
      let track = tracks[index]
      let state = states[track.clock]
      if state.none { continue }
      guard track.valid else { return false }
      let a = track.offset + state.from * width
      if state.to < 0 {
        for c in 0..<width { out[c] = values[a + c] }
      } else {
        let b = track.offset + state.to * width, e = state.eased
        for c in 0..<width { out[c] = values[a + c] + (values[b + c] - values[a + c]) * e }
      }
      return true
    }
    // (Keyframes over the window always have their track in effect.)
    guard let base = candidate.base else { return false }
    for c in 0..<width { out[c] = values[base + c] }
    return true
  }

  /// How many values candidate `j` writes (0 for one the table does not hold).
  func width(_ j: Int) -> Int { candidates.indices.contains(j) ? candidates[j].width : 0 }
}
