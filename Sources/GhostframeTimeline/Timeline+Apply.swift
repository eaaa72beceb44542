import GhostframeCore

extension Timeline {
  /// Schedules the timeline and adds its animations to `scene`: `try schedule().apply(to: &scene)`
  /// (see ``TimelineSchedule/apply(to:)``). To apply one timeline to several scenes, or to play it
  /// too, schedule it once and keep the ``TimelineSchedule``.
  ///
  /// - Returns: The added animations' ids, in schedule order.
  /// - Throws: What ``schedule()`` throws, then what ``TimelineSchedule/apply(to:)`` throws. On
  ///   error the scene is unchanged.
  @discardableResult
  public func apply(to scene: inout Scene) throws(GhostframeError) -> [UInt64] {
    try schedule().apply(to: &scene)
  }
}

extension TimelineSchedule {
  /// Adds the timeline's animations to `scene`: one additive basic animation per instance, layer
  /// and resolved key path (Anim's view properties become `frame`, `position` or `opacity`
  /// changes, so a size change keeps the frame's origin about the layer's anchor point, as UIKit
  /// does), from 0 by the definition's change, eased by its curve, beginning at the
  /// entry's begin time and kept after its end (fill forwards, not removed on completion), so
  /// `value(t) = model + Σ change · curve(clamp((t − begin) / duration, 0, 1))`.
  ///
  /// The schedule is not computed again: applying reads the placements it holds.
  ///
  /// - Returns: The added animations' ids, in schedule order.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for a layer the scene lacks;
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``Timeline/maximumAppliedAnimations``
  ///   (counted before anything is built) and the scene's own errors (its limits);
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a schedule that only reports
  ///   times (a chain's: apply the chain instead). On error the scene is unchanged.
  @discardableResult
  public func apply(to scene: inout Scene) throws(GhostframeError) -> [UInt64] {
    guard let placements else {
      throw .invalid("this schedule reports times only (a chain's); apply the chain itself")
    }
    let count = try Self.appliedAnimationCount(placements)
    for placement in placements where scene.index(ofLayer: placement.layer) == nil {
      throw GhostframeError(.notFound, "timeline: \(Identifier.quoted(placement.definition.name)) animates layer "
                            + "\(Identifier.quoted(placement.layer)), which the scene does not have")
    }
    // Built on a copy, so a failure part-way (a scene limit) leaves the caller's scene as it was.
    var result = scene
    var ids: [UInt64] = []
    ids.reserveCapacity(count)
    for placement in placements {
      let timing = try Self.timing(placement)
      for change in placement.definition.resolvedChanges {
        let animation = Animation(
          property: change.property, timing: timing, content: .basic(BasicValues(by: change.amount)),
          isAdditive: true, removedOnCompletion: false)
        ids.append(try result.addAnimation(animation, to: placement.layer))
      }
    }
    scene = result
    return ids
  }

  /// The animations applying `placements` adds (one per placement and key path of its
  /// definition), checked against ``Timeline/maximumAppliedAnimations`` before any is built.
  private static func appliedAnimationCount(_ placements: [Placement]) throws(GhostframeError) -> Int {
    let maximum = Timeline.maximumAppliedAnimations
    var count = 0
    for placement in placements {
      count += placement.definition.resolvedChanges.count
      // Stops at the first placement past the limit: the total can then neither overflow nor matter.
      guard count <= maximum else {
        let total = placements.reduce(0) { $0 &+ $1.definition.resolvedChanges.count }
        throw GhostframeError(.limit, "timeline: applying it would add \(total) animations (one per schedule entry "
                              + "and key path); a timeline applies at most \(maximum)")
      }
    }
    return count
  }

  /// Core Animation timing from the entry's begin, filling forwards. A zero duration uses the Web
  /// Animations timing directly: Core Animation reads 0 as its 0.25 s default, and an instantaneous
  /// instance must jump to its change at its begin.
  private static func timing(_ placement: Placement) throws(GhostframeError) -> Timing {
    let curve = placement.definition.curve
    guard placement.duration > 0 else {
      return try Timing(duration: 0, delay: placement.begin, fill: .forwards, easing: curve)
    }
    return try Timing.coreAnimation(duration: placement.duration, beginTime: placement.begin, fillMode: .forwards,
                                    easing: curve)
  }
}
