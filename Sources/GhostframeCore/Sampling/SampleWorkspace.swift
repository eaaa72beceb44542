/// The scratch memory of one compose (``SceneSampler/compose(_:_:at:animates:workspace:into:)``),
/// in one allocation: the composed slots of its layers, its own timing results, and the chain of
/// ancestors outside its range that its layers need, so samples of disjoint ranges on several
/// threads share nothing they write.
///
/// A sampler keeps one for its whole frames and lends the others it made to range samples, one
/// sample at a time, so a host that samples the same ranges every frame allocates only on the first.
// @unchecked Sendable: a workspace is used by one compose at a time — a sampler's own by the
// sampler (not Sendable: one thread at a time), a lent one between its sampler's pool handing it
// out and taking it back under that pool's lock; its block is freed only in deinit.
final class SampleWorkspace: @unchecked Sendable {
  /// The sizes of everything but the slots.
  let shape: WorkspaceShape
  /// The block every region lies in; replaced (and the handle with it) when the slots must grow.
  private var block: UnsafeMutableRawPointer
  /// Pointers to the regions of `block`.
  private(set) var handle: WorkspaceHandle
  /// Counts this workspace's composes: the stamp of the current one.
  var stamp: UInt64 = 0
  /// The range whose slots `handle.slots` holds from the last compose (-1 when none): composed
  /// again, only its animated slots need restoring from the model.
  var heldBegin = -1
  var heldEnd = -1

  /// A workspace with room for `slots` composed slots (more are made by ``reserve(slots:)``).
  init(_ shape: WorkspaceShape, slots: Int = 0) {
    self.shape = shape
    (block, handle) = Self.allocate(shape, slots: slots)
  }

  deinit {
    // Every region holds plain values (numbers, LayerState, the timing results): nothing to
    // deinitialize (SamplerStorageTests checks that they stay plain).
    block.deallocate()
  }

  /// Makes room for `slots` composed slots (allocating a new block only when they grow) and
  /// returns the regions, valid until the next call.
  func reserve(slots: Int) -> WorkspaceHandle {
    guard slots > handle.slotCapacity else { return handle }
    let old = block
    (block, handle) = Self.allocate(shape, slots: slots)
    old.deallocate()
    heldBegin = -1
    heldEnd = -1
    return handle
  }

  /// A block for `shape` with room for `slots` composed slots, every region initialized.
  private static func allocate(_ shape: WorkspaceShape, slots: Int)
    -> (block: UnsafeMutableRawPointer, handle: WorkspaceHandle) {
    // As SamplerStorage: one measuring pass, then the same placement into a block of its size.
    let placeholder = UnsafeMutableRawPointer.allocate(byteCount: StoragePlacer.alignment,
                                                       alignment: StoragePlacer.alignment)
    var measuring = StoragePlacer(measuringWith: placeholder)
    _ = WorkspaceHandle(shape, slots: slots, placer: &measuring)
    placeholder.deallocate()
    let block = UnsafeMutableRawPointer.allocate(byteCount: max(measuring.byteCount, 1),
                                                 alignment: StoragePlacer.alignment)
    var placer = StoragePlacer(block: block)
    return (block, WorkspaceHandle(shape, slots: slots, placer: &placer))
  }
}

/// The sizes of a sampler's workspaces, but for their composed slots.
struct WorkspaceShape {
  /// The widest row of a layer (an ancestor's row is composed in this many slots).
  let rowWidth: Int
  /// The timing results: the top-level timings, then the batch's chained timings.
  let rootCount: Int
  /// The inner timings (``ChainResult``s are kept by a chain's first).
  let chainCount: Int
  /// The most layers on a path from a root, plus one.
  let depth: Int
  /// The timings evaluated in bulk.
  let bulkCount: Int
}

/// Raw pointers to a ``SampleWorkspace``'s regions, valid until its next ``SampleWorkspace/reserve(slots:)``.
struct WorkspaceHandle {
  /// Composed slots of the range's layers, `slotCapacity` doubles.
  let slots: UnsafeMutablePointer<Double>
  let slotCapacity: Int
  /// The slots of an ancestor's row (``WorkspaceShape/rowWidth``).
  let rowWidth: Int
  /// One per root timing, valid where `rootStamps` holds the compose's stamp.
  let rootResults: UnsafeMutablePointer<RootTimingResult>
  let rootStamps: UnsafeMutablePointer<UInt64>
  let rootCount: Int
  /// One per inner timing; a chain's result is kept at its first (``TrackContext``).
  let chainResults: UnsafeMutablePointer<ChainResult>
  let chainCount: Int
  /// Scratch for the timings evaluated in bulk (``RootTimingBatch/scratchPerTiming`` per bulk timing).
  let bulkScratch: UnsafeMutablePointer<Double>
  /// The track context's 64 doubles.
  let temporary: UnsafeMutablePointer<Double>
  /// The ancestors outside the range: a path from a root, `depthCapacity` layers deep at most.
  let ancestorLayers: UnsafeMutablePointer<Int>
  let ancestorSlots: UnsafeMutablePointer<Double>
  let ancestorStates: UnsafeMutablePointer<LayerState>
  /// A path being built, leaf first.
  let pathLayers: UnsafeMutablePointer<Int>
  let depthCapacity: Int

  /// Places the regions of a workspace of `shape` with room for `slots` composed slots.
  init(_ shape: WorkspaceShape, slots: Int, placer: inout StoragePlacer) {
    slotCapacity = max(slots, 0)
    rowWidth = max(shape.rowWidth, 0)
    // Written before read: a compose copies the model into its rows first (a new block holds no
    // range, SampleWorkspace.heldBegin), and an ancestor's row before it is composed.
    self.slots = placer.place(uninitialized: Double.self, count: slotCapacity)
    rootCount = max(shape.rootCount, 0)
    rootResults = placer.place(repeating: RootTimingResult(), count: rootCount)
    rootStamps = placer.place(repeating: UInt64(0), count: rootCount)
    chainCount = max(shape.chainCount, 0)
    chainResults = placer.place(repeating: ChainResult(), count: chainCount)
    bulkScratch = placer.place(repeating: 0.0, count: max(shape.bulkCount * RootTimingBatch.scratchPerTiming, 1))
    temporary = placer.place(repeating: 0.0, count: TrackContext.temporaryCount)
    depthCapacity = max(shape.depth, 1)
    ancestorLayers = placer.place(repeating: -1, count: depthCapacity)
    pathLayers = placer.place(repeating: -1, count: depthCapacity)
    ancestorSlots = placer.place(uninitialized: Double.self, count: depthCapacity * rowWidth)
    ancestorStates = placer.place(repeating: LayerState(), count: depthCapacity)
  }
}

/// A sampler's kept workspaces, lent to one range sample at a time (in the package's one locked
/// box, ``PosixLocked``).
struct WorkspacePool: Sendable {
  private let kept = PosixLocked<[SampleWorkspace]>([])

  /// A kept workspace, preferring one that last held `begin..<end`; nil when none is kept.
  func take(for begin: Int, _ end: Int) -> SampleWorkspace? {
    kept.withLock { kept in
      if let same = kept.lastIndex(where: { $0.heldBegin == begin && $0.heldEnd == end }) {
        return kept.remove(at: same)
      }
      return kept.popLast()
    }
  }

  /// Keeps `workspace` for the next range sample.
  func give(_ workspace: SampleWorkspace) {
    kept.withLock { $0.append(workspace) }
  }
}
