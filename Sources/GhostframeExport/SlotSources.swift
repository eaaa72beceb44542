import GhostframeCore

/// What drives each animated slot of each layer: the animations that write it (basic,
/// keyframe and spring animations, alone or inside groups), each as stretches of its value
/// over the export window and over one iteration of its attached animation, and the slot's
/// value over the window with all of them composed (replaced and added in the order the scene
/// composes them), where the formats can state it.
struct SlotSources {
  /// One animation that writes slots: a leaf of an attached animation.
  struct Leaf {
    /// The index of the attached animation it belongs to (one CSS animation in HTML and SVG).
    var top: Int
    var layer: Int
    /// The slots it writes.
    var slots: [Int]
    var animation: Animation
    var property: AnimatableProperty?
    /// Its progress over the window and over one iteration of its attached animation; nil
    /// where no format states it (a cumulative animation, a transition, a timing beyond them).
    var window: ProgressPiece.Plan?
    var iteration: ProgressPiece.Plan?

    var additive: Bool { animation.isAdditive }

    /// Whether a missing from or to value is the value under the animation.
    var readsUnder: Bool {
      guard !animation.isAdditive else { return false }
      switch animation.content {
      case .basic(let v): return v.from == nil || v.to == nil && v.by == nil
      case .spring(let v): return v.from == nil
      default: return false
      }
    }
  }

  /// The slot's value over the window, composed.
  struct Composed {
    /// nil: no format states it (it is sampled).
    var spans: [ExportSpan]?
    /// Whether an ease in it approximates a curve.
    var approximate = false
    /// How far (in the slot's units) the approximated curves may put it off: each one's
    /// ``ExportEase/approximationTolerance`` of its animation's change.
    var tolerance = 0.0
  }

  private(set) var leaves: [Leaf] = []
  /// Per layer, per animated slot: the leaves writing it, in composing order.
  private(set) var writers: [[Int: [Int]]]
  /// Per layer, per animated slot: the composed value over the window.
  private(set) var composed: [[Int: Composed]]
  /// Per attached animation (also those on no layer), its CSS timing.
  private var timings: [CSSTiming?] = []
  let model: [Double]
  let window: Double

  /// Reads the scene's animations. `model` is the sampler's rows with no animation applied.
  init(scene: Scene, model: [Double], window: Double, keyframeLimit: Int) {
    self.model = model
    self.window = window
    writers = Array(repeating: [:], count: scene.layers.count)
    composed = Array(repeating: [:], count: scene.layers.count)
    for (top, attached) in scene.animations.enumerated() {
      timings.append(CSSTiming(attached.animation.timing, removedOnCompletion: attached.animation.removedOnCompletion))
      guard let layer = scene.index(ofLayer: attached.layer) else { continue }
      addLeaves(of: attached.animation, chain: [], top: top, topAnimation: attached.animation, layer: layer,
                scene: scene, limit: keyframeLimit)
    }
    // Each layer's leaves composed over its model, in the scene's order.
    var byLayer = [[Int]](repeating: [], count: scene.layers.count)
    for (index, leaf) in leaves.enumerated() { byLayer[leaf.layer].append(index) }
    for (layer, indices) in byLayer.enumerated() where !indices.isEmpty {
      let row = Array(self.row(layer))
      var base: [Int: [ExportSpan]] = [:]
      for index in indices { for slot in leaves[index].slots { base[slot] = [.hold(0, window, [row[slot]])] } }
      let (spans, approximate) = Self.compose(indices.map { leaves[$0] }, over: base, plan: { $0.window }, row: row)
      for (slot, list) in spans {
        composed[layer][slot] = Composed(spans: list, approximate: approximate[slot] != nil,
                                         tolerance: approximate[slot] ?? 0)
      }
    }
  }

  /// The CSS timing of attached animation `top`, or nil where CSS has none.
  func timing(ofTop top: Int) -> CSSTiming? { top < timings.count ? timings[top] : nil }

  /// The leaves writing `slot` of `layer`, in composing order.
  func writers(layer: Int, slot: Int) -> [Int] { writers[layer][slot] ?? [] }

  /// The composed value of `slot` of `layer` over the window, or nil when nothing animates it.
  func composed(layer: Int, slot: Int) -> Composed? { composed[layer][slot] }

  /// The model's row of `layer`.
  func row(_ layer: Int) -> ArraySlice<Double> {
    let stride = SceneSampler.exportSlotCount
    return model[(layer * stride)..<((layer + 1) * stride)]
  }

  private mutating func addLeaves(of animation: Animation, chain: [Timing], top: Int, topAnimation: Animation,
                                  layer: Int, scene: Scene, limit: Int) {
    let chain = chain + [animation.timing]
    switch animation.content {
    case .group(let children):
      for child in children {
        addLeaves(of: child, chain: chain, top: top, topAnimation: topAnimation, layer: layer, scene: scene,
                  limit: limit)
      }
    case .transition(let transition):
      let touched = [ExportSlot.opacity, ExportSlot.scaleX + 3, ExportSlot.scaleX + 4]
      add(Leaf(top: top, layer: layer, slots: touched, animation: animation, property: nil))
      if let old = scene.index(ofLayer: transition.fromLayer) {
        add(Leaf(top: top, layer: old, slots: touched, animation: animation, property: nil))
      }
    case .basic, .keyframes, .spring:
      guard let property = animation.property else { return }
      let slots = Self.slots(written: property)
      guard !slots.isEmpty else { return }
      var leaf = Leaf(top: top, layer: layer, slots: slots, animation: animation, property: property)
      if !animation.isCumulative {
        leaf.window = ProgressPiece.pieces(chain: chain, ownEasing: animation.timing.easing,
                                           removedOnCompletion: topAnimation.removedOnCompletion, window: window,
                                           limit: limit)
        leaf.iteration = ProgressPiece.iteration(chain: chain, ownEasing: animation.timing.easing, limit: limit)
      }
      add(leaf)
    }
  }

  private mutating func add(_ leaf: Leaf) {
    let index = leaves.count
    leaves.append(leaf)
    for slot in leaf.slots { writers[leaf.layer][slot, default: []].append(index) }
  }

  /// Composes `order` (leaves, in composing order) over `base` (per slot: what is under them),
  /// each leaf's progress read by `plan`. A slot is nil where no format states it; `approximate`
  /// holds the slots where an ease approximates a curve, with how far that may put them off (in
  /// the slot's units).
  static func compose(_ order: [Leaf], over base: [Int: [ExportSpan]], plan: (Leaf) -> ProgressPiece.Plan?,
                      row: [Double]) -> (spans: [Int: [ExportSpan]?], approximate: [Int: Double]) {
    var spans: [Int: [ExportSpan]?] = [:]
    var approximate: [Int: Double] = [:]
    for (slot, list) in base { spans[slot] = .some(list) }
    for leaf in order {
      func unknown() {
        for slot in leaf.slots { spans[slot] = .some(nil) }
      }
      let lower = leaf.slots.map { spans[$0] ?? nil }
      guard let progress = plan(leaf), let property = leaf.property, lower.allSatisfy({ $0 != nil }) else {
        unknown()
        continue
      }
      var under = Self.underlying(property, row: row, additive: leaf.additive)
      if leaf.readsUnder {
        // The value under it, read while the animation has an effect: it must hold there (a
        // line from a moving value is no single ease), and come from the slots themselves.
        let effect = progress.pieces.filter { if case .none = $0.kind { return false } else { return true } }
        if case .slots = property.mapping {
          var values: [Double] = []
          for list in lower {
            guard let list, let held = Self.heldValue(list, during: effect) else { break }
            values.append(held)
          }
          guard values.count == lower.count else {
            unknown()
            continue
          }
          under = values
        } else if !lower.allSatisfy({ list in list.map { Self.heldValue($0, during: effect) != nil } ?? false }) {
          unknown()
          continue
        }
      }
      guard let made = Self.slotSpans(leaf, pieces: progress.pieces, under: under, row: row),
            made.spans.count == leaf.slots.count else {
        unknown()
        continue
      }
      for (k, slot) in leaf.slots.enumerated() {
        guard let below = lower[k],
              let result = leaf.additive ? ExportSpan.add(below, made.spans[k]) : ExportSpan.replace(below, made.spans[k])
        else {
          spans[slot] = .some(nil)
          continue
        }
        spans[slot] = .some(result)
        if progress.approximate || made.approximate {
          let change = k < made.changes.count ? made.changes[k] : 0
          approximate[slot] = (approximate[slot] ?? 0) + ExportEase.approximationTolerance * change
        }
      }
    }
    return (spans, approximate)
  }

  /// The one value `spans` hold wherever `pieces` (the stretches an animation has an effect
  /// in) lie, or nil when it changes there.
  static func heldValue(_ spans: [ExportSpan], during pieces: [ProgressPiece]) -> Double? {
    var value: Double?
    for piece in pieces {
      for span in spans where span.end > piece.start && span.start < piece.end {
        // A hold jumps only at its end, where the next stretch (checked too) begins.
        guard let from = span.from?.first, !span.moves, value.map({ $0 == from }) ?? true else { return nil }
        value = from
      }
    }
    return value ?? spans.first?.from?.first
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

  /// The value an animation of `property` starts from when it names none: the model's (zero
  /// for an additive one, which adds its values once).
  static func underlying(_ property: AnimatableProperty, row: [Double], additive: Bool) -> [Double] {
    if additive { return Array(repeating: 0, count: property.valueWidth) }
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

  /// Core Animation's from / to / by table, with the value under the animation.
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

  /// The leaf's value over `pieces`, slot by slot, and whether an ease in it approximates a
  /// curve (a spring's motion).
  static func slotSpans(_ leaf: Leaf, pieces: [ProgressPiece], under: [Double], row: [Double])
    -> (spans: [[ExportSpan]], approximate: Bool, changes: [Double])?
  {
    guard let property = leaf.property else { return nil }
    let width = property.valueWidth
    var approximate = false
    let value: [ExportSpan]
    /// The largest change of each component between two of the animation's values.
    var change = [Double](repeating: 0, count: width)
    func widen(_ a: [Double], _ b: [Double]) {
      for c in 0..<min(width, a.count, b.count) { change[c] = max(change[c], abs(b[c] - a[c])) }
    }
    switch leaf.animation.content {
    case .basic(let v):
      let (from, to) = endpoints(v, under: under)
      guard from.count == width, to.count == width else { return nil }
      widen(from, to)
      value = lineSpans(pieces, under: under) { p in zip(from, to).map { $0 + ($1 - $0) * p } }
    case .keyframes(let k):
      guard let found = keyframeSpans(k, width: width, pieces: pieces) else { return nil }
      let values = k.values
      for (a, b) in zip(values, values.dropFirst()) { widen(a, b) }
      value = found.spans
      approximate = found.approximate
    case .spring(let v):
      guard let found = springSpans(v, animation: leaf.animation, width: width, pieces: pieces, under: under) else {
        return nil
      }
      widen(v.from ?? under, v.to)
      value = found
      approximate = true
    default:
      return nil
    }
    // The changes as the slots see them (the mappings are linear in a change).
    let mapped = slotSpans([ExportSpan(start: 0, end: 1, from: Array(repeating: 0, count: width), to: change, ease: .linear)],
                           property: property, row: row)
    let changes = mapped.map { abs($0.first?.to.first ?? 0) }
    return (slotSpans(value, property: property, row: row), approximate, changes)
  }

  /// Stretches from pieces whose progress maps to values through `line` (affine in progress).
  static func lineSpans(_ pieces: [ProgressPiece], under: [Double], _ line: (Double) -> [Double]) -> [ExportSpan] {
    pieces.map { piece in
      switch piece.kind {
      case .none: return .none(piece.start, piece.end)
      case .hold(let p): return .hold(piece.start, piece.end, line(p))
      case let .ramp(a, b, ease):
        return ExportSpan(start: piece.start, end: piece.end, from: line(a), to: line(b), ease: ease)
      }
    }
  }

  /// A spring animation's value (from the value under it, or its own `from`, to `to`, at rest
  /// at the start): the spring's motion at the animation's own time, progress × duration ×
  /// time scale, as a `linear()` point list per ramp. Nil with an initial velocity.
  static func springSpans(_ v: SpringValues, animation: Animation, width: Int, pieces: [ProgressPiece],
                          under: [Double]) -> [ExportSpan]? {
    guard v.velocity?.allSatisfy({ $0 == 0 }) ?? true else { return nil }
    let s = v.spring
    guard let resting = try? Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: 0,
                                    allowsOverdamping: s.allowsOverdamping) else { return nil }
    let from = v.from ?? under, to = v.to
    guard from.count == width, to.count == width else { return nil }
    let length = animation.timing.duration * animation.timing.timeScale
    guard length.isFinite else { return nil }
    func line(_ y: Double) -> [Double] { zip(from, to).map { $0 + ($1 - $0) * y } }
    var result: [ExportSpan] = []
    for piece in pieces {
      switch piece.kind {
      case .none: result.append(.none(piece.start, piece.end))
      case .hold(let p): result.append(.hold(piece.start, piece.end, line(resting.value(at: p * length))))
      case let .ramp(a, b, ease):
        let g = { (u: Double) in resting.value(at: (a + (b - a) * ease(u)) * length) }
        let g0 = g(0), g1 = g(1)
        let scale = abs(g1 - g0) > 1e-12 ? g1 - g0 : 1
        guard let points = ExportEase.approximating({ (g($0) - g0) / scale },
                                                    tolerance: ExportEase.approximationTolerance / max(abs(scale), 1e-3))
        else { return nil }
        result.append(ExportSpan(start: piece.start, end: piece.end, from: line(g0), to: line(g0 + scale),
                                 ease: .points(points)))
      }
    }
    return result
  }

  /// A keyframe animation's value in the linear and discrete modes, with any segment curve the
  /// eases state (approximated for a spring, Penner or host curve).
  static func keyframeSpans(_ k: Keyframes, width: Int, pieces: [ProgressPiece])
    -> (spans: [ExportSpan], approximate: Bool)?
  {
    let n = k.count
    guard n >= 1, k.width == width, k.mode == .linear || k.mode == .discrete else { return nil }
    let values = k.values
    guard values.count == n else { return nil }
    let discrete = k.mode == .discrete
    var approximate = false
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
        guard let found = ExportEase.of(curves[j]) else { return nil }
        if found.approximate { approximate = true }
        eases.append(found.ease)
      } else {
        eases.append(.linear)
      }
    }
    /// The value at progress p.
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
    // Two linear keyframes over the whole progress: a line in progress, any ramp ease.
    if n == 2, !discrete, eases[0] == .linear, times[0] == 0, times[1] == 1 {
      let (a, b) = (values[0], values[1])
      return (lineSpans(pieces, under: a) { p in zip(a, b).map { $0 + ($1 - $0) * p } }, approximate)
    }
    var result: [ExportSpan] = []
    for piece in pieces {
      switch piece.kind {
      case .none:
        result.append(.none(piece.start, piece.end))
      case .hold(let p):
        result.append(.hold(piece.start, piece.end, value(at: p)))
      case let .ramp(pa, pb, ease):
        let t0 = piece.start, t1 = piece.end
        guard pa != pb, n > 1 else {
          result.append(.hold(t0, t1, value(at: pa)))
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
            result.append(.hold(time(ua), time(ub), value(at: middle)))
            continue
          }
          var j = 0
          while j < n - 2 && middle >= times[j + 1] { j += 1 }
          let kj = times[j], span = times[j + 1] - kj
          if eases[j] == .linear {
            // The value is a line in the progress: the ramp's own curve, cut to this stretch.
            let part = ease.part(from: ua, to: ub)
            result.append(ExportSpan(start: time(ua), end: time(ub), from: value(at: progress(part.startY)),
                                     to: value(at: progress(part.endY)), ease: part.ease))
          } else if ease == .linear, span > 0 {
            // The progress is a line in time: the segment's curve, cut to this stretch.
            let pa2 = progress(ua), pb2 = progress(ub)
            let delta = zip(values[j], values[j + 1]).map { $1 - $0 }
            if pb2 > pa2 {
              let part = eases[j].part(from: (pa2 - kj) / span, to: (pb2 - kj) / span)
              result.append(ExportSpan(start: time(ua), end: time(ub),
                                       from: zip(values[j], delta).map { $0 + $1 * part.startY },
                                       to: zip(values[j], delta).map { $0 + $1 * part.endY }, ease: part.ease))
            } else {
              let part = eases[j].reversed.part(from: 1 - (pa2 - kj) / span, to: 1 - (pb2 - kj) / span)
              result.append(ExportSpan(start: time(ua), end: time(ub),
                                       from: zip(values[j + 1], delta).map { $0 - $1 * part.startY },
                                       to: zip(values[j + 1], delta).map { $0 - $1 * part.endY }, ease: part.ease))
            }
          } else {
            return nil
          }
        }
      }
    }
    return (result, approximate)
  }

  /// The stretches of the slots an animation of `property` writes, from its value's.
  static func slotSpans(_ value: [ExportSpan], property: AnimatableProperty, row: [Double]) -> [[ExportSpan]] {
    let S = ExportSlot.self
    func component(_ map: @escaping ([Double]) -> Double) -> [ExportSpan] {
      value.map { $0.mapped { [map($0)] } }
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
