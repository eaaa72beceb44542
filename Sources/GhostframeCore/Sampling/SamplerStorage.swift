/// The compiled arrays of one sampler in one allocation, and the handle of raw pointers into it
/// that the hot loops take (swift-collections' `Deque` and its `_UnsafeHandle` are the model).
///
/// The storage owns the block: it allocates it once, copies the compiled arrays in, and
/// deinitializes and frees it when the last reference goes. Nothing in it changes after `init`.
/// The handle is only lent, for the duration of ``withHandle(_:)``, so it never outlives the
/// block; what a sample writes lives in a ``SampleWorkspace``.
final class SamplerStorage {
  /// The block every region lies in.
  private let block: UnsafeMutableRawPointer
  /// Pointers to the regions, lent by ``withHandle(_:)``.
  private let handle: SamplerHandle

  /// Copies `arrays` into one block, each region starting on a cache line.
  ///
  /// - Complexity: O(total elements); one allocation.
  init(_ arrays: SamplerArrays) {
    // Two passes of the same placement: the first measures (its pointers all point at a
    // placeholder and are dropped), the second copies into a block of the measured size. The
    // passes place the same arrays in the same order, so the second fits the block exactly.
    let placeholder = UnsafeMutableRawPointer.allocate(byteCount: StoragePlacer.alignment,
                                                       alignment: StoragePlacer.alignment)
    var measuring = StoragePlacer(measuringWith: placeholder)
    _ = SamplerHandle(arrays, placer: &measuring)
    placeholder.deallocate()
    block = .allocate(byteCount: max(measuring.byteCount, 1), alignment: StoragePlacer.alignment)
    var placer = StoragePlacer(block: block)
    handle = SamplerHandle(arrays, placer: &placer)
  }

  deinit {
    handle.deinitialize()
    block.deallocate()
  }

  /// Calls `body` with the handle; the storage stays alive until `body` returns, and `body` must
  /// not keep the handle (or a pointer from it) past the call.
  @inline(__always)
  func withHandle<R>(_ body: (SamplerHandle) -> R) -> R {
    withExtendedLifetime(self) { body(handle) }
  }
}

/// What the compiler hands the storage: the sampler's arrays, in their compile-time form.
struct SamplerArrays {
  /// The layers, whose model values the storage writes as rows from `rowStarts` (custom ones
  /// in the order of `customNames`, the gradient's where `keepsGradient`; ``LayerSlots``).
  var layers: [Layer]
  var keepsGradient: [Bool]
  var customNames: [String]
  /// Where each layer's row starts (layerCount + 1 entries).
  var rowStarts: [Int]
  var parents: [Int32]
  var gradientStops: [UInt32]
  /// The flags a layer's model fixes (gradient, contents); hidden is added per sample.
  var staticFlags: [UInt32]
  /// The tracks the batch does not take, sorted by layer, in the order their animations compose.
  var tracks: [Track]
  /// Where each layer's tracks start in `tracks` (layerCount + 1 entries).
  var trackStarts: [Int]
  /// The slots any track may write, ascending; only these are restored from the model each sample.
  var animatedSlots: [Int]
  /// Constants the tracks read (values, key times, tangents, bezier parameter blocks).
  var constants: [Double]
  /// The distinct top-level timings, each evaluated once per sample.
  var rootTimings: [RootTiming]
  /// The inner timings tracks refer to (inside groups), with their easings alongside.
  var timingKernels: [TimingKernel]
  var timingEasings: [EasingKernel]
  /// The keyframe segment curves tracks refer to.
  var segmentEasings: [EasingKernel]
  /// Curves neither linear nor cubic bezier nor Penner's.
  var curves: [Curve]
  /// Keyframe and spring payloads tracks refer to.
  var keyframeTracks: [KeyframeTrack]
  var springTracks: [SpringTrack]
  /// The common tracks, as one loop's arrays.
  var batch: TrackBatch
  /// The top-level timings evaluated in bulk.
  var bulk: RootTimingBatch
}

/// Raw pointers to a ``SamplerStorage``'s regions, valid while the storage lends it
/// (``SamplerStorage/withHandle(_:)``). Every region has an address, an empty one too, so the hot
/// loops unwrap nothing; the counts are those the loops check indices against.
struct SamplerHandle {
  let model: UnsafePointer<Double>
  /// Where each layer's row starts in `model` (layerCount + 1 entries).
  let rowStarts: UnsafePointer<Int>
  let parents: UnsafePointer<Int32>
  let gradientStops: UnsafePointer<UInt32>
  let staticFlags: UnsafePointer<UInt32>
  let tracks: UnsafePointer<Track>
  let trackCount: Int
  /// layerCount + 1 entries.
  let trackStarts: UnsafePointer<Int>
  let animatedSlots: UnsafePointer<Int>
  let animatedSlotCount: Int
  let constants: UnsafePointer<Double>
  let constantCount: Int
  let rootTimings: UnsafePointer<RootTiming>
  let rootTimingCount: Int
  let timingKernels: UnsafePointer<TimingKernel>
  let timingKernelCount: Int
  let timingEasings: UnsafePointer<EasingKernel>
  let segmentEasings: UnsafePointer<EasingKernel>
  let curves: UnsafePointer<Curve>
  let curveCount: Int
  let keyframeTracks: UnsafePointer<KeyframeTrack>
  let keyframeTrackCount: Int
  let springTracks: UnsafePointer<SpringTrack>
  let springTrackCount: Int
  let batch: TrackBatch.Pointers
  let bulk: RootTimingBatch.Pointers

  /// Places every array of `arrays` with `placer`, in one fixed order.
  init(_ arrays: SamplerArrays, placer: inout StoragePlacer) {
    // The model rows are written from the layers in place: a scene-sized array less to copy.
    let rowCount = arrays.layers.count, starts = arrays.rowStarts
    let model = placer.place(repeating: 0.0, count: starts.last ?? 0)
    if placer.copies, starts.count == rowCount + 1, arrays.keepsGradient.count == rowCount {
      for (index, layer) in arrays.layers.enumerated() {
        let keeps = arrays.keepsGradient[index]
        guard starts[index + 1] - starts[index]
          == LayerSlots.rowWidth(customCount: arrays.customNames.count, keepsGradient: keeps) else { continue }
        LayerSlots.write(layer, customNames: arrays.customNames, keepsGradient: keeps, intoRow: model + starts[index])
      }
    }
    self.model = UnsafePointer(model)
    rowStarts = UnsafePointer(placer.place(starts))
    parents = UnsafePointer(placer.place(arrays.parents))
    gradientStops = UnsafePointer(placer.place(arrays.gradientStops))
    staticFlags = UnsafePointer(placer.place(arrays.staticFlags))
    tracks = UnsafePointer(placer.place(arrays.tracks))
    trackCount = arrays.tracks.count
    trackStarts = UnsafePointer(placer.place(arrays.trackStarts))
    animatedSlots = UnsafePointer(placer.place(arrays.animatedSlots))
    animatedSlotCount = arrays.animatedSlots.count
    constants = UnsafePointer(placer.place(arrays.constants))
    constantCount = arrays.constants.count
    rootTimings = UnsafePointer(placer.place(arrays.rootTimings))
    rootTimingCount = arrays.rootTimings.count
    timingKernels = UnsafePointer(placer.place(arrays.timingKernels))
    timingKernelCount = arrays.timingKernels.count
    timingEasings = UnsafePointer(placer.place(arrays.timingEasings))
    segmentEasings = UnsafePointer(placer.place(arrays.segmentEasings))
    curves = UnsafePointer(placer.place(arrays.curves))
    curveCount = arrays.curves.count
    keyframeTracks = UnsafePointer(placer.place(arrays.keyframeTracks))
    keyframeTrackCount = arrays.keyframeTracks.count
    springTracks = UnsafePointer(placer.place(arrays.springTracks))
    springTrackCount = arrays.springTracks.count
    batch = TrackBatch.Pointers(arrays.batch, placer: &placer)
    bulk = RootTimingBatch.Pointers(arrays.bulk, placer: &placer)
  }

  /// Deinitializes the regions whose elements need it (curves hold references; the others are
  /// plain values, deinitialized all the same so that a field added to them cannot leak).
  func deinitialize() {
    UnsafeMutablePointer(mutating: tracks).deinitialize(count: trackCount)
    UnsafeMutablePointer(mutating: rootTimings).deinitialize(count: rootTimingCount)
    UnsafeMutablePointer(mutating: timingKernels).deinitialize(count: timingKernelCount)
    UnsafeMutablePointer(mutating: timingEasings).deinitialize(count: timingKernelCount)
    UnsafeMutablePointer(mutating: curves).deinitialize(count: curveCount)
    UnsafeMutablePointer(mutating: keyframeTracks).deinitialize(count: keyframeTrackCount)
    UnsafeMutablePointer(mutating: springTracks).deinitialize(count: springTrackCount)
    batch.deinitialize()
  }
}

/// Places arrays one after another in a block, each region on a cache line: either measuring
/// (every pointer it returns is the placeholder's, never read or written) or copying into a block
/// of the measured size.
struct StoragePlacer {
  /// Every region starts on a cache line: no two regions share one.
  static let alignment = 64
  private let block: UnsafeMutableRawPointer
  /// Whether this placer copies (else it measures).
  let copies: Bool
  /// The bytes placed so far.
  private(set) var byteCount = 0

  /// A placer that measures, handing out `placeholder` (at least ``alignment`` bytes).
  init(measuringWith placeholder: UnsafeMutableRawPointer) {
    block = placeholder
    copies = false
  }

  /// A placer that copies into `block`, which holds as many bytes as a measuring pass over the
  /// same arrays counted, aligned to ``alignment``.
  init(block: UnsafeMutableRawPointer) {
    self.block = block
    copies = true
  }

  /// The next region, holding `count` elements, and where it starts.
  private mutating func region<Element>(_: Element.Type, count: Int) -> Int {
    let alignment = max(MemoryLayout<Element>.alignment, Self.alignment)
    let start = (byteCount + alignment - 1) / alignment * alignment
    byteCount = start + MemoryLayout<Element>.stride * max(count, 0)
    return start
  }

  /// Places a copy of `elements`.
  mutating func place<Element>(_ elements: [Element]) -> UnsafeMutablePointer<Element> {
    let start = region(Element.self, count: elements.count)
    guard copies else { return block.bindMemory(to: Element.self, capacity: 0) }
    let pointer = (block + start).bindMemory(to: Element.self, capacity: elements.count)
    _ = UnsafeMutableBufferPointer(start: pointer, count: elements.count).initialize(from: elements)
    return pointer
  }

  /// Places room for `count` plain values (numbers) left uninitialized, for a buffer every user
  /// writes before reading (a workspace's composed slots).
  mutating func place<Element: BitwiseCopyable>(uninitialized _: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
    let start = region(Element.self, count: count)
    guard copies else { return block.bindMemory(to: Element.self, capacity: 0) }
    return (block + start).bindMemory(to: Element.self, capacity: max(count, 0))
  }

  /// Places `count` copies of `value`.
  mutating func place<Element>(repeating value: Element, count: Int) -> UnsafeMutablePointer<Element> {
    let start = region(Element.self, count: count)
    guard copies else { return block.bindMemory(to: Element.self, capacity: 0) }
    let pointer = (block + start).bindMemory(to: Element.self, capacity: max(count, 0))
    pointer.initialize(repeating: value, count: max(count, 0))
    return pointer
  }
}
