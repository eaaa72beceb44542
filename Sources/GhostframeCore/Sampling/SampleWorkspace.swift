import Glibc

/// The scratch memory of one range sample (``SceneSampler/sample(at:layers:into:)``): the
/// range's composed slots, its own timing results, and the chain of ancestors outside the
/// range that its layers need, so samples of disjoint ranges on several threads share nothing
/// they write.
///
/// A sampler keeps the workspaces its range samples made and hands each to one sample at a
/// time, so a host that samples the same ranges every frame allocates only on the first.
// @unchecked Sendable: a workspace is used by one range sample at a time — it is taken from
// and returned to its sampler's pool under that pool's lock, and never touched in between.
final class SampleWorkspace: @unchecked Sendable {
  let slotCount: Int
  /// Composed slots of the range's layers, `slotCapacity` layers of `slotCount`.
  private(set) var slots: UnsafeMutablePointer<Double>
  private(set) var slotCapacity: Int
  /// One per root timing, valid where `rootStamps` holds this sample's stamp.
  let rootResults: UnsafeMutableBufferPointer<RootTimingResult>
  let rootStamps: UnsafeMutableBufferPointer<UInt64>
  let chainResults: UnsafeMutableBufferPointer<ChainResult>
  /// Counts this workspace's samples: the stamp of the current one.
  var stamp: UInt64 = 0
  /// Scratch for the timings evaluated in bulk (``RootTimingBatch/scratchPerTiming`` per bulk timing).
  let bulkScratch: UnsafeMutablePointer<Double>
  /// The track context's 64 doubles.
  let temporary: UnsafeMutablePointer<Double>
  /// The ancestors outside the range: a path from a root, `depth` layers deep at most.
  let ancestorLayers: UnsafeMutablePointer<Int>
  let ancestorSlots: UnsafeMutablePointer<Double>
  let ancestorStates: UnsafeMutablePointer<LayerState>
  /// A path being built, leaf first.
  let pathLayers: UnsafeMutablePointer<Int>
  var ancestorCount = 0
  let depthCapacity: Int
  /// The range whose slots `slots` holds from the last sample (-1 when none): sampled again,
  /// only its animated slots need restoring from the model.
  var heldBegin = -1
  var heldEnd = -1

  init(slotCount: Int, rootCount: Int, chainCount: Int, depth: Int, bulkCount: Int) {
    self.slotCount = slotCount
    let scratchCount = max(bulkCount * RootTimingBatch.scratchPerTiming, 1)
    bulkScratch = .allocate(capacity: scratchCount)
    bulkScratch.initialize(repeating: 0, count: scratchCount)
    slots = .allocate(capacity: 0)
    slotCapacity = 0
    rootResults = .allocate(capacity: rootCount)
    rootResults.initialize(repeating: RootTimingResult())
    rootStamps = .allocate(capacity: rootCount)
    rootStamps.initialize(repeating: 0)
    chainResults = .allocate(capacity: chainCount)
    chainResults.initialize(repeating: ChainResult())
    temporary = .allocate(capacity: 64)
    temporary.initialize(repeating: 0, count: 64)
    depthCapacity = max(depth, 1)
    ancestorLayers = .allocate(capacity: depthCapacity)
    ancestorLayers.initialize(repeating: -1, count: depthCapacity)
    pathLayers = .allocate(capacity: depthCapacity)
    pathLayers.initialize(repeating: -1, count: depthCapacity)
    ancestorSlots = .allocate(capacity: depthCapacity * slotCount)
    ancestorSlots.initialize(repeating: 0, count: depthCapacity * slotCount)
    ancestorStates = .allocate(capacity: depthCapacity)
    ancestorStates.initialize(repeating: LayerState(), count: depthCapacity)
  }

  deinit {
    slots.deallocate()
    bulkScratch.deallocate()
    rootResults.deallocate()
    rootStamps.deallocate()
    chainResults.deallocate()
    temporary.deallocate()
    ancestorLayers.deallocate()
    pathLayers.deallocate()
    ancestorSlots.deallocate()
    ancestorStates.deallocate()
  }

  /// Makes room for the slots of `layers` layers (allocating only when it grows).
  func reserve(layers: Int) {
    guard layers > slotCapacity else { return }
    slots.deallocate()
    slots = .allocate(capacity: layers * slotCount)
    slotCapacity = layers
    heldBegin = -1
    heldEnd = -1
  }
}

/// A sampler's kept workspaces behind a pthread mutex (which ThreadSanitizer sees, unlike a
/// futex-based `Mutex`), lent to one range sample at a time.
// @unchecked Sendable: `kept` is read and written only under `lock`.
final class WorkspacePool: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var kept: [SampleWorkspace] = []

  init() {
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// A kept workspace, preferring one that last held `begin..<end`; nil when none is kept.
  func take(for begin: Int, _ end: Int) -> SampleWorkspace? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if let same = kept.lastIndex(where: { $0.heldBegin == begin && $0.heldEnd == end }) {
      return kept.remove(at: same)
    }
    return kept.popLast()
  }

  /// Keeps `workspace` for the next range sample.
  func give(_ workspace: SampleWorkspace) {
    pthread_mutex_lock(lock)
    kept.append(workspace)
    pthread_mutex_unlock(lock)
  }
}
