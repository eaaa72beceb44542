import GhostframeCore

/// The composed slots of every layer at one time, with some slots replaced: what a channel's
/// function reads.
struct SlotReader {
  let rows: [Double]
  var overrides: [Int: Double] = [:]
  /// The slots of a layer's row (read once: the sampler's count is not inlined across modules).
  private let stride = SceneSampler.exportSlotCount

  init(rows: [Double], overrides: [Int: Double] = [:]) {
    self.rows = rows
    self.overrides = overrides
  }

  /// Slot `slot` of layer `layer`.
  func callAsFunction(_ layer: Int, _ slot: Int) -> Double {
    let index = layer * stride + slot
    return overrides.isEmpty ? rows[index] : overrides[index] ?? rows[index]
  }
}

/// One value a format writes for one layer (a Lottie property, a CSS declaration), as a
/// function of the composed slots of the layer and its ancestors.
struct ExportChannel {
  /// The slots it reads, as (layer, slot).
  var inputs: [(layer: Int, slot: Int)]
  /// Per component, what one unit of it is in the error's units (points, degrees, percent,
  /// levels): one per component, so its count is the channel's ``width``.
  var errorScale: [Double]
  /// Writes the value into the first ``width`` elements of the buffer, which holds at least
  /// that many (the planner's check reads every channel at thousands of times into one buffer).
  var write: (SlotReader, inout [Double]) -> Void

  /// How many numbers the value has.
  var width: Int { errorScale.count }

  /// The value.
  func evaluate(_ reader: SlotReader) -> [Double] {
    var out = [Double](repeating: 0, count: width)
    write(reader, &out)
    return out
  }
}

/// One CSS animation of a channel: its timing, and its keyframes over one iteration (times
/// are the directed progress, 0...1).
struct TimedAnimation: Sendable {
  var timing: CSSTiming
  var track: ExportTrack
}

/// A channel written with its animations' own timings (HTML and SVG): the value with no
/// animation in effect, and the animations, a later one replacing an earlier one wherever it
/// has an effect, as CSS composes them.
struct TimedValue: Sendable {
  var base: [Double]
  var animations: [TimedAnimation]

  /// The value a browser shows at document time `t`.
  func values(at t: Double) -> [Double] {
    for animation in animations.reversed() {
      if let p = animation.timing.progress(at: t) { return animation.track.values(at: p.directed, beforeFlag: p.before) }
    }
    return base
  }
}

/// A channel resolved over the export window.
enum ChannelValue {
  /// The same at every time.
  case constant([Double])
  /// Keyframes: the scene's own (`baked` false) or samples at the frame rate.
  case animated(ExportTrack, baked: Bool)
  /// The scene's own animations with their own timings (HTML and SVG).
  case timed(TimedValue)

  /// The value at time 0.
  var initial: [Double] {
    switch self {
    case .constant(let v): return v
    case .animated(let track, _): return track.keyframes.first?.values ?? []
    case .timed(let value): return value.values(at: 0)
    }
  }

  /// The value at `t`.
  func values(at t: Double) -> [Double] {
    switch self {
    case .constant(let v): return v
    case .animated(let track, _): return track.values(at: t)
    case .timed(let value): return value.values(at: t)
    }
  }

  var isAnimated: Bool {
    if case .constant = self { return false }
    return true
  }

  /// The channel with every value it writes mapped by `f` (a selection or rearrangement of
  /// components: the eases carry over).
  func mapped(_ f: ([Double]) -> [Double]) -> ChannelValue {
    func track(_ t: ExportTrack) -> ExportTrack {
      ExportTrack(keyframes: t.keyframes.map { ExportKeyframe(time: $0.time, values: f($0.values), ease: $0.ease) })
    }
    switch self {
    case .constant(let v): return .constant(f(v))
    case .animated(let t, let baked): return .animated(track(t), baked: baked)
    case .timed(let value):
      return .timed(TimedValue(base: f(value.base),
                               animations: value.animations.map { TimedAnimation(timing: $0.timing, track: track($0.track)) }))
    }
  }

  /// Every value the channel writes (keyframes, bases).
  var writtenValues: [[Double]] {
    switch self {
    case .constant(let v): return [v]
    case .animated(let track, _): return track.keyframes.map(\.values)
    case .timed(let value): return [value.base] + value.animations.flatMap { $0.track.keyframes.map(\.values) }
    }
  }
}
