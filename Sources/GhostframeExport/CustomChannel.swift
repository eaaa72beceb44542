import GhostframeCore

/// An animated custom property of a layer (a skeleton's content opacity, which its end fades
/// in): nothing a layer draws, so HTML and SVG carry it as a registered CSS custom property
/// (`--gf-<name>`, a `<number>`, inherited) on the layer's element, which a page reads or
/// inherits to fade its own content in. Lottie has no such value.
struct CustomChannel {
  var layer: Int
  /// The custom property's name (letters, digits, `-` and `_`: a CSS name as it is).
  var name: String
  var value: ChannelValue

  /// The CSS custom property's name.
  var cssName: String { "--gf-" + name }

  /// Whether `name` can be a CSS custom property's name as it is.
  static func isCSSName(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
    }
  }
}

extension ExportPlanner {
  /// Every animated custom property of every layer, with its animations' own CSS timings where
  /// they are top-level basic, keyframe or spring animations that replace (the end's content
  /// fade), checked against the sampler; else sampled at the frame rate.
  mutating func customChannels() -> [CustomChannel] {
    var found: [(layer: Int, name: String)] = []
    for attached in scene.animations {
      guard let layer = scene.index(ofLayer: attached.layer) else { continue }
      for name in Self.customNames(attached.animation) where CustomChannel.isCSSName(name) {
        if !found.contains(where: { $0.layer == layer && $0.name == name }) { found.append((layer, name)) }
      }
    }
    var result: [CustomChannel] = []
    for (layer, name) in found {
      guard let property = try? AnimatableProperty(keyPath: "custom." + name) else { continue }
      let model = [scene.layers[layer].custom[name] ?? 0]
      let sampler = self.sampler
      let reference = { (t: Double) in sampler.presentationValue(of: property, layer: layer, at: t) }
      if let timed = timedCustom(layer: layer, property: property, model: model),
         checkCustom(.timed(timed), reference) <= 1e-3 {
        exactCount += 1
        result.append(CustomChannel(layer: layer, name: name, value: .timed(timed)))
        continue
      }
      result.append(CustomChannel(layer: layer, name: name, value: bakeCustom(reference)))
    }
    return result
  }

  /// The custom properties an animation (or a group's children) writes.
  static func customNames(_ animation: Animation) -> [String] {
    if case .group(let children) = animation.content { return children.flatMap(customNames) }
    guard let property = animation.property, case .custom(let name) = property.mapping else { return [] }
    return [name]
  }

  /// The custom property as its animations with their CSS timings, or nil.
  func timedCustom(layer: Int, property: AnimatableProperty, model: [Double]) -> TimedValue? {
    var animations: [TimedAnimation] = []
    for attached in scene.animations where scene.index(ofLayer: attached.layer) == layer {
      let animation = attached.animation
      guard Self.customNames(animation).contains(where: { "custom." + $0 == property.keyPath }) else { continue }
      guard animation.property?.keyPath == property.keyPath, !animation.isAdditive, !animation.isCumulative,
            let timing = CSSTiming(animation.timing, removedOnCompletion: animation.removedOnCompletion),
            let plan = ProgressPiece.iteration(chain: [animation.timing], ownEasing: animation.timing.easing,
                                               limit: keyframeLimit), !plan.approximate
      else { return nil }
      var spans: [ExportSpan]
      switch animation.content {
      case .basic(let v):
        // The value under it: the model for the first, else none is stated.
        guard animations.isEmpty || (v.from != nil && (v.to != nil || v.by != nil)) else { return nil }
        let (from, to) = SlotSources.endpoints(v, under: model)
        guard from.count == 1, to.count == 1 else { return nil }
        spans = SlotSources.lineSpans(plan.pieces, under: model) { p in [from[0] + (to[0] - from[0]) * p] }
      case .keyframes(let k):
        guard let found = SlotSources.keyframeSpans(k, width: 1, pieces: plan.pieces), !found.approximate else {
          return nil
        }
        spans = found.spans
      default:
        return nil
      }
      if animations.isEmpty {
        guard let over = ExportSpan.replace([.hold(0, 1, model)], spans) else { return nil }
        spans = over
      }
      guard spans.allSatisfy(\.hasEffect) else { return nil }
      animations.append(TimedAnimation(timing: timing, track: ExportSpan.track(spans, under: model)))
    }
    return animations.isEmpty ? nil : TimedValue(base: model, animations: animations)
  }

  /// The largest difference from `reference` between frames.
  func checkCustom(_ value: ChannelValue, _ reference: (Double) -> [Double]) -> Double {
    let count = min(max(4 * frameCount, 64), 4000)
    var largest = 0.0
    for i in 0..<count {
      let t = (Double(i) + 0.5) / Double(count) * window
      largest = max(largest, Self.error(reference(t), value.values(at: t), scale: [1]))
    }
    return largest
  }

  /// The custom property sampled at every frame, linear between samples.
  mutating func bakeCustom(_ reference: (Double) -> [Double]) -> ChannelValue {
    let frames = frameCount
    var track = ExportTrack(keyframes: [])
    for k in 0...frames {
      let t = min(Double(k) / fps, window)
      let v = reference(t)
      guard v.count == 1, v[0].isFinite else { return .constant([0]) }
      if k < frames {
        let next = reference(min(Double(k + 1) / fps, window)), middle = reference((t + min(Double(k + 1) / fps, window)) / 2)
        if next.count == 1, middle.count == 1 { maximumError = max(maximumError, abs(middle[0] - (v[0] + next[0]) / 2) * 255) }
      }
      track.append(ExportKeyframe(time: t, values: v, ease: .linear))
    }
    bakedCount += 1
    return .animated(track, baked: true)
  }
}
