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
  ///   ``GhostframeError/Code/invalidArgument`` for a malformed animation. On error the scene
  ///   is unchanged.
  @discardableResult
  public mutating func addAnimation(
    _ animation: Animation, to layer: String, key: String? = nil, handoff: Handoff = .none
  ) throws(GhostframeError) -> UInt64 {
    guard let layerIndex = indexByID[layer] else { throw GhostframeError(.notFound, "no layer '\(layer)'") }
    try animation.validate()
    if case .transition(let t) = animation.content {
      guard indexByID[t.fromLayer] != nil else {
        throw GhostframeError(.notFound, "transition: no layer '\(t.fromLayer)' to transition from")
      }
      guard t.fromLayer != layer else { throw .invalid("transition: a layer cannot transition from itself") }
    }
    var resolved = animation
    if case .presentation(let time) = handoff {
      guard time.isFinite else { throw .invalid("hand-off time must be finite (got \(time))") }
      resolved = handedOff(animation, layer: layerIndex, at: time)
    }
    let id = nextAnimationID
    nextAnimationID += 1
    if let key {
      refreshKeyIndex()
      let slot = layer + "\u{0}" + key
      // Only scan when an animation with this key is really there: bulk building stays linear.
      if keyedAnimations.contains(slot) { animations.removeAll { $0.layer == layer && $0.key == key } }
      keyedAnimations.insert(slot)
    }
    animations.append(AttachedAnimation(id: id, layer: layer, key: key, animation: SharedBox(resolved)))
    return id
  }

  /// Detaches the animation with `id`.
  public mutating func removeAnimation(id: UInt64) throws(GhostframeError) {
    guard let index = animations.firstIndex(where: { $0.id == id }) else {
      throw GhostframeError(.notFound, "no animation with id \(id)")
    }
    animations.remove(at: index)
  }

  /// Fills in `from` (and a spring's velocity) from the current presentation.
  private func handedOff(_ animation: Animation, layer: Int, at t: Double) -> Animation {
    guard let property = animation.property else { return animation }
    let sampler = compiled()
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
