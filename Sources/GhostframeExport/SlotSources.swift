import GhostframeCore

/// What drives each animated slot of each layer: the keyframes of the one animation that writes
/// it, when the formats can state them exactly, or nothing known (the slot is then baked).
struct SlotSources {
  enum Source {
    /// One value per keyframe.
    case track(ExportTrack)
    /// More than one animation, an additive, cumulative, spring or transition animation, or a
    /// timing or curve no format states: sampled instead.
    case unknown
  }

  /// Per layer, the animated slots.
  private(set) var sources: [[Int: Source]]

  /// Reads the scene's animations. `model` is the sampler's rows with no animation applied.
  init(scene: Scene, model: [Double], window: Double, keyframeLimit: Int) {
    let stride = SceneSampler.exportSlotCount
    sources = Array(repeating: [:], count: scene.layers.count)
    for attached in scene.animations {
      guard let layer = scene.index(ofLayer: attached.layer) else { continue }
      let row = Array(model[(layer * stride)..<((layer + 1) * stride)])
      addLeaves(of: attached.animation, chain: [], top: attached.animation, layer: layer, row: row, scene: scene,
                window: window, limit: keyframeLimit)
    }
  }

  /// The source of `slot` of `layer`, or nil when nothing animates it.
  func source(layer: Int, slot: Int) -> Source? { sources[layer][slot] }

  private mutating func mark(_ layer: Int, _ slots: [Int], _ tracks: [ExportTrack]?) {
    for (index, slot) in slots.enumerated() {
      if sources[layer][slot] != nil || tracks == nil {
        sources[layer][slot] = .unknown
      } else if let tracks {
        sources[layer][slot] = .track(tracks[index])
      }
    }
  }

  private mutating func addLeaves(of animation: Animation, chain: [Timing], top: Animation, layer: Int, row: [Double],
                                  scene: Scene, window: Double, limit: Int) {
    let chain = chain + [animation.timing]
    switch animation.content {
    case .group(let children):
      for child in children {
        addLeaves(of: child, chain: chain, top: top, layer: layer, row: row, scene: scene, window: window, limit: limit)
      }
    case .transition(let transition):
      let touched = [ExportSlot.opacity, ExportSlot.scaleX + 3, ExportSlot.scaleX + 4]
      mark(layer, touched, nil)
      if let old = scene.index(ofLayer: transition.fromLayer) { mark(old, touched, nil) }
    case .basic, .keyframes, .spring:
      guard let property = animation.property else { return }
      let slots = Self.slots(written: property)
      guard !slots.isEmpty else { return }
      var tracks: [ExportTrack]?
      if !animation.isAdditive, !animation.isCumulative,
         let value = Self.valueTrack(animation, property: property, chain: chain, top: top, row: row, window: window,
                                     limit: limit) {
        tracks = Self.slotTracks(value, property: property, row: row)
      }
      mark(layer, slots, tracks)
    }
  }

  /// The slots an animation of `property` writes (custom properties draw nothing: none).
  static func slots(written property: AnimatableProperty) -> [Int] {
    switch property.mapping {
    case .slots(let offset): return Array(offset..<(offset + property.valueWidth))
    case .uniformScale: return [ExportSlot.scaleX, ExportSlot.scaleX + 1]
    case .frame: return [ExportSlot.positionX, ExportSlot.positionY, ExportSlot.width, ExportSlot.height]
    case .bounds: return [ExportSlot.width, ExportSlot.height]
    case .custom: return []
    }
  }

  /// The value an animation of `property` starts from when it names none: the model's.
  static func underlying(_ property: AnimatableProperty, row: [Double]) -> [Double] {
    let S = ExportSlot.self
    switch property.mapping {
    case .slots(let offset): return Array(row[offset..<(offset + property.valueWidth)])
    case .uniformScale: return [row[S.scaleX]]
    case .frame:
      let w = row[S.width], h = row[S.height]
      return [row[S.positionX] - row[S.anchorX] * w, row[S.positionY] - row[S.anchorY] * h, w, h]
    case .bounds: return [0, 0, row[S.width], row[S.height]]
    case .custom: return [0]
    }
  }

  /// The animation's value (its property's components) over the window, or nil.
  static func valueTrack(_ animation: Animation, property: AnimatableProperty, chain: [Timing], top: Animation,
                         row: [Double], window: Double, limit: Int) -> ExportTrack? {
    let under = underlying(property, row: row)
    let width = property.valueWidth
    switch animation.content {
    case .basic(let v):
      let (from, to) = endpoints(v, under: under)
      guard from.count == width, to.count == width,
            let pieces = ProgressPiece.pieces(chain: chain, ownEasing: animation.timing.easing,
                                              removedOnCompletion: top.removedOnCompletion, window: window,
                                              limit: limit) else { return nil }
      return track(pieces, under: under) { p in zip(from, to).map { $0 + ($1 - $0) * p } }
    case .keyframes(let k):
      return keyframeTrack(k, animation: animation, width: width, chain: chain, top: top, under: under,
                           window: window, limit: limit)
    default:
      return nil
    }
  }

  /// Core Animation's from / to / by table, with the model value under the animation.
  static func endpoints(_ v: BasicValues, under: [Double]) -> ([Double], [Double]) {
    switch (v.from, v.to, v.by) {
    case let (f?, t?, _): return (f, t)
    case let (f?, nil, b?): return (f, zip(f, b).map(+))
    case let (nil, t?, b?): return (zip(t, b).map(-), t)
    case let (f?, nil, nil): return (f, under)
    case let (nil, t?, nil): return (under, t)
    case let (nil, nil, b?): return (under, zip(under, b).map(+))
    case (nil, nil, nil): return (under, under)
    }
  }

  /// Keyframes from pieces whose progress maps to values through `value` (a line in progress).
  static func track(_ pieces: [ProgressPiece], under: [Double], _ line: (Double) -> [Double]) -> ExportTrack {
    var track = ExportTrack(keyframes: [])
    for piece in pieces {
      switch piece.kind {
      case .none:
        track.append(ExportKeyframe(time: piece.start, values: under, ease: .hold))
        track.append(ExportKeyframe(time: piece.end, values: under, ease: .hold))
      case .hold(let p):
        track.append(ExportKeyframe(time: piece.start, values: line(p), ease: .hold))
        track.append(ExportKeyframe(time: piece.end, values: line(p), ease: .hold))
      case let .ramp(from, to, ease):
        track.append(ExportKeyframe(time: piece.start, values: line(from), ease: ease))
        track.append(ExportKeyframe(time: piece.end, values: line(to), ease: .hold))
      }
    }
    return track
  }

  /// A keyframe animation's value: linear and discrete modes with cubic-bezier segment curves;
  /// the animation's own easing must be linear unless there are two keyframes.
  static func keyframeTrack(_ k: Keyframes, animation: Animation, width: Int, chain: [Timing], top: Animation,
                            under: [Double], window: Double, limit: Int) -> ExportTrack? {
    let n = k.count
    guard n >= 1, k.width == width, k.mode == .linear || k.mode == .discrete else { return nil }
    let values = k.values
    guard values.count == n else { return nil }
    let discrete = k.mode == .discrete
    var times: [Double]
    if let given = k.keyTimes {
      times = given
    } else {
      let intervals = discrete ? n : max(n - 1, 1)
      times = (0...intervals).map { Double($0) / Double(intervals) }
    }
    guard times.count >= n else { return nil }
    var eases: [ExportEase] = []
    for j in 0..<max(n - 1, 0) {
      if let curves = k.curves, j < curves.count {
        guard let ease = ExportEase(curves[j]) else { return nil }
        eases.append(ease)
      } else {
        eases.append(.linear)
      }
    }
    // Two linear keyframes: a basic animation from the first to the second, any easing.
    if n == 2, !discrete, eases[0] == .linear, times[0] == 0, times[1] == 1 {
      guard let pieces = ProgressPiece.pieces(chain: chain, ownEasing: animation.timing.easing,
                                              removedOnCompletion: top.removedOnCompletion, window: window,
                                              limit: limit) else { return nil }
      let (a, b) = (values[0], values[1])
      return track(pieces, under: under) { p in zip(a, b).map { $0 + ($1 - $0) * p } }
    }
    guard let pieces = ProgressPiece.pieces(chain: chain, ownEasing: animation.timing.easing,
                                            removedOnCompletion: top.removedOnCompletion, window: window,
                                            limit: limit) else { return nil }
    // The value at progress p (for holds and the ends of ramps).
    func value(at p: Double) -> [Double] {
      if n == 1 { return values[0] }
      if discrete {
        var index = 0
        for j in 1..<n where times[j] <= p { index = j }
        return values[index]
      }
      var j = 0
      while j < n - 2 && p >= times[j + 1] { j += 1 }
      let span = times[j + 1] - times[j]
      let u = span > 0 ? min(max((p - times[j]) / span, 0), 1) : 1
      let e = eases[j](u)
      return zip(values[j], values[j + 1]).map { $0 + ($1 - $0) * e }
    }
    var track = ExportTrack(keyframes: [])
    for piece in pieces {
      switch piece.kind {
      case .none:
        track.append(ExportKeyframe(time: piece.start, values: under, ease: .hold))
        track.append(ExportKeyframe(time: piece.end, values: under, ease: .hold))
      case .hold(let p):
        track.append(ExportKeyframe(time: piece.start, values: value(at: p), ease: .hold))
        track.append(ExportKeyframe(time: piece.end, values: value(at: p), ease: .hold))
      case let .ramp(pa, pb, ease):
        let t0 = piece.start, t1 = piece.end
        guard pa != pb, n > 1 else {
          track.append(ExportKeyframe(time: t0, values: value(at: pa), ease: .hold))
          track.append(ExportKeyframe(time: t1, values: value(at: pa), ease: .hold))
          continue
        }
        // Where the progress crosses a key time, as the ramp's own parameter u in [0, 1].
        let low = min(pa, pb), high = max(pa, pb)
        let keys = discrete ? Array(times[1..<n]) : Array(times[0..<n])
        var cuts: [Double] = [0, 1]
        for key in keys where key > low && key < high {
          guard let u = ease.inverse((key - pa) / (pb - pa)) else { return nil }
          cuts.append(u)
        }
        cuts.sort()
        func time(_ u: Double) -> Double { t0 + u * (t1 - t0) }
        func progress(_ y: Double) -> Double { pa + (pb - pa) * y }
        for (ua, ub) in zip(cuts, cuts.dropFirst()) where ub > ua {
          let middle = progress(ease((ua + ub) / 2))
          if discrete {
            track.append(ExportKeyframe(time: time(ua), values: value(at: middle), ease: .hold))
            continue
          }
          var j = 0
          while j < n - 2 && middle >= times[j + 1] { j += 1 }
          let kj = times[j], span = times[j + 1] - kj
          if eases[j] == .linear {
            // The value is a line in the progress: the ramp's own curve, cut to this stretch.
            let part = ease.part(from: ua, to: ub)
            track.append(ExportKeyframe(time: time(ua), values: value(at: progress(part.startY)), ease: part.ease))
            track.append(ExportKeyframe(time: time(ub), values: value(at: progress(part.endY)), ease: .hold))
          } else if ease == .linear, span > 0 {
            // The progress is a line in time: the segment's curve, cut to this stretch.
            let pa2 = progress(ua), pb2 = progress(ub)
            let delta = zip(values[j], values[j + 1]).map { $1 - $0 }
            if pb2 > pa2 {
              let part = eases[j].part(from: (pa2 - kj) / span, to: (pb2 - kj) / span)
              track.append(ExportKeyframe(time: time(ua), values: zip(values[j], delta).map { $0 + $1 * part.startY },
                                          ease: part.ease))
              track.append(ExportKeyframe(time: time(ub), values: zip(values[j], delta).map { $0 + $1 * part.endY },
                                          ease: .hold))
            } else {
              let part = eases[j].reversed.part(from: 1 - (pa2 - kj) / span, to: 1 - (pb2 - kj) / span)
              track.append(ExportKeyframe(time: time(ua), values: zip(values[j + 1], delta).map { $0 - $1 * part.startY },
                                          ease: part.ease))
              track.append(ExportKeyframe(time: time(ub), values: zip(values[j + 1], delta).map { $0 - $1 * part.endY },
                                          ease: .hold))
            }
          } else {
            return nil
          }
        }
        track.append(ExportKeyframe(time: t1, values: value(at: pb), ease: .hold))
      }
      if track.keyframes.count > 4 * limit { return nil }
    }
    return track
  }

  /// The tracks of the slots an animation of `property` writes, from its value track.
  static func slotTracks(_ value: ExportTrack, property: AnimatableProperty, row: [Double]) -> [ExportTrack] {
    let S = ExportSlot.self
    func component(_ map: @escaping ([Double]) -> Double) -> ExportTrack {
      ExportTrack(keyframes: value.keyframes.map { ExportKeyframe(time: $0.time, values: [map($0.values)], ease: $0.ease) })
    }
    switch property.mapping {
    case .slots:
      return (0..<property.valueWidth).map { c in component { $0[c] } }
    case .uniformScale:
      return [component { $0[0] }, component { $0[0] }]
    case .frame:
      let ax = row[S.anchorX], ay = row[S.anchorY]
      return [component { $0[0] + ax * $0[2] }, component { $0[1] + ay * $0[3] }, component { $0[2] }, component { $0[3] }]
    case .bounds:
      return [component { $0[2] }, component { $0[3] }]
    case .custom:
      return []
    }
  }
}
