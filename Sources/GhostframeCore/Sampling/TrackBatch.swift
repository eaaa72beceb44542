/// The common tracks of a scene in struct-of-arrays form, applied by one tight loop per sample.
///
/// Most animated layers in hosts' scenes (skeleton bones, cells fading and sliding in) carry
/// basic animations from one constant to another, each with its own top-level timing. The
/// general path (``TrackContext/apply(_:)``) walks such a track through an enum of
/// targets, endpoints and evaluators; here every component of every such track is one entry of
/// five arrays — the slot it lands in, its timing, whether it ends with its animation, its start
/// and its change — and a sample writes
/// `slot = applies ? from + change × progress : model`, the general path's arithmetic, so both
/// give the same bits.
///
/// A layer is batched only when every track on it qualifies and no two of them write the same
/// slot: its slots then depend on nothing the general path composes, and the order in which the
/// two paths run does not matter.
///
/// A track inside a group (a skeleton's shimmer sweep: two basic animations in a group that
/// repeats forever, shared by every bone) is timed by a chain below its top-level timing. Its
/// entry reads a *chained timing* instead: one result per distinct chain, stored after the
/// top-level timings' results (index `rootCount + chain`) and evaluated once per sample from a
/// representative track (``chainTracks``) exactly as the general path resolves the chain, so the
/// loop below stays one loop.
struct TrackBatch: Sendable {
  /// The slot each entry writes, counted from the scene's first slot (its layer's row start + slot).
  let slots: [Int]
  /// The shared top-level timing each entry reads (``SceneSampler/rootTimings``).
  let roots: [Int]
  /// Whether the entry's animation is removed once its timing is after its active interval.
  let removedAfter: [Bool]
  /// The constant start value, and end − start.
  let from: [Double]
  let change: [Double]
  /// Where each layer's entries start (layerCount + 1 entries; entries are sorted by layer).
  let starts: [Int]
  /// One track per distinct timing chain the entries read, in the order of their chained
  /// timings (entry root `rootCount + i` reads chain `i`).
  let chainTracks: [Track]

  /// An empty batch for `layerCount` layers.
  init(layerCount: Int) {
    slots = []
    roots = []
    removedAfter = []
    from = []
    change = []
    starts = [Int](repeating: 0, count: layerCount + 1)
    chainTracks = []
  }

  /// The top-level timings that chained timings are evaluated from: the sampler evaluates them
  /// before any block (never in bulk, whose results arrive block by block).
  var chainRoots: [Int] { chainTracks.map(\.rootTiming) }

  /// Splits `tracks` (sorted by layer) into a batch and the tracks left to the general path;
  /// `rootCount` top-level timings come before the chained ones.
  ///
  /// - Complexity: O(tracks + layers); allocates the batch's arrays once.
  static func split(_ tracks: [Track], constants: [Double], layerCount: Int, rowStarts: [Int], rootCount: Int)
    -> (batch: TrackBatch, general: [Track]) {
    var slots: [Int] = [], roots: [Int] = [], removed: [Bool] = [], from: [Double] = [], change: [Double] = []
    var starts = [Int](repeating: 0, count: layerCount + 1)
    var chainTracks: [Track] = []
    var chainIndex: [ChainKey: Int] = [:]
    var lastChain: (key: ChainKey, index: Int)?
    var general: [Track] = []
    general.reserveCapacity(tracks.count)
    var index = 0
    var written: [Int] = []
    while index < tracks.count {
      let layer = tracks[index].layer
      var end = index + 1
      while end < tracks.count, tracks[end].layer == layer { end += 1 }
      let group = tracks[index..<end]
      if layer >= 0, layer < layerCount, layer + 1 < rowStarts.count,
         batches(group, constants: constants, rootCount: rootCount, rowWidth: rowStarts[layer + 1] - rowStarts[layer],
                 written: &written) {
        for track in group {
          guard case .basic(.constant(let a), .constant(let b)) = track.evaluator else { continue }
          var root = track.rootTiming
          if track.innerCount > 0 {
            let key = ChainKey(root: track.rootTiming, start: track.innerStart, count: track.innerCount)
            // Layers sharing one group follow each other: the last chain first, then the table.
            let index = key == lastChain?.key ? lastChain?.index ?? 0 : chainIndex[key] ?? chainTracks.count
            if index == chainTracks.count {
              chainIndex[key] = index
              chainTracks.append(track)
            }
            lastChain = (key, index)
            root = rootCount + index
          }
          for i in 0..<componentCount(of: track.target, width: track.width) {
            let (offset, component) = component(i, of: track.target)
            slots.append(rowStarts[layer] + offset)
            roots.append(root)
            removed.append(track.removedOnCompletion)
            from.append(constants[a + component])
            change.append(constants[b + component] - constants[a + component])
          }
        }
        starts[layer + 1] = slots.count
      } else {
        general.append(contentsOf: group)
      }
      index = end
    }
    // Layers without entries start where the one before them ends.
    for layer in 0..<layerCount { starts[layer + 1] = max(starts[layer + 1], starts[layer]) }
    return (TrackBatch(slots: slots, roots: roots, removedAfter: removed, from: from, change: change, starts: starts,
                       chainTracks: chainTracks),
            general)
  }

  private init(slots: [Int], roots: [Int], removedAfter: [Bool], from: [Double], change: [Double], starts: [Int],
               chainTracks: [Track]) {
    self.slots = slots
    self.roots = roots
    self.removedAfter = removedAfter
    self.from = from
    self.change = change
    self.starts = starts
    self.chainTracks = chainTracks
  }

  /// A timing chain: its top-level timing and its run of inner timings.
  private struct ChainKey: Hashable {
    let root: Int, start: Int, count: Int
  }

  /// The number of entries (track components) in the batch.
  var count: Int { slots.count }

  /// Whether one layer's tracks can all be batched: constant basic animations on plain slots
  /// (or a uniform scale), top-level or in groups, neither additive nor cumulative, no slot
  /// written twice, each within the layer's row of `rowWidth` slots.
  private static func batches(_ tracks: ArraySlice<Track>, constants: [Double], rootCount: Int, rowWidth: Int,
                              written: inout [Int]) -> Bool {
    written.removeAll(keepingCapacity: true)
    for track in tracks {
      guard case .basic(.constant(let a), .constant(let b)) = track.evaluator,
            !track.isAdditive, !track.isCumulative, track.innerCount == 0 || (track.innerCount > 0 && track.innerStart >= 0),
            track.rootTiming >= 0, track.rootTiming < rootCount,
            a >= 0, b >= 0, a + track.width <= constants.count, b + track.width <= constants.count
      else { return false }
      let count = componentCount(of: track.target, width: track.width)
      guard count > 0 else { return false }
      for i in 0..<count {
        let offset = component(i, of: track.target).slot
        if offset < 0 || offset >= rowWidth || written.contains(offset) { return false }
        written.append(offset)
      }
    }
    return true
  }

  /// How many slots a target writes; 0 for targets the batch leaves to the general path
  /// (frames and transitions read other slots). Counted, not listed: compiling a skeleton asks
  /// this twice per track, and an array each time was a third of the compile.
  private static func componentCount(of target: Track.Target, width: Int) -> Int {
    switch target {
    case .slots: return max(width, 0)
    case .uniformScale: return width == 1 ? 2 : 0
    case .frame, .bounds, .transition: return 0
    }
  }

  /// The `i`-th slot a target writes (below ``componentCount(of:width:)``) and the value
  /// component it takes.
  private static func component(_ i: Int, of target: Track.Target) -> (slot: Int, component: Int) {
    switch target {
    case .slots(let offset, _): return (offset + i, i)
    case .uniformScale: return (i == 0 ? LayerSlots.scaleX : LayerSlots.scaleY, 0)
    case .frame, .bounds, .transition: return (0, 0)
    }
  }
}

extension TrackBatch {
  /// The batch's arrays in a sampler's storage (``SamplerHandle``).
  struct Pointers {
    /// The number of entries.
    let count: Int
    let slots: UnsafePointer<Int>
    let roots: UnsafePointer<Int>
    let removedAfter: UnsafePointer<Bool>
    let from: UnsafePointer<Double>
    let change: UnsafePointer<Double>
    /// Where each layer's entries start (layerCount + 1 entries).
    let starts: UnsafePointer<Int>
    let chainTracks: UnsafePointer<Track>
    let chainTrackCount: Int

    /// Places the arrays of `batch` with `placer`.
    init(_ batch: TrackBatch, placer: inout StoragePlacer) {
      count = batch.count
      slots = UnsafePointer(placer.place(batch.slots))
      roots = UnsafePointer(placer.place(batch.roots))
      removedAfter = UnsafePointer(placer.place(batch.removedAfter))
      from = UnsafePointer(placer.place(batch.from))
      change = UnsafePointer(placer.place(batch.change))
      starts = UnsafePointer(placer.place(batch.starts))
      chainTracks = UnsafePointer(placer.place(batch.chainTracks))
      chainTrackCount = batch.chainTracks.count
    }

    /// Deinitializes the regions of values that are not plain numbers.
    func deinitialize() {
      UnsafeMutablePointer(mutating: chainTracks).deinitialize(count: chainTrackCount)
    }

    /// Applies entries `range` at this sample: each slot gets its animated value where its
    /// timing applies, its model value elsewhere. `slots` holds the slots from the scene's slot
    /// `firstSlot` onwards (a range sample's buffer starts at its first layer's).
    ///
    /// - Complexity: O(range); allocates nothing.
    @inline(__always)
    func apply(_ range: Range<Int>, results: UnsafePointer<RootTimingResult>, model: UnsafePointer<Double>,
               into output: UnsafeMutablePointer<Double>, firstSlot: Int) {
      // A whole frame's buffer starts at the scene's first slot: its loop has no offset to take.
      if firstSlot == 0 {
        applyEntries(range, results: results, model: model, into: output, firstSlot: 0)
      } else {
        applyEntries(range, results: results, model: model, into: output, firstSlot: firstSlot)
      }
    }

    /// The loop of ``apply(_:results:model:into:firstSlot:)``.
    @inline(__always)
    private func applyEntries(_ range: Range<Int>, results: UnsafePointer<RootTimingResult>,
                              model: UnsafePointer<Double>, into output: UnsafeMutablePointer<Double>, firstSlot: Int) {
      // In locals: stores to `output` could alias the fields as far as the optimizer knows.
      let slots = self.slots, roots = self.roots, removedAfter = self.removedAfter, from = self.from
      let change = self.change
      for k in range {
        let result = results + roots[k]
        let slot = slots[k]
        // The general path's tests: removed after its end, or unresolved, shows the model.
        let applies = result.pointee.isResolved && !(removedAfter[k] && result.pointee.isAfter)
        // (Wrapping: a caller's buffer starts at or before its entries' slots. The model is read
        // only where the animation does not apply: its rows are not otherwise in cache.)
        output[slot &- firstSlot] = applies ? from[k] + change[k] * result.pointee.progress : model[slot]
      }
    }

    /// Applies entries `range` whose bulk timings' states are still in a span's scratch
    /// (``RootTimingBatch/entryPositions``): entry k with `positions[k]` ≥ 0 reads that position
    /// − `spanFirst` of `eased` and `flags`, which hold what its result would (progress where
    /// resolved, the phase); one with a negative position reads the result `~positions[k]`
    /// (`allInSpan` says there are none). Each slot gets the bits
    /// ``apply(_:results:model:into:firstSlot:)`` gives it.
    ///
    /// - Complexity: O(range); allocates nothing.
    // Not inlined: alone in a function its loop keeps its pointers in registers (inlined into
    // the compose it reloaded five of them from the stack for every entry).
    @inline(never)
    func apply(_ range: Range<Int>, positions: UnsafePointer<Int32>, allInSpan: Bool, spanFirst: Int,
               eased: UnsafePointer<Double>, flags: UnsafePointer<Double>, results: UnsafePointer<RootTimingResult>,
               model: UnsafePointer<Double>, into output: UnsafeMutablePointer<Double>, firstSlot: Int) {
      // In locals: stores to `output` could alias the fields as far as the optimizer knows.
      let slots = self.slots, removedAfter = self.removedAfter, from = self.from, change = self.change
      // (Wrapping: an entry's bulk timing lies in the span its layer's block evaluates, and its
      // slot in the buffer, which starts at `firstSlot`.)
      let eased = eased - spanFirst, flags = flags - spanFirst, output = output - firstSlot
      if allInSpan {
        for k in range {
          let p = Int(positions[k]), phase = flags[p], slot = slots[k]
          // The general path's tests: removed after its end, or unresolved, shows the model.
          let applies = (phase == 1 || phase == 3) && !(removedAfter[k] && phase >= 2)
          output[slot] = applies ? from[k] + change[k] * eased[p] : model[slot]
        }
        return
      }
      for k in range {
        let position = Int(positions[k]), slot = slots[k]
        let resolved: Bool, after: Bool, progress: Double
        if position >= 0 {
          let phase = flags[position]
          (resolved, after, progress) = (phase == 1 || phase == 3, phase >= 2, eased[position])
        } else {
          let result = results + ~position
          (resolved, after, progress) = (result.pointee.isResolved, result.pointee.isAfter, result.pointee.progress)
        }
        let applies = resolved && !(removedAfter[k] && after)
        output[slot] = applies ? from[k] + change[k] * progress : model[slot]
      }
    }

    /// Writes the model value into the slot of every entry of `range` (a time with no animation).
    @inline(__always)
    func restore(_ range: Range<Int>, model: UnsafePointer<Double>, into output: UnsafeMutablePointer<Double>,
                 firstSlot: Int) {
      let slots = self.slots
      for k in range { output[slots[k] &- firstSlot] = model[slots[k]] }
    }
  }

  /// The batch of `pointers` (a sampler's, with `layerCount` layers) copied back into arrays, for
  /// tests that look at what was batched; never on a sampling path.
  init(copying pointers: Pointers, layerCount: Int) {
    self.init(slots: Array(UnsafeBufferPointer(start: pointers.slots, count: pointers.count)),
              roots: Array(UnsafeBufferPointer(start: pointers.roots, count: pointers.count)),
              removedAfter: Array(UnsafeBufferPointer(start: pointers.removedAfter, count: pointers.count)),
              from: Array(UnsafeBufferPointer(start: pointers.from, count: pointers.count)),
              change: Array(UnsafeBufferPointer(start: pointers.change, count: pointers.count)),
              starts: Array(UnsafeBufferPointer(start: pointers.starts, count: layerCount + 1)),
              chainTracks: Array(UnsafeBufferPointer(start: pointers.chainTracks, count: pointers.chainTrackCount)))
  }
}
