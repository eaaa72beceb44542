import GhostframeCore

/// What one link of a chain describes, as built; checked and compiled by the chain.
struct ChainLinkSpec {
  /// The animator kind.
  enum Kind: String {
    case basic, spring, keyframe, transition
  }

  let kind: Kind
  /// The stage the link belongs to.
  let stage: Int
  /// The name in the schedule; nil uses the key path (or "transition").
  var name: String?
  /// The animated key path (basic, spring, keyframe).
  var keyPath: String?
  var from: [Double]?
  var to: [Double]?
  var by: [Double]?
  /// Seconds; nil is Core Animation's 0.25 s, or a spring's settling duration.
  var duration: Double?
  /// Seconds after the stage's start.
  var beginTime = 0.0
  /// Cycles, Core Animation's `repeatCount` (0 = once).
  var repeatCount = 0.0
  var autoreverses = false
  /// The timing curve; nil is the kind's default (``ChainLink`` says which).
  var curve: Curve?
  /// Whether the value adds to what is under it (always for a by-only change).
  var isAdditive = false
  /// Spring parameters.
  var mass = 1.0, stiffness = 100.0, damping = 10.0, initialVelocity = 0.0
  /// Keyframes.
  var values: [[Double]]?
  var keyTimes: [Double]?
  var mode: Keyframes.CalculationMode = .linear
  /// Transition.
  var transition = Transition(kind: .fade, fromLayer: "")
  /// Called as the scene's clock crosses the link's end.
  var completion: ((ChainCompletion) -> Void)?

  /// The name entries and completions carry.
  var resolvedName: String { name ?? keyPath ?? kind.rawValue }
}
