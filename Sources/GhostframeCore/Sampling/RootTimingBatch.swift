internal import _GhostframeKernels

/// The shared top-level timings evaluated in bulk: plain timings (playing forwards, no time
/// offset or iteration start, a positive finite duration) whose easing is linear, a cubic bezier
/// or one of Penner's. A sample runs three loops over a span of them: their Web Animations
/// states in struct-of-arrays form through the C kernel (`gfk_timings_eval`, bit for bit
/// ``TimingKernel/evaluate(at:)``, vectorised where the CPU has AVX2), then each run of timings
/// with one easing through one loop (Penner's through the C kernel's batch loop, bit for bit the
/// scalar formula), then the results. The easing is chosen once per run, not once per timing.
/// When neighbouring timings mostly differ in easing (a screen whose layers use different curves:
/// runs of one), the easings go by group instead (``groupOrder``): each easing's timings of the
/// span gathered, eased by one batch call and scattered back, so the easing is still chosen once
/// per easing and not once per timing, with the same bits.
///
/// Timings are ordered by the first layer that uses them, so a range sample evaluates in bulk
/// the ones its layers use first; any it shares with earlier layers it evaluates one by one.
/// Other timings (steps, `linear()`, springs and host curves read the before flag or call the
/// host; time offsets wrap) stay on the general path.
struct RootTimingBatch: Sendable {
  /// Root timing indices, ordered by the first layer whose tracks use them.
  let order: [Int]
  /// For each position of `order`, the end of the run of equal easings it is in.
  let runEnds: [Int]
  /// Where the timings first used by each layer start in `order` (layerCount + 1 entries).
  let spanStarts: [Int]
  /// The root timings left to ``TrackContext/evaluateRootTiming(_:at:)`` in a whole-frame sample.
  let others: [Int]
  /// Whether every batch entry's timing is a bulk one first used by the entry's own layer: a
  /// range's bulk span then holds every timing its batch entries read, and the range skips
  /// looking them up one by one.
  let batchTimingsAreLocal: Bool
  /// For each batch entry, where the bulk results stay in a span's scratch (empty otherwise):
  /// the position in ``order`` of the bulk timing it reads, or, for a timing outside bulk
  /// evaluation (a steps easing, a group's chained timing), `~index` of its result. The bulk
  /// results stay in the scratch when no general track reads a bulk timing and every entry's bulk
  /// timing is first used by the entry's own layer: nothing then reads a bulk timing's result
  /// outside the block that evaluates it. The batch reads the eased progress and the phase flags
  /// straight from the scratch, and the scene-sized results (40 bytes a timing, written and read
  /// back through memory in a large frame) are never written.
  let entryPositions: [Int32]
  /// The bulk timings' numbers: ``fieldCount`` runs of ``order``.count, each by position of
  /// ``order``, in the order of the C kernel's `gfk_timing_set` (delay, duration, iterations,
  /// active duration, before-active and active-after boundaries, fill backwards, fill forwards,
  /// alternates, parity shift, fixed forwards: 0 or 1 for the flags), then the local durations.
  let numbers: [Double]
  /// The runs of ``numbers``: the kernel's eleven, then the local duration.
  static let fieldCount = 12
  /// The positions of ``order`` grouped by easing (groups in order of first use), ascending
  /// within a group; empty when the easings go run by run (``runEnds``).
  let groupOrder: [Int]
  /// Where each easing's group starts in ``groupOrder`` (groups + 1 entries; empty with it).
  let groupStarts: [Int]

  /// The most distinct easings that go by group: each group costs a span two binary searches.
  static let maximumGroups = 16

  /// The scratch doubles a span evaluation needs per bulk timing (``Pointers/evaluate(_:at:roots:results:constants:scratch:stamps:stamp:)``):
  /// five for the passes, two for a group's gathered inputs and outputs.
  static let scratchPerTiming = 7

  /// Orders the bulk timings of `rootTimings` by the first layer that uses them; the batch's
  /// chained timings read their top-level timings before any block, so those stay out of bulk.
  ///
  /// - Complexity: O(roots + tracks + batch entries + layers).
  init(rootTimings: [RootTiming], tracks: [Track], batch: TrackBatch, layerCount: Int, enabled: Bool = true) {
    var excluded = [Bool](repeating: false, count: rootTimings.count)
    for root in batch.chainRoots where root >= 0 && root < rootTimings.count { excluded[root] = true }
    var firstLayer = [Int](repeating: Int.max, count: rootTimings.count)
    for track in tracks where track.rootTiming >= 0 && track.rootTiming < rootTimings.count {
      firstLayer[track.rootTiming] = min(firstLayer[track.rootTiming], track.layer)
    }
    for layer in 0..<layerCount {
      for k in batch.starts[layer]..<batch.starts[layer + 1] where batch.roots[k] < rootTimings.count {
        firstLayer[batch.roots[k]] = min(firstLayer[batch.roots[k]], layer)
      }
    }
    var bulk: [Int] = [], others: [Int] = []
    for (index, root) in rootTimings.enumerated() {
      let used = firstLayer[index] >= 0 && firstLayer[index] < layerCount
      if enabled, used, !excluded[index], Self.bulkEases(root.easing), Self.isPlain(root.kernel) { bulk.append(index) } else {
        others.append(index)
      }
    }
    // Stable: equal first layers keep the timings' own order.
    bulk.sort { (firstLayer[$0], $0) < (firstLayer[$1], $1) }
    var starts = [Int](repeating: bulk.count, count: layerCount + 1)
    for position in bulk.indices.reversed() { starts[firstLayer[bulk[position]]] = position }
    for layer in stride(from: layerCount - 1, through: 0, by: -1) { starts[layer] = min(starts[layer], starts[layer + 1]) }
    var ends = [Int](repeating: bulk.count, count: bulk.count)
    for position in bulk.indices.reversed() where position + 1 < bulk.count {
      ends[position] = rootTimings[bulk[position]].easing == rootTimings[bulk[position + 1]].easing
        ? ends[position + 1] : position + 1
    }
    // By group when there are more runs than easings (and few easings).
    var groupOf: [EasingKernel: Int] = [:]
    var members: [[Int]] = []
    for position in bulk.indices {
      let easing = rootTimings[bulk[position]].easing
      if let g = groupOf[easing] { members[g].append(position) } else {
        groupOf[easing] = members.count
        members.append([position])
      }
    }
    var runCount = 0
    var position = 0
    while position < bulk.count {
      runCount += 1
      position = ends[position]
    }
    if members.count > 1, members.count <= Self.maximumGroups, runCount > members.count {
      groupOrder = members.flatMap { $0 }
      var groupStarts = [0]
      for group in members { groupStarts.append((groupStarts.last ?? 0) + group.count) }
      self.groupStarts = groupStarts
    } else {
      groupOrder = []
      groupStarts = []
    }
    var local = true
    var isBulk = [Bool](repeating: false, count: rootTimings.count)
    for root in bulk { isBulk[root] = true }
    for layer in 0..<layerCount where local {
      for k in batch.starts[layer]..<batch.starts[layer + 1] {
        let root = batch.roots[k]
        if !(root >= 0 && root < rootTimings.count && isBulk[root] && firstLayer[root] == layer) { local = false }
      }
    }
    batchTimingsAreLocal = local
    var readByGeneral = false
    for track in tracks where track.rootTiming >= 0 && track.rootTiming < rootTimings.count && isBulk[track.rootTiming] {
      readByGeneral = true
      break
    }
    var bulkLocal = !readByGeneral && !bulk.isEmpty && batch.roots.count > 0
      && rootTimings.count + batch.chainTracks.count <= Int(Int32.max)
    for layer in 0..<layerCount where bulkLocal {
      for k in batch.starts[layer]..<batch.starts[layer + 1] {
        let root = batch.roots[k]
        if root >= 0 && root < rootTimings.count && isBulk[root] && firstLayer[root] != layer { bulkLocal = false }
      }
    }
    if bulkLocal {
      var positionOf = [Int](repeating: -1, count: rootTimings.count)
      for (position, root) in bulk.enumerated() { positionOf[root] = position }
      entryPositions = batch.roots.map { root in
        let position = root >= 0 && root < rootTimings.count ? positionOf[root] : -1
        return Int32(truncatingIfNeeded: position >= 0 ? position : ~root)
      }
    } else {
      entryPositions = []
    }
    order = bulk
    runEnds = ends
    spanStarts = starts
    self.others = others
    let kernels = bulk.map { rootTimings[$0].kernel }
    var numbers: [Double] = []
    numbers.reserveCapacity(Self.fieldCount * kernels.count)
    numbers += kernels.map(\.delay)
    numbers += kernels.map(\.duration)
    numbers += kernels.map(\.iterations)
    numbers += kernels.map(\.activeDuration)
    numbers += kernels.map(\.beforeActive)
    numbers += kernels.map(\.activeAfter)
    numbers += kernels.map { $0.fill == .backwards || $0.fill == .both ? 1 : 0 }
    numbers += kernels.map { $0.fill == .forwards || $0.fill == .both ? 1 : 0 }
    numbers += kernels.map { $0.direction == .alternate || $0.direction == .alternateReverse ? 1 : 0 }
    numbers += kernels.map { $0.direction == .alternateReverse ? 1 : 0 }
    numbers += kernels.map { $0.direction == .reverse ? 0 : 1 }
    numbers += kernels.map(\.localDuration)
    self.numbers = numbers
  }

  /// The batch of `pointers` (a sampler's, with `layerCount` layers) copied back into arrays, for
  /// tests that compare the C kernel with the Swift timing; never on a sampling path.
  init(copying pointers: Pointers, layerCount: Int) {
    let count = pointers.count
    order = Array(UnsafeBufferPointer(start: pointers.order, count: count))
    runEnds = Array(UnsafeBufferPointer(start: pointers.runEnds, count: count))
    spanStarts = Array(UnsafeBufferPointer(start: pointers.spanStarts, count: layerCount + 1))
    others = Array(UnsafeBufferPointer(start: pointers.others, count: pointers.otherCount))
    batchTimingsAreLocal = pointers.batchTimingsAreLocal
    entryPositions = pointers.resultsStayInScratch
      ? Array(UnsafeBufferPointer(start: pointers.entryPositions, count: pointers.entryPositionCount)) : []
    numbers = Array(UnsafeBufferPointer(start: pointers.numbers, count: Self.fieldCount * count))
    let groups = pointers.groupCount
    groupStarts = groups > 0 ? Array(UnsafeBufferPointer(start: pointers.groupStarts, count: groups + 1)) : []
    groupOrder = groups > 0 ? Array(UnsafeBufferPointer(start: pointers.groupOrder, count: count)) : []
  }

  /// Whether the C kernel evaluates a timing: the cases ``TimingKernel/evaluate(at:)`` takes
  /// with no time offset, iteration start 0, forward playback and a positive finite duration
  /// (so the local time is progress × a finite local duration).
  private static func isPlain(_ kernel: TimingKernel) -> Bool {
    !kernel.backwards && kernel.timeOffset == 0 && kernel.iterationStart == 0 && kernel.duration > 0
      && kernel.duration.isFinite && kernel.localDuration.isFinite && !kernel.iterations.isNaN
  }

  /// Whether an easing is evaluated in bulk: the ones that read neither the before flag nor the host.
  private static func bulkEases(_ easing: EasingKernel) -> Bool {
    switch easing {
    case .linear, .bezier, .penner: return true
    case .curve: return false
    }
  }

  /// The C kernel's states of every bulk timing at `t` with a chosen instruction set (0 baseline,
  /// 1 AVX2 where the CPU has it), for tests that compare both with ``TimingKernel/evaluate(at:)``.
  func kernelStates(at t: Double, level: Int)
    -> [(directed: Double, iteration: Double, activeTime: Double, resolved: Bool, after: Bool)] {
    let count = order.count
    // One array for the four outputs, so that one pointer is borrowed.
    var out = [Double](repeating: 0, count: 4 * count)
    numbers.withUnsafeBufferPointer { numbers in
      out.withUnsafeMutableBufferPointer { out in
        guard let base = numbers.baseAddress, let o = out.baseAddress else { return }
        var set = Self.timingSet(base, count: count, from: 0)
        gfk_timings_eval_level(Int32(level), &set, 0, count, t, o, o + count, o + 2 * count, o + 3 * count)
      }
    }
    return (0..<count).map { j in
      let flags = out[3 * count + j]
      return (out[j], out[count + j], out[2 * count + j], flags == 1 || flags == 3, flags >= 2)
    }
  }

  /// The C kernel's struct of arrays over ``numbers`` (`count` timings a run), from position `first`.
  @inline(__always)
  static func timingSet(_ numbers: UnsafePointer<Double>, count: Int, from first: Int) -> gfk_timing_set {
    let p = numbers + first
    return gfk_timing_set(
      delay: p, duration: p + count, iterations: p + 2 * count, active_duration: p + 3 * count,
      before_active: p + 4 * count, active_after: p + 5 * count, fill_backwards: p + 6 * count,
      fill_forwards: p + 7 * count, alternates: p + 8 * count, parity_shift: p + 9 * count,
      fixed_forwards: p + 10 * count)
  }
}

extension RootTimingBatch {
  /// The batch's arrays in a sampler's storage (``SamplerHandle``).
  struct Pointers {
    /// The number of bulk timings.
    let count: Int
    let order: UnsafePointer<Int>
    let runEnds: UnsafePointer<Int>
    /// layerCount + 1 entries.
    let spanStarts: UnsafePointer<Int>
    let others: UnsafePointer<Int>
    let otherCount: Int
    let batchTimingsAreLocal: Bool
    /// Whether the bulk results stay in the span's scratch (``RootTimingBatch/entryPositions``):
    /// ``evaluate(_:at:roots:results:constants:scratch:stamps:stamp:)`` then writes no results,
    /// and the batch reads ``eased(_:)`` and ``flags(_:)`` at ``entryPositions`` (those ≥ 0).
    let resultsStayInScratch: Bool
    /// One per batch entry when ``resultsStayInScratch``.
    let entryPositions: UnsafePointer<Int32>
    let entryPositionCount: Int
    /// Whether every entry position is a bulk one (none reads a result).
    let entriesAllInSpan: Bool
    /// ``RootTimingBatch/fieldCount`` runs of `count` (``RootTimingBatch/numbers``).
    let numbers: UnsafePointer<Double>
    /// ``RootTimingBatch/groupOrder`` (`count` entries when ``groupCount`` > 0).
    let groupOrder: UnsafePointer<Int>
    /// groupCount + 1 entries when ``groupCount`` > 0 (``RootTimingBatch/groupStarts``).
    let groupStarts: UnsafePointer<Int>
    /// The number of easing groups; 0 when the easings go run by run.
    let groupCount: Int

    /// Places the arrays of `batch` with `placer`.
    init(_ batch: RootTimingBatch, placer: inout StoragePlacer) {
      count = batch.order.count
      order = UnsafePointer(placer.place(batch.order))
      runEnds = UnsafePointer(placer.place(batch.runEnds))
      spanStarts = UnsafePointer(placer.place(batch.spanStarts))
      others = UnsafePointer(placer.place(batch.others))
      otherCount = batch.others.count
      batchTimingsAreLocal = batch.batchTimingsAreLocal
      resultsStayInScratch = !batch.entryPositions.isEmpty
      entryPositions = UnsafePointer(placer.place(batch.entryPositions))
      entryPositionCount = batch.entryPositions.count
      entriesAllInSpan = batch.entryPositions.allSatisfy { $0 >= 0 }
      numbers = UnsafePointer(placer.place(batch.numbers))
      groupOrder = UnsafePointer(placer.place(batch.groupOrder))
      groupStarts = UnsafePointer(placer.place(batch.groupStarts))
      groupCount = max(batch.groupStarts.count - 1, 0)
    }

    /// Evaluates the bulk timings at positions `span` of the order at the finite time `t` into
    /// `results`, with `scratch` (``RootTimingBatch/scratchPerTiming`` × `count` doubles) for the
    /// passes, and stamps them in `stamps` when given (what a range sample has evaluated).
    ///
    /// - Complexity: O(span); allocates nothing.
    // Not inlined: its loops, alone in a function, keep their pointers in registers (inlined
    // into the compose they spilled four of them a timing).
    @inline(never)
    func evaluate(
      _ span: Range<Int>, at t: Double, roots: UnsafePointer<RootTiming>, results: UnsafeMutablePointer<RootTimingResult>,
      constants: UnsafePointer<Double>, scratch: UnsafeMutablePointer<Double>,
      stamps: UnsafeMutablePointer<UInt64>?, stamp: UInt64
    ) {
      guard !span.isEmpty else { return }
      // In locals: stores to `results` could alias the fields as far as the optimizer knows.
      let count = self.count, order = self.order, runEnds = self.runEnds, numbers = self.numbers
      // The scratch arrays hold the span from their start (position j at j − first), so a block's
      // passes stay in cache.
      let first = span.lowerBound, n = span.count
      let directed = scratch, eased = scratch + count, iteration = scratch + 2 * count
      let activeTime = scratch + 3 * count, flags = scratch + 4 * count
      var set = RootTimingBatch.timingSet(numbers, count: count, from: first)
      gfk_timings_eval(&set, 0, n, t, directed, iteration, activeTime, flags)
      if groupCount > 0 {
        easeByGroup(span, directed: directed, eased: eased, gathered: scratch + 5 * count,
                    easedGathered: scratch + 6 * count, roots: roots, constants: constants)
      }
      // The easings, one run at a time (none left when they went by group).
      var j = groupCount > 0 ? span.upperBound : first
      while j < span.upperBound {
        let end = min(runEnds[j], span.upperBound)
        let x = directed + (j - first), y = eased + (j - first)
        switch roots[order[j]].easing {
        case .linear: y.update(from: x, count: end - j)
        case .bezier(let offset):
          for i in 0..<(end - j) { y[i] = CubicBezier.evaluate(x[i], constants + offset) }
        case .penner(let easing): easing.evaluate(x, y, count: end - j)
        case .curve: break
        }
        j = end
      }
      // Where nothing reads them outside the span, the results stay in the scratch.
      guard !resultsStayInScratch else { return }
      // The results, as ``TrackContext/evaluateRootTiming(_:at:)`` writes them.
      let localDuration = numbers + (RootTimingBatch.fieldCount - 1) * count
      for j in span {
        let k = j - first
        let resolved = flags[k] == 1 || flags[k] == 3
        let progress = resolved ? eased[k] : 0
        results[order[j]] = RootTimingResult(
          isAfter: flags[k] >= 2, isResolved: resolved, progress: progress, iteration: iteration[k],
          localTime: resolved ? progress * localDuration[j] : 0)
        stamps?[order[j]] = stamp
      }
    }

    /// The eased progress of a span's timings in `scratch` after ``evaluate(_:at:roots:results:constants:scratch:stamps:stamp:)``
    /// (position j of the span at j − the span's first; only resolved timings' are meaningful).
    @inline(__always)
    func eased(_ scratch: UnsafeMutablePointer<Double>) -> UnsafePointer<Double> { UnsafePointer(scratch + count) }

    /// The C kernel's phase flags of a span's timings in `scratch` (1 or 3 resolved, 2 or 3
    /// after its active interval), indexed as ``eased(_:)``.
    @inline(__always)
    func flags(_ scratch: UnsafeMutablePointer<Double>) -> UnsafePointer<Double> { UnsafePointer(scratch + 4 * count) }

    /// The easings of `span` one group at a time: each easing's positions in the span (a
    /// contiguous, ascending slice of its group) gathered from `directed`, eased by one call as
    /// a run is, and scattered into `eased` (both indexed from the span's start).
    ///
    /// - Complexity: O(span + groups × log count); allocates nothing.
    @inline(__always)
    private func easeByGroup(
      _ span: Range<Int>, directed: UnsafePointer<Double>, eased: UnsafeMutablePointer<Double>,
      gathered: UnsafeMutablePointer<Double>, easedGathered: UnsafeMutablePointer<Double>,
      roots: UnsafePointer<RootTiming>, constants: UnsafePointer<Double>
    ) {
      let groupOrder = self.groupOrder, groupStarts = self.groupStarts, order = self.order
      let first = span.lowerBound
      for g in 0..<groupCount {
        let low = Self.lowerBound(span.lowerBound, in: groupOrder, groupStarts[g]..<groupStarts[g + 1])
        let high = Self.lowerBound(span.upperBound, in: groupOrder, low..<groupStarts[g + 1])
        guard low < high else { continue }
        let m = high - low, positions = groupOrder + low
        switch roots[order[positions[0]]].easing {
        case .linear:
          for i in 0..<m { eased[positions[i] &- first] = directed[positions[i] &- first] }
          continue
        case .bezier(let offset):
          for i in 0..<m { gathered[i] = directed[positions[i] &- first] }
          gfk_bezier_eval_n(constants + offset, gathered, easedGathered, m)
        case .penner(let easing):
          for i in 0..<m { gathered[i] = directed[positions[i] &- first] }
          easing.evaluate(gathered, easedGathered, count: m)
        case .curve: continue
        }
        for i in 0..<m { eased[positions[i] &- first] = easedGathered[i] }
      }
    }

    /// The first index of `range` in the ascending `values` whose value is at least `value`.
    @inline(__always)
    private static func lowerBound(_ value: Int, in values: UnsafePointer<Int>, _ range: Range<Int>) -> Int {
      var low = range.lowerBound, high = range.upperBound
      while low < high {
        let middle = low + (high - low) / 2
        if values[middle] < value { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }
}
