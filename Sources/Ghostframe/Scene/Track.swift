/// One compiled animation of one property of one layer: the unit the sampler walks.
struct Track: Sendable {
  /// Where the value lands in the layer's slots.
  enum Target: Sendable {
    case slots(offset: Int, width: Int)
    case uniformScale
    case frame
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
  enum Evaluator: Sendable {
    case basic(from: Endpoint, to: Endpoint)
    case keyframes(KeyframeTrack)
    /// `from` nil = the value under the animation; velocity at an offset or nil.
    case spring(from: Int?, to: Int, velocity: Int?, resting: Spring, moving: Spring)
    case transition(kind: Transition.Kind, direction: Transition.Direction, start: Double, end: Double)
  }

  let layer: Int
  let target: Target
  /// The timings from the outermost group to the animation's own.
  let timings: [Timing]
  let evaluator: Evaluator
  let isAdditive: Bool
  let isCumulative: Bool
  /// Core Animation's removedOnCompletion of the top-level animation: nothing after its end.
  let removedOnCompletion: Bool
  /// The number of components the evaluator produces.
  let width: Int
}

/// A keyframe animation with its key times resolved and, for cubic modes, its tangents.
struct KeyframeTrack: Sendable {
  let count: Int
  /// values[i * width + c] in the constant pool, from `values`.
  let values: Int
  /// count (or count + 1 for discrete) resolved key times, in the constant pool.
  let keyTimes: Int
  let keyTimeCount: Int
  /// Per-segment curves, or empty.
  let curves: [Curve]
  let discrete: Bool
  let cubic: Bool
  /// Outgoing and incoming tangents per keyframe (count × width each), for cubic modes.
  let outTangents: Int
  let inTangents: Int
}
