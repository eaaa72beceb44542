extension Scene {
  /// Writes the presentation state of every layer at time `t` into `states`.
  ///
  /// The scene keeps its compiled form between calls (its presentation): the first call after a
  /// change compiles it, later ones only sample. Copies of a scene sampled from several threads
  /// at once take turns. For a sampler of one's own (a snapshot), use ``compiled()``.
  ///
  /// - Parameters:
  ///   - t: The scene time, finite.
  ///   - states: At least ``count`` states; the first ``count`` are written.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t` (as `gf_scene_sample`
  ///   refuses it, with the same message); ``GhostframeError/Code/bufferTooSmall`` if `states` is
  ///   short (nothing written either way); ``GhostframeError/Code/callback`` when a host curve the scene uses returned a non-finite
  ///   value (the message names the curve; the states are then written but unspecified).
  /// - Complexity: O(layers + tracks), allocating nothing, once compiled.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    try withPresentation { (sampler: SceneSampler) throws(GhostframeError) in
      guard sampler.usesHostCallbacks else { return try sampler.sample(at: t, into: states) }
      try HostCallbackFailure.checking { () throws(GhostframeError) in try sampler.sample(at: t, into: states) }
    }
  }

  /// Writes the presentation states of the layers in `layers` at time `t` into the same
  /// positions of `states` (a whole frame's buffer), so a host can split one frame across its
  /// own threads: calls on disjoint ranges may run at once, on any copies of the scene, and
  /// ranges covering every layer give the bytes of ``sample(at:into:)``.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t` or a range outside
  ///   `0..<count`; ``GhostframeError/Code/bufferTooSmall`` when `states` has fewer than ``count``
  ///   states (nothing written).
  /// - Complexity: O(layers in the range + their tracks + their ancestors before it);
  ///   allocates nothing once compiled and once as many workspaces as concurrent calls exist.
  public func sample(at t: Double, layers: Range<Int>, into states: UnsafeMutableBufferPointer<LayerState>)
    throws(GhostframeError) {
    let sampler = rangeSampler()
    guard sampler.usesHostCallbacks else { return try sampler.sample(at: t, layers: layers, into: states) }
    try HostCallbackFailure.checking { () throws(GhostframeError) in
      try sampler.sample(at: t, layers: layers, into: states)
    }
  }

  /// Writes the presentation state of every layer at time `t` into `states` on `threads`
  /// threads: the caller's and threads of a small internal pool (made on first use, then kept),
  /// taking chunks of about a thousand layers in turn. The bytes are those of ``sample(at:into:)``.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t` or `threads` outside
  ///   1...``SceneSampler/maxSamplingThreads``; ``GhostframeError/Code/bufferTooSmall`` as
  ///   ``sample(at:into:)``.
  /// - Complexity: As ``sample(at:into:)``, spread over the threads.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>, threads: Int)
    throws(GhostframeError) {
    let sampler = rangeSampler()
    guard sampler.usesHostCallbacks else { return try sampler.sample(at: t, into: states, threads: threads) }
    // Failures on the pool's threads are handed to this one (SamplingPool), which reports them.
    try HostCallbackFailure.checking { () throws(GhostframeError) in
      try sampler.sample(at: t, into: states, threads: threads)
    }
  }

  /// The presentation state of every layer at `t`, in a new array (see ``sample(at:into:)``).
  ///
  /// A non-finite `t` is not refused here: it gives every layer's model state, as though no
  /// animation applied (``sample(at:into:)`` throws for it).
  public func sample(at t: Double) -> [LayerState] {
    withPresentation { $0.sample(at: t) }
  }

  /// The presentation value of one property of one layer at `t`: the model value with every
  /// animation composed, as the property's components (empty for an unknown layer). A host
  /// curve that fails makes the value unspecified, unreported (``checkedPresentationValue(of:layer:at:)``
  /// reports it); a non-finite `t` gives the model value, as though no animation applied.
  ///
  /// - Complexity: As ``sample(at:into:)``.
  public func presentationValue(of property: AnimatableProperty, layer: Int, at t: Double) -> [Double] {
    withPresentation { $0.presentationValue(of: property, layer: layer, at: t) }
  }

  /// ``presentationValue(of:layer:at:)``, throwing when a host curve fails.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t`;
  ///   ``GhostframeError/Code/callback`` as ``sample(at:into:)``.
  public func checkedPresentationValue(of property: AnimatableProperty, layer: Int, at t: Double)
    throws(GhostframeError) -> [Double] {
    try SceneSampler.checkTime(t)
    return try HostCallbackFailure.checking { () throws(GhostframeError) in presentationValue(of: property, layer: layer, at: t) }
  }

  /// The presentation value of a custom property for every layer at `t` (0 where unset). A
  /// non-finite `t` gives the model values, as though no animation applied
  /// (``customValues(of:at:into:)`` throws for it).
  ///
  /// - Complexity: As ``sample(at:into:)``.
  public func customValues(of property: AnimatableProperty, at t: Double) -> [Double] {
    withPresentation { $0.customValues(of: property, at: t) }
  }

  /// Writes the presentation value of a custom property for every layer at `t` (0 where unset)
  /// into `values`, allocating nothing once the scene's sampler is compiled.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t`;
  ///   ``GhostframeError/Code/bufferTooSmall`` when `values` has fewer than ``count`` elements
  ///   (nothing is written either way); ``GhostframeError/Code/callback`` as ``sample(at:into:)``.
  /// - Complexity: As ``sample(at:into:)``.
  public func customValues(
    of property: AnimatableProperty, at t: Double, into values: UnsafeMutableBufferPointer<Double>
  ) throws(GhostframeError) {
    try withPresentation { (sampler: SceneSampler) throws(GhostframeError) in
      guard sampler.usesHostCallbacks else { return try sampler.customValues(of: property, at: t, into: values) }
      try HostCallbackFailure.checking { () throws(GhostframeError) in
        try sampler.customValues(of: property, at: t, into: values)
      }
    }
  }
}
