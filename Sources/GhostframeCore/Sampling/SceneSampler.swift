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
  let customNames: [String]
  /// Where each layer's row starts among the slots (layerCount + 1 entries; rows are
  /// ``LayerSlots/rowWidth(customCount:keepsGradient:)`` wide, the gradient's slots kept only
  /// where a layer has a gradient or an animation writes one).
  let rowStarts: [Int]
  /// Where the gradient's slots start in a row that keeps them (after the custom slots).
  let gradientBase: Int
  /// The widest row.
  let maxRowWidth: Int
  /// The slots of every row.
  var slotTotal: Int { rowStarts[layerCount] }
  /// Whether a curve of the pool is a host curve, whose failures sampling must report.
  let usesHostCallbacks: Bool
  /// The compiled arrays, in one allocation (``SamplerStorage``).
  let storage: SamplerStorage
  /// The number of top-level timings (the batch's chained timings' results follow theirs).
  let rootTimingCount: Int
  /// Whether a range sample must stamp the timings it evaluates in bulk: only general tracks,
  /// and batch entries whose timing earlier layers use first, ask whether a timing is already
  /// evaluated. Without either, the stamps are never read (and writing them is 16 bytes of
  /// memory traffic a layer in a frame that streams its memory).
  let rangeStampsBulk: Bool
  /// The sizes of this sampler's workspaces.
  let workspaceShape: WorkspaceShape
  /// The layers a sample composes and writes at a time (``compose(_:_:at:animates:workspace:into:)``).
  let blockLayers: Int
  /// ``blockLayers`` where a scene does not say: long enough that each pass over a block streams
  /// its arrays (a pass over a few hundred layers restarts a dozen streams too often: at 256,
  /// 100,000 layers took 1.3–1.5× as long as at 4,096), short enough that a block's timing
  /// scratch (7 doubles a timing, 229 KB) stays in a core's cache between the passes.
  static let defaultBlockLayers = 4096
  /// The workspace of whole frames (``sample(at:into:)``, ``presentationValue(of:layer:at:)``,
  /// ``customValues(of:at:into:)``): this sampler's own, used one sample at a time.
  let frameWorkspace: SampleWorkspace
  /// The workspaces of range samples, each lent to one sample at a time.
  let workspaces = WorkspacePool()

  init(layers: [Layer], keepsGradient: [Bool], customNames: [String], parents: [Int32],
       gradientStops: [UInt32], staticFlags: [UInt32], tracks: [Track], constants: [Double], rootTimings: [RootTiming],
       timingKernels: [TimingKernel],
       timingEasings: [EasingKernel], segmentEasings: [EasingKernel], curves: [Curve], keyframeTracks: [KeyframeTrack],
       springTracks: [SpringTrack], batching: Bool = true, blockLayers: Int = SceneSampler.defaultBlockLayers) {
    let layerCount = layers.count
    var rowStarts = [Int](repeating: 0, count: layerCount + 1)
    for layer in 0..<layerCount {
      let keeps = layer < keepsGradient.count && keepsGradient[layer]
      rowStarts[layer + 1] = rowStarts[layer] + LayerSlots.rowWidth(customCount: customNames.count, keepsGradient: keeps)
    }
    // The batch takes whole layers; the general path keeps the order of the rest.
    let (batch, tracks) = batching
      ? TrackBatch.split(tracks, constants: constants, layerCount: layerCount, rowStarts: rowStarts,
                         rootCount: rootTimings.count)
      : (TrackBatch(layerCount: layerCount), tracks)
    let bulk = RootTimingBatch(rootTimings: rootTimings, tracks: tracks, batch: batch, layerCount: layerCount,
                               enabled: batching)
    self.layerCount = layerCount
    self.customNames = customNames
    self.rowStarts = rowStarts
    gradientBase = LayerSlots.gradientBase(customCount: customNames.count)
    maxRowWidth = LayerSlots.rowWidth(customCount: customNames.count, keepsGradient: keepsGradient.contains(true))
    self.blockLayers = max(blockLayers, 1)
    usesHostCallbacks = curves.contains { $0.hostCurve != nil }
    rootTimingCount = rootTimings.count
    var starts = [Int](repeating: 0, count: layerCount + 1)
    for track in tracks where track.layer >= 0 && track.layer < layerCount { starts[track.layer + 1] += 1 }
    for layer in 0..<layerCount { starts[layer + 1] += starts[layer] }
    var depths = [Int](repeating: 1, count: layerCount)
    var deepest = 0
    for layer in 0..<layerCount {
      let parent = Int(parents[layer])
      if parent >= 0, parent < layer { depths[layer] = depths[parent] + 1 }
      deepest = max(deepest, depths[layer])
    }
    rangeStampsBulk = !tracks.isEmpty || !bulk.batchTimingsAreLocal || !batch.chainTracks.isEmpty
    workspaceShape = WorkspaceShape(
      rowWidth: maxRowWidth, rootCount: rootTimings.count + batch.chainTracks.count, chainCount: timingKernels.count,
      depth: deepest + 1, bulkCount: bulk.order.count)
    storage = SamplerStorage(SamplerArrays(
      layers: layers, keepsGradient: keepsGradient, customNames: customNames, rowStarts: rowStarts, parents: parents, gradientStops: gradientStops, staticFlags: staticFlags, tracks: tracks,
      trackStarts: starts,
      animatedSlots: Self.slots(writtenBy: tracks, rowStarts: rowStarts),
      constants: constants, rootTimings: rootTimings, timingKernels: timingKernels, timingEasings: timingEasings,
      segmentEasings: segmentEasings, curves: curves, keyframeTracks: keyframeTracks, springTracks: springTracks,
      batch: batch, bulk: bulk))
    frameWorkspace = SampleWorkspace(workspaceShape)
  }

  /// Writes the presentation state of every layer at time `t` into `states`.
  ///
  /// - Parameters:
  ///   - t: The scene time, finite.
  ///   - states: At least ``layerCount`` states; the first ``layerCount`` are written.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t`,
  ///   ``GhostframeError/Code/bufferTooSmall`` if `states` is short (nothing written either way).
  /// - Complexity: O(layers + tracks); allocates nothing.
  public func sample(at t: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    try Self.checkTime(t)
    guard states.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) layer states needed, room for \(states.count)")
    }
    guard let output = states.baseAddress, layerCount > 0 else { return }
    compose(0, layerCount, at: t, animates: true, workspace: frameWorkspace, into: output)
  }

  /// The presentation state of every layer at `t`, in a new array.
  ///
  /// A non-finite `t` is not refused here: it gives every layer's model state, as though no
  /// animation applied (``sample(at:into:)`` throws for it, as the C ABI refuses it).
  public func sample(at t: Double) -> [LayerState] {
    var states = [LayerState](repeating: LayerState(), count: layerCount)
    states.withUnsafeMutableBufferPointer { buffer in
      guard let output = buffer.baseAddress, layerCount > 0 else { return }
      compose(0, layerCount, at: t, animates: t.isFinite, workspace: frameWorkspace, into: output)
    }
    return states
  }

  /// The presentation value of one property of one layer at `t`: the model value with every
  /// animation composed, as the property's components (empty for an unknown layer). A non-finite
  /// `t` gives the model value, as though no animation applied.
  public func presentationValue(of property: AnimatableProperty, layer: Int, at t: Double) -> [Double] {
    guard layer >= 0, layer < layerCount else { return [] }
    compose(0, layerCount, at: t, animates: t.isFinite, workspace: frameWorkspace, into: nil)
    // The frame workspace holds every layer's composed slots, layer 0 first.
    let s = UnsafePointer(frameWorkspace.handle.slots + rowStarts[layer])
    let keepsGradient = rowStarts[layer + 1] - rowStarts[layer] > gradientBase
    switch property.mapping {
    case .slots(let slot) where slot + property.valueWidth > LayerSlots.coreCount:
      // A gradient property: its slots follow the custom ones, or, in a row that does not keep
      // them, the values they would hold.
      var gradient = [Double](repeating: 0, count: LayerSlots.gradientSlotCount)
      gradient.withUnsafeMutableBufferPointer { buffer in
        guard let g = buffer.baseAddress else { return }
        if keepsGradient {
          g.update(from: s + gradientBase, count: LayerSlots.gradientSlotCount)
        } else {
          LayerSlots.writeGradient(nil, into: g)
        }
      }
      return (0..<property.valueWidth).map { c in
        let k = slot + c - LayerSlots.gradientStart
        return k >= 0 && k < gradient.count ? gradient[k] : 0
      }
    case .slots(let slot): return (0..<property.valueWidth).map { s[slot + $0] }
    case .uniformScale: return [s[LayerSlots.scaleX]]
    case .frame(let first):
      return (first..<(first + property.valueWidth)).map { LayerSlots.frameComponent($0, of: s) }
    case .bounds: return [0, 0, s[LayerSlots.width], s[LayerSlots.height]]
    case .custom(let name):
      return [customNames.firstIndex(of: name).map { s[LayerSlots.customBase + $0] } ?? 0]
    }
  }

  /// The presentation value of a custom property for every layer at `t` (0 where unset). A
  /// non-finite `t` gives the model values, as though no animation applied
  /// (``customValues(of:at:into:)`` throws for it, as the C ABI refuses it).
  public func customValues(of property: AnimatableProperty, at t: Double) -> [Double] {
    var result = [Double](repeating: 0, count: layerCount)
    result.withUnsafeMutableBufferPointer { buffer in
      guard let output = buffer.baseAddress else { return }
      writeCustomValues(of: property, at: t, animates: t.isFinite, into: output)
    }
    return result
  }

  /// Writes the presentation value of a custom property for every layer at `t` (0 where unset)
  /// into `values`, allocating nothing: the form hosts use every frame.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite `t`;
  ///   ``GhostframeError/Code/bufferTooSmall`` when `values` has fewer than ``layerCount``
  ///   elements (nothing is written either way).
  /// - Complexity: As ``sample(at:into:)``.
  public func customValues(
    of property: AnimatableProperty, at t: Double, into values: UnsafeMutableBufferPointer<Double>
  ) throws(GhostframeError) {
    try Self.checkTime(t)
    guard values.count >= layerCount else {
      throw GhostframeError(.bufferTooSmall, "\(layerCount) values needed, room for \(values.count)")
    }
    guard let output = values.baseAddress, layerCount > 0 else { return }
    writeCustomValues(of: property, at: t, animates: true, into: output)
  }

  /// Composes every layer at `t` and writes the custom property's value of each into `output`
  /// (``layerCount`` values).
  private func writeCustomValues(of property: AnimatableProperty, at t: Double, animates: Bool,
                                 into output: UnsafeMutablePointer<Double>) {
    guard case .custom(let name) = property.mapping, let k = customNames.firstIndex(of: name) else {
      output.update(repeating: 0, count: layerCount)
      return
    }
    compose(0, layerCount, at: t, animates: animates, workspace: frameWorkspace, into: nil)
    let slots = frameWorkspace.handle.slots, first = LayerSlots.customBase + k
    for layer in 0..<layerCount { output[layer] = slots[rowStarts[layer] + first] }
  }

  /// Refuses a non-finite time, with the message the C ABI gives.
  static func checkTime(_ t: Double) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("t must be finite (got \(t))") }
  }

  /// Every slot some track writes, ascending (slots counted from the first row's first).
  private static func slots(writtenBy tracks: [Track], rowStarts: [Int]) -> [Int] {
    // A mask over every slot, then its set positions in order: no hashing, no sort.
    let layerCount = rowStarts.count - 1
    var written = [Bool](repeating: false, count: rowStarts.last ?? 0)
    let S = LayerSlots.self
    for track in tracks where track.layer >= 0 && track.layer < layerCount {
      let base = rowStarts[track.layer], width = rowStarts[track.layer + 1] - base
      func mark(_ slot: Int) { if slot >= 0 && slot < width { written[base + slot] = true } }
      switch track.target {
      case .slots(let offset, let count): for slot in offset..<(offset + max(count, 0)) { mark(slot) }
      case .uniformScale: mark(S.scaleX); mark(S.scaleY)
      case .frame: for slot in [S.positionX, S.positionY, S.width, S.height] { mark(slot) }
      case .bounds: for slot in [S.width, S.height] { mark(slot) }
      case .transition: for slot in [S.opacity, S.translationX, S.translationY] { mark(slot) }
      }
    }
    return written.indices.filter { written[$0] }
  }
}

extension SceneSampler {
  /// The general tracks, copied out of the storage, for tests; never on a sampling path.
  var tracks: [Track] {
    storage.withHandle { Array(UnsafeBufferPointer(start: $0.tracks, count: $0.trackCount)) }
  }

  /// The constant pool, copied out of the storage, for tests; never on a sampling path.
  var constants: [Double] {
    storage.withHandle { Array(UnsafeBufferPointer(start: $0.constants, count: $0.constantCount)) }
  }

  /// The top-level timings, copied out of the storage, for tests; never on a sampling path.
  var rootTimings: [RootTiming] {
    storage.withHandle { Array(UnsafeBufferPointer(start: $0.rootTimings, count: $0.rootTimingCount)) }
  }

  /// The track batch, copied out of the storage, for tests; never on a sampling path.
  var batch: TrackBatch {
    storage.withHandle { TrackBatch(copying: $0.batch, layerCount: layerCount) }
  }

  /// The bulk timings, copied out of the storage, for tests; never on a sampling path.
  var rootBatch: RootTimingBatch {
    storage.withHandle { RootTimingBatch(copying: $0.bulk, layerCount: layerCount) }
  }
}
