/// One compiled animation of one property of one layer: the unit the sampler walks.
///
/// A plain value with no reference-counted fields: timings and curves live in the
/// sampler's pools and tracks refer to them by offset, so walking tracks costs no
/// retain/release.
struct Track: Sendable {
  /// Where the value lands in the layer's slots.
  enum Target: Sendable {
    case slots(offset: Int, width: Int)
    case uniformScale
    /// Frame components (x, y, width, height) from this one on, the track's width of them.
    case frame(Int)
    /// Core Animation's `bounds`: origin (not modelled) and size.
    case bounds
    /// A transition's effect on the new (`isNew`) or old layer.
    case transition(isNew: Bool)
  }

  /// One end of a basic animation.
  enum Endpoint: Sendable {
    /// A constant, at an offset in the sampler's constant pool.
    case constant(Int)
    /// The value under the animation.
    case underlying
    /// The value under the animation plus a constant.
    case underlyingPlus(Int)
  }

  /// How the value is computed from progress.
  /// Payloads are small (offsets into the sampler's pools) so tracks stay cheap to read.
  enum Evaluator: Sendable {
    case basic(from: Endpoint, to: Endpoint)
    /// A keyframe track at this index of the keyframe pool.
    case keyframes(Int)
    /// A spring track at this index of the spring pool.
    case spring(Int)
    case transition(kind: Transition.Kind, direction: Transition.Direction, start: Double, end: Double)
  }

  var layer: Int
  let target: Target
  /// The outermost timing (the animation's own, or its outermost group's), as an index of
  /// the sampler's shared top-level timings: tracks with equal top-level timings share one
  /// evaluation per sample.
  let rootTiming: Int
  /// The timings inside the outermost one (inner groups, then the animation's own), in the
  /// timing-kernel pool (with their easings at the same positions of the timing-easing pool).
  let innerStart: Int
  let innerCount: Int
  let evaluator: Evaluator
  let isAdditive: Bool
  /// Whether each repeat adds the previous ones' change: false where the animation's own
  /// direction alternates, since a forward-and-back cycle ends where it began.
  let isCumulative: Bool
  /// Core Animation's removedOnCompletion of the top-level animation: nothing after its end.
  let removedOnCompletion: Bool
  /// The number of components the evaluator produces.
  let width: Int

  /// Whether the track is one side of a transition (which names a second layer).
  var isTransition: Bool {
    if case .transition = target { return true }
    return false
  }

  /// Whether evaluating needs the value under the animation (additive, or an endpoint that
  /// is "the value under it"); decided once at compile time.
  let needsUnderlying: Bool

  init(layer: Int, target: Target, rootTiming: Int, innerStart: Int, innerCount: Int, evaluator: Evaluator,
       isAdditive: Bool, isCumulative: Bool, removedOnCompletion: Bool, width: Int, springFromUnderlying: Bool = false) {
    self.layer = layer
    self.target = target
    self.rootTiming = rootTiming
    self.innerStart = innerStart
    self.innerCount = innerCount
    self.evaluator = evaluator
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
    self.removedOnCompletion = removedOnCompletion
    self.width = width
    switch evaluator {
    case .basic(let from, let to):
      if case .constant = from, case .constant = to { needsUnderlying = isAdditive } else { needsUnderlying = true }
    case .spring: needsUnderlying = isAdditive || springFromUnderlying
    case .keyframes, .transition: needsUnderlying = isAdditive
    }
  }
}

/// A keyframe animation with its key times resolved and, for cubic modes, its tangents.
struct KeyframeTrack: Sendable {
  let count: Int
  /// values[i * width + c] in the constant pool, from `values`.
  let values: Int
  /// count (or count + 1 for discrete) resolved key times, in the constant pool.
  let keyTimes: Int
  let keyTimeCount: Int
  /// Per-segment curves in the segment-easing pool (curveCount 0: none).
  let curveStart: Int
  let curveCount: Int
  let discrete: Bool
  let cubic: Bool
  /// Outgoing and incoming tangents per keyframe (count × width each), for cubic modes.
  let outTangents: Int
  let inTangents: Int
  /// cubicPaced: the arc-length table (``TrackCompiler/arcLengthTable(_:outs:ins:width:)``)
  /// in the constant pool: arcPieceCount + 1 cumulative lengths from 0, and per piece its
  /// segment and starting u; -1 for the other modes.
  let arcLengths: Int
  let arcPieces: Int
  let arcPieceCount: Int
}

/// A curve as the sampler evaluates it: linear and cubic-bezier curves (nearly all of them)
/// without touching a `Curve` value, others through the sampler's curve pool.
enum EasingKernel: Sendable, Hashable {
  case linear
  /// A cubic bezier whose parameter block starts at this offset of the constant pool.
  case bezier(Int)
  /// One of Penner's easings, evaluated as ``Curve/callAsFunction(_:beforeFlag:)`` does.
  case penner(PennerEasing)
  /// Any other curve, at this index of the curve pool.
  case curve(Int)
}

/// A spring animation's values: `from` nil = the value under the animation; velocity at an
/// offset of the constant pool or nil; the two springs give the position and velocity responses.
struct SpringTrack: Sendable {
  let from: Int?
  let to: Int
  let velocity: Int?
  let resting: Spring
  let moving: Spring
}

/// A shared top-level timing evaluated at the sample time, once per sample.
struct RootTimingResult: Sendable {
  var isAfter = false
  var isResolved = false
  var progress = 0.0
  var iteration = 0.0
  /// The timing's own time in its iteration (``TimingKernel/localTime(progress:activeTime:)``).
  var localTime = 0.0
}

/// One timing chain (a group's child: the outermost timing and the ones inside it) evaluated
/// at one sample, so tracks on the same chain (one animation attached to many layers, or a
/// transition's two sides) evaluate it once. Valid while `stamp` is the sample's.
struct ChainResult: Sendable {
  var stamp: UInt64 = 0
  var isResolved = false
  var progress = 0.0
  var iteration = 0.0
  var localTime = 0.0
}

/// Where a track is in its own timing at one sample: transformed progress, current
/// iteration, and its own time in that iteration (the one local-time rule).
struct ResolvedTiming {
  var progress: Double
  var iteration: Double
  var localTime: Double
}

/// A top-level timing and its easing, the key that shares their evaluation.
struct RootTiming: Sendable, Hashable {
  let kernel: TimingKernel
  let easing: EasingKernel
}

extension Track {
  /// Whether the track writes a gradient slot in a scene with `customCount` custom slots (the
  /// gradient's follow them): its layer's row must then keep them
  /// (``LayerSlots/rowWidth(customCount:keepsGradient:)``). The fixed targets are core slots.
  func writesGradient(customCount: Int) -> Bool {
    switch target {
    case .slots(let offset, let width): return offset + width > LayerSlots.gradientBase(customCount: customCount)
    case .uniformScale, .frame, .bounds, .transition: return false
    }
  }
}
