/// Applies tracks to a workspace's slots during one compose. Works on the raw pointers of the
/// sampler's storage and of the workspace (their handles), so the hot loop has no exclusivity
/// checks and no allocation.
struct TrackContext {
  /// The doubles of ``temporary``.
  static let temporaryCount = 64
  /// The scene's slots from `firstSlot` on.
  let slots: UnsafeMutablePointer<Double>
  /// The scene's slot at `slots` (a compose writes its layers into a buffer that starts at its
  /// first one's row).
  let firstSlot: Int
  /// The compiled arrays.
  let sampler: SamplerHandle
  /// The compose's timing results: the top-level timings, then the batch's chained ones.
  let results: UnsafeMutablePointer<RootTimingResult>
  let resultCount: Int
  /// Inner timing chains evaluated during this compose, by their first kernel's index
  /// (`Track.innerStart`, which names one chain); `stamp` marks the valid ones.
  let chains: UnsafeMutablePointer<ChainResult>
  let chainCount: Int
  /// This compose's stamp.
  let stamp: UInt64
  /// 64 doubles: [0, 16) the value, [16, 32) the value under it, [32, 48) a second value.
  let temporary: UnsafeMutablePointer<Double>

  /// A context for the compose stamped `stamp` in `workspace`, writing into `slots`, which holds
  /// the scene's slots from `firstSlot` on.
  @inline(__always)
  init(slots: UnsafeMutablePointer<Double>, firstSlot: Int, sampler: SamplerHandle, workspace: WorkspaceHandle,
       stamp: UInt64) {
    self.slots = slots
    self.firstSlot = firstSlot
    self.sampler = sampler
    results = workspace.rootResults
    resultCount = workspace.rootCount
    chains = workspace.chainResults
    chainCount = workspace.chainCount
    self.stamp = stamp
    temporary = workspace.temporary
  }

  /// Composes one track into its layer's slots, at the time its timing results were evaluated for.
  func apply(_ track: UnsafePointer<Track>) {
    guard let resolved = resolve(track) else { return }
    let progress = resolved.progress, iteration = resolved.iteration
    // (Wrapping: the compose's buffer holds the track's layer, which is in its range.)
    let base = slots + (sampler.rowStarts[track.pointee.layer] &- firstSlot)
    let value = temporary
    let under = temporary + 16
    let width = track.pointee.width
    if case .transition(let isNew) = track.pointee.target {
      applyTransition(track, progress: progress, isNew: isNew, base: base)
      return
    }
    // From one constant to another on plain slots, neither additive nor cumulative, on a layer
    // the batch does not take (another of its tracks is a keyframe, a spring, an additive one):
    // the arithmetic of the general case below, without its copies through `temporary`.
    if case .basic(.constant(let a), .constant(let b)) = track.pointee.evaluator,
       case .slots(let offset, _) = track.pointee.target, !track.pointee.isAdditive, !track.pointee.isCumulative {
      let from = sampler.constants + a, to = sampler.constants + b, slots = base + offset
      for c in 0..<width { slots[c] = from[c] + (to[c] - from[c]) * progress }
      return
    }
    if track.pointee.needsUnderlying { read(track.pointee.target, width: width, base: base, into: under) }
    switch track.pointee.evaluator {
    case .basic(let from, let to):
      let start = temporary + 32
      let end = temporary + 48
      endpoint(from, width: width, under: under, into: start)
      endpoint(to, width: width, under: under, into: end)
      for c in 0..<width { value[c] = start[c] + (end[c] - start[c]) * progress }
      if track.pointee.isCumulative { accumulate(iteration, from: start, to: end, width: width, into: value) }
    case .keyframes(let index):
      guard index >= 0, index < sampler.keyframeTrackCount else { return }
      let keyframes = sampler.keyframeTracks + index
      evaluate(keyframes, progress: progress, width: width, into: value)
      if track.pointee.isCumulative, keyframes.pointee.count > 1 {
        let first = sampler.constants + keyframes.pointee.values, last = first + (keyframes.pointee.count - 1) * width
        accumulate(iteration, from: first, to: last, width: width, into: value)
      }
    case .spring(let index):
      guard index >= 0, index < sampler.springTrackCount else { return }
      let spring = sampler.springTracks[index]
      let constants = sampler.constants
      let (from, to, velocity, resting, moving) = (spring.from, spring.to, spring.velocity, spring.resting, spring.moving)
      // Superposition of the linear oscillator: y = to + (from − to)·e_pos(τ) + v·e_vel(τ),
      // with e_pos = 1 − x₀ and e_vel = x₁ − x₀ from springs at rest and at unit velocity.
      let tau = resolved.localTime
      let x0 = resting.value(at: tau)
      let ePos = 1 - x0
      let eVel = moving.value(at: tau) - x0
      // The start values, kept for a cumulative spring (each repeat adds to − from).
      let start = temporary + 32
      for c in 0..<width {
        start[c] = from.map { constants[$0 + c] } ?? under[c]
        let target = constants[to + c]
        let v = velocity.map { constants[$0 + c] } ?? 0
        value[c] = target + (start[c] - target) * ePos + v * eVel
      }
      if track.pointee.isCumulative {
        accumulate(iteration, from: start, to: constants + to, width: width, into: value)
      }
    case .transition:
      return
    }
    if track.pointee.isAdditive {
      for c in 0..<width { value[c] += under[c] }
    }
    write(track.pointee.target, width: width, from: value, base: base)
  }

  /// Evaluates one shared top-level timing at the sample time into its result.
  @inline(__always)
  func evaluateRootTiming(_ index: Int, at t: Double) {
    guard index >= 0, index < sampler.rootTimingCount, index < resultCount else { return }
    let root = sampler.rootTimings + index
    let state = root.pointee.kernel.evaluate(at: t)
    let progress = state.resolved ? ease(root.pointee.easing, state.directed, beforeFlag: state.beforeFlag) : 0
    results[index] = RootTimingResult(
      isAfter: state.phase == .after, isResolved: state.resolved, progress: progress,
      iteration: state.currentIteration,
      localTime: state.resolved ? root.pointee.kernel.localTime(progress: progress, activeTime: state.activeTime) : 0)
  }

  /// Walks the timing chain (groups, then the animation) from the track's evaluated top-level
  /// timing: the animation's progress, current iteration and local time, or nil where it has no
  /// effect.
  private func resolve(_ track: UnsafePointer<Track>) -> ResolvedTiming? {
    let index = track.pointee.rootTiming
    guard index >= 0, index < resultCount else { return nil }
    let root = results[index]
    if track.pointee.removedOnCompletion, root.isAfter { return nil }
    guard root.isResolved else { return nil }
    if track.pointee.innerCount == 0 {
      return ResolvedTiming(progress: root.progress, iteration: root.iteration, localTime: root.localTime)
    }
    return resolveChain(track, root: root)
  }

  /// Evaluates the chained timing of a batch entry inside a group (``TrackBatch``) into the
  /// result at `index`: the chain of `track` below its top-level timing, as ``resolve(_:)``
  /// resolves it for a track that stays after its end (the entry adds its own removal).
  func evaluateChainedTiming(_ track: UnsafePointer<Track>, into index: Int) {
    guard index >= 0, index < resultCount, track.pointee.rootTiming >= 0, track.pointee.rootTiming < resultCount
    else { return }
    let root = results[track.pointee.rootTiming]
    let chained = root.isResolved && track.pointee.innerCount > 0 ? resolveChain(track, root: root) : nil
    results[index] = RootTimingResult(
      isAfter: root.isAfter, isResolved: chained != nil, progress: chained?.progress ?? 0,
      iteration: chained?.iteration ?? 0, localTime: chained?.localTime ?? 0)
  }

  /// The inner chain of `track` below its resolved top-level timing, once per sample (cached by
  /// the chain's first inner timing), or nil where it has no effect.
  private func resolveChain(_ track: UnsafePointer<Track>, root: RootTimingResult) -> ResolvedTiming? {
    let start = track.pointee.innerStart
    guard start >= 0, start < chainCount else { return nil }
    let cached = chains + start
    if cached.pointee.stamp != stamp {
      cached.pointee = evaluateChain(track, root: root)
      cached.pointee.stamp = stamp
    }
    guard cached.pointee.isResolved else { return nil }
    return ResolvedTiming(progress: cached.pointee.progress, iteration: cached.pointee.iteration,
                          localTime: cached.pointee.localTime)
  }

  /// A group child's timing chain below a resolved top-level timing: each level is timed
  /// in the local time of the one above (Core Animation: "evaluated in the time space of
  /// the receiver"), which runs only inside that group's iteration, so children are
  /// clipped to it.
  private func evaluateChain(_ track: UnsafePointer<Track>, root: RootTimingResult) -> ChainResult {
    var time = root.localTime
    let innerCount = track.pointee.innerCount
    guard track.pointee.innerStart >= 0, innerCount <= sampler.timingKernelCount - track.pointee.innerStart
    else { return ChainResult() }
    for level in 0..<innerCount {
      let index = track.pointee.innerStart + level
      let kernel = sampler.timingKernels + index
      let state = kernel.pointee.evaluate(at: time)
      guard state.resolved else { return ChainResult() }
      let progress = ease(sampler.timingEasings[index], state.directed, beforeFlag: state.beforeFlag)
      time = kernel.pointee.localTime(progress: progress, activeTime: state.activeTime)
      if level == innerCount - 1 {
        return ChainResult(isResolved: true, progress: progress, iteration: state.currentIteration, localTime: time)
      }
    }
    return ChainResult()
  }

  /// Adds the change of the `iteration` repeats before this one (`to − from` each). The
  /// first repeat and a component that does not change add nothing (so an infinite count
  /// or change never meets a 0), and the sum saturates at the largest finite value, so
  /// extreme times give no NaN (the state writer reads what is left of an overflow as 0).
  @inline(__always)
  private func accumulate(_ iteration: Double, from start: UnsafePointer<Double>, to end: UnsafePointer<Double>,
                          width: Int, into value: UnsafeMutablePointer<Double>) {
    guard iteration != 0 else { return }
    for c in 0..<width {
      let change = end[c] - start[c]
      guard change != 0 else { continue }
      let sum = value[c] + iteration * change
      value[c] = sum.isFinite ? sum : (sum > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
    }
  }

  /// Evaluates an easing kernel.
  @inline(__always)
  private func ease(_ easing: EasingKernel, _ x: Double, beforeFlag: Bool) -> Double {
    switch easing {
    case .linear: return x
    case .bezier(let offset): return CubicBezier.evaluate(x, sampler.constants + offset)
    case .penner(let easing): return x.isNaN ? x : easing(x)
    case .curve(let index):
      guard index >= 0, index < sampler.curveCount else { return x }
      return sampler.curves[index](x, beforeFlag: beforeFlag)
    }
  }

  private func endpoint(_ endpoint: Track.Endpoint, width: Int, under: UnsafeMutablePointer<Double>,
                        into out: UnsafeMutablePointer<Double>) {
    let constants = sampler.constants
    switch endpoint {
    case .constant(let offset): for c in 0..<width { out[c] = constants[offset + c] }
    case .underlying: for c in 0..<width { out[c] = under[c] }
    case .underlyingPlus(let offset): for c in 0..<width { out[c] = under[c] + constants[offset + c] }
    }
  }

  /// The current value of a target, as animation components.
  private func read(_ target: Track.Target, width: Int, base: UnsafeMutablePointer<Double>,
                    into out: UnsafeMutablePointer<Double>) {
    switch target {
    case .slots(let offset, _): for c in 0..<width { out[c] = base[offset + c] }
    case .uniformScale: out[0] = base[LayerSlots.scaleX]
    case .frame(let first):
      for c in 0..<width { out[c] = LayerSlots.frameComponent(first + c, of: base) }
    case .bounds:
      out[0] = 0
      out[1] = 0
      out[2] = base[LayerSlots.width]
      out[3] = base[LayerSlots.height]
    case .transition: break
    }
  }

  /// Writes animation components into a target's slots. Always inlined into ``apply(_:)``,
  /// as the optimizer chose before the slot numbers were derived (``LayerSlots``): each one is a
  /// short loop until it folds into a constant, which made the function look too large to inline.
  @inline(__always)
  private func write(_ target: Track.Target, width: Int, from value: UnsafeMutablePointer<Double>,
                     base: UnsafeMutablePointer<Double>) {
    switch target {
    case .slots(let offset, _): for c in 0..<width { base[offset + c] = value[c] }
    case .uniformScale:
      base[LayerSlots.scaleX] = value[0]
      base[LayerSlots.scaleY] = value[0]
    case .frame(let first):
      // The components not animated keep their current values: a size alone keeps the origin.
      var x = LayerSlots.frameComponent(0, of: base), y = LayerSlots.frameComponent(1, of: base)
      var w = base[LayerSlots.width], h = base[LayerSlots.height]
      for c in 0..<width {
        switch first + c {
        case 0: x = value[c]
        case 1: y = value[c]
        case 2: w = value[c]
        case 3: h = value[c]
        default: break
        }
      }
      base[LayerSlots.width] = w
      base[LayerSlots.height] = h
      base[LayerSlots.positionX] = x + base[LayerSlots.anchorX] * w
      base[LayerSlots.positionY] = y + base[LayerSlots.anchorY] * h
    case .bounds:
      // The position stays, as Core Animation keeps it when the bounds change.
      base[LayerSlots.width] = value[2]
      base[LayerSlots.height] = value[3]
    case .transition: break
    }
  }

  /// Keyframe interpolation at `progress` (which may leave [0, 1] under an overshooting
  /// easing; the end segments then extrapolate).
  private func evaluate(_ pointer: UnsafePointer<KeyframeTrack>, progress: Double, width: Int,
                        into out: UnsafeMutablePointer<Double>) {
    let k = pointer.pointee, constants = sampler.constants
    if k.count == 1 {
      for c in 0..<width { out[c] = constants[k.values + c] }
      return
    }
    let times = k.keyTimes
    if k.discrete {
      // Value i holds on [k_i, k_{i+1}); the last value from the last interior key time on.
      // The value's index is the number of interior key times k_1 … k_{count−1} at or below
      // the progress (they are sorted): a binary search for the first one above it.
      var low = 1, high = k.count
      while low < high {
        let mid = (low + high) / 2
        if constants[times + mid] <= progress { low = mid + 1 } else { high = mid }
      }
      let index = low - 1
      for c in 0..<width { out[c] = constants[k.values + index * width + c] }
      return
    }
    if k.arcLengths >= 0 {
      evaluateArcPaced(pointer, progress: progress, width: width, into: out)
      return
    }
    // The segment [k_i, k_{i+1}] holding progress; the end segments extend beyond [0, 1].
    var low = 0, high = k.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if progress < constants[times + mid] { high = mid } else { low = mid }
    }
    let t0 = constants[times + low], t1 = constants[times + low + 1]
    var u = t1 > t0 ? (progress - t0) / (t1 - t0) : 1
    if low < k.curveCount { u = ease(sampler.segmentEasings[k.curveStart + low], u, beforeFlag: false) }
    let p0 = k.values + low * width, p1 = p0 + width
    if k.cubic {
      let pool = constants
      // Cubic Hermite between P_i and P_{i+1} with the Kochanek–Bartels tangents.
      let m0 = k.outTangents + low * width, m1 = k.inTangents + (low + 1) * width
      KeyframeSpline.value(at: u, p0: pool + p0, m0: pool + m0, p1: pool + p1, m1: pool + m1, width: width, into: out)
    } else {
      for c in 0..<width { out[c] = constants[p0 + c] + (constants[p1 + c] - constants[p0 + c]) * u }
    }
  }

  /// cubicPaced: the point at arc length `progress × total` along the spline, so the value
  /// moves at constant speed. The table brackets the length in one piece of one segment;
  /// ``KeyframeSpline/parameter(atLength:from:to:length:p0:m0:p1:m1:width:)`` solves inside it.
  private func evaluateArcPaced(_ pointer: UnsafePointer<KeyframeTrack>, progress: Double, width: Int,
                                into out: UnsafeMutablePointer<Double>) {
    let k = pointer.pointee, pool = sampler.constants
    guard k.arcPieceCount > 0 else { return }
    let count = k.arcPieceCount
    let arcs = pool + k.arcLengths, pieces = pool + k.arcPieces
    let total = arcs[count]
    // Progress stays in [0, 1] here (the paced modes ignore easings); clamp all the same.
    let target = total * min(max(progress, 0), 1)
    // The last piece j with arcs[j] <= target.
    var low = 0, high = count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if arcs[mid] <= target { low = mid } else { high = mid - 1 }
    }
    // A piece lies in one segment; it ends where the next piece of that segment starts.
    let segmentNumber = pieces[2 * low]
    let segment = min(max(Int(exactly: segmentNumber) ?? 0, 0), k.count - 2)
    let p0 = pool + k.values + segment * width, p1 = p0 + width
    let m0 = pool + k.outTangents + segment * width, m1 = pool + k.inTangents + (segment + 1) * width
    let a = pieces[2 * low + 1]
    let b = low + 1 < count && pieces[2 * low + 2] == segmentNumber ? pieces[2 * low + 3] : 1
    let u = KeyframeSpline.parameter(atLength: target - arcs[low], from: a, to: b, length: arcs[low + 1] - arcs[low],
                                     p0: p0, m0: m0, p1: p1, m1: m1, width: width)
    KeyframeSpline.value(at: u, p0: p0, m0: m0, p1: p1, m1: m1, width: width, into: out)
  }

  /// Core Animation's transitions as offsets and opacities on the two layers.
  private func applyTransition(_ track: UnsafePointer<Track>, progress p: Double, isNew: Bool,
                               base: UnsafeMutablePointer<Double>) {
    guard case .transition(let kind, let direction, let start, let end) = track.pointee.evaluator else { return }
    let q = start + (end - start) * p
    if kind == .fade {
      base[LayerSlots.opacity] *= isNew ? q : 1 - q
      return
    }
    let horizontal = direction == .fromLeft || direction == .fromRight
    let extent = horizontal ? base[LayerSlots.width] : base[LayerSlots.height]
    // fromRight / fromBottom: new content arrives from the positive side.
    let sign: Double = direction == .fromRight || direction == .fromBottom ? 1 : -1
    let offset: Double
    switch (kind, isNew) {
    case (.moveIn, true), (.push, true): offset = sign * (1 - q) * extent
    case (.push, false), (.reveal, false): offset = -sign * q * extent
    default: offset = 0
    }
    base[horizontal ? LayerSlots.translationX : LayerSlots.translationY] += offset
  }
}
