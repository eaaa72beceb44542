extension Scene {
  /// How a new animation continues from the one it interrupts.
  public enum Handoff: Sendable {
    /// Start from the animation's own values.
    case none
    /// At scene time `t`, a basic or spring animation without a `from` value starts from
    /// the property's presentation value, and a spring without a velocity starts with the
    /// property's presentation velocity (a central difference over ±0.1 ms), so motion
    /// stays continuous.
    case presentation(at: Double)
  }

  /// Attaches an animation to a layer.
  ///
  /// - Parameters:
  ///   - animation: The animation (validated again here).
  ///   - layer: The id of the layer it animates (the new content, for a transition).
  ///   - key: With a key, an animation already on the layer under the same key is replaced.
  ///   - handoff: How it continues from what it replaces.
  /// - Returns: The animation's scene-unique id.
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown layer,
  ///   ``GhostframeError/Code/invalidArgument`` for a malformed animation or a key containing
  ///   NUL, ``GhostframeError/Code/limit`` past ``Animation/maximumGroupChildren``,
  ///   ``Animation/maximumGroupDepth``, ``maximumAnimationTracks``, ``maximumAnimationValues`` or
  ///   ``maximumCustomSlots``; ``GhostframeError/Code/callback`` when a host curve fails while a
  ///   hand-off reads the presentation.
  ///   On error the scene is unchanged.
  @discardableResult
  public mutating func addAnimation(
    _ animation: Animation, to layer: String, key: String? = nil, handoff: Handoff = .none
  ) throws(GhostframeError) -> UInt64 {
    try addAnimation(animation, to: layer, key: key, handoff: handoff, isValidated: false)
  }

  /// ``addAnimation(_:to:key:handoff:)`` for an animation its factory has just validated
  /// (`isValidated: true`, as the scene JSON reader passes for what `Animation.basic` and its
  /// siblings return unchanged), which is then not validated a second time; everything else is
  /// checked as there.
  ///
  /// - Parameters:
  ///   - animation: The animation.
  ///   - layer: The id of the layer it animates.
  ///   - key: The key, if any.
  ///   - handoff: How it continues from what it replaces.
  ///   - isValidated: Whether `animation.validate()` has passed and the animation is unchanged since.
  /// - Returns: The animation's scene-unique id.
  /// - Throws: As ``addAnimation(_:to:key:handoff:)``.
  @discardableResult
  package mutating func addAnimation(
    _ animation: Animation, to layer: String, key: String?, handoff: Handoff = .none, isValidated: Bool
  ) throws(GhostframeError) -> UInt64 {
    guard let layerIndex = indexByID[layer] else { throw GhostframeError(.notFound, "no layer '\(layer)'") }
    return try addAnimation(
      animation, to: layer, at: layerIndex, key: key, handoff: handoff, isValidated: isValidated)
  }

  /// ``addAnimation(_:to:key:handoff:isValidated:)`` for a caller that has already looked the
  /// layer up (the scene JSON reader checks it exists first, to name the JSON path): one
  /// dictionary probe per animation instead of two, and the animation moved into the box the
  /// scene keeps rather than copied.
  ///
  /// - Parameters:
  ///   - animation: The animation (consumed).
  ///   - layer: The id of the layer it animates.
  ///   - layerIndex: `index(ofLayer: layer)`; checked again (a bad index is `.notFound`).
  ///   - key: The key, if any.
  ///   - handoff: How it continues from what it replaces.
  ///   - isValidated: Whether `animation.validate()` has passed and the animation is unchanged since.
  /// - Returns: The animation's scene-unique id.
  /// - Throws: As ``addAnimation(_:to:key:handoff:)``.
  @discardableResult
  package mutating func addAnimation(
    _ animation: consuming Animation, to layer: String, at layerIndex: Int, key: String?,
    handoff: Handoff = .none, isValidated: Bool
  ) throws(GhostframeError) -> UInt64 {
    guard layers.indices.contains(layerIndex), layers[layerIndex].id == layer else {
      throw GhostframeError(.notFound, "no layer '\(layer)'")
    }
    if let key { try Identifier.check(key, "animation key") }
    if !isValidated { try animation.validate() }
    if let fromLayer = animation.transitionSource {
      guard indexByID[fromLayer] != nil else {
        throw GhostframeError(.notFound, "transition: no layer '\(fromLayer)' to transition from")
      }
      guard fromLayer != layer else { throw .invalid("transition: a layer cannot transition from itself") }
    }
    if case .presentation(let time) = handoff {
      guard time.isFinite else { throw .invalid("hand-off time must be finite (got \(time))") }
      // A host curve failing in the presentation read fails the call, the scene unchanged.
      let current = animation
      animation = try HostCallbackFailure.checking { () throws(GhostframeError) in
        handedOff(current, layer: layerIndex, at: time)
      }
    }
    let cost = animation.cost
    let attached = AttachedAnimation(
      id: nextAnimationID, layer: layer, key: key, animation: SharedBox(consume animation))
    // What the new animation adds, less what it replaces, within the limits before anything changes.
    var replaced: [AnimationCost] = []
    if let key {
      refreshKeyIndex()
      // Only scan when an animation with this key is really there: bulk building stays linear.
      if keyedAnimations.contains(Self.keySlot(layer, key)) {
        replaced = animations.filter { $0.layer == layer && $0.key == key }.map(\.cost)
      }
    }
    var names: [String: Int] = [:]
    for name in cost.customNames ?? [] { names[name, default: 0] += 1 }
    for old in replaced { for name in old.customNames ?? [] { names[name, default: 0] -= 1 } }
    try budget.check(layerCount: layers.count,
                     addedTracks: cost.tracks - replaced.reduce(0) { $0 + $1.tracks },
                     addedGroupTimings: cost.groupTimings - replaced.reduce(0) { $0 + $1.groupTimings },
                     addedValues: cost.values - replaced.reduce(0) { $0 + $1.values },
                     names: names)
    nextAnimationID += 1
    if let key {
      if !replaced.isEmpty { removeAnimations { $0.layer == layer && $0.key == key } }
      keyedAnimations.insert(Self.keySlot(layer, key))
    }
    budget.count(cost, by: 1)
    let id = attached.id
    animations.append(attached)
    return id
  }

  /// Detaches the animation with `id`.
  public mutating func removeAnimation(id: UInt64) throws(GhostframeError) {
    guard let index = animations.firstIndex(where: { $0.id == id }) else {
      throw GhostframeError(.notFound, "no animation with id \(id)")
    }
    budget.count(animations[index], by: -1)
    animations.remove(at: index)
  }

  /// Detaches every animation `shouldRemove` selects, keeping the budget in step.
  ///
  /// - Complexity: O(animations).
  mutating func removeAnimations(where shouldRemove: (AttachedAnimation) -> Bool) {
    var kept = budget
    animations.removeAll { attached in
      guard shouldRemove(attached) else { return false }
      kept.count(attached, by: -1)
      return true
    }
    budget = kept
  }

  /// The entry of ``keyedAnimations`` for `key` on `layer`: ids and keys contain no NUL
  /// (``Identifier``), so NUL separates them unambiguously.
  static func keySlot(_ layer: String, _ key: String) -> String { layer + "\u{0}" + key }

  /// Fills in `from` (and a spring's velocity) from the current presentation: the scene's kept
  /// compile when it is up to date, else a compile of this one layer and its animations, never
  /// of the whole scene (a transition touching the layer needs its other layer: then the scene's).
  private func handedOff(_ animation: Animation, layer: Int, at t: Double) -> Animation {
    guard animation.property != nil else { return animation }
    if !isPresentationCurrent, let alone = layerAlone(layer) {
      return Self.handedOff(animation, layer: 0, at: t, sampler: alone.compiled())
    }
    return withPresentation { Self.handedOff(animation, layer: layer, at: t, sampler: $0) }
  }

  /// A scene of the layer at `index` alone (as a root) with its animations, which samples that
  /// layer as the whole scene does; nil when a transition involves it, since a transition
  /// also moves the layer it transitions from.
  func layerAlone(_ index: Int) -> Scene? {
    let layer = layers[index]
    var alone = Scene()
    alone.layers = [layer]
    alone.layers[0].parent = nil
    alone.indexByID = [layer.id: 0]
    alone.mayShareAnimations = mayShareAnimations
    for attached in animations {
      if case .transition(let transition) = attached.animation.content,
         attached.layer == layer.id || transition.fromLayer == layer.id {
        return nil
      }
      if attached.layer == layer.id { alone.animations.append(attached) }
    }
    return alone
  }

  /// Fills in `from` (and a spring's velocity) from `sampler`'s presentation of `layer`.
  private static func handedOff(_ animation: Animation, layer: Int, at t: Double, sampler: SceneSampler) -> Animation {
    guard let property = animation.property else { return animation }
    var result = animation
    switch animation.content {
    case .basic(var values) where values.from == nil:
      values.from = sampler.presentationValue(of: property, layer: layer, at: t)
      // A by-only or to-only animation now has an explicit start; keep its meaning.
      if let by = values.by, values.to == nil, let from = values.from { values.to = zip(from, by).map(+) }
      values.by = values.to == nil ? values.by : nil
      result.content = .basic(values)
    case .spring(var values):
      let current = sampler.presentationValue(of: property, layer: layer, at: t)
      if values.from == nil { values.from = current }
      if values.velocity == nil {
        let h = 1e-4
        let later = sampler.presentationValue(of: property, layer: layer, at: t + h)
        let earlier = sampler.presentationValue(of: property, layer: layer, at: t - h)
        values.velocity = zip(later, earlier).map { ($0 - $1) / (2 * h) }
      }
      result.content = .spring(values)
    default:
      break
    }
    return result
  }
}

extension Animation {
  /// The layer a transition transitions from; nil for every other kind. A look at the content
  /// without copying the animation out of its box.
  package var transitionSource: String? {
    if case .transition(let transition) = content { return transition.fromLayer }
    return nil
  }

  /// Whether the animation is a spring.
  package var isSpring: Bool {
    if case .spring = content { return true }
    return false
  }
}
