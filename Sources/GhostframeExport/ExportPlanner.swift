import GhostframeCore

/// Resolves the channels a format asks for: constants, the scene's own keyframes where they
/// reproduce the sampler (checked against it), and samples at the frame rate elsewhere.
struct ExportPlanner {
  let scene: Scene
  let sampler: SceneSampler
  /// The seconds covered, and the frame rate.
  let window: Double
  let fps: Double
  /// The rows with no animation applied.
  let model: [Double]
  let sources: SlotSources
  /// The parent index of each layer (-1 for a root).
  let parents: [Int]

  /// Largest error of the baked channels (in the channels' error units).
  var maximumError = 0.0
  var bakedCount = 0
  var exactCount = 0

  /// The most keyframes a channel's own track may have before it is baked instead.
  var keyframeLimit: Int { max(4 * frameCount, 64) }
  /// The frames covered.
  var frameCount: Int { max(1, Int((window * fps).rounded(.up))) }

  init(scene: Scene, window: Double, fps: Double) {
    self.scene = scene
    sampler = scene.compiled()
    self.window = window
    self.fps = fps
    model = sampler.exportSlots(at: .nan)
    parents = sampler.exportParents.map(Int.init)
    sources = SlotSources(scene: scene, model: model, window: window,
                          keyframeLimit: max(4 * max(1, Int((window * fps).rounded(.up))), 64))
  }

  /// The layer and its ancestors, root first.
  func chain(of layer: Int) -> [Int] {
    var result = [layer]
    var current = layer
    while current >= 0, current < parents.count, parents[current] >= 0, parents[current] < current, result.count <= Scene.maximumDepth {
      current = parents[current]
      result.append(current)
    }
    return result.reversed()
  }

  /// Resolves every channel: with `timed` (HTML and SVG), as the scene's own animations with
  /// their own timings where CSS states them (``TimedValue``); else, or where not, as keyframes
  /// over the window with the scene's own curves; else baked. Every candidate is checked
  /// against the sampler between frames.
  mutating func resolve(_ channels: [ExportChannel], timed: Bool = false) throws(GhostframeError) -> [ChannelValue] {
    var values = [ChannelValue?](repeating: nil, count: channels.count)
    var approximate = Set<Int>()
    var stated: [Int: Double] = [:]
    var toCheck: [Int] = [], toBake: [Int] = []
    let base = SlotReader(rows: model)
    var windowLater: [Int] = []
    for (index, channel) in channels.enumerated() {
      let animated = channel.inputs.filter { !sources.writers(layer: $0.layer, slot: $0.slot).isEmpty }
      if animated.isEmpty {
        values[index] = .constant(channel.evaluate(base))
        continue
      }
      if timed, let candidate = timedCandidate(channel, animated: animated, base: base) {
        values[index] = .timed(candidate.value)
        if candidate.approximate {
          approximate.insert(index)
          stated[index] = Self.statedError(channel, tolerance: candidate.tolerance, base: base)
        }
        toCheck.append(index)
        continue
      }
      windowLater.append(index)
    }
    // Timed candidates that fail their check fall back to keyframes over the window.
    var failed = check(channels, values, toCheck, stated: stated)
    for index in failed {
      values[index] = nil
      approximate.remove(index)
      stated[index] = nil
      windowLater.append(index)
    }
    var windowChecked: [Int] = []
    for index in windowLater.sorted() {
      let channel = channels[index]
      let animated = channel.inputs.filter { !sources.writers(layer: $0.layer, slot: $0.slot).isEmpty }
      if let candidate = windowCandidate(channel, animated: animated, base: base) {
        values[index] = .animated(candidate.track, baked: false)
        if candidate.approximate {
          approximate.insert(index)
          stated[index] = Self.statedError(channel, tolerance: candidate.tolerance, base: base)
        }
        windowChecked.append(index)
      } else {
        toBake.append(index)
      }
    }
    failed = check(channels, values, windowChecked, stated: stated)
    for index in failed {
      values[index] = nil
      approximate.remove(index)
      toBake.append(index)
    }
    let exact = Set(toCheck + windowChecked).filter { values[$0] != nil && !approximate.contains($0) }
    exactCount += exact.count
    bakedCount += approximate.count
    if !toBake.isEmpty {
      toBake.sort()
      let baked = try bake(toBake.map { channels[$0] })
      for (index, value) in zip(toBake, baked) { values[index] = value }
    }
    // Every value has its channel's width and is finite: the writers index them freely.
    var resolved: [ChannelValue] = []
    resolved.reserveCapacity(channels.count)
    for (index, value) in values.enumerated() {
      let width = channels[index].errorScale.count
      guard let value else { throw GhostframeError(.internal, "export channel \(index) was not resolved") }
      let frames = value.writtenValues
      guard !frames.isEmpty, frames.allSatisfy({ $0.count == width }) else {
        throw GhostframeError(.internal, "export channel \(index) has values of the wrong width")
      }
      guard frames.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
        throw GhostframeError(.invalidArgument, "the scene reaches a value that is not finite; it cannot be exported")
      }
      resolved.append(value)
    }
    return resolved
  }

  /// Checks candidates against the sampler between frames: the indices that differ by more
  /// than 0.001 (in their error units), or for an approximated curve (`stated`: its bound, from
  /// ``ExportEase/approximationTolerance`` of each curve's change) by more than twice its bound;
  /// the larger of the bound and the measured error of the approximated ones that pass goes into
  /// ``maximumError``.
  private mutating func check(_ channels: [ExportChannel], _ values: [ChannelValue?], _ indices: [Int],
                              stated: [Int: Double]) -> Set<Int> {
    guard !indices.isEmpty else { return [] }
    let count = min(max(4 * frameCount, 64), 4000)
    // Per candidate (by its place in `indices`): its value made ready for reading at many
    // times (nil ones are not read), its bound, whether it failed, and its largest error so far.
    var table = CheckTable(indices.map { values[$0] })
    let present = indices.map { values[$0] != nil }
    let bounds = indices.map { stated[$0] }
    let scales = indices.map { channels[$0].errorScale }
    // The reference values are written into one buffer (the functions side by side: read from
    // `channels`, a candidate's apart, each costs a cache miss).
    let references = indices.map { channels[$0].write }
    let widths = indices.map { channels[$0].width }
    var reference = [Double](repeating: 0, count: widths.max() ?? 0)
    var failed = [Bool](repeating: false, count: indices.count)
    var errors = [Double](repeating: 0, count: indices.count)
    var written = [Double](repeating: 0, count: table.maximumWidth)
    for i in 0..<count {
      let t = (Double(i) + 0.5) / Double(count) * window
      let reader = SlotReader(rows: sampler.exportSlots(at: t))
      table.advance(to: t)
      for j in indices.indices where !failed[j] && present[j] {
        references[j](reader, &reference)
        let error = widths[j] == table.width(j) && table.write(j, into: &written)
          ? Self.error(reference, written, count: widths[j], scale: scales[j]) : .infinity
        if let bound = bounds[j] {
          errors[j] = max(errors[j], error)
          if !(error <= max(1e-3, 2 * bound)) { failed[j] = true }
        } else if error > 1e-3 {
          failed[j] = true
        }
      }
    }
    var result = Set<Int>()
    for (j, index) in indices.enumerated() {
      if failed[j] {
        result.insert(index)
      } else if let bound = bounds[j] {
        maximumError = max(maximumError, errors[j], bound)
      }
    }
    return result
  }

  /// The channel as the scene's own animations with their CSS timings: each attached animation
  /// that writes it must write every animated slot it reads (so CSS's replacement composes them
  /// as the scene does), with a timing CSS states; the first one is laid over the model, a later
  /// one must have an effect over its whole iteration, and neither adds to nor reads what
  /// another one wrote.
  func timedCandidate(_ channel: ExportChannel, animated: [(layer: Int, slot: Int)], base: SlotReader)
    -> (value: TimedValue, approximate: Bool, tolerance: [Int: Double])?
  {
    let stride = SceneSampler.exportSlotCount
    var leafIndices = Set<Int>()
    for input in animated { leafIndices.formUnion(sources.writers(layer: input.layer, slot: input.slot)) }
    let ordered = leafIndices.sorted()
    var tops: [Int] = []
    for index in ordered where !tops.contains(sources.leaves[index].top) { tops.append(sources.leaves[index].top) }
    let wanted = Set(animated.map { $0.layer * stride + $0.slot })
    var animations: [TimedAnimation] = []
    var approximate = false
    var tolerance: [Int: Double] = [:]
    for (position, top) in tops.enumerated() {
      guard let timing = sources.timing(ofTop: top) else { return nil }
      let leaves = ordered.map { sources.leaves[$0] }.filter { $0.top == top }
      var written = Set<Int>()
      for leaf in leaves { for slot in leaf.slots { written.insert(leaf.layer * stride + slot) } }
      guard wanted.isSubset(of: written) else { return nil }
      // Per layer of the leaves: compose them over one iteration.
      var lists: [(Int, [ExportSpan])] = []
      for layer in Set(leaves.map(\.layer)).sorted() {
        let row = Array(sources.row(layer))
        let mine = leaves.filter { $0.layer == layer }
        var under: [Int: [ExportSpan]] = [:]
        for leaf in mine {
          for slot in leaf.slots { under[slot] = position == 0 ? [.hold(0, 1, [row[slot]])] : [.none(0, 1)] }
        }
        if position > 0, mine.contains(where: { $0.additive }) { return nil }
        let (spans, approximated) = SlotSources.compose(mine, over: under, plan: { $0.iteration }, row: row)
        for (slot, list) in spans where wanted.contains(layer * stride + slot) {
          guard let list, list.allSatisfy(\.hasEffect) else { return nil }
          lists.append((layer * stride + slot, list))
          if let off = approximated[slot] {
            approximate = true
            tolerance[layer * stride + slot] = max(tolerance[layer * stride + slot] ?? 0, off)
          }
        }
      }
      guard let track = Self.channelTrack(channel, slots: lists, base: base) else { return nil }
      animations.append(TimedAnimation(timing: timing, track: track))
    }
    return (TimedValue(base: channel.evaluate(base), animations: animations), approximate, tolerance)
  }

  /// The channel as keyframes over the window from its slots' composed values, or nil where a
  /// slot is not stated or the slots move along different curves at once.
  func windowCandidate(_ channel: ExportChannel, animated: [(layer: Int, slot: Int)], base: SlotReader)
    -> (track: ExportTrack, approximate: Bool, tolerance: [Int: Double])?
  {
    let stride = SceneSampler.exportSlotCount
    var lists: [(Int, [ExportSpan])] = []
    var approximate = false
    var tolerance: [Int: Double] = [:]
    for input in animated {
      guard let composed = sources.composed(layer: input.layer, slot: input.slot), let spans = composed.spans else {
        return nil
      }
      if composed.approximate {
        approximate = true
        tolerance[input.layer * stride + input.slot] = composed.tolerance
      }
      lists.append((input.layer * stride + input.slot, spans))
    }
    guard let track = Self.channelTrack(channel, slots: lists, base: base) else { return nil }
    return (track, approximate, tolerance)
  }

  /// How far the approximated slots (`tolerance`: slot index → how far it may be off) may put
  /// the channel off, in its error units: each slot moved by its tolerance either way at the
  /// model, the channel's larger changes summed.
  static func statedError(_ channel: ExportChannel, tolerance: [Int: Double], base: SlotReader) -> Double {
    let reference = channel.evaluate(base)
    var total = [Double](repeating: 0, count: reference.count)
    for (slot, off) in tolerance where off > 0 {
      // Both ways: a clamp at the model (an opacity of 1) holds one of them.
      var change = [Double](repeating: 0, count: reference.count)
      for sign in [-1.0, 1.0] {
        var reader = base
        reader.overrides[slot] = (base.rows.indices.contains(slot) ? base.rows[slot] : 0) + sign * off
        let moved = channel.evaluate(reader)
        for c in change.indices where c < moved.count { change[c] = max(change[c], abs(moved[c] - reference[c])) }
      }
      for c in total.indices { total[c] += change[c] }
    }
    var largest = 0.0
    for c in total.indices { largest = max(largest, total[c] * (c < channel.errorScale.count ? channel.errorScale[c] : 1)) }
    return largest
  }

  /// The channel's keyframes from its slots' stretches (`slots`: the slot's index in the rows,
  /// its stretches, all with an effect): the stretches cut where any slot's begin, and in each
  /// the channel of the slots' values. Where the slots that move share one ease, the channel is
  /// a function of that ease's progress; where it bends in it (a clamp: an opacity through its
  /// ancestors, a corner radius held to half the side) the stretch is cut at the bends, each
  /// piece with its part of the curve, so that a channel piecewise linear in its slots stays
  /// exact. Nil where slots move along different eases at once, or the channel bends along a
  /// curve that is not monotone.
  static func channelTrack(_ channel: ExportChannel, slots: [(Int, [ExportSpan])], base: SlotReader) -> ExportTrack? {
    guard let lists = ExportSpan.aligned(slots.map(\.1)), let count = lists.first?.count else { return nil }
    var track = ExportTrack(keyframes: [])
    var lastEnd: (time: Double, values: [Double])?
    for k in 0..<count {
      let spans = lists.map { $0[k] }
      guard spans.allSatisfy(\.hasEffect) else { return nil }
      let start = spans[0].start, end = spans[0].end
      let moving = spans.indices.filter { spans[$0].moves }
      /// The channel with the moving slots at `y` of their line and the others where they start.
      func h(_ y: Double, _ ends: Bool = false) -> [Double] {
        var reader = base
        for (i, span) in spans.enumerated() {
          let from = span.from?.first ?? 0, to = span.to.first ?? from
          reader.overrides[slots[i].0] = moving.contains(i) ? from + (to - from) * y : (ends ? to : from)
        }
        return channel.evaluate(reader)
      }
      lastEnd = (end, h(1, true))
      guard let first = moving.first else {
        track.append(ExportKeyframe(time: start, values: h(0), ease: .hold))
        track.append(ExportKeyframe(time: end, values: h(1, true), ease: .hold))
        continue
      }
      let ease = spans[first].ease
      guard moving.allSatisfy({ spans[$0].ease == ease }) else { return nil }
      let (lowY, highY) = Self.range(of: ease)
      let h0 = h(0), h1 = h(1)
      let linear = stride(from: 0.0, through: 1.0, by: 0.125).allSatisfy { f in
        let y = lowY + (highY - lowY) * f
        let v = h(y)
        return v.indices.allSatisfy { c in
          let line = h0[c] + (h1[c] - h0[c]) * y
          return abs(v[c] - line) <= 1e-9 * (1 + abs(line))
        }
      }
      if linear {
        track.append(ExportKeyframe(time: start, values: h0, ease: ease))
        track.append(ExportKeyframe(time: end, values: h1, ease: .hold))
        continue
      }
      let bends = Self.bends { h($0) }
      let parameters = bends.compactMap { ease.inverse($0) }
      guard !bends.isEmpty, parameters.count == bends.count, lowY >= 0, highY <= 1 else { return nil }
      let cuts = [0] + parameters.sorted() + [1], span = end - start
      for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
        let part = ease.part(from: a, to: b)
        track.append(ExportKeyframe(time: start + a * span, values: h(part.startY), ease: part.ease))
        track.append(ExportKeyframe(time: start + b * span, values: h(part.endY), ease: .hold))
      }
    }
    // The very end holds where every slot ends (a hold jumps there).
    if let lastEnd, let final = track.keyframes.last, final.values != lastEnd.values {
      track.append(ExportKeyframe(time: lastEnd.time, values: lastEnd.values, ease: .hold))
    }
    return track
  }

  /// The eased progress an ease passes through: [0, 1] and its overshoot.
  static func range(of ease: ExportEase) -> (Double, Double) {
    switch ease {
    case .linear, .hold, .steps: return (0, 1)
    case let .bezier(_, y1, _, y2):
      return (min(0, y1, y2), max(1, y1, y2))
    case .points(let points):
      let ys = points.map(\.y)
      return (min(0, ys.min() ?? 0), max(1, ys.max() ?? 1))
    }
  }

  /// Where `h`, a function of e in [0, 1], bends: the places between which it is linear, when
  /// it is piecewise linear with at most 8 bends (found where the lines from both ends of a
  /// stretch meet); none when it is linear, or curved (the check against the sampler then bakes).
  static func bends(_ h: (Double) -> [Double]) -> [Double] {
    var cuts: [Double] = []
    var evaluations = 0
    var failed = false
    func straight(_ a: Double, _ b: Double, _ ha: [Double], _ hb: [Double]) -> Bool {
      for f in [0.25, 0.5, 0.75] {
        let m = h(a + (b - a) * f)
        evaluations += 1
        for c in m.indices where c < ha.count && c < hb.count {
          let line = ha[c] + (hb[c] - ha[c]) * f
          if !(abs(m[c] - line) <= 1e-9 * (1 + abs(line))) { return false }
        }
      }
      return true
    }
    func search(_ a: Double, _ b: Double) {
      guard !failed else { return }
      let ha = h(a), hb = h(b)
      if straight(a, b, ha, hb) { return }
      guard cuts.count < 8, evaluations < 400, b - a > 1e-9 else {
        failed = true
        return
      }
      let d = (b - a) * 1e-6
      let left = h(a + d), right = h(b - d)
      evaluations += 2
      var cut = (a + b) / 2
      for c in ha.indices where c < hb.count && c < left.count && c < right.count {
        let sa = (left[c] - ha[c]) / d, sb = (hb[c] - right[c]) / d
        guard abs(sa - sb) > 1e-9 * (1 + abs(sa) + abs(sb)) else { continue }
        let x = (hb[c] - ha[c] + sa * a - sb * b) / (sa - sb)
        if x > a + d, x < b - d { cut = x }
        break
      }
      search(a, cut)
      cuts.append(cut)
      search(cut, b)
    }
    search(0, 1)
    return failed ? [] : cuts
  }

  /// The channels sampled at every frame, linear between samples (held where the value jumps),
  /// with the error measured halfway between samples.
  private mutating func bake(_ channels: [ExportChannel]) throws(GhostframeError) -> [ChannelValue] {
    let frames = frameCount
    var samples = [[[Double]]](repeating: [], count: channels.count)
    for k in 0...frames {
      let t = min(Double(k) / fps, window)
      let reader = SlotReader(rows: sampler.exportSlots(at: t))
      for (c, channel) in channels.enumerated() { samples[c].append(channel.evaluate(reader)) }
    }
    // Halfway through each frame, and just before its end (where a value that jumps on the
    // frame's boundary, an iteration ending there, still has its old value).
    var mids = [[[Double]]](repeating: [], count: channels.count)
    var lefts = [[[Double]]](repeating: [], count: channels.count)
    for k in 0..<frames {
      let t0 = Double(k) / fps, t1 = min(Double(k + 1) / fps, window)
      let reader = SlotReader(rows: sampler.exportSlots(at: (t0 + t1) / 2))
      for (c, channel) in channels.enumerated() { mids[c].append(channel.evaluate(reader)) }
      let left = SlotReader(rows: sampler.exportSlots(at: t1 - (t1 - t0) * 1e-6))
      for (c, channel) in channels.enumerated() { lefts[c].append(channel.evaluate(left)) }
    }
    var result: [ChannelValue] = []
    for (c, channel) in channels.enumerated() {
      for value in samples[c] + mids[c] + lefts[c] where !value.allSatisfy(\.isFinite) {
        throw GhostframeError(.invalidArgument, "the scene reaches a value that is not finite; it cannot be exported")
      }
      let first = samples[c][0]
      if samples[c].allSatisfy({ $0 == first }) && mids[c].allSatisfy({ $0 == first }) && lefts[c].allSatisfy({ $0 == first }) {
        result.append(.constant(first))
        continue
      }
      var track = ExportTrack(keyframes: [])
      for k in 0...frames {
        let t = min(Double(k) / fps, window)
        guard k < frames else {
          track.append(ExportKeyframe(time: t, values: samples[c][k], ease: .linear))
          continue
        }
        let a = samples[c][k], b = samples[c][k + 1], m = mids[c][k], l = lefts[c][k]
        // A jump on the frame's end: the line to the value just before it, then the jump.
        let jumpsAtEnd = Self.error(l, b, scale: channel.errorScale) > 1e-3
        let end = jumpsAtEnd ? l : b
        var ease = ExportEase.linear
        // A jump inside the frame: hold, rather than a ramp that is wrong on both sides.
        if a != end && (m == a || m == end) { ease = .hold }
        let written = ease == .hold ? a : zip(a, end).map { ($0 + $1) / 2 }
        maximumError = max(maximumError, Self.error(m, written, scale: channel.errorScale))
        track.append(ExportKeyframe(time: t, values: a, ease: ease))
        if jumpsAtEnd {
          track.append(ExportKeyframe(time: min(Double(k + 1) / fps, window), values: l, ease: .hold))
        }
      }
      bakedCount += 1
      result.append(.animated(track, baked: true))
    }
    return result
  }

  /// The largest difference of two values, each component in its error units.
  static func error(_ a: [Double], _ b: [Double], scale: [Double]) -> Double {
    guard a.count == b.count else { return .infinity }
    return error(a, b, count: a.count, scale: scale)
  }

  /// ``error(_:_:scale:)`` of the first `count` elements of each (infinite when one is shorter).
  static func error(_ a: [Double], _ b: [Double], count: Int, scale: [Double]) -> Double {
    guard count <= a.count, count <= b.count else { return .infinity }
    var largest = 0.0
    for i in 0..<count {
      let d = abs(a[i] - b[i]) * (i < scale.count ? scale[i] : 1)
      if !(d <= largest) { largest = d.isNaN ? .infinity : d }
    }
    return largest
  }
}
