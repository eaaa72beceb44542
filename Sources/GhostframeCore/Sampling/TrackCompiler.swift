/// Turns animations into tracks and their numbers into one constant pool.
struct TrackCompiler {
  /// The scene's custom property names: custom slot `k` of a row holds `customNames[k]`
  /// (``LayerSlots/customBase``), and the gradient's slots follow them.
  let customNames: [String]
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
    case .slots(let slot):
      return .slots(offset: LayerSlots.rowOffset(ofFixedSlot: slot, customCount: customNames.count),
                    width: property.valueWidth)
    case .uniformScale: return .uniformScale
    case .frame(let first): return .frame(first)
    case .bounds: return .bounds
    case .custom(let name):
      let index = customNames.firstIndex(of: name) ?? 0
      return .slots(offset: LayerSlots.customBase + index, width: 1)
    }
  }
}
