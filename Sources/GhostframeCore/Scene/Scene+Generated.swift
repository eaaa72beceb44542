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
    if !layer.custom.isEmpty { budget.count(layer, by: 1) }
  }

  /// An animation the engine built and validated itself, to attach to a layer it added with
  /// ``Scene/appendGeneratedAnimations(_:)``.
  package struct GeneratedAnimation: Sendable {
    /// The id of the layer it animates.
    package var layer: String
    /// Its key, or nil.
    package var key: String?
    /// The animation, shared by every layer it is attached to.
    package var animation: SharedBox<Animation>

    /// Describes an attachment. Inlinable: generators in other modules make one per layer.
    @inlinable @inline(__always)
    package init(layer: String, key: String?, animation: SharedBox<Animation>) {
      self.layer = layer
      self.key = key
      self.animation = animation
    }
  }

  /// Appends animations the engine built and validated itself, in order, to layers it added:
  /// one call for a generator's whole batch (a call per animation across the module boundary
  /// cost a skeleton's build about 1 % more instructions; docs/performance.md).
  ///
  /// Unlike ``addAnimation(_:to:key:handoff:)`` nothing is validated again and nothing is
  /// replaced: the caller guarantees every animation passed ``Animation/validate()``, every
  /// layer exists, no layer gets a key twice or a key it already has, and the scene stays within
  /// ``maximumAnimationTracks``, ``maximumAnimationValues`` and ``maximumCustomSlots`` (it checked
  /// first). Neighbouring attachments of one box are costed once. The key index is rebuilt the
  /// next time ``addAnimation(_:to:key:handoff:)`` needs it.
  ///
  /// - Complexity: O(n) for n animations of a few tracks each.
  package mutating func appendGeneratedAnimations(_ generated: [GeneratedAnimation]) {
    guard let first = generated.first else { return }
    // The budget by runs of one shared animation: counting a cost n times is counting it by n.
    var runBox = first.animation
    var runLength = 0
    var anyKey = false
    for item in generated {
      if item.animation !== runBox {
        budget.count(runBox.value.cost, by: runLength)
        runBox = item.animation
        runLength = 0
      }
      runLength += 1
      anyKey = anyKey || item.key != nil
    }
    budget.count(runBox.value.cost, by: runLength)
    // One change of `animations`, copied straight from the batch (measured: a loop of single
    // appends costs twice as many instructions).
    let firstID = nextAnimationID
    animations.append(contentsOf: generated.indices.lazy.map { index in
      AttachedAnimation(id: firstID &+ UInt64(index), layer: generated[index].layer, key: generated[index].key,
                        animation: generated[index].animation)
    })
    nextAnimationID = firstID &+ UInt64(generated.count)
    mayShareAnimations = true
    if anyKey { keyIndexIsStale = true }
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
