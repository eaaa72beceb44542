extension SceneSampler {
  /// Writes the presentation states of the layers in `layers` at time `t` into the same
  /// positions of `states`, a whole frame's buffer: so a host can split one frame across its
  /// own threads, and ranges that cover `0..<layerCount` give the bytes of ``sample(at:into:)``.
  ///
  /// Unlike the rest of the sampler, this method may run on several threads at once on one
  /// sampler: each call composes its layers (and the ancestors outside its range that they
  /// need) in a workspace of its own, and writes only `states[layers]`. Calls whose ranges
  /// overlap write the same states, so a host gives each thread its own range.
  ///
  /// - Parameters:
  ///   - t: The scene time, finite.
  ///   - layers: A range within `0..<layerCount`.
  ///   - states: A whole frame's buffer, at least ``layerCount`` states; only `states[layers]` is written.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t` or a range outside the
  ///   layers; ``GhostframeError/Code/bufferTooSmall`` if `states` is short (nothing written).
  /// - Complexity: O(layers in the range + their tracks + their ancestors outside it);
  ///   allocates nothing once as many workspaces as concurrent calls exist.
  public func sample(at t: Double, layers: Range<Int>, into states: UnsafeMutableBufferPointer<LayerState>)
    throws(GhostframeError) {
    try Self.checkTime(t)
    guard layers.lowerBound >= 0, layers.upperBound <= layerCount else {
      throw GhostframeError(.invalidArgument,
                            "layers \(layers.lowerBound)..<\(layers.upperBound) are outside 0..<\(layerCount)")
    }
    guard states.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) layer states needed, room for \(states.count)")
    }
    guard !layers.isEmpty, let output = states.baseAddress else { return }
    let workspace = borrowWorkspace(for: layers.lowerBound, layers.upperBound)
    compose(layers.lowerBound, layers.upperBound, at: t, animates: true, workspace: workspace, into: output)
    returnWorkspace(workspace)
  }

  /// A workspace no other range sample is using, preferring one that last held the range
  /// `begin..<end` (a new one if every kept one is lent; its slots are made by the compose).
  func borrowWorkspace(for begin: Int, _ end: Int) -> SampleWorkspace {
    if let kept = workspaces.take(for: begin, end) { return kept }
    return SampleWorkspace(workspaceShape)
  }

  /// Gives a workspace back for the next range sample.
  func returnWorkspace(_ workspace: SampleWorkspace) {
    workspaces.give(workspace)
  }

  /// The one compose loop: composes layers `begin..<end` (a valid range) at `t` in `workspace`
  /// and, given `output` (a whole frame's buffer), writes their states there. Whole frames (the
  /// sampler's own workspace, every layer) and ranges (a lent workspace) run it alike, a block
  /// of ``blockLayers`` layers at a time: the timings first used in a block, then its general
  /// tracks, its batch entries and its states. The workspace keeps every row of the range from
  /// one compose to the next, so composing the same range again restores only its animated slots
  /// from the model. Where `animates` is false (a non-finite time asked of a convenience that
  /// does not refuse it), no animation applies.
  ///
  /// Layers compose in order: the timings a block's tracks read were first used in it or in a
  /// block before it (``RootTimingBatch/spanStarts``), or are evaluated before the first block.
  func compose(_ begin: Int, _ end: Int, at t: Double, animates: Bool, workspace: SampleWorkspace,
               into output: UnsafeMutablePointer<LayerState>?) {
    guard begin >= 0, begin < end, end <= layerCount else { return }
    workspace.stamp &+= 1
    let space = workspace.reserve(slots: rowStarts[end] - rowStarts[begin])
    // The same range as last time: only its animated slots can differ from the model.
    let restoresAnimatedOnly = workspace.heldBegin == begin && workspace.heldEnd == end
    workspace.heldBegin = begin
    workspace.heldEnd = end
    let stamp = workspace.stamp, blockLayers = self.blockLayers
    storage.withHandle { sampler in
      let pass = ComposePass(
        sampler: sampler, space: space, t: t, animates: animates, stamp: stamp, gradientBase: gradientBase,
        rootTimingCount: rootTimingCount, wholeFrame: begin == 0 && end == layerCount, stampsBulk: rangeStampsBulk)
      pass.evaluateShared()
      var path = AncestorPath(space: space)
      var blockBegin = begin
      while blockBegin < end {
        let blockEnd = min(blockBegin + blockLayers, end)
        if restoresAnimatedOnly {
          Self.restoreAnimatedSlots(of: blockBegin..<blockEnd, sampler: sampler, into: space.slots,
                                    firstSlot: sampler.rowStarts[begin])
        }
        pass.compose(blockBegin, blockEnd, into: space.slots, baseLayer: begin, copiesModel: !restoresAnimatedOnly)
        if let output {
          Self.writeRangeStates(blockBegin..<blockEnd, begin: begin, slots: space.slots, pass: pass, path: &path,
                                into: output)
        }
        blockBegin = blockEnd
      }
    }
  }

  /// Writes the model value into every animated slot of `layers` (only animated slots can differ
  /// from the model), in `slots`, which holds the scene's slots from `firstSlot` on.
  @inline(__always)
  static func restoreAnimatedSlots(of layers: Range<Int>, sampler: SamplerHandle,
                                   into slots: UnsafeMutablePointer<Double>, firstSlot: Int) {
    let animated = sampler.animatedSlots, count = sampler.animatedSlotCount, model = sampler.model
    let from = lowerBound(sampler.rowStarts[layers.lowerBound], in: animated, count: count)
    let to = lowerBound(sampler.rowStarts[layers.upperBound], in: animated, count: count)
    for index in from..<to { slots[animated[index] &- firstSlot] = model[animated[index]] }
  }

  /// The first position in the ascending `slots` (`count` of them) whose value is `value` or more.
  static func lowerBound(_ value: Int, in slots: UnsafePointer<Int>, count: Int) -> Int {
    var low = 0, high = count
    while low < high {
      let middle = (low + high) / 2
      if slots[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension SceneSampler {
  /// The most threads ``sample(at:into:threads:)`` uses.
  public static let maxSamplingThreads = SamplingPool.maxThreads

  /// Writes the presentation state of every layer at time `t` into `states`, splitting the
  /// layers into chunks of about a thousand that the
  /// calling thread and `threads` − 1 threads of a small pool shared by every sampler (made on
  /// first use, then kept) take in turn, whichever is free taking the next.
  /// The bytes are those of ``sample(at:into:)``. Frames asked of the pool from several threads
  /// at once take turns; a frame asked for from inside one (a host curve this call runs) is
  /// sampled on the asking thread alone.
  ///
  /// - Parameters:
  ///   - t: The time, in seconds on the scene's clock, finite.
  ///   - states: Room for at least `layerCount` states; every layer's is written, in order.
  ///   - threads: 1 samples on the calling thread alone; at most ``maxSamplingThreads``.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t` or a thread count outside
  ///   1...``maxSamplingThreads``; ``GhostframeError/Code/bufferTooSmall`` if `states` is short;
  ///   ``GhostframeError/Code/internal`` if the system cannot start a thread.
  /// - Complexity: As ``sample(at:into:)``, spread over the threads; allocates nothing once the
  ///   pool's threads and the sampler's workspaces exist.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>, threads: Int)
    throws(GhostframeError) {
    try Self.checkTime(t)
    guard threads >= 1, threads <= SamplingPool.maxThreads else {
      throw GhostframeError(.invalidArgument, "threads is \(threads), not in 1...\(SamplingPool.maxThreads)")
    }
    guard states.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) layer states needed, room for \(states.count)")
    }
    guard let output = states.baseAddress, layerCount > 0 else { return }
    let parts = min(threads, layerCount)
    if parts == 1 {
      try sample(at: t, layers: 0..<layerCount, into: states)
      return
    }
    guard SamplingPool.shared.run(self, at: t, into: output, parts: parts) else {
      throw GhostframeError(.internal, "could not start a sampling thread")
    }
  }
}
