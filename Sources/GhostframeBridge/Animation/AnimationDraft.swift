import CGhostframe
import Ghostframe

/// The object behind a `gf_animation *`: an animation being described by builder calls,
/// turned into an ``Animation`` when it is added to a scene or a group.
final class AnimationDraft: ExclusiveHandleBox {
  static var kind: HandleKind { .animation }

  enum Kind { case basic, keyframes, spring, group, transition }

  let kind: Kind
  let property: AnimatableProperty?
  let timing: Timing?
  var values: [Int32: [Double]] = [:]
  var flags: UInt32 = 0
  /// Keyframe values laid end to end, `property.valueWidth` numbers per keyframe.
  var keyframeValues: [Double] = []
  var keyTimes: [Double]?
  var mode: Keyframes.CalculationMode = .linear
  var curves: [Curve]?
  var tension: [Double]?, continuity: [Double]?, bias: [Double]?
  var children: [Animation] = []
  var spring: Spring?
  var transition: Transition?

  init(kind: Kind, property: AnimatableProperty?, timing: Timing?) {
    self.kind = kind
    self.property = property
    self.timing = timing
  }

  /// The timing every kind but springs is created with.
  private func requiredTiming() throws(GhostframeError) -> Timing {
    guard let timing else { throw GhostframeError(.invalidArgument, "the animation has no timing") }
    return timing
  }

  /// The animation described so far.
  func build() throws(GhostframeError) -> Animation {
    let additive = flags & UInt32(GF_ANIMATION_ADDITIVE) != 0
    let cumulative = flags & UInt32(GF_ANIMATION_CUMULATIVE) != 0
    let removed = flags & UInt32(GF_ANIMATION_KEEP_AFTER_END) == 0
    let keyPath = property?.keyPath ?? ""
    switch kind {
    case .basic:
      return try .basic(
        keyPath, from: values[GF_VALUE_FROM], to: values[GF_VALUE_TO], by: values[GF_VALUE_BY],
        timing: requiredTiming(), isAdditive: additive, isCumulative: cumulative,
        removedOnCompletion: removed)
    case .keyframes:
      let keyframes = Keyframes(
        flatValues: keyframeValues, width: property?.valueWidth ?? 1, keyTimes: keyTimes, curves: curves, mode: mode,
        tension: tension, continuity: continuity, bias: bias)
      return try .keyframes(keyPath, keyframes, timing: requiredTiming(), isAdditive: additive,
                            isCumulative: cumulative, removedOnCompletion: removed)
    case .spring:
      guard let spring else { throw GhostframeError(.invalidArgument, "spring animation has no spring") }
      guard let to = values[GF_VALUE_TO] else { throw GhostframeError(.invalidArgument, "a spring animation needs a GF_VALUE_TO value") }
      let springValues = SpringValues(from: values[GF_VALUE_FROM], to: to, velocity: values[GF_VALUE_VELOCITY],
                                      spring: spring)
      return try .spring(keyPath, springValues, timing: timing, isAdditive: additive, removedOnCompletion: removed)
    case .group:
      return try .group(children, timing: requiredTiming(), removedOnCompletion: removed)
    case .transition:
      guard let transition else { throw GhostframeError(.invalidArgument, "transition animation has no transition") }
      return try .transition(transition, timing: requiredTiming(), removedOnCompletion: removed)
    }
  }
}
