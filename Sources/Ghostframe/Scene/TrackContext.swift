/// Applies tracks to the scratch slots during one sample. Works on raw pointers set up once
/// per sample, so the hot loop has no exclusivity checks and no allocation.
struct TrackContext {
  let slots: UnsafeMutablePointer<Double>
  let constants: UnsafeBufferPointer<Double>
  let pools: Pools
  /// 64 doubles: [0, 16) the value, [16, 32) the value under it, [32, 48) a second value.
  let temporary: UnsafeMutablePointer<Double>

  /// Composes one track into its layer's slots at scene time `t`.
  mutating func apply(_ track: UnsafePointer<Track>, at t: Double, slotCount: Int) {
    guard let (progress, iteration) = resolve(track, at: t) else { return }
    let base = slots + track.pointee.layer * slotCount
    let value = temporary
    let under = temporary + 16
    let width = track.pointee.width
    if case .transition(let isNew) = track.pointee.target {
      applyTransition(track, progress: progress, isNew: isNew, base: base)
      return
    }
    if track.pointee.needsUnderlying { read(track.pointee.target, width: width, base: base, into: under) }
    switch track.pointee.evaluator {
    case .basic(let from, let to):
      let start = temporary + 32
      let end = temporary + 48
      endpoint(from, width: width, under: under, into: start)
      endpoint(to, width: width, under: under, into: end)
      for c in 0..<width {
        value[c] = start[c] + (end[c] - start[c]) * progress
        if track.pointee.isCumulative { value[c] += iteration * (end[c] - start[c]) }
      }
    case .keyframes(let index):
      guard let keyframesBase = pools.keyframeTracks.baseAddress else { return }
      let keyframes = keyframesBase + index
      evaluate(keyframes, progress: progress, width: width, into: value)
      if track.pointee.isCumulative, keyframes.pointee.count > 1 {
        let first = keyframes.pointee.values, last = first + (keyframes.pointee.count - 1) * width
        for c in 0..<width { value[c] += iteration * (constants[last + c] - constants[first + c]) }
      }
    case .spring(let index):
      let spring = pools.springTracks[index]
      let (from, to, velocity, resting, moving) = (spring.from, spring.to, spring.velocity, spring.resting, spring.moving)
      // Superposition of the linear oscillator: y = to + (from − to)·e_pos(τ) + v·e_vel(τ),
      // with e_pos = 1 − x₀ and e_vel = x₁ − x₀ from springs at rest and at unit velocity.
      let tau = progress * track.pointee.duration
      let x0 = resting.value(at: tau)
      let ePos = 1 - x0
      let eVel = moving.value(at: tau) - x0
      for c in 0..<width {
        let start = from.map { constants[$0 + c] } ?? under[c]
        let target = constants[to + c]
        let v = velocity.map { constants[$0 + c] } ?? 0
        value[c] = target + (start - target) * ePos + v * eVel
      }
    case .transition:
      return
    }
    if track.pointee.isAdditive {
      for c in 0..<width { value[c] += under[c] }
    }
    write(track.pointee.target, width: width, from: value, base: base)
  }

  /// Walks the timing chain (groups, then the animation): the animation's progress and
  /// current iteration, or nil where it has no effect.
  /// Evaluates every shared top-level timing at the sample time, once.
  func evaluateRootTimings(at t: Double) {
    guard let roots = pools.rootTimings.baseAddress, let results = pools.rootResults.baseAddress else { return }
    for index in 0..<pools.rootTimings.count {
      let root = roots + index
      let state = root.pointee.kernel.evaluate(at: t)
      results[index] = RootTimingResult(
        isAfter: state.phase == .after, isResolved: state.resolved,
        progress: state.resolved ? ease(root.pointee.easing, state.directed, beforeFlag: state.beforeFlag) : 0,
        iteration: state.currentIteration)
    }
  }

  private func resolve(_ track: UnsafePointer<Track>, at t: Double) -> (Double, Double)? {
    guard let results = pools.rootResults.baseAddress, let roots = pools.rootTimings.baseAddress else { return nil }
    let root = results[track.pointee.rootTiming]
    if track.pointee.removedOnCompletion, root.isAfter { return nil }
    guard root.isResolved else { return nil }
    let innerCount = track.pointee.innerCount
    if innerCount == 0 { return (root.progress, root.iteration) }
    let start = track.pointee.innerStart
    guard let chains = pools.chainResults.baseAddress, start < pools.chainResults.count else { return nil }
    let cached = chains + start
    if cached.pointee.stamp != pools.stamp {
      cached.pointee = evaluateChain(track, root: root, roots: roots)
      cached.pointee.stamp = pools.stamp
    }
    return cached.pointee.isResolved ? (cached.pointee.progress, cached.pointee.iteration) : nil
  }

  /// A group child's timing chain below a resolved top-level timing.
  private func evaluateChain(_ track: UnsafePointer<Track>, root: RootTimingResult,
                             roots: UnsafePointer<RootTiming>) -> ChainResult {
    // A child sees its group's time within the group's iteration: clipped, not scaled.
    var time = root.progress * roots[track.pointee.rootTiming].kernel.duration
    guard let kernels = pools.timingKernels.baseAddress else { return ChainResult() }
    let innerCount = track.pointee.innerCount
    for level in 0..<innerCount {
      let index = track.pointee.innerStart + level
      let kernel = kernels + index
      let state = kernel.pointee.evaluate(at: time)
      guard state.resolved else { return ChainResult() }
      let progress = ease(pools.timingEasings[index], state.directed, beforeFlag: state.beforeFlag)
      if level == innerCount - 1 {
        return ChainResult(isResolved: true, progress: progress, iteration: state.currentIteration)
      }
      time = progress * kernel.pointee.duration
    }
    return ChainResult()
  }

  /// Evaluates an easing kernel.
  @inline(__always)
  private func ease(_ easing: EasingKernel, _ x: Double, beforeFlag: Bool) -> Double {
    switch easing {
    case .linear: return x
    case .bezier(let offset):
      guard let base = constants.baseAddress else { return x }
      return CubicBezier.evaluate(x, base + offset)
    case .curve(let index): return pools.curves[index](x, beforeFlag: beforeFlag)
    }
  }

  private func endpoint(_ endpoint: Track.Endpoint, width: Int, under: UnsafeMutablePointer<Double>,
                        into out: UnsafeMutablePointer<Double>) {
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
    case .frame:
      let w = base[LayerSlots.width], h = base[LayerSlots.height]
      out[0] = base[LayerSlots.positionX] - base[LayerSlots.anchorX] * w
      out[1] = base[LayerSlots.positionY] - base[LayerSlots.anchorY] * h
      out[2] = w
      out[3] = h
    case .transition: break
    }
  }

  private func write(_ target: Track.Target, width: Int, from value: UnsafeMutablePointer<Double>,
                     base: UnsafeMutablePointer<Double>) {
    switch target {
    case .slots(let offset, _): for c in 0..<width { base[offset + c] = value[c] }
    case .uniformScale:
      base[LayerSlots.scaleX] = value[0]
      base[LayerSlots.scaleY] = value[0]
    case .frame:
      base[LayerSlots.width] = value[2]
      base[LayerSlots.height] = value[3]
      base[LayerSlots.positionX] = value[0] + base[LayerSlots.anchorX] * value[2]
      base[LayerSlots.positionY] = value[1] + base[LayerSlots.anchorY] * value[3]
    case .transition: break
    }
  }

  /// Keyframe interpolation at `progress` (which may leave [0, 1] under an overshooting
  /// easing; the end segments then extrapolate).
  private func evaluate(_ pointer: UnsafePointer<KeyframeTrack>, progress: Double, width: Int,
                        into out: UnsafeMutablePointer<Double>) {
    let k = pointer.pointee
    if k.count == 1 {
      for c in 0..<width { out[c] = constants[k.values + c] }
      return
    }
    let times = k.keyTimes
    if k.discrete {
      // Value i holds on [k_i, k_{i+1}); the last value from the last interior key time on.
      var index = 0
      while index + 1 < k.count && progress >= constants[times + index + 1] { index += 1 }
      for c in 0..<width { out[c] = constants[k.values + index * width + c] }
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
    if low < k.curveCount { u = ease(pools.segmentEasings[k.curveStart + low], u, beforeFlag: false) }
    let p0 = k.values + low * width, p1 = p0 + width
    if k.cubic {
      // Cubic Hermite between P_i and P_{i+1} with the Kochanek–Bartels tangents.
      let u2 = u * u, u3 = u2 * u
      let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
      let m0 = k.outTangents + low * width, m1 = k.inTangents + (low + 1) * width
      for c in 0..<width {
        out[c] = h00 * constants[p0 + c] + h10 * constants[m0 + c] + h01 * constants[p1 + c] + h11 * constants[m1 + c]
      }
    } else {
      for c in 0..<width { out[c] = constants[p0 + c] + (constants[p1 + c] - constants[p0 + c]) * u }
    }
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
