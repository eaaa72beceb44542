/// A scene compiled for sampling: flat arrays of model values and tracks, parents before
/// children, so ``sample(at:into:)`` is a pure function of time that allocates nothing.
///
/// A sampler is a snapshot: later changes to the scene need a new one. It keeps scratch
/// memory, so use one sampler from one thread at a time.
// Not Sendable: its scratch memory makes concurrent samples race, so the compiler keeps one
// sampler on one concurrency domain (the C ABI answers concurrent calls on a scene with GF_E_MISUSE).
public final class SceneSampler {
  /// The number of layers, and so of states ``sample(at:into:)`` writes.
  public let layerCount: Int
  let slotCount: Int
  let customNames: [String]
  /// Where custom slots start in a layer's row: ``LayerSlots/fixedCount``, or
  /// ``LayerSlots/coreCount`` in a scene that keeps no gradient slots.
  let customBase: Int
  /// layerCount × slotCount model values.
  let model: [Double]
  let parents: [Int32]
  let gradientStops: [UInt32]
  /// The flags a layer's model fixes (gradient, contents); hidden is added per sample.
  let staticFlags: [UInt32]
  /// The tracks the batch does not take, sorted by layer, in the order their animations compose.
  let tracks: [Track]
  /// The common tracks (constant basic animations on layers with nothing else), applied by one
  /// loop over flat arrays (``TrackBatch``).
  let batch: TrackBatch
  /// The top-level timings evaluated in bulk, and the scratch they use in a whole-frame sample.
  let rootBatch: RootTimingBatch
  let bulkScratch: UnsafeMutablePointer<Double>
  /// Constants the tracks read (values, key times, tangents).
  let constants: [Double]
  /// The distinct top-level timings, each evaluated once per sample into `rootResults`.
  let rootTimings: [RootTiming]
  var rootResults: [RootTimingResult]
  /// Inner timing chains evaluated during the current sample, by their first kernel's index
  /// (`Track.innerStart`, which names one chain); `composeCount` stamps the valid ones.
  var chainResults: [ChainResult]
  var composeCount: UInt64 = 0
  /// The inner timings tracks refer to (inside groups), with their easings alongside.
  let timingKernels: [TimingKernel]
  let timingEasings: [EasingKernel]
  /// The keyframe segment curves tracks refer to.
  let segmentEasings: [EasingKernel]
  /// Curves neither linear nor cubic bezier.
  let curves: [Curve]
  /// Whether a curve of the pool is a host curve, whose failures sampling must report.
  let usesHostCallbacks: Bool
  /// Keyframe and spring payloads tracks refer to.
  let keyframeTracks: [KeyframeTrack]
  let springTracks: [SpringTrack]
  /// The slots any track may write; only these are restored from the model each sample.
  let animatedSlots: [Int]
  /// The composed slots; outside `animatedSlots` they always equal the model.
  var scratch: [Double]
  var temporary: [Double]
  /// Where each layer's tracks start in `tracks` (layerCount + 1 entries; tracks are sorted by layer).
  let trackStarts: [Int]
  /// The most layers on a path from a root (a range sample's ancestor chain is no longer).
  let depth: Int
  /// Whether a range sample must stamp the timings it evaluates in bulk: only general tracks,
  /// and batch entries whose timing earlier layers use first, ask whether a timing is already
  /// evaluated. Without either, the stamps are never read (and writing them is 16 bytes of
  /// memory traffic a layer in a frame that streams its memory).
  let rangeStampsBulk: Bool
  /// The workspaces of range samples, each lent to one sample at a time.
  let workspaces = WorkspacePool()

  init(layerCount: Int, slotCount: Int, customNames: [String], model: [Double], parents: [Int32],
       gradientStops: [UInt32], staticFlags: [UInt32], tracks: [Track], constants: [Double], rootTimings: [RootTiming],
       timingKernels: [TimingKernel],
       timingEasings: [EasingKernel], segmentEasings: [EasingKernel], curves: [Curve], keyframeTracks: [KeyframeTrack],
       springTracks: [SpringTrack], batching: Bool = true) {
    // The batch takes whole layers; the general path keeps the order of the rest.
    let (batch, tracks) = batching
      ? TrackBatch.split(tracks, constants: constants, layerCount: layerCount, slotCount: slotCount,
                         rootCount: rootTimings.count)
      : (TrackBatch(layerCount: layerCount), tracks)
    self.batch = batch
    rootBatch = RootTimingBatch(rootTimings: rootTimings, tracks: tracks, batch: batch, layerCount: layerCount,
                                enabled: batching)
    let scratchCount = max(rootBatch.order.count * RootTimingBatch.scratchPerTiming, 1)
    bulkScratch = .allocate(capacity: scratchCount)
    bulkScratch.initialize(repeating: 0, count: scratchCount)
    self.layerCount = layerCount
    self.slotCount = slotCount
    self.customNames = customNames
    customBase = slotCount - customNames.count
    self.model = model
    self.parents = parents
    self.gradientStops = gradientStops
    self.staticFlags = staticFlags
    self.tracks = tracks
    self.constants = constants
    self.rootTimings = rootTimings
    // The top-level timings' results, then the batch's chained timings' (TrackBatch).
    rootResults = [RootTimingResult](repeating: RootTimingResult(), count: rootTimings.count + batch.chainTracks.count)
    chainResults = [ChainResult](repeating: ChainResult(), count: timingKernels.count)
    self.timingKernels = timingKernels
    self.timingEasings = timingEasings
    self.segmentEasings = segmentEasings
    self.curves = curves
    usesHostCallbacks = curves.contains { $0.hostCurve != nil }
    self.keyframeTracks = keyframeTracks
    self.springTracks = springTracks
    animatedSlots = Self.slots(writtenBy: tracks, slotCount: slotCount, layerCount: layerCount)
    scratch = model
    // Room for a value, the value under it, and a cumulative delta: 16 components each.
    temporary = [Double](repeating: 0, count: 64)
    var starts = [Int](repeating: 0, count: layerCount + 1)
    for track in tracks where track.layer >= 0 && track.layer < layerCount { starts[track.layer + 1] += 1 }
    for layer in 0..<layerCount { starts[layer + 1] += starts[layer] }
    trackStarts = starts
    var depths = [Int](repeating: 1, count: layerCount)
    var deepest = 0
    for layer in 0..<layerCount {
      let parent = Int(parents[layer])
      if parent >= 0, parent < layer { depths[layer] = depths[parent] + 1 }
      deepest = max(deepest, depths[layer])
    }
    depth = deepest
    rangeStampsBulk = !tracks.isEmpty || !rootBatch.batchTimingsAreLocal || !batch.chainTracks.isEmpty
  }

  deinit {
    bulkScratch.deallocate()
  }

  /// Writes the presentation state of every layer at time `t` into `states`.
  ///
  /// - Parameters:
  ///   - t: The scene time; NaN and infinities are treated as "no animation applies".
  ///   - states: At least ``layerCount`` states; the first ``layerCount`` are written.
  /// - Throws: ``GhostframeError/Code/bufferTooSmall`` if `states` is short (nothing written).
  /// - Complexity: O(layers + tracks); allocates nothing.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    guard states.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) layer states needed, room for \(states.count)")
    }
    guard let output = states.baseAddress, layerCount > 0 else { return }
    compose(at: t, blockLayers: Self.blockLayers) { layers, slots, overflowed in
      writeStates(layers, from: slots, into: output, guardsNaN: overflowed)
    }
  }

  /// The presentation state of every layer at `t`, in a new array.
  public func sample(at t: Double) -> [LayerState] {
    var states = [LayerState](repeating: LayerState(), count: layerCount)
    states.withUnsafeMutableBufferPointer { buffer in
      // Cannot fail: the buffer has exactly layerCount states.
      try? sample(at: t, into: buffer)
    }
    return states
  }

  /// The presentation value of one property of one layer at `t`: the model value with every
  /// animation composed, as the property's components (empty for an unknown layer).
  public func presentationValue(of property: AnimatableProperty, layer: Int, at t: Double) -> [Double] {
    guard layer >= 0, layer < layerCount else { return [] }
    var result: [Double] = []
    compose(at: t) { slots, _ in
      let s = slots + layer * slotCount
      switch property.mapping {
      case .slots(let slot) where customBase < LayerSlots.fixedCount && slot + property.valueWidth > customBase:
        // A gradient property of a scene that keeps no gradient slots: the values they would hold.
        var gradient = [Double](repeating: 0, count: LayerSlots.gradientSlotCount)
        gradient.withUnsafeMutableBufferPointer { buffer in
          if let g = buffer.baseAddress { LayerSlots.writeGradient(nil, into: g) }
        }
        result = (0..<property.valueWidth).map { c in
          let k = slot + c - LayerSlots.gradientStart
          return k >= 0 && k < gradient.count ? gradient[k] : 0
        }
      case .slots(let slot): result = (0..<property.valueWidth).map { s[slot + $0] }
      case .uniformScale: result = [s[LayerSlots.scaleX]]
      case .frame:
        let w = s[LayerSlots.width], h = s[LayerSlots.height]
        result = [s[LayerSlots.positionX] - s[LayerSlots.anchorX] * w,
                  s[LayerSlots.positionY] - s[LayerSlots.anchorY] * h, w, h]
      case .bounds: result = [0, 0, s[LayerSlots.width], s[LayerSlots.height]]
      case .custom(let name):
        result = [customNames.firstIndex(of: name).map { s[customBase + $0] } ?? 0]
      }
    }
    return result
  }

  /// The presentation value of a custom property for every layer at `t` (0 where unset).
  public func customValues(of property: AnimatableProperty, at t: Double) -> [Double] {
    var result = [Double](repeating: 0, count: layerCount)
    result.withUnsafeMutableBufferPointer { buffer in
      // Cannot fail: the buffer has exactly layerCount values.
      try? customValues(of: property, at: t, into: buffer)
    }
    return result
  }

  /// Writes the presentation value of a custom property for every layer at `t` (0 where unset)
  /// into `values`, allocating nothing: the form hosts use every frame.
  ///
  /// - Throws: ``GhostframeError/Code/bufferTooSmall`` when `values` has fewer than
  ///   ``layerCount`` elements (nothing is written).
  /// - Complexity: As ``sample(at:into:)``.
  public func customValues(
    of property: AnimatableProperty, at t: Double, into values: UnsafeMutableBufferPointer<Double>
  ) throws(GhostframeError) {
    guard values.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) values needed, room for \(values.count)")
    }
    guard let output = values.baseAddress, layerCount > 0 else { return }
    guard case .custom(let name) = property.mapping, let k = customNames.firstIndex(of: name) else {
      output.update(repeating: 0, count: layerCount)
      return
    }
    let stride = slotCount, first = customBase + k, count = layerCount
    compose(at: t) { slots, _ in
      for layer in 0..<count { output[layer] = slots[layer * stride + first] }
    }
  }

  /// Composes every track over the model values at `t` and hands the slots to `body`, with
  /// whether some value grew astronomically large (``TrackContext/overflowed``).
  func compose(at t: Double, _ body: (UnsafePointer<Double>, Bool) -> Void) {
    compose(at: t, blockLayers: max(layerCount, 1)) { _, slots, overflowed in body(slots, overflowed) }
  }

  /// Composes the tracks at `t` a block of `blockLayers` layers at a time, handing each block's
  /// layers to `body` once their slots are composed (with the scene's slots, and whether some
  /// value so far grew astronomically large, ``TrackContext/overflowed``). A block's timings,
  /// batch entries and slots are then still in cache when `body` writes its states.
  ///
  /// Layers compose in order: the timings a block's tracks read were first used in it or in a
  /// block before it (``RootTimingBatch/spanStarts``), or are evaluated before the first block.
  private func compose(at t: Double, blockLayers: Int,
                       _ body: (Range<Int>, UnsafePointer<Double>, Bool) -> Void) {
    composeCount += 1
    model.withUnsafeBufferPointer { model in
      constants.withUnsafeBufferPointer { constants in
        Pools.with(self) { pools in
          self.batch.withPointers { batch in
            tracks.withUnsafeBufferPointer { tracks in
              animatedSlots.withUnsafeBufferPointer { animated in
                trackStarts.withUnsafeBufferPointer { trackStarts in
                  scratch.withUnsafeMutableBufferPointer { scratch in
                    temporary.withUnsafeMutableBufferPointer { temporary in
                      guard let s = scratch.baseAddress, let m = model.baseAddress, let tmp = temporary.baseAddress
                      else { return }
                      let animates = t.isFinite
                      var context = TrackContext(slots: s, constants: constants, pools: pools, temporary: tmp)
                      let roots = pools.rootTimings.baseAddress, results = pools.rootResults.baseAddress
                      if animates {
                        for root in rootBatch.others { context.evaluateRootTiming(root, at: t) }
                        self.batch.chainTracks.withUnsafeBufferPointer { chains in
                          guard let first = chains.baseAddress else { return }
                          for c in chains.indices {
                            context.evaluateChainedTiming(first + c, into: rootTimings.count + c)
                          }
                        }
                      }
                      var blockBegin = 0
                      while blockBegin < layerCount {
                        let blockEnd = min(blockBegin + blockLayers, layerCount)
                        Self.restoreAnimatedSlots(of: blockBegin..<blockEnd, stride: slotCount, animated: animated,
                                                  model: m, into: s, firstSlot: 0)
                        let entries = self.batch.starts[blockBegin]..<self.batch.starts[blockEnd]
                        if animates {
                          if let roots, let results {
                            rootBatch.evaluate(rootBatch.spanStarts[blockBegin]..<rootBatch.spanStarts[blockEnd], at: t,
                                               roots: roots, results: results, constants: constants.baseAddress,
                                               scratch: bulkScratch, stamps: nil, stamp: 0)
                          }
                          if let first = tracks.baseAddress {
                            for index in trackStarts[blockBegin]..<trackStarts[blockEnd] {
                              context.apply(first + index, at: t, slotCount: slotCount)
                            }
                          }
                          if let batch, let results { batch.apply(entries, results: results, model: m, into: s, firstSlot: 0) }
                        } else {
                          batch?.restore(entries, model: m, into: s, firstSlot: 0)
                        }
                        body(blockBegin..<blockEnd, UnsafePointer(s), context.overflowed)
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

  /// Every slot some track writes, ascending.
  private static func slots(writtenBy tracks: [Track], slotCount: Int, layerCount: Int) -> [Int] {
    // A mask over every slot, then its set positions in order: no hashing, no sort.
    var written = [Bool](repeating: false, count: layerCount * slotCount)
    let S = LayerSlots.self
    for track in tracks {
      let base = track.layer * slotCount
      switch track.target {
      case .slots(let offset, let width): for slot in offset..<(offset + width) { written[base + slot] = true }
      case .uniformScale: written[base + S.scaleX] = true; written[base + S.scaleY] = true
      case .frame: for slot in [S.positionX, S.positionY, S.width, S.height] { written[base + slot] = true }
      case .bounds: for slot in [S.width, S.height] { written[base + slot] = true }
      case .transition: for slot in [S.opacity, S.translationX, S.translationY] { written[base + slot] = true }
      }
    }
    return written.indices.filter { written[$0] }
  }
}

/// The sampler's pools as buffers, borrowed for one sample.
struct Pools {
  let timingKernels: UnsafeBufferPointer<TimingKernel>
  let timingEasings: UnsafeBufferPointer<EasingKernel>
  let segmentEasings: UnsafeBufferPointer<EasingKernel>
  let curves: UnsafeBufferPointer<Curve>
  let rootTimings: UnsafeBufferPointer<RootTiming>
  let rootResults: UnsafeMutableBufferPointer<RootTimingResult>
  let chainResults: UnsafeMutableBufferPointer<ChainResult>
  /// This sample's stamp for `chainResults`.
  let stamp: UInt64
  let keyframeTracks: UnsafeBufferPointer<KeyframeTrack>
  let springTracks: UnsafeBufferPointer<SpringTrack>

  /// The pools of `sampler` with the timing results of `workspace` (a range sample's own).
  static func with(_ sampler: SceneSampler, workspace: SampleWorkspace, _ body: (Pools) -> Void) {
    with(sampler, results: workspace.rootResults, chains: workspace.chainResults, stamp: workspace.stamp, body)
  }

  /// The pools of `sampler` with its own timing results (a whole-frame sample's).
  static func with(_ sampler: SceneSampler, _ body: (Pools) -> Void) {
    sampler.rootResults.withUnsafeMutableBufferPointer { results in
      sampler.chainResults.withUnsafeMutableBufferPointer { chains in
        with(sampler, results: results, chains: chains, stamp: sampler.composeCount, body)
      }
    }
  }

  /// The sampler's read-only pools borrowed, with the timing results a sample writes.
  private static func with(
    _ sampler: SceneSampler, results: UnsafeMutableBufferPointer<RootTimingResult>,
    chains: UnsafeMutableBufferPointer<ChainResult>, stamp: UInt64, _ body: (Pools) -> Void
  ) {
    sampler.timingKernels.withUnsafeBufferPointer { kernels in
      sampler.timingEasings.withUnsafeBufferPointer { easings in
        sampler.segmentEasings.withUnsafeBufferPointer { segments in
          sampler.curves.withUnsafeBufferPointer { curves in
            sampler.keyframeTracks.withUnsafeBufferPointer { keyframes in
              sampler.springTracks.withUnsafeBufferPointer { springs in
                sampler.rootTimings.withUnsafeBufferPointer { roots in
                  body(Pools(timingKernels: kernels, timingEasings: easings, segmentEasings: segments, curves: curves,
                             rootTimings: roots, rootResults: results, chainResults: chains, stamp: stamp,
                             keyframeTracks: keyframes, springTracks: springs))
                }
              }
            }
          }
        }
      }
    }
  }
}
