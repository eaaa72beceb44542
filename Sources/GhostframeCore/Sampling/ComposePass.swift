/// One compose at one time (``SceneSampler/compose(_:_:at:animates:workspace:into:)``): the
/// sampler's arrays, the workspace's, and the steps that bring a run of layers from their model
/// values to their composed slots.
///
/// A whole frame evaluates the timings that layers share (those not evaluated in bulk, and the
/// batch's chained timings) once before its first block, as every layer reads them; a range
/// evaluates only those its layers use, on first use, and stamps what it has evaluated.
struct ComposePass {
  let sampler: SamplerHandle
  let space: WorkspaceHandle
  let t: Double
  /// False where no animation applies (a non-finite time a convenience does not refuse).
  let animates: Bool
  /// This compose's stamp (``SampleWorkspace/stamp``).
  let stamp: UInt64
  /// Where a row's gradient slots start (``SceneSampler/gradientBase``).
  let gradientBase: Int
  /// The number of top-level timings; the batch's chained timings' results follow theirs.
  let rootTimingCount: Int
  /// Whether the compose covers every layer: the shared timings are then evaluated up front
  /// and nothing looks a timing up on first use.
  let wholeFrame: Bool
  /// Whether the bulk timings are stamped (``SceneSampler/rangeStampsBulk``), in ranges only.
  let stampsBulk: Bool

  init(sampler: SamplerHandle, space: WorkspaceHandle, t: Double, animates: Bool, stamp: UInt64, gradientBase: Int,
       rootTimingCount: Int, wholeFrame: Bool, stampsBulk: Bool) {
    self.sampler = sampler
    self.space = space
    self.t = t
    self.animates = animates
    self.stamp = stamp
    self.gradientBase = gradientBase
    self.rootTimingCount = rootTimingCount
    self.wholeFrame = wholeFrame
    self.stampsBulk = stampsBulk && !wholeFrame
  }

  /// A track context writing into `slots`, which holds the scene's slots from `firstSlot` on.
  @inline(__always)
  private func context(_ slots: UnsafeMutablePointer<Double>, firstSlot: Int) -> TrackContext {
    TrackContext(slots: slots, firstSlot: firstSlot, sampler: sampler, workspace: space, stamp: stamp)
  }

  /// In a whole frame, evaluates the top-level timings left out of bulk evaluation, then the
  /// batch's chained timings (which read theirs): every layer may read them.
  func evaluateShared() {
    guard animates, wholeFrame else { return }
    let context = context(space.slots, firstSlot: 0)
    let bulk = sampler.bulk, batch = sampler.batch
    for k in 0..<bulk.otherCount { context.evaluateRootTiming(bulk.others[k], at: t) }
    for c in 0..<batch.chainTrackCount {
      context.evaluateChainedTiming(batch.chainTracks + c, into: rootTimingCount + c)
    }
  }

  /// In a range, evaluates a timing result once per compose: a top-level timing, or a batch
  /// entry's chained timing after its top-level one.
  private func evaluate(_ root: Int, with context: TrackContext) {
    guard root >= 0, root < space.rootCount, space.rootStamps[root] != stamp else { return }
    let chain = root - rootTimingCount
    if chain >= 0 {
      guard chain < sampler.batch.chainTrackCount else { return }
      let track = sampler.batch.chainTracks + chain
      evaluate(track.pointee.rootTiming, with: context)
      context.evaluateChainedTiming(track, into: root)
    } else {
      context.evaluateRootTiming(root, at: t)
    }
    space.rootStamps[root] = stamp
  }

  /// Composes layers `first..<last` into `base`, which holds the rows of layer `baseLayer`
  /// (at most `first`) onwards, after copying their model rows in when `copiesModel` (else only
  /// the batch's slots, and the animated slots restored by the caller, can differ from the model).
  func compose(_ first: Int, _ last: Int, into base: UnsafeMutablePointer<Double>, baseLayer: Int, copiesModel: Bool) {
    let rows = sampler.rowStarts, model = sampler.model, batch = sampler.batch, baseSlot = rows[baseLayer]
    if copiesModel {
      let from = rows[first]
      (base + (from - baseSlot)).update(from: model + from, count: rows[last] - from)
    }
    let entries = batch.starts[first]..<batch.starts[last]
    guard animates else {
      // The batch's slots are not among the restored ones: they get the model here.
      if !copiesModel { batch.restore(entries, model: model, into: base, firstSlot: baseSlot) }
      return
    }
    let context = context(base, firstSlot: baseSlot)
    // The timings these layers use first, in bulk; in a range, shared earlier ones one by one below.
    let bulk = sampler.bulk
    bulk.evaluate(bulk.spanStarts[first]..<bulk.spanStarts[last], at: t, roots: sampler.rootTimings,
                  results: space.rootResults, constants: sampler.constants, scratch: space.bulkScratch,
                  stamps: stampsBulk ? space.rootStamps : nil, stamp: stamp)
    let tracks = sampler.tracks
    for index in sampler.trackStarts[first]..<sampler.trackStarts[last] {
      let track = tracks + index
      if !wholeFrame { evaluate(track.pointee.rootTiming, with: context) }
      context.apply(track)
    }
    // Timings shared with layers before `first` (the bulk stamped the others), or, where the
    // bulk results stay in the scratch, the timings outside bulk evaluation.
    if !wholeFrame && !bulk.batchTimingsAreLocal {
      if bulk.resultsStayInScratch {
        let positions = bulk.entryPositions
        for k in entries where positions[k] < 0 && space.rootStamps[batch.roots[k]] != stamp {
          evaluate(batch.roots[k], with: context)
        }
      } else {
        for k in entries where space.rootStamps[batch.roots[k]] != stamp { evaluate(batch.roots[k], with: context) }
      }
    }
    if bulk.resultsStayInScratch {
      batch.apply(entries, positions: bulk.entryPositions, allInSpan: bulk.entriesAllInSpan,
                  spanFirst: bulk.spanStarts[first],
                  eased: bulk.eased(space.bulkScratch), flags: bulk.flags(space.bulkScratch), results: space.rootResults,
                  model: model, into: base, firstSlot: baseSlot)
    } else {
      batch.apply(entries, results: space.rootResults, model: model, into: base, firstSlot: baseSlot)
    }
  }
}

/// The ancestors outside a range that its layers need, composed and written into the range's
/// workspace: a path from a root, kept while consecutive layers share it.
struct AncestorPath {
  let space: WorkspaceHandle
  /// The layers on the path now.
  private var count = 0

  init(space: WorkspaceHandle) {
    self.space = space
  }

  /// The position of `layer` on the path, or -1.
  private func position(of layer: Int) -> Int {
    var k = count - 1
    while k >= 0, space.ancestorLayers[k] != layer { k -= 1 }
    return k
  }

  /// Composes and writes `layer` (whose parent is the path's last layer, if any) onto the path.
  private mutating func push(_ layer: Int, pass: ComposePass) {
    let k = count
    guard k < space.depthCapacity else { return }
    let slots = space.ancestorSlots + k * space.rowWidth
    pass.compose(layer, layer + 1, into: slots, baseLayer: layer, copiesModel: true)
    SceneSampler.writeState(
      layer: layer, parent: pass.sampler.parents[layer],
      parentState: k > 0 ? UnsafePointer(space.ancestorStates + (k - 1)) : nil, slots: slots,
      gradientBase: pass.gradientBase, stops: pass.sampler.gradientStops[layer], staticFlags: pass.sampler.staticFlags[layer],
      into: space.ancestorStates + k)
    space.ancestorLayers[k] = layer
    count = k + 1
  }

  /// The state of `layer` (a layer before the range), from the path, which is extended (or cut
  /// back and extended) to end at it; nil if the tree is deeper than the workspace holds.
  mutating func state(of layer: Int, pass: ComposePass) -> UnsafePointer<LayerState>? {
    let found = position(of: layer)
    if found >= 0 {
      count = found + 1
      return UnsafePointer(space.ancestorStates + found)
    }
    // The path from `layer` up to a layer already on it (or a root), leaf first.
    var length = 0, keep = 0, current = layer
    while length < space.depthCapacity {
      space.pathLayers[length] = current
      length += 1
      let parent = Int(pass.sampler.parents[current])
      guard parent >= 0, parent < current else { break }
      let at = position(of: parent)
      if at >= 0 { keep = at + 1; break }
      current = parent
    }
    count = keep
    for i in (0..<length).reversed() { push(space.pathLayers[i], pass: pass) }
    let top = count - 1
    guard top >= 0, space.ancestorLayers[top] == layer else { return nil }
    return UnsafePointer(space.ancestorStates + top)
  }
}
