extension Scene {
  /// Compiles the scene into a sampler: model values and animation tracks as flat arrays.
  ///
  /// - Complexity: O(layers + animations + keyframes).
  public func compiled() -> SceneSampler { compiled(batching: true) }

  /// Compiles the scene, with the common tracks batched (``TrackBatch``) or, for tests that
  /// compare the two paths bit for bit, every track on the general path.
  ///
  /// Each layer's row keeps the gradient's slots only when the layer has a gradient or a track
  /// writes one (``LayerSlots/rowWidth(customCount:keepsGradient:)``), or, for tests that compare
  /// layouts, on every layer when `gradientEverywhere`. `blockLayers` is the layers a sample
  /// composes at a time (``SceneSampler/blockLayers``), which tests shrink.
  func compiled(batching: Bool, blockLayers: Int = SceneSampler.defaultBlockLayers,
                gradientEverywhere: Bool = false) -> SceneSampler {
    let customNames = self.customNames()
    let parents = layers.map { layer -> Int32 in
      guard let parent = layer.parent, let index = indexByID[parent] else { return -1 }
      return Int32(truncatingIfNeeded: index)
    }
    let stops = layers.map { UInt32(min($0.gradient?.colors.count ?? 0, Gradient.maximumStops)) }
    let flags = layers.indices.map { i in
      (stops[i] > 0 ? LayerState.Flags.gradient.rawValue : 0) | (layers[i].contents != nil ? LayerState.Flags.contents.rawValue : 0)
    }
    var compiler = TrackCompiler(customNames: customNames, scene: self)
    // The budget counts every track: one allocation of the right size, not a doubling series
    // (a million tracks are 136 MB; doubling would hold half as much again while it copies).
    compiler.tracks.reserveCapacity(budget.tracks)
    // One animation attached to many layers (a generated skeleton's shimmer) compiles once; its
    // tracks are then copied per layer. Transitions name a second layer, so they never repeat.
    // A scene whose attachments each have their own animation (one built by addAnimation, a
    // timeline's) skips the look-up of every box.
    var compiledTracks: [ObjectIdentifier: Range<Int>] = [:]
    // Animations come in runs on one layer (a timeline's): the last layer's index is kept.
    var lastLayer: (id: String, index: Int)?
    for attached in animations {
      let layer: Int
      if let lastLayer, lastLayer.id == attached.layer {
        layer = lastLayer.index
      } else {
        guard let index = indexByID[attached.layer] else { continue }
        layer = index
        lastLayer = (attached.layer, index)
      }
      let identity = ObjectIdentifier(attached.storage)
      if mayShareAnimations, let known = compiledTracks[identity] {
        compiler.repeatTracks(known, on: layer)
        continue
      }
      let first = compiler.tracks.count
      compiler.add(attached.animation, layer: layer, timings: [], top: attached.animation)
      // Asked of the tracks rather than of `animation.content`: reading the content's enum tag
      // here is the memcheck false positive of cmake/valgrind-swift.supp.
      let compiled = first..<compiler.tracks.count
      if mayShareAnimations, !compiler.tracks[compiled].contains(where: \.isTransition) {
        compiledTracks[identity] = compiled
      }
    }
    var keepsGradient = layers.map { gradientEverywhere || $0.gradient != nil }
    for track in compiler.tracks where track.layer >= 0 && track.layer < keepsGradient.count
      && track.writesGradient(customCount: customNames.count) {
      keepsGradient[track.layer] = true
    }
    // Stable by layer: each layer's tracks keep the order their animations compose in.
    var tracks = compiler.tracks
    if !zip(tracks, tracks.dropFirst()).allSatisfy({ $0.layer <= $1.layer }) {
      tracks = tracks.enumerated().sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
        .map(\.element)
    }
    return SceneSampler(
      layers: layers, keepsGradient: keepsGradient, customNames: customNames, parents: parents,
      gradientStops: stops, staticFlags: flags, tracks: tracks, constants: compiler.constants, rootTimings: compiler.rootTimings,
      timingKernels: compiler.timingKernels,
      timingEasings: compiler.timingEasings, segmentEasings: compiler.segmentEasings, curves: compiler.curves,
      keyframeTracks: compiler.keyframeTracks, springTracks: compiler.springTracks, batching: batching,
      blockLayers: blockLayers)
  }

  /// The custom property names the layers set or the animations animate, sorted.
  private func customNames() -> [String] {
    var names = Set<String>()
    for layer in layers where !layer.custom.isEmpty { names.formUnion(layer.custom.keys) }
    // Each box once: a shared one is looked up, and only when boxes may be shared.
    var seen = Set<ObjectIdentifier>()
    for attached in animations where !mayShareAnimations || seen.insert(ObjectIdentifier(attached.storage)).inserted {
      names.formUnion(customKeys(of: attached.animation))
    }
    return names.sorted()
  }

  private func customKeys(of animation: Animation) -> [String] {
    var names: [String] = []
    if case .custom(let name) = animation.property?.mapping { names.append(name) }
    if case .group(let children) = animation.content { names += children.flatMap { customKeys(of: $0) } }
    return names
  }
}
