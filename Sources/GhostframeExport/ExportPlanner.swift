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
  private(set) var maximumError = 0.0
  private(set) var bakedCount = 0
  private(set) var exactCount = 0

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

  /// Resolves every channel.
  mutating func resolve(_ channels: [ExportChannel]) throws(GhostframeError) -> [ChannelValue] {
    var values = [ChannelValue?](repeating: nil, count: channels.count)
    var toCheck: [Int] = [], toBake: [Int] = []
    let base = SlotReader(rows: model)
    for (index, channel) in channels.enumerated() {
      var tracks: [(Int, ExportTrack)] = []
      var unknown = false
      for input in channel.inputs {
        switch sources.source(layer: input.layer, slot: input.slot) {
        case nil: continue
        case .unknown?: unknown = true
        case .track(let track)?: tracks.append((input.layer * SceneSampler.exportSlotCount + input.slot, track))
        }
      }
      if unknown {
        toBake.append(index)
        continue
      }
      guard let first = tracks.first?.1, !first.keyframes.isEmpty else {
        values[index] = .constant(channel.evaluate(base))
        continue
      }
      guard tracks.allSatisfy({ $0.1.hasStructure(of: first) }) else {
        toBake.append(index)
        continue
      }
      values[index] = .animated(Self.candidate(channel, sources: tracks, structure: first, base: base), baked: false)
      toCheck.append(index)
    }
    // Check the scene's own keyframes against the sampler between frames.
    if !toCheck.isEmpty {
      let count = min(max(4 * frameCount, 64), 4000)
      var failed = Set<Int>()
      for i in 0..<count {
        let t = (Double(i) + 0.5) / Double(count) * window
        let reader = SlotReader(rows: sampler.exportSlots(at: t))
        for index in toCheck where !failed.contains(index) {
          guard case .animated(let track, _)? = values[index] else { continue }
          let reference = channels[index].evaluate(reader), written = track.values(at: t)
          if Self.error(reference, written, scale: channels[index].errorScale) > 1e-3 { failed.insert(index) }
        }
      }
      for index in failed {
        values[index] = nil
        toBake.append(index)
      }
      exactCount += toCheck.count - failed.count
    }
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
      let frames: [[Double]]
      switch value {
      case .constant(let v): frames = [v]
      case .animated(let track, _): frames = track.keyframes.map(\.values)
      }
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

  /// The channel's keyframes from its sources' (which share one structure): at each keyframe the
  /// channel of the sources' values; and where the channel bends inside a segment (a clamp: an
  /// opacity through its ancestors, a corner radius held to half the side), the segment cut at
  /// the bends, each piece with its part of the segment's curve, so that a channel piecewise
  /// linear in its sources stays exact.
  static func candidate(_ channel: ExportChannel, sources: [(Int, ExportTrack)], structure: ExportTrack,
                        base: SlotReader) -> ExportTrack {
    /// The channel with every source at the eased fraction `e` of its segment `k`.
    func value(_ k: Int, _ e: Double) -> [Double] {
      var reader = base
      for (slot, track) in sources {
        let a = track.keyframes[k].values.first ?? 0
        let b = k + 1 < track.keyframes.count ? (track.keyframes[k + 1].values.first ?? a) : a
        reader.overrides[slot] = e == 0 ? a : a + (b - a) * e
      }
      return channel.evaluate(reader)
    }
    var result = ExportTrack(keyframes: [])
    let keyframes = structure.keyframes
    for k in keyframes.indices {
      let keyframe = keyframes[k]
      let start = value(k, 0)
      guard k + 1 < keyframes.count, keyframe.ease != .hold, keyframes[k + 1].time > keyframe.time else {
        result.keyframes.append(ExportKeyframe(time: keyframe.time, values: start, ease: keyframe.ease))
        continue
      }
      let bends = Self.bends { value(k, $0) }
      let parameters = bends.compactMap { keyframe.ease.inverse($0) }
      guard !bends.isEmpty, parameters.count == bends.count else {
        result.keyframes.append(ExportKeyframe(time: keyframe.time, values: start, ease: keyframe.ease))
        continue
      }
      let cuts = [0] + parameters + [1], span = keyframes[k + 1].time - keyframe.time
      for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
        let part = keyframe.ease.part(from: a, to: b)
        result.keyframes.append(ExportKeyframe(time: keyframe.time + a * span, values: value(k, part.startY), ease: part.ease))
      }
    }
    return result
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
    var mids = [[[Double]]](repeating: [], count: channels.count)
    for k in 0..<frames {
      let t0 = Double(k) / fps, t1 = min(Double(k + 1) / fps, window)
      let reader = SlotReader(rows: sampler.exportSlots(at: (t0 + t1) / 2))
      for (c, channel) in channels.enumerated() { mids[c].append(channel.evaluate(reader)) }
    }
    var result: [ChannelValue] = []
    for (c, channel) in channels.enumerated() {
      for value in samples[c] + mids[c] where !value.allSatisfy(\.isFinite) {
        throw GhostframeError(.invalidArgument, "the scene reaches a value that is not finite; it cannot be exported")
      }
      if samples[c].allSatisfy({ $0 == samples[c][0] }) && mids[c].allSatisfy({ $0 == samples[c][0] }) {
        result.append(.constant(samples[c][0]))
        continue
      }
      var track = ExportTrack(keyframes: [])
      for k in 0...frames {
        let t = min(Double(k) / fps, window)
        var ease = ExportEase.linear
        if k < frames {
          let a = samples[c][k], b = samples[c][k + 1], m = mids[c][k]
          // A jump inside the frame: hold, rather than a ramp that is wrong on both sides.
          if a != b && (m == a || m == b) { ease = .hold }
          let written = ease == .hold ? a : zip(a, b).map { ($0 + $1) / 2 }
          maximumError = max(maximumError, Self.error(m, written, scale: channel.errorScale))
        }
        track.append(ExportKeyframe(time: t, values: samples[c][k], ease: ease))
      }
      bakedCount += 1
      result.append(.animated(track, baked: true))
    }
    return result
  }

  /// The largest difference of two values, each component in its error units.
  static func error(_ a: [Double], _ b: [Double], scale: [Double]) -> Double {
    guard a.count == b.count else { return .infinity }
    var largest = 0.0
    for i in a.indices {
      let d = abs(a[i] - b[i]) * (i < scale.count ? scale[i] : 1)
      if !(d <= largest) { largest = d.isNaN ? .infinity : d }
    }
    return largest
  }
}
