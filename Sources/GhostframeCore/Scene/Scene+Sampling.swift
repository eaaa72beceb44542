extension Scene {
  /// Writes the presentation state of every layer at time `t` into `states`.
  ///
  /// The scene keeps its compiled form between calls (its presentation): the first call after a
  /// change compiles it, later ones only sample. Copies of a scene sampled from several threads
  /// at once take turns. For a sampler of one's own (a snapshot), use ``compiled()``.
  ///
  /// - Parameters:
  ///   - t: The scene time; NaN and infinities are treated as "no animation applies".
  ///   - states: At least ``count`` states; the first ``count`` are written.
  /// - Throws: ``GhostframeError/Code/bufferTooSmall`` if `states` is short (nothing written);
  ///   ``GhostframeError/Code/callback`` when a host curve the scene uses returned a non-finite
  ///   value (the message names the curve; the states are then written but unspecified).
  /// - Complexity: O(layers + tracks), allocating nothing, once compiled.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    try withPresentation { (sampler: SceneSampler) throws(GhostframeError) in
      guard sampler.usesHostCallbacks else { return try sampler.sample(at: t, into: states) }
      try HostCallbackFailure.checking { () throws(GhostframeError) in try sampler.sample(at: t, into: states) }
    }
  }

  /// The presentation state of every layer at `t`, in a new array (see ``sample(at:into:)``).
  public func sample(at t: Double) -> [LayerState] {
    withPresentation { $0.sample(at: t) }
  }

  /// The presentation value of one property of one layer at `t`: the model value with every
  /// animation composed, as the property's components (empty for an unknown layer).
  ///
  /// - Complexity: As ``sample(at:into:)``.
  public func presentationValue(of property: AnimatableProperty, layer: Int, at t: Double) -> [Double] {
    withPresentation { $0.presentationValue(of: property, layer: layer, at: t) }
  }

  /// The presentation value of a custom property for every layer at `t` (0 where unset).
  ///
  /// - Complexity: As ``sample(at:into:)``.
  public func customValues(of property: AnimatableProperty, at t: Double) -> [Double] {
    withPresentation { $0.customValues(of: property, at: t) }
  }

  /// Writes the presentation value of a custom property for every layer at `t` (0 where unset)
  /// into `values`, allocating nothing once the scene's sampler is compiled.
  ///
  /// - Throws: ``GhostframeError/Code/bufferTooSmall`` when `values` has fewer than ``count``
  ///   elements (nothing is written).
  /// - Complexity: As ``sample(at:into:)``.
  public func customValues(
    of property: AnimatableProperty, at t: Double, into values: UnsafeMutableBufferPointer<Double>
  ) throws(GhostframeError) {
    try withPresentation { (sampler: SceneSampler) throws(GhostframeError) in
      try sampler.customValues(of: property, at: t, into: values)
    }
  }
}
