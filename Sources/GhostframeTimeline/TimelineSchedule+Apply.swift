import GhostframeCore

extension TimelineSchedule {
  /// Adds the timeline's animations to `scene`: one additive animation per instance, layer and
  /// resolved key path (Anim's view properties become `frame`, `position` or `opacity` changes, so
  /// a size change keeps the frame's origin about the layer's anchor point, as UIKit does).
  ///
  /// A relative definition adds its change from the entry's begin, eased by its curve and kept
  /// after its end (fill forwards, not removed on completion), so
  /// `value(t) = model + Σ change · curve(clamp((t − begin) / duration, 0, 1))`. A definition of
  /// absolute values (``TimelineDefinition/Values``) is resolved here, against the value the
  /// property has at the entry's begin (the layer's model value plus what the entries before it
  /// on the same layer and key path have done by then), into the same closed form: `to` adds
  /// `target − current`, `from` holds `from − current` before its begin and eases it back to 0,
  /// `fromTo` holds `from − current` and eases to `to − current`.
  ///
  /// An instance inside repeating sequences or parallels (``repeats``) becomes one keyframe
  /// animation that repeats with its outermost repeating node (two plays per iteration when it
  /// yoyos, the backwards one on reversed curves; the repeats of nodes inside it are laid out in
  /// its keyframes), so the value at any time is what the instance shows in the play running
  /// then: its start at each play's start, its end during a repeat delay.
  ///
  /// The schedule is not computed again: applying reads the placements it holds.
  ///
  /// - Returns: The added animations' ids, in schedule order.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for a layer the scene lacks;
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``Timeline/maximumAppliedAnimations``
  ///   or ``Timeline/maximumAppliedKeyframes`` (counted before anything is built) and the
  ///   scene's own errors (its limits);
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an absolute value whose change
  ///   passes the largest Double, for a curve that must run backwards in a yoyo and has no
  ///   reverse (a spring, a host curve), and for a schedule that only reports times (a chain's: apply
  ///   the chain instead); ``/GhostframeCore/GhostframeError/Code/callback`` when a host curve
  ///   fails while an absolute value is resolved. On error the scene is unchanged.
  @discardableResult
  public func apply(to scene: inout Scene) throws(GhostframeError) -> [UInt64] {
    guard let placements else {
      throw .invalid("this schedule reports times only (a chain's); apply the chain itself")
    }
    let count = try Self.appliedAnimationCount(placements)
    var layers = LayerLookup()
    for placement in placements where layers.index(of: placement.layer, in: scene) == nil {
      throw GhostframeError(.notFound, "timeline: \(Identifier.quoted(placement.definition.name)) animates layer "
                            + "\(Identifier.quoted(placement.layer)), which the scene does not have")
    }
    let contributions = try Self.contributions(of: placements, in: scene, count: count)
    let chains = repeats.indices.map { chain($0) }
    try Self.checkKeyframes(contributions, placements, chains)
    // Built on a copy, so a failure part-way (a scene limit) leaves the caller's scene as it was.
    var result = scene
    var ids: [UInt64] = []
    ids.reserveCapacity(count)
    for contribution in contributions {
      let placement = placements[contribution.placement]
      let chain = Self.chain(of: placement, in: chains)
      let animation = chain.isEmpty ? try contribution.animation(placement)
        : try contribution.repeatingAnimation(placement, chain)
      // Checked above; the scene checks the index against the id again.
      guard let layer = layers.index(of: placement.layer, in: result) else {
        throw GhostframeError(.notFound, "no layer '\(placement.layer)'")
      }
      ids.append(try result.addAnimation(animation, to: placement.layer, at: layer, key: nil, isValidated: false))
    }
    scene = result
    return ids
  }

  /// The layer index of the placements' layers, remembering the last: the entries of a timeline
  /// come in runs on one layer, so most placements are answered without hashing their layer's id.
  private struct LayerLookup {
    private var last: (id: String, index: Int)?

    /// The index of the layer `id` in `scene`, or nil when it has none. The scene's layers do
    /// not change while one lookup is used (animations are added, never layers).
    mutating func index(of id: String, in scene: Scene) -> Int? {
      if let last, last.id == id { return last.index }
      guard let index = scene.index(ofLayer: id) else { return nil }
      last = (id, index)
      return index
    }
  }

  /// The repeating nodes around `placement`, outermost first (``chain(_:)``), from `chains`, the
  /// chain of every repeating node computed once.
  private static func chain(of placement: Placement, in chains: [[Repeat]]) -> [Repeat] {
    guard let index = placement.repeat, chains.indices.contains(index) else { return [] }
    return chains[index]
  }

  /// The animations applying `placements` adds (one per placement and key path of its
  /// definition), checked against ``Timeline/maximumAppliedAnimations`` before any is built.
  private static func appliedAnimationCount(_ placements: [Placement]) throws(GhostframeError) -> Int {
    let maximum = Timeline.maximumAppliedAnimations
    var count = 0
    for placement in placements {
      count += placement.definition.animationsPerLayer
      // Stops at the first placement past the limit: the total can then neither overflow nor matter.
      guard count <= maximum else {
        let total = placements.reduce(0) { $0 &+ $1.definition.animationsPerLayer }
        throw GhostframeError(.limit, "timeline: applying it would add \(total) animations (one per schedule entry "
                              + "and key path); a timeline applies at most \(maximum)")
      }
    }
    return count
  }

  /// What one placement does to one property, in closed form: `start + change · curve(p)` with
  /// `p = clamp((t − begin) / duration, 0, 1)`; before its begin, `start` when it fills backwards
  /// (GSAP's immediate render of `from` and `fromTo`), else nothing.
  struct Contribution {
    /// The placement's index in the schedule's placements.
    let placement: Int
    let property: AnimatableProperty
    let curve: Curve
    let begin: Double
    let duration: Double
    /// Relative (Anim's change, built as Core Animation's `by`), or absolute (resolved below).
    let isRelative: Bool
    let fillsBackwards: Bool
    /// The absolute target the placement resolves, when it has one.
    let target: TimelineDefinition.Target?
    let mode: TimelineDefinition.Values?
    var start: [Double]
    var change: [Double]

    var end: Double { begin + duration }

    /// The contribution at timeline time `t`.
    func value(at t: Double) throws(GhostframeError) -> [Double] {
      if t < begin { return fillsBackwards ? start : start.map { _ in 0 } }
      if duration <= 0 || t >= end { return zip(start, change).map(+) }
      let eased = try curve.checkedValue(at: (t - begin) / duration)
      return zip(start, change).map { $0 + $1 * eased }
    }

    /// The scene animation.
    func animation(_ placement: Placement) throws(GhostframeError) -> Animation {
      if isRelative {
        return Animation(property: property, timing: try TimelineSchedule.timing(placement),
                         content: .basic(BasicValues(by: change)), isAdditive: true, removedOnCompletion: false)
      }
      let to = zip(start, change).map(+)
      guard start.allSatisfy(\.isFinite), to.allSatisfy(\.isFinite) else {
        throw .invalid("timeline: \(Identifier.quoted(placement.definition.name)) on layer "
                       + "\(Identifier.quoted(placement.layer)) would change '\(property.keyPath)' past the largest Double")
      }
      let timing = try Timing(duration: duration, delay: begin, fill: fillsBackwards ? .both : .forwards, easing: curve)
      return Animation(property: property, timing: timing, content: .basic(BasicValues(from: start, to: to)),
                       isAdditive: true, removedOnCompletion: false)
    }

    /// The scene animation of a placement inside repeating nodes (`chain`, outermost first): a
    /// keyframe animation repeating with the outermost node, whose keyframes lay out one
    /// iteration (a forwards play, then when it yoyos a backwards one, each followed by its repeat
    /// delay), the plays of the nodes inside it unrolled.
    func repeatingAnimation(_ placement: Placement, _ chain: [Repeat]) throws(GhostframeError) -> Animation {
      guard let outer = chain.first else { return try animation(placement) }
      let name = placement.definition.name
      // The placement's own function over its innermost node's first play.
      let innermost = chain[chain.count - 1]
      var function = Piecewise(innermost.start, start)
      let ended = zip(start, change).map(+)
      function.add(begin, start)
      function.add(begin + duration, ended, via: duration > 0 ? curve : .linear)
      function.add(innermost.start + innermost.duration, ended)
      // Each node inside the outermost lays its plays out within its parent's first play.
      var level = chain.count - 1
      while level > 0 {
        let node = chain[level], parent = chain[level - 1]
        function = try function.repeated(node, from: parent.start, to: parent.start + parent.duration, name)
        level -= 1
      }
      // One iteration of the outermost: a play, its delay, and when it yoyos a backwards play and its delay.
      let period = outer.yoyo ? 2 * outer.cycle : outer.cycle
      var iteration = Piecewise(outer.start, function.values[0])
      try iteration.append(function, shift: 0, backwards: false, node: outer, name)
      iteration.add(outer.start + outer.cycle, iteration.values[iteration.values.count - 1])
      if outer.yoyo {
        try iteration.append(function, shift: outer.cycle, backwards: true, node: outer, name)
        iteration.add(outer.start + period, iteration.values[iteration.values.count - 1])
      }
      guard iteration.values.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
        throw .invalid("timeline: \(Identifier.quoted(name)) on layer \(Identifier.quoted(placement.layer)) would "
                       + "change '\(property.keyPath)' past the largest Double")
      }
      var keyTimes = iteration.times.map { min(max(($0 - outer.start) / period, 0), 1) }
      keyTimes[0] = 0
      keyTimes[keyTimes.count - 1] = 1
      for i in 1..<keyTimes.count where keyTimes[i] < keyTimes[i - 1] { keyTimes[i] = keyTimes[i - 1] }
      let timing = try Timing(duration: period, delay: outer.start, iterations: outer.total / period,
                              fill: fillsBackwards ? .both : .forwards)
      let keyframes = Keyframes(values: iteration.values, keyTimes: keyTimes, curves: iteration.curves)
      return Animation(property: property, timing: timing, content: .keyframes(keyframes), isAdditive: true,
                       removedOnCompletion: false)
    }

    /// Resolves an absolute target against the property's value `current` at the begin.
    mutating func resolve(against current: [Double]) {
      guard let target, let mode else { return }
      let width = current.count
      var toward = [Double](repeating: 0, count: width), away = toward
      func add(_ values: [Double]?, _ now: [Double], _ view: TimelineViewProperty?, into sum: inout [Double]) {
        guard let values else { return }
        let delta = zip(values, now).map(-)
        let resolved = view?.resolved(delta, width: width) ?? delta
        for (i, d) in resolved.enumerated() where i < width { sum[i] += d }
      }
      for part in target.parts {
        let now = part.view?.current(from: current) ?? current
        add(part.to, now, part.view, into: &toward)
        add(part.from, now, part.view, into: &away)
      }
      switch mode {
      case .by: break
      case .to: (start, change) = (current.map { _ in 0 }, toward)
      case .from: (start, change) = (away, away.map { -$0 })
      case .fromTo: (start, change) = (away, zip(toward, away).map(-))
      }
    }
  }

  /// Refuses, before anything is built, repeats whose keyframes would pass
  /// ``Timeline/maximumAppliedKeyframes``: the plays of repeating nodes inside an instance's
  /// outermost one are laid out in its keyframes.
  static func checkKeyframes(
    _ contributions: [Contribution], _ placements: [Placement], _ chains: [[Repeat]]
  ) throws(GhostframeError) {
    var total = 0.0
    for contribution in contributions where placements.indices.contains(contribution.placement) {
      let chain = chain(of: placements[contribution.placement], in: chains)
      guard let outer = chain.first else { continue }
      var knots = 6.0
      for node in chain.dropFirst() { knots = knots * node.startedPlays * 2 + 2 }
      knots = knots * (outer.yoyo ? 2 : 1) + 4
      total += knots
      guard total <= Double(Timeline.maximumAppliedKeyframes) else {
        throw GhostframeError(.limit, "timeline: its repeats inside repeats would take more than "
                              + "\(Timeline.maximumAppliedKeyframes) keyframes to apply")
      }
    }
  }

  /// The most evaluations of earlier instances resolving absolute values may take: each absolute
  /// entry reads the value of every unfinished entry before it on its layer and key path.
  static let maximumResolvingEvaluations = 10_000_000

  /// Every contribution of `placements` (`count` of them, or about), in placement order and then
  /// key-path order (the order the animations are added in), with absolute values resolved
  /// against `scene`'s model values.
  static func contributions(
    of placements: [Placement], in scene: Scene, count: Int = 0
  ) throws(GhostframeError) -> [Contribution] {
    var list: [Contribution] = []
    list.reserveCapacity(count)
    var hasAbsolute = false
    // A relative contribution starts at 0: one array of zeros per width, shared by all of them.
    var zeros: [[Double]] = []
    func zero(_ width: Int) -> [Double] {
      if width < zeros.count { return zeros[width] }
      guard width <= 64 else { return [Double](repeating: 0, count: width) }
      while zeros.count <= width { zeros.append([Double](repeating: 0, count: zeros.count)) }
      return zeros[width]
    }
    for (index, placement) in placements.enumerated() {
      let definition = placement.definition
      if !definition.isAbsolute {
        for change in definition.resolvedChanges {
          list.append(Contribution(
            placement: index, property: change.property, curve: definition.curve, begin: placement.begin,
            duration: placement.duration, isRelative: true, fillsBackwards: false, target: nil, mode: nil,
            start: zero(change.amount.count), change: change.amount))
        }
      } else {
        hasAbsolute = true
        let fills: Bool
        if case .to = definition.values { fills = false } else { fills = true }
        for target in definition.targets {
          let zero = [Double](repeating: 0, count: target.property.valueWidth)
          list.append(Contribution(
            placement: index, property: target.property, curve: definition.curve, begin: placement.begin,
            duration: placement.duration, isRelative: false, fillsBackwards: fills, target: target,
            mode: definition.values, start: zero, change: zero))
        }
      }
    }
    guard hasAbsolute else { return list }
    // By layer and key path, in order of begin, then of appearance.
    var groups: [String: [Int]] = [:]
    for (index, contribution) in list.enumerated() {
      groups["\(placements[contribution.placement].layer)\u{0}\(contribution.property.keyPath)", default: []].append(index)
    }
    var budget = maximumResolvingEvaluations
    for key in groups.keys.sorted() {
      guard var members = groups[key], members.contains(where: { !list[$0].isRelative }) else { continue }
      members.sort { a, b in
        let x = list[a], y = list[b]
        if x.begin != y.begin { return x.begin < y.begin }
        return placements[x.placement].order < placements[y.placement].order
      }
      let first = list[members[0]]
      let layer = placements[first.placement].layer
      guard let layerIndex = scene.index(ofLayer: layer) else { continue }
      var settled = first.property.modelValue(of: scene.layers[layerIndex])
      var active: [Int] = []
      for member in members {
        let begin = list[member].begin
        var still: [Int] = []
        for other in active {
          if list[other].end <= begin {
            settled = zip(settled, try list[other].value(at: begin)).map(+)
          } else {
            still.append(other)
          }
        }
        active = still
        if !list[member].isRelative {
          budget -= active.count + 1
          guard budget >= 0 else {
            throw GhostframeError(.limit, "timeline: resolving its absolute values reads more than "
                                  + "\(maximumResolvingEvaluations) overlapping entries of one layer and key path")
          }
          var current = settled
          for other in active { current = zip(current, try list[other].value(at: begin)).map(+) }
          list[member].resolve(against: current)
        }
        if list[member].end <= begin {
          settled = zip(settled, try list[member].value(at: begin)).map(+)
        } else {
          active.append(member)
        }
      }
    }
    return list
  }

  /// Core Animation timing from the entry's begin, filling forwards. A zero duration uses the Web
  /// Animations timing directly: Core Animation reads 0 as its 0.25 s default, and an instantaneous
  /// instance must jump to its change at its begin.
  static func timing(_ placement: Placement) throws(GhostframeError) -> Timing {
    let curve = placement.definition.curve
    guard placement.duration > 0 else {
      return try Timing(duration: 0, delay: placement.begin, fill: .forwards, easing: curve)
    }
    return try Timing.coreAnimation(duration: placement.duration, beginTime: placement.begin, fillMode: .forwards,
                                    easing: curve)
  }
}

/// A piecewise function of timeline time for a repeating placement's keyframes: knots, and the
/// curve easing each segment between two (a segment between equal times is a jump).
struct Piecewise {
  var times: [Double]
  var values: [[Double]]
  var curves: [Curve] = []

  /// Starts at `time` with `value`.
  init(_ time: Double, _ value: [Double]) {
    times = [time]
    values = [value]
  }

  /// Adds a knot, the segment to it eased by `curve` (a hold or a jump when the values or the
  /// times are equal).
  mutating func add(_ time: Double, _ value: [Double], via curve: Curve = .linear) {
    times.append(max(time, times[times.count - 1]))
    values.append(value)
    curves.append(curve)
  }

  /// Appends `function` shifted by `shift`, forwards or mirrored within `node`'s first play
  /// (`t ↦ 2S + D − t`), the mirrored segments on reversed curves; the first knot joins by a jump
  /// or a hold.
  mutating func append(
    _ function: Piecewise, shift: Double, backwards: Bool, node: TimelineSchedule.Repeat, _ name: String
  ) throws(GhostframeError) {
    let count = function.times.count
    guard backwards else {
      for i in 0..<count { add(function.times[i] + shift, function.values[i], via: i == 0 ? .linear : function.curves[i - 1]) }
      return
    }
    let mirror = 2 * node.start + node.duration + shift
    var i = count - 1
    while i >= 0 {
      var curve = Curve.linear
      if i < count - 1 {
        let forwards = function.curves[i]
        guard let reversed = forwards.reversed else {
          throw .invalid("timeline: \(Identifier.quoted(name)) plays backwards in a yoyo, and its curve "
                         + "\(forwards) has no reverse (cubic-bezier, steps, linear() and Penner curves do; a spring "
                         + "or a host curve does not)")
        }
        curve = reversed
      }
      add(mirror - function.times[i], function.values[i], via: curve)
      i -= 1
    }
  }

  /// This function (over `node`'s first play) played as `node` plays, within the parent's first
  /// play `[from, to]`: before the node, its first value; after it, its last.
  func repeated(_ node: TimelineSchedule.Repeat, from: Double, to: Double, _ name: String) throws(GhostframeError) -> Piecewise {
    var result = Piecewise(from, values[0])
    let plays = Int(min(node.startedPlays, Double(Timeline.maximumAppliedKeyframes)))  // checked before
    for k in 0..<plays {
      let shift = Double(k) * node.cycle
      try result.append(self, shift: shift, backwards: node.yoyo && k % 2 == 1, node: node, name)
      if k < plays - 1 { result.add(node.start + shift + node.cycle, result.values[result.values.count - 1]) }
    }
    result.add(to, result.values[result.values.count - 1])
    return result
  }
}
