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
  ///   - t: The scene time; NaN and infinities are treated as "no animation applies".
  ///   - layers: A range within `0..<layerCount`.
  ///   - states: A whole frame's buffer, at least ``layerCount`` states; only `states[layers]` is written.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a range outside the layers;
  ///   ``GhostframeError/Code/bufferTooSmall`` if `states` is short (nothing written).
  /// - Complexity: O(layers in the range + their tracks + their ancestors outside it);
  ///   allocates nothing once as many workspaces as concurrent calls exist.
  public func sample(at t: Double, layers: Range<Int>, into states: UnsafeMutableBufferPointer<LayerState>)
    throws(GhostframeError) {
    guard layers.lowerBound >= 0, layers.upperBound <= layerCount else {
      throw GhostframeError(.invalidArgument,
                            "layers \(layers.lowerBound)..<\(layers.upperBound) are outside 0..<\(layerCount)")
    }
    guard states.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) layer states needed, room for \(states.count)")
    }
    guard !layers.isEmpty, let output = states.baseAddress else { return }
    let workspace = borrowWorkspace(for: layers.lowerBound, layers.upperBound)
    sampleRange(layers.lowerBound, layers.upperBound, at: t, into: output, workspace: workspace)
    returnWorkspace(workspace)
  }

  /// A workspace no other range sample is using, preferring one that last held the range
  /// `begin..<end` (a new one if every kept one is lent).
  func borrowWorkspace(for begin: Int, _ end: Int) -> SampleWorkspace {
    if let kept = workspaces.take(for: begin, end) { return kept }
    return SampleWorkspace(slotCount: slotCount, rootCount: rootTimings.count + batch.chainTracks.count,
                           chainCount: timingKernels.count,
                           depth: depth + 1, bulkCount: rootBatch.order.count)
  }

  /// Gives a workspace back for the next range sample.
  func returnWorkspace(_ workspace: SampleWorkspace) {
    workspaces.give(workspace)
  }

  /// Composes and writes layers `begin..<end` (a valid, non-empty range) with `workspace`.
  func sampleRange(_ begin: Int, _ end: Int, at t: Double, into output: UnsafeMutablePointer<LayerState>,
                   workspace ws: SampleWorkspace) {
    ws.stamp &+= 1
    ws.ancestorCount = 0
    ws.reserve(layers: end - begin)
    // The same range as last time: only its animated slots can differ from the model.
    let restoresAnimatedOnly = ws.heldBegin == begin && ws.heldEnd == end
    ws.heldBegin = begin
    ws.heldEnd = end
    let stride = slotCount
    model.withUnsafeBufferPointer { model in
      constants.withUnsafeBufferPointer { constants in
        tracks.withUnsafeBufferPointer { tracks in
          trackStarts.withUnsafeBufferPointer { starts in
           animatedSlots.withUnsafeBufferPointer { animated in
            parents.withUnsafeBufferPointer { parents in
              gradientStops.withUnsafeBufferPointer { gradientStops in
                staticFlags.withUnsafeBufferPointer { staticFlags in
                  Pools.with(self, workspace: ws) { pools in
                   self.batch.withPointers { batch in
                   self.batch.chainTracks.withUnsafeBufferPointer { chainTracks in
                    guard let m = model.baseAddress else { return }
                    let animates = t.isFinite
                    /// Composes `layers` into `slots` (which holds `layers.lowerBound`'s slots first).
                    func compose(_ first: Int, _ last: Int, into slots: UnsafeMutablePointer<Double>,
                                 copiesModel: Bool = true) {
                      if copiesModel { slots.update(from: m + first * stride, count: (last - first) * stride) }
                      let entries = batch.map { $0.starts[first]..<$0.starts[last] } ?? 0..<0
                      guard animates else {
                        // The batch's slots are not among the restored ones: they get the model here.
                        if !copiesModel { batch?.restore(entries, model: m, into: slots, firstSlot: first * stride) }
                        return
                      }
                      var context = TrackContext(slots: slots, constants: constants, pools: pools,
                                                 temporary: ws.temporary, firstLayer: first)
                      /// Evaluates a root timing once per sample of this workspace: a top-level
                      /// timing, or a batch entry's chained timing after its top-level one.
                      func evaluate(_ root: Int) {
                        guard root >= 0, root < ws.rootStamps.count, ws.rootStamps[root] != ws.stamp else { return }
                        let chain = root - rootTimings.count
                        if chain >= 0 {
                          guard chain < chainTracks.count, let first = chainTracks.baseAddress else { return }
                          evaluate(first[chain].rootTiming)
                          context.evaluateChainedTiming(first + chain, into: root)
                        } else {
                          context.evaluateRootTiming(root, at: t)
                        }
                        ws.rootStamps[root] = ws.stamp
                      }
                      // The timings these layers use first, in bulk; shared earlier ones one by one below.
                      if let roots = pools.rootTimings.baseAddress, let results = pools.rootResults.baseAddress {
                        rootBatch.evaluate(rootBatch.spanStarts[first]..<rootBatch.spanStarts[last], at: t,
                                           roots: roots, results: results, constants: constants.baseAddress,
                                           scratch: ws.bulkScratch,
                                           stamps: rangeStampsBulk ? ws.rootStamps.baseAddress : nil, stamp: ws.stamp)
                      }
                      if let base = tracks.baseAddress {
                        for index in starts[first]..<starts[last] {
                          let track = base + index
                          let root = track.pointee.rootTiming
                          guard root >= 0, root < ws.rootStamps.count else { continue }
                          evaluate(root)
                          context.apply(track, slotCount: stride)
                        }
                      }
                      guard let batch, let results = pools.rootResults.baseAddress else { return }
                      // Timings shared with layers before `first` (the bulk stamped the others).
                      if !rootBatch.batchTimingsAreLocal {
                        let stamps = ws.rootStamps
                        for k in entries where stamps[batch.roots[k]] != ws.stamp { evaluate(batch.roots[k]) }
                      }
                      batch.apply(entries, results: results, model: m, into: slots, firstSlot: first * stride)
                    }
                    /// Composes and writes one layer on the ancestor path, at depth `k`.
                    func pushAncestor(_ layer: Int) {
                      let k = ws.ancestorCount
                      guard k < ws.depthCapacity else { return }
                      let slots = ws.ancestorSlots + k * stride
                      compose(layer, layer + 1, into: slots)
                      Self.writeState(
                        layer: layer, parent: parents[layer],
                        parentState: k > 0 ? UnsafePointer(ws.ancestorStates + (k - 1)) : nil,
                        slots: slots, stops: gradientStops[layer], staticFlags: staticFlags[layer],
                        into: ws.ancestorStates + k, guardsNaN: false)
                      ws.ancestorLayers[k] = layer
                      ws.ancestorCount = k + 1
                    }
                    /// The position of `layer` on the ancestor path, or -1.
                    func onPath(_ layer: Int) -> Int {
                      var k = ws.ancestorCount - 1
                      while k >= 0, ws.ancestorLayers[k] != layer { k -= 1 }
                      return k
                    }
                    /// The state of `layer` (before the range), from the ancestor path.
                    func ancestorState(_ layer: Int) -> UnsafePointer<LayerState>? {
                      let found = onPath(layer)
                      if found >= 0 {
                        ws.ancestorCount = found + 1
                        return UnsafePointer(ws.ancestorStates + found)
                      }
                      // The path from `layer` up to a layer already on it (or a root), leaf first.
                      var count = 0, keep = 0, current = layer
                      while count < ws.depthCapacity {
                        ws.pathLayers[count] = current
                        count += 1
                        let parent = Int(parents[current])
                        guard parent >= 0, parent < current else { break }
                        let at = onPath(parent)
                        if at >= 0 { keep = at + 1; break }
                        current = parent
                      }
                      ws.ancestorCount = keep
                      for i in (0..<count).reversed() { pushAncestor(ws.pathLayers[i]) }
                      let top = ws.ancestorCount - 1
                      guard top >= 0, ws.ancestorLayers[top] == layer else { return nil }
                      return UnsafePointer(ws.ancestorStates + top)
                    }

                    // A block of layers at a time, as the whole-frame sample (``blockLayers``).
                    var blockBegin = begin
                    while blockBegin < end {
                      let blockEnd = min(blockBegin + Self.blockLayers, end)
                      let slots = ws.slots + (blockBegin - begin) * stride
                      if restoresAnimatedOnly {
                        Self.restoreAnimatedSlots(of: blockBegin..<blockEnd, stride: stride, animated: animated,
                                                  model: m, into: ws.slots, firstSlot: begin * stride)
                        compose(blockBegin, blockEnd, into: slots, copiesModel: false)
                      } else {
                        compose(blockBegin, blockEnd, into: slots)
                      }
                      Self.writeRangeStates(
                        blockBegin..<blockEnd, begin: begin, slots: ws.slots, stride: stride, parents: parents,
                        gradientStops: gradientStops, staticFlags: staticFlags, into: output, ancestor: ancestorState)
                      blockBegin = blockEnd
                    }
                   }
                   }
                  }
                }
              }
            }
           }
          }
        }
      }
    }
  }

  /// The layers a sample composes and writes at a time: a block's timing results, batch entries,
  /// slots and states stay in cache between the passes.
  static let blockLayers = 256

  /// Writes the model value into every animated slot of `layers` (only animated slots can differ
  /// from the model), in `slots`, which holds the scene's slots from `firstSlot` on.
  @inline(__always)
  static func restoreAnimatedSlots(of layers: Range<Int>, stride: Int, animated: UnsafeBufferPointer<Int>,
                                   model: UnsafePointer<Double>, into slots: UnsafeMutablePointer<Double>,
                                   firstSlot: Int) {
    let from = lowerBound(layers.lowerBound * stride, in: animated), to = lowerBound(layers.upperBound * stride, in: animated)
    for index in from..<to { slots[animated[index] - firstSlot] = model[animated[index]] }
  }

  /// The first position in the ascending `slots` whose value is `value` or more.
  static func lowerBound(_ value: Int, in slots: UnsafeBufferPointer<Int>) -> Int {
    var low = 0, high = slots.count
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
  ///   - t: The time, in seconds on the scene's clock.
  ///   - states: Room for at least `layerCount` states; every layer's is written, in order.
  ///   - threads: 1 samples on the calling thread alone; at most ``maxSamplingThreads``.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a thread count outside
  ///   1...``maxSamplingThreads``; ``GhostframeError/Code/bufferTooSmall`` if `states` is short;
  ///   ``GhostframeError/Code/internal`` if the system cannot start a thread.
  /// - Complexity: As ``sample(at:into:)``, spread over the threads; allocates nothing once the
  ///   pool's threads and the sampler's workspaces exist.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>, threads: Int)
    throws(GhostframeError) {
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
