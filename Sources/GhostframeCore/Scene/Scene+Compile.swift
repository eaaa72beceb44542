extension Scene {
  /// Compiles the scene into a sampler: model values and animation tracks as flat arrays.
  ///
  /// - Complexity: O(layers + animations + keyframes).
  public func compiled() -> SceneSampler { compiled(batching: true) }

  /// Compiles the scene, with the common tracks batched (``TrackBatch``) or, for tests that
  /// compare the two paths bit for bit, every track on the general path.
  func compiled(batching: Bool) -> SceneSampler {
    compiled(batching: batching, keepsGradient: keepsGradient())
  }

  /// Compiles the scene with rows that keep the gradient's slots or not. Rows without them are
  /// only chosen when nothing writes a gradient slot; should a track still reach past its row,
  /// the scene compiles again with full rows rather than sample out of bounds.
  private func compiled(batching: Bool, keepsGradient: Bool) -> SceneSampler {
    let customNames = self.customNames()
    let customBase = LayerSlots.customBase(keepsGradient: keepsGradient)
    let slotCount = customBase + customNames.count
    var model = [Double](repeating: 0, count: layers.count * slotCount)
    for (index, layer) in layers.enumerated() {
      LayerSlots.write(layer, customNames: customNames, customBase: customBase, into: &model, at: index * slotCount)
    }
    let parents = layers.map { layer -> Int32 in
      guard let parent = layer.parent, let index = indexByID[parent] else { return -1 }
      return Int32(truncatingIfNeeded: index)
    }
    let stops = layers.map { UInt32(min($0.gradient?.colors.count ?? 0, Gradient.maximumStops)) }
    let flags = layers.indices.map { i in
      (stops[i] > 0 ? LayerState.Flags.gradient.rawValue : 0) | (layers[i].contents != nil ? LayerState.Flags.contents.rawValue : 0)
    }
    var compiler = TrackCompiler(customNames: customNames, customBase: customBase, scene: self)
    // The budget counts every track: one allocation of the right size, not a doubling series
    // (a million tracks are 136 MB; doubling would hold half as much again while it copies).
    compiler.tracks.reserveCapacity(budget.tracks)
    // One animation attached to many layers (a generated skeleton's shimmer) compiles once; its
    // tracks are then copied per layer. Transitions name a second layer, so they never repeat.
    var compiledTracks: [ObjectIdentifier: Range<Int>] = [:]
    for attached in animations {
      guard let layer = indexByID[attached.layer] else { continue }
      let identity = ObjectIdentifier(attached.storage)
      if let known = compiledTracks[identity] {
        compiler.repeatTracks(known, on: layer)
        continue
      }
      let first = compiler.tracks.count
      compiler.add(attached.animation, layer: layer, timings: [], top: attached.animation)
      // Asked of the tracks rather than of `animation.content`: reading the content's enum tag
      // here is the memcheck false positive of cmake/valgrind-swift.supp.
      let compiled = first..<compiler.tracks.count
      if !compiler.tracks[compiled].contains(where: \.isTransition) { compiledTracks[identity] = compiled }
    }
    if !keepsGradient, !compiler.tracks.allSatisfy({ $0.fits(slotCount: slotCount) }) {
      return compiled(batching: batching, keepsGradient: true)
    }
    // Stable by layer: each layer's tracks keep the order their animations compose in.
    var tracks = compiler.tracks
    if !zip(tracks, tracks.dropFirst()).allSatisfy({ $0.layer <= $1.layer }) {
      tracks = tracks.enumerated().sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
        .map(\.element)
    }
    return SceneSampler(
      layerCount: layers.count, slotCount: slotCount, customNames: customNames, model: model, parents: parents,
      gradientStops: stops, staticFlags: flags, tracks: tracks, constants: compiler.constants, rootTimings: compiler.rootTimings,
      timingKernels: compiler.timingKernels,
      timingEasings: compiler.timingEasings, segmentEasings: compiler.segmentEasings, curves: compiler.curves,
      keyframeTracks: compiler.keyframeTracks, springTracks: compiler.springTracks, batching: batching)
  }

  /// The custom property names the layers set or the animations animate, sorted.
  private func customNames() -> [String] {
    var names = Set<String>()
    for layer in layers where !layer.custom.isEmpty { names.formUnion(layer.custom.keys) }
    var seen = Set<ObjectIdentifier>()
    for attached in animations where seen.insert(ObjectIdentifier(attached.storage)).inserted {
      names.formUnion(customKeys(of: attached.animation))
    }
    return names.sorted()
  }

  /// Whether the sampler keeps each layer's gradient slots: some layer has a gradient, or some
  /// animation animates one (``LayerSlots/customBase(keepsGradient:)``).
  private func keepsGradient() -> Bool {
    if layers.contains(where: { $0.gradient != nil }) { return true }
    var seen = Set<ObjectIdentifier>()
    return animations.contains { seen.insert(ObjectIdentifier($0.storage)).inserted && animatesGradient($0.animation) }
  }

  private func animatesGradient(_ animation: Animation) -> Bool {
    if case .slots(let slot) = animation.property?.mapping,
       slot + (animation.property?.valueWidth ?? 1) > LayerSlots.coreCount, slot < LayerSlots.fixedCount {
      return true
    }
    if case .group(let children) = animation.content { return children.contains { animatesGradient($0) } }
    return false
  }

  private func customKeys(of animation: Animation) -> [String] {
    var names: [String] = []
    if case .custom(let name) = animation.property?.mapping { names.append(name) }
    if case .group(let children) = animation.content { names += children.flatMap { customKeys(of: $0) } }
    return names
  }
}

/// Turns animations into tracks and their numbers into one constant pool.
struct TrackCompiler {
  let customNames: [String]
  /// Where custom slots start in a layer's row (``LayerSlots/customBase(keepsGradient:)``).
  let customBase: Int
  let scene: Scene
  var tracks: [Track] = []
  var constants: [Double] = []
  var keyframeTracks: [KeyframeTrack] = []
  var springTracks: [SpringTrack] = []
  /// The distinct top-level timings (one per animation of a timeline, whose begins all differ).
  var rootTimingPool = InterningTable<RootTiming>()
  var rootTimings: [RootTiming] { rootTimingPool.elements }
  var timingKernels: [TimingKernel] = []
  var timingEasings: [EasingKernel] = []
  /// Pooled bezier parameter blocks and other curves, shared between equal curves.
  var bezierOffsets: [Curve: Int] = [:]
  var curveIndex: [Curve: Int] = [:]
  var segmentEasings: [EasingKernel] = []
  var curves: [Curve] = []

  /// Appends copies of the tracks in `range` (one compiled animation) for another layer: they
  /// share its pooled constants, timings and payloads.
  mutating func repeatTracks(_ range: Range<Int>, on layer: Int) {
    for index in range {
      var track = tracks[index]
      track.layer = layer
      tracks.append(track)
    }
  }

  /// Appends `values` to the pool and returns their offset.
  mutating func pool(_ values: [Double]) -> Int {
    constants += values
    return constants.count - values.count
  }

  /// The sampler's form of a curve (equal curves share their pooled data).
  mutating func easing(_ curve: Curve) -> EasingKernel {
    if curve == .linear { return .linear }
    if let offset = bezierOffsets[curve] { return .bezier(offset) }
    if let block = curve.bezierParameterBlock {
      let offset = pool(block)
      bezierOffsets[curve] = offset
      return .bezier(offset)
    }
    // Penner easings are evaluated by kind, without copying a `Curve` (and its enum payload)
    // out of the pool on every value.
    if case .penner(let easing) = curve.kind { return .penner(easing) }
    if let index = curveIndex[curve] { return .curve(index) }
    curves.append(curve)
    curveIndex[curve] = curves.count - 1
    return .curve(curves.count - 1)
  }

  /// The index of a shared top-level timing, with `easing` in place of the timing's own.
  mutating func rootTiming(_ timing: Timing, easing curve: Curve) -> Int {
    rootTimingPool.index(of: RootTiming(kernel: timing.kernel, easing: easing(curve)))
  }

  mutating func add(_ animation: Animation, layer: Int, timings chainPrefix: [Timing], top: Animation) {
    let chain = chainPrefix + [animation.timing]
    // Apple: the paced modes ignore the animation's timingFunction (its own easing); the
    // easings of enclosing groups still shape the time it runs in.
    var ownEasing = animation.timing.easing
    if case .keyframes(let k) = animation.content, k.mode == .paced || k.mode == .cubicPaced { ownEasing = .linear }
    // A forward-and-back cycle (Core Animation's autoreverses) ends where it began, so it
    // accumulates nothing; only one-way repeats add the previous ones' change.
    let alternates = animation.timing.direction == .alternate || animation.timing.direction == .alternateReverse
    let isCumulative = animation.isCumulative && !alternates
    var pooled: (root: Int, innerStart: Int, innerCount: Int)?
    func track(_ target: Track.Target, _ evaluator: Track.Evaluator, width: Int, on layer: Int,
               springFromUnderlying: Bool = false) -> Track {
      let (root, innerStart, innerCount) = pooled ?? (0, 0, 0)
      return Track(layer: layer, target: target, rootTiming: root, innerStart: innerStart, innerCount: innerCount,
                   evaluator: evaluator, isAdditive: animation.isAdditive, isCumulative: isCumulative,
                   removedOnCompletion: top.removedOnCompletion, width: width, springFromUnderlying: springFromUnderlying)
    }
    if case .group = animation.content {} else if let outermost = chain.first {
      let root = rootTiming(outermost, easing: chain.count == 1 ? ownEasing : outermost.easing)
      let innerStart = timingKernels.count
      for (level, timing) in chain.enumerated().dropFirst() {
        timingKernels.append(timing.kernel)
        timingEasings.append(easing(level == chain.count - 1 ? ownEasing : timing.easing))
      }
      pooled = (root, innerStart, chain.count - 1)
    }
    switch animation.content {
    case .group(let children):
      for child in children { add(child, layer: layer, timings: chain, top: top) }
    case .transition(let t):
      let evaluator = Track.Evaluator.transition(kind: t.kind, direction: t.direction, start: t.startProgress,
                                                 end: t.endProgress)
      tracks.append(track(.transition(isNew: true), evaluator, width: 0, on: layer))
      if let old = scene.index(ofLayer: t.fromLayer) {
        tracks.append(track(.transition(isNew: false), evaluator, width: 0, on: old))
      }
    case .basic(let v):
      guard let property = animation.property else { return }
      let (from, to) = endpoints(v, width: property.valueWidth, isAdditive: animation.isAdditive)
      tracks.append(track(target(of: property), .basic(from: from, to: to), width: property.valueWidth, on: layer))
    case .keyframes(let k):
      guard let property = animation.property else { return }
      let compiled = compileKeyframes(k, width: property.valueWidth)
      keyframeTracks.append(compiled)
      tracks.append(track(target(of: property), .keyframes(keyframeTracks.count - 1), width: property.valueWidth,
                          on: layer))
    case .spring(let v):
      guard let property = animation.property else { return }
      let s = v.spring
      guard let moving = try? Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: 1,
                                     allowsOverdamping: s.allowsOverdamping),
            let resting = try? Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: 0,
                                      allowsOverdamping: s.allowsOverdamping) else { return }
      // Additive: a missing `from` is the additive identity, so the value under the
      // animation counts once (it is added afterwards).
      let from = v.from ?? (animation.isAdditive ? [Double](repeating: 0, count: property.valueWidth) : nil)
      springTracks.append(SpringTrack(
        from: from.map { pool($0) }, to: pool(v.to), velocity: v.velocity.map { pool($0) }, resting: resting,
        moving: moving))
      tracks.append(track(target(of: property), .spring(springTracks.count - 1), width: property.valueWidth, on: layer,
                          springFromUnderlying: from == nil))
    }
  }

  /// A basic animation's two ends, by Core Animation's from / to / by table. For an
  /// additive animation the value under it is added afterwards, so where the table says
  /// "the value under the animation" the additive identity (zero) stands in: the values
  /// given are added to the underlying value exactly once.
  mutating func endpoints(_ v: BasicValues, width: Int, isAdditive: Bool) -> (Track.Endpoint, Track.Endpoint) {
    let under: Track.Endpoint = isAdditive ? .constant(pool([Double](repeating: 0, count: width))) : .underlying
    switch (v.from, v.to, v.by) {
    case let (f?, t?, _): return (.constant(pool(f)), .constant(pool(t)))
    case let (f?, nil, b?): return (.constant(pool(f)), .constant(pool(zip(f, b).map(+))))
    case let (nil, t?, b?): return (.constant(pool(zip(t, b).map(-))), .constant(pool(t)))
    case let (f?, nil, nil): return (.constant(pool(f)), under)
    case let (nil, t?, nil): return (under, .constant(pool(t)))
    case let (nil, nil, b?): return (under, isAdditive ? .constant(pool(b)) : .underlyingPlus(pool(b)))
    case (nil, nil, nil): return (under, under)
    }
  }

  func target(of property: AnimatableProperty) -> Track.Target {
    switch property.mapping {
    case .slots(let slot): return .slots(offset: slot, width: property.valueWidth)
    case .uniformScale: return .uniformScale
    case .frame(let first): return .frame(first)
    case .bounds: return .bounds
    case .custom(let name):
      let index = customNames.firstIndex(of: name) ?? 0
      return .slots(offset: customBase + index, width: 1)
    }
  }
}
