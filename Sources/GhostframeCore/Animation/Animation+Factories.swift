extension Animation {
  /// A keyframe animation of `keyPath`.
  public static func keyframes(
    _ keyPath: String, _ keyframes: Keyframes, timing: Timing, isAdditive: Bool = false,
    isCumulative: Bool = false, removedOnCompletion: Bool = true
  ) throws(GhostframeError) -> Animation {
    let animation = Animation(
      property: try AnimatableProperty(keyPath: keyPath), timing: timing, content: .keyframes(keyframes),
      isAdditive: isAdditive, isCumulative: isCumulative, removedOnCompletion: removedOnCompletion)
    try animation.validate()
    return animation
  }

  /// A spring animation of `keyPath`. Without a timing it runs once for the spring's settling
  /// duration (epsilon 1e-3 of the distance) and holds its end value. The physics run in
  /// the animation's own time (``Timing``'s local-time rule), so a time scale (Core
  /// Animation's speed) speeds them up.
  public static func spring(
    _ keyPath: String, _ values: SpringValues, timing: Timing? = nil, isAdditive: Bool = false,
    removedOnCompletion: Bool = true
  ) throws(GhostframeError) -> Animation {
    let resolved: Timing
    if let timing {
      resolved = timing
    } else {
      resolved = try Timing(duration: values.spring.settlingDuration(), fill: .forwards)
    }
    let animation = Animation(
      property: try AnimatableProperty(keyPath: keyPath), timing: resolved, content: .spring(values),
      isAdditive: isAdditive, removedOnCompletion: removedOnCompletion)
    try animation.validate()
    return animation
  }

  /// A group: `children` are timed in the group's own (local) time, as Core Animation
  /// evaluates them "in the time space of the receiver": the group's delay, time offset,
  /// time scale (speed), repeats, direction and easing all reach them, and they are clipped
  /// to the group's iteration, `[0, duration × timeScale]` of that time.
  public static func group(
    _ children: [Animation], timing: Timing, removedOnCompletion: Bool = true
  ) throws(GhostframeError) -> Animation {
    let animation = Animation(property: nil, timing: timing, content: .group(children),
                              removedOnCompletion: removedOnCompletion)
    try animation.validate()
    return animation
  }

  /// A transition from the layer `transition.fromLayer` to the layer the animation is
  /// attached to.
  public static func transition(
    _ transition: Transition, timing: Timing, removedOnCompletion: Bool = true
  ) throws(GhostframeError) -> Animation {
    let animation = Animation(property: nil, timing: timing, content: .transition(transition),
                              removedOnCompletion: removedOnCompletion)
    try animation.validate()
    return animation
  }
}
