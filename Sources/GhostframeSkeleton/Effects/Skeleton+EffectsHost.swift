import GhostframeCore

// MARK: - Host effects

extension Skeleton.EffectPlan {
  /// Whether the bone shows a host effect: one is named, reduced motion is off, and the bone is
  /// neither kept nor without animation.
  func showsHostEffect(_ placed: Skeleton.PlacedBone) -> Bool {
    let b = placed.bone
    return bones[b].style.hostEffect != nil && bones[b].style.reducedMotion == .off && !bones[b].isKept
      && !bones[b].withoutAnimation
  }

  /// Host effects (``HostEffect``): each bone that shows one gets keyframe animations of its
  /// colour, opacity, scale and, when the appearance at progress 0 has one, gradient, sampled
  /// from the effect's function now, repeating from the effects' start: forever, or the whole
  /// cycles of the bone's `maxAnimationDuration` (none fitting: no animation, no callback).
  mutating func planHostEffects() throws(GhostframeError) {
    let showing = layout.bones.filter(showsHostEffect)
    guard !showing.isEmpty else { return }
    // Look each name up once, outside any lock while calling.
    var effects: [String: HostEffect] = [:]
    var partCount = 0
    for placed in showing {
      partCount += placed.parts.count
      guard let name = bones[placed.bone].style.hostEffect, effects[name] == nil else { continue }
      guard let effect = HostEffect.registry.entry(named: name) else {
        throw GhostframeError(
          .notFound, "bone \(bones[placed.bone].index): unknown skeleton effect '\(name)': no effect of that name is registered")
      }
      effects[name] = effect
    }
    // Bound the callback work before making any call: parts × samples.
    var calls = 0
    for placed in showing {
      if let name = bones[placed.bone].style.hostEffect, let effect = effects[name] {
        calls += placed.parts.count * effect.samples
      }
    }
    guard calls <= Skeleton.maximumHostEffectCalls else {
      throw GhostframeError(
        .limit, "the skeleton's host effects would take \(calls) callback calls; the limit is \(Skeleton.maximumHostEffectCalls)")
    }
    var index = 0
    for placed in showing {
      guard let name = bones[placed.bone].style.hostEffect, let effect = effects[name] else { continue }
      for part in placed.parts {
        try addHostEffect(effect, part: part, bone: placed.bone, index: index, count: partCount)
        index += 1
      }
    }
  }

  private mutating func addHostEffect(
    _ effect: HostEffect, part: Int, bone b: Int, index: Int, count: Int
  ) throws(GhostframeError) {
    guard let timing = try repeating(effect.duration, easing: .linear, limit: bones[b].style.maxAnimationDuration)
    else { return }
    let frame = layout.parts[part].frame
    let color = bones[b].color
    let model = HostEffect.Appearance(
      color: color,
      gradient: Gradient(colors: [color, color, color], locations: Self.shimmerLocations,
                         startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    let n = effect.samples
    var colors: [[Double]] = [], opacities: [[Double]] = [], scalesX: [[Double]] = [], scalesY: [[Double]] = []
    var gradientColors: [[Double]] = [], starts: [[Double]] = [], ends: [[Double]] = []
    colors.reserveCapacity(n)
    var withGradient = false
    for k in 0..<n {
      let progress = Double(k) / Double(n - 1)
      // Progress 0 decides whether the gradient animates: it starts without one.
      var preset = model
      if k == 0 || !withGradient { preset.gradient = nil }
      let bone = HostEffect.Bone(frame: frame, index: index, count: count, progress: progress)
      let appearance = try effect.appearance(of: bone, model: preset)
      if k == 0 { withGradient = appearance.gradient != nil }
      colors.append(appearance.color.components)
      opacities.append([appearance.opacity])
      scalesX.append([appearance.scaleX])
      scalesY.append([appearance.scaleY])
      if withGradient, let gradient = appearance.gradient ?? model.gradient {
        // gradient.colors animates every stop slot: the three stops, then the last repeated.
        var values = gradient.colors.flatMap(\.components)
        while values.count < 4 * Gradient.maximumStops { values += values.suffix(4) }
        gradientColors.append(values)
        starts.append([gradient.startPoint.x, gradient.startPoint.y])
        ends.append([gradient.endPoint.x, gradient.endPoint.y])
      }
    }
    let layer = layout.parts[part].id
    var group: [Animation] = [
      try .keyframes("backgroundColor", Keyframes(values: colors), timing: timing, removedOnCompletion: false),
      try .keyframes("opacity", Keyframes(values: opacities), timing: timing, removedOnCompletion: false),
      try .keyframes("transform.scale.x", Keyframes(values: scalesX), timing: timing, removedOnCompletion: false),
      try .keyframes("transform.scale.y", Keyframes(values: scalesY), timing: timing, removedOnCompletion: false),
    ]
    if withGradient, gradientColors.count == n, let first = gradientColors.first {
      gradients[part] = Gradient(
        colors: stride(from: 0, to: 12, by: 4).map {
          Color(red: first[$0], green: first[$0 + 1], blue: first[$0 + 2], alpha: first[$0 + 3])
        },
        locations: Self.shimmerLocations, startPoint: Point(x: starts[0][0], y: starts[0][1]),
        endPoint: Point(x: ends[0][0], y: ends[0][1]))
      group += [
        try .keyframes("gradient.colors", Keyframes(values: gradientColors), timing: timing, removedOnCompletion: false),
        try .keyframes("gradient.startPoint", Keyframes(values: starts), timing: timing, removedOnCompletion: false),
        try .keyframes("gradient.endPoint", Keyframes(values: ends), timing: timing, removedOnCompletion: false),
      ]
    }
    for (offset, animation) in group.enumerated() {
      add(animation, to: layer, key: "\(effect.name).\(offset)")
    }
  }
}

extension Skeleton {
  /// The most host-effect callback calls one generation makes (bone layers × samples), counted
  /// before the first call: 10,000,000.
  public static let maximumHostEffectCalls = 10_000_000
}
