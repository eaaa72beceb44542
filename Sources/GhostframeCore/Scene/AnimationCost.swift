/// What one attached animation costs its scene's compiled form, counted in one walk of the
/// animation when it is attached (``SceneBudget`` keeps the totals).
package struct AnimationCost: Sendable, Equatable {
  /// Tracks on the layer it is attached to: one per basic, keyframe or spring animation, two per
  /// transition (the new and the old layer).
  package var tracks = 0
  /// The group timings those tracks carry: one per group enclosing each track's animation.
  package var groupTimings = 0
  /// The numbers compiling pools: from, to, by and velocity values; keyframe values, key times,
  /// tension, continuity and bias, and one per segment curve. (Compiling derives at most a few
  /// more per keyframe: tangents, paced times.)
  package var values = 0
  /// The custom property names animated, without repeats; nil when none (the common case, so
  /// copying a cost retains nothing).
  package var customNames: [String]?

  /// A zero cost, to add animations' costs to.
  package init() {}
}

extension Animation {
  /// The animation's ``AnimationCost``, in one walk (groups nest at most
  /// ``maximumGroupDepth`` deep once validated).
  package var cost: AnimationCost {
    var cost = AnimationCost()
    addCost(to: &cost, depth: 0)
    return cost
  }

  private func addCost(to cost: inout AnimationCost, depth: Int) {
    if case .custom(let name)? = property?.mapping, !(cost.customNames?.contains(name) ?? false) {
      // Few names per animation in practice: a linear search.
      cost.customNames = (cost.customNames ?? []) + [name]
    }
    switch content {
    case .basic(let v):
      cost.tracks += 1
      cost.groupTimings += depth
      cost.values += (v.from?.count ?? 0) + (v.to?.count ?? 0) + (v.by?.count ?? 0)
    case .spring(let v):
      cost.tracks += 1
      cost.groupTimings += depth
      cost.values += (v.from?.count ?? 0) + v.to.count + (v.velocity?.count ?? 0)
    case .keyframes(let k):
      cost.tracks += 1
      cost.groupTimings += depth
      cost.values += (k.ragged?.reduce(0) { $0 + $1.count } ?? k.flatValues.count) + (k.keyTimes?.count ?? 0) + (k.tension?.count ?? 0)
        + (k.continuity?.count ?? 0) + (k.bias?.count ?? 0) + (k.curves?.count ?? 0)
    case .transition:
      cost.tracks += 2
      cost.groupTimings += 2 * depth
    case .group(let children):
      for child in children { child.addCost(to: &cost, depth: depth + 1) }
    }
  }

  /// ``cost``'s tracks.
  var trackCount: Int { cost.tracks }
  /// ``cost``'s group timings.
  var groupTimingCount: Int { cost.groupTimings }
  /// ``cost``'s numbers.
  var valueCount: Int { cost.values }
  /// ``cost``'s custom property names.
  var customPropertyNames: [String] { cost.customNames ?? [] }
}
