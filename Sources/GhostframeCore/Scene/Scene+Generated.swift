extension Scene {
  /// Reserves room for `layers` layers and `animations` animations, so a generator that knows
  /// its sizes appends without regrowing.
  package mutating func reserveCapacity(layers layerCount: Int, animations animationCount: Int) {
    layers.reserveCapacity(layerCount)
    indexByID.reserveCapacity(layerCount)
    animations.reserveCapacity(animationCount)
  }

  /// Appends a layer the engine generated under a parent it already added.
  ///
  /// Like ``addLayer(_:)`` it validates the layer's numbers and rejects a duplicate id or a scene
  /// past ``maximumLayers`` or ``maximumCustomSlots``, but it neither checks its names (the caller
  /// made them, or they were checked when added: a skeleton's bone ids are `bone:N`, their
  /// parents containers added with ``addLayer(_:)``), looks the parent up nor walks its depth:
  /// the caller guarantees the parent is in the scene and less than ``maximumDepth`` − 1
  /// levels deep (a skeleton's bones sit on the root or on a container).
  ///
  /// - Throws: As ``addLayer(_:)``. On error the scene is unchanged.
  /// - Complexity: One hash insertion.
  package mutating func appendGeneratedLayer(_ layer: Layer) throws(GhostframeError) {
    try Self.validate(layer, namesChecked: true)
    guard layers.count < Self.maximumLayers else {
      throw GhostframeError(.limit, "a scene holds at most \(Self.maximumLayers) layers")
    }
    if !layer.custom.isEmpty || budget.customNameCount > 0 {
      try budget.check(layerCount: layers.count + 1, names: SceneBudget.nameChanges(from: nil, to: layer))
    }
    if let previous = indexByID.updateValue(layers.count, forKey: layer.id) {
      indexByID[layer.id] = previous
      throw .invalid("layer '\(layer.id)' already exists")
    }
    layers.append(layer)
    budget.count(layer, by: 1)
  }

  /// Appends an animation the engine built and validated itself, to a layer it added.
  ///
  /// Unlike ``addAnimation(_:to:key:handoff:)`` nothing is validated again and nothing is
  /// replaced: the caller guarantees `animation` passed ``Animation/validate()``, `layer`
  /// exists, no animation on `layer` has `key` yet, and the scene stays within
  /// ``maximumAnimationTracks``, ``maximumAnimationValues`` and ``maximumCustomSlots`` (it checked
  /// first). `cost` is `animation.value.cost` when the caller has it (nil computes it). The key
  /// index is rebuilt the next time ``addAnimation(_:to:key:handoff:)`` needs it.
  ///
  /// - Complexity: Amortised O(1) for an animation of a few tracks.
  package mutating func appendGeneratedAnimation(_ animation: SharedBox<Animation>, to layer: String, key: String?,
                                         cost: AnimationCost? = nil) {
    budget.count(cost ?? animation.value.cost, by: 1)
    animations.append(AttachedAnimation(id: nextAnimationID, layer: layer, key: key, animation: animation))
    nextAnimationID += 1
    if key != nil { keyIndexIsStale = true }
  }

  /// Brings ``keyedAnimations`` up to date after generated animations were appended.
  package mutating func refreshKeyIndex() {
    guard keyIndexIsStale else { return }
    keyedAnimations = []
    keyedAnimations.reserveCapacity(animations.count)
    for attached in animations {
      if let key = attached.key { keyedAnimations.insert(Self.keySlot(attached.layer, key)) }
    }
    keyIndexIsStale = false
  }
}
