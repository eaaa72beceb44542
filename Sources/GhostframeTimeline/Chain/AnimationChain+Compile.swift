import GhostframeCore

/// One compiled link: where it runs and the scene animation it becomes.
struct ChainPlacement {
  let index: Int
  let name: String
  let begin: Double
  let end: Double
  let animation: Animation
}

extension AnimationChain {
  /// The chain's length: when its last stage ends (0 for an empty chain).
  ///
  /// - Throws: As ``schedule()``.
  public var duration: Double {
    get throws(GhostframeError) { try compile(start: 0).duration }
  }

  /// Compiles the chain to begin and end times, relative to the chain's start.
  ///
  /// - Returns: One entry per link: `name` is the link's ``ChainLink/named(_:)`` name, else the key
  ///   path it animates (`"position"`), else `"transition"`; `layer` is ``layer``; `begin` and `end`
  ///   bound its active interval (repeats and autoreverses included). Sorted by begin, then layer,
  ///   then name, then creation order, as a ``Timeline``'s; `duration` is the chain's end.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a link without a property or
  ///   values, a value of the wrong width, a non-finite or negative duration, begin time or
  ///   repeat count, a spring that never settles, a transition without a layer to come from, a
  ///   link that would end past the largest Double (its stage's start, begin time and repeated
  ///   duration); ``/GhostframeCore/GhostframeError/Code/limit`` for a spring that settles after it;
  ///   ``/GhostframeCore/GhostframeError/Code/notFound`` for an unknown key path. The message names the link.
  public func schedule() throws(GhostframeError) -> TimelineSchedule {
    let compiled = try compile(start: 0)
    let entries = compiled.placements.map {
      TimelineSchedule.Entry(name: $0.name, layer: layer, begin: $0.begin, end: $0.end)
    }
    // Stable sort on (begin, name): one layer per chain, and placements are in creation order.
    let order = entries.indices.sorted {
      let a = entries[$0], b = entries[$1]
      return a.begin != b.begin ? a.begin < b.begin : (a.name != b.name ? a.name < b.name : $0 < $1)
    }
    return TimelineSchedule(entries: order.map { entries[$0] }, duration: compiled.duration)
  }

  /// Adds the chain's animations to `scene` on one layer, all or nothing: one animation per link,
  /// beginning at `start` plus the link's begin in ``schedule()``, filling forwards and kept after
  /// its end (AXAnimationChain's `removedOnCompletion = NO`, `fillMode = forwards`), so each link's
  /// change stays and later links build on it.
  ///
  /// - Parameters:
  ///   - scene: The scene; unchanged on error.
  ///   - layer: The layer to animate; nil is ``layer``.
  ///   - start: The chain's start on the scene clock, finite.
  /// - Returns: The run, which delivers completion callbacks as the scene's clock moves.
  /// - Throws: What ``schedule()`` throws; ``/GhostframeCore/GhostframeError/Code/notFound`` for a layer the
  ///   scene lacks; the scene's limits.
  @discardableResult
  public func animate(in scene: inout Scene, layer: String? = nil, at start: Double = 0) throws(GhostframeError)
    -> ChainRun
  {
    guard start.isFinite else { throw .invalid("chain: start time must be finite (got \(start))") }
    let target = layer ?? self.layer
    let compiled = try compile(start: start)
    guard scene.index(ofLayer: target) != nil else {
      throw GhostframeError(.notFound, "chain: the scene has no layer \(Identifier.quoted(target))")
    }
    var result = scene
    var links: [UInt64: ChainRun.Link] = [:]
    var ids: [UInt64] = []
    for placement in compiled.placements {
      let id = try result.addAnimation(placement.animation, to: target)
      ids.append(id)
      links[id] = ChainRun.Link(name: placement.name, index: placement.index, end: placement.end,
                                completion: specs[placement.index].completion)
    }
    scene = result
    return ChainRun(layer: target, animationIDs: ids, links: links)
  }

  /// Places every link and builds its animation; `start` offsets every begin.
  func compile(start: Double) throws(GhostframeError) -> (placements: [ChainPlacement], duration: Double) {
    if let problem { throw problem }
    // Stage by stage; within a stage, in creation order.
    var byStage = [[Int]](repeating: [], count: stageCount)
    for (index, spec) in specs.enumerated() { byStage[spec.stage].append(index) }
    var placements: [ChainPlacement] = []
    placements.reserveCapacity(specs.count)
    var stageEnd = start
    for members in byStage {
      let stageStart = stageEnd
      for index in members {
        let spec = specs[index]
        let animation: Animation
        let begin: Double, end: Double
        do {
          (animation, begin, end) = try Self.placed(spec, stageStart: stageStart)
        } catch {
          throw GhostframeError(
            error.code, "chain link \(index) (\(Identifier.quoted(spec.resolvedName))): \(error.message)")
        }
        placements.append(ChainPlacement(index: index, name: spec.resolvedName, begin: begin, end: end,
                                         animation: animation))
        stageEnd = max(stageEnd, end)
      }
    }
    // Creation order, so ids follow link indices.
    placements.sort { $0.index < $1.index }
    return (placements, stageEnd - start)
  }

  /// One link's animation in a stage starting at `stageStart`, with its begin and end, which
  /// must be finite: a link whose end overflows (1e308 repeats of 1e308 s, or a stage starting at
  /// 1e308 s) is refused here, where the times are derived, rather than reported as +inf.
  static func placed(_ spec: ChainLinkSpec, stageStart: Double) throws(GhostframeError)
    -> (animation: Animation, begin: Double, end: Double)
  {
    let begin = stageStart + spec.beginTime
    guard begin.isFinite || !spec.beginTime.isFinite else {
      throw .invalid("begins past the largest duration (its stage starts at \(stageStart) s, begin time \(spec.beginTime) s)")
    }
    let animation = try animation(spec, begin: begin)
    let end = begin + animation.timing.activeDuration
    guard end.isFinite else {
      throw .invalid(
        "ends past the largest duration (begins at \(begin) s, lasts \(animation.timing.activeDuration) s with repeats and autoreverses)")
    }
    return (animation, begin, end)
  }

  /// The scene animation of one link beginning at `begin`.
  static func animation(_ spec: ChainLinkSpec, begin: Double) throws(GhostframeError) -> Animation {
    guard spec.beginTime.isFinite && spec.beginTime >= 0 else {
      throw .invalid("begin time must be finite and >= 0 (got \(spec.beginTime))")
    }
    guard spec.repeatCount.isFinite && spec.repeatCount >= 0 else {
      throw .invalid(
        "repeat count must be finite and >= 0 (got \(spec.repeatCount)); a chain cannot follow a link that never ends")
    }
    if let duration = spec.duration, !(duration.isFinite && duration >= 0) {
      throw .invalid("duration must be finite and >= 0 (got \(duration))")
    }
    if let name = spec.name { try Identifier.check(name, "link name") }
    func timing(_ duration: Double, easing: Curve) throws(GhostframeError) -> Timing {
      try Timing.coreAnimation(duration: duration, beginTime: begin, repeatCount: spec.repeatCount,
                               autoreverses: spec.autoreverses, fillMode: .forwards, easing: easing)
    }
    let animation: Animation
    switch spec.kind {
    case .basic:
      let (property, values, additive) = try basicValues(spec)
      animation = Animation(property: property, timing: try timing(spec.duration ?? 0, easing: spec.curve ?? .ease),
                            content: .basic(values), isAdditive: additive, removedOnCompletion: false)
    case .spring:
      let (property, values, additive) = try basicValues(spec)
      let spring = try Spring(mass: spec.mass, stiffness: spec.stiffness, damping: spec.damping,
                              initialVelocity: spec.initialVelocity)
      let settling = try spring.settlingDuration()
      let duration = spec.duration ?? settling
      let springCurve = try Curve.spring(spring)
      if let warp = spec.curve, warp != .linear {
        // The warp eases the group's time; the child, timed in it, is the spring over [0, d].
        let child = Animation(
          property: property,
          timing: try Timing.coreAnimation(duration: duration, fillMode: .both, easing: springCurve),
          content: .basic(values), isAdditive: additive, removedOnCompletion: false)
        animation = Animation(property: nil, timing: try timing(duration, easing: warp), content: .group([child]),
                              removedOnCompletion: false)
      } else {
        animation = Animation(property: property, timing: try timing(duration, easing: springCurve),
                              content: .basic(values), isAdditive: additive, removedOnCompletion: false)
      }
    case .keyframe:
      guard let keyPath = spec.keyPath else { throw .invalid("a keyframe link needs a property") }
      guard let values = spec.values, !values.isEmpty else { throw .invalid("a keyframe link needs values") }
      animation = Animation(
        property: try AnimatableProperty(keyPath: keyPath),
        timing: try timing(spec.duration ?? 0, easing: spec.curve ?? .ease),
        content: .keyframes(Keyframes(values: values, keyTimes: spec.keyTimes, mode: spec.mode)),
        isAdditive: spec.isAdditive, removedOnCompletion: false)
    case .transition:
      guard !spec.transition.fromLayer.isEmpty else {
        throw .invalid("a transition link needs the layer it transitions from (fromLayer)")
      }
      animation = Animation(property: nil, timing: try timing(spec.duration ?? 0, easing: spec.curve ?? .ease),
                            content: .transition(spec.transition), removedOnCompletion: false)
    }
    try animation.validate()
    return animation
  }

  /// The property and values of a basic or spring link; a by-only change is additive from 0.
  private static func basicValues(_ spec: ChainLinkSpec) throws(GhostframeError)
    -> (AnimatableProperty, BasicValues, Bool)
  {
    guard let keyPath = spec.keyPath else { throw .invalid("a \(spec.kind.rawValue) link needs a property") }
    let property = try AnimatableProperty(keyPath: keyPath)
    guard spec.from != nil || spec.to != nil || spec.by != nil else {
      throw .invalid("a \(spec.kind.rawValue) link needs a from, to or by value")
    }
    for value in [spec.from, spec.to, spec.by].compactMap({ $0 }) where value.count != property.valueWidth {
      throw .invalid("'\(keyPath)' takes \(property.valueWidth) value(s), got \(value.count)")
    }
    let byOnly = spec.by != nil && spec.from == nil && spec.to == nil
    return (property, BasicValues(from: spec.from, to: spec.to, by: spec.by), byOnly || spec.isAdditive)
  }
}
