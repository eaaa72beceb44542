extension Skeleton {
  /// TABAnimated's drop cycle: `T = d·(N+1) − 0.02·(N−1)·N/2` for `N` = 1 + the eligible layers
  /// and a step duration `d`.
  ///
  /// TABAnimated's cut grows with N² and would make the cycle zero or negative past
  /// N ≈ 41 (d = 0.4 s); the cycle here never drops below one step duration `d`, and equals
  /// TABAnimated's wherever that is at least `d`.
  static func dropCycle(count n: Int, step d: Double) -> Double {
    let count = Double(n)
    return max(d * (count + 1) - 0.02 * (count - 1) * count / 2, d)
  }
}

extension Skeleton.EffectPlan {
  /// Drop (TABAnimated's sequential recolour), per control view (bones sharing a
  /// ``Bone/group``), over the eligible bones: effect `drop`, no reduced motion, not kept,
  /// `withoutAnimation` or `removeOnDrop`.
  ///
  /// - `N = 1 +` the eligible layers (each line of a multi-line bone counts);
  ///   cycle `T` = ``Skeleton/dropCycle(count:step:)``.
  /// - Every eligible layer: keyframes of `backgroundColor` `[deep, base, base, deep]` at key
  ///   times `[0, stay, 1, 1]` (stay = the style's ``ResolvedSkeletonStyle/dropStayRatio``,
  ///   without TABAnimated's `−i·0.02` quirk), ease-in-out over the whole cycle, forever,
  ///   beginning at `startTime + k·T/(N+3)` with no backwards fill (so the base colour before).
  /// - Step `k`: the bone's ``Bone/dropIndex``; by default its order among the eligible layers
  ///   (0, 1, 2, …, as TABAnimated's README describes; its code uses 0 for all). The lines of
  ///   a multi-line bone take `dropFromIndex + line`; without `dropFromIndex` they all take the
  ///   bone's `dropIndex` when set, else consecutive steps from the bone's order.
  mutating func planDrop(_ placed: [Skeleton.PlacedBone]) throws(GhostframeError) {
    var groups: [String] = []
    var members: [String: [Skeleton.PlacedBone]] = [:]
    for bone in placed {
      let b = bone.bone
      guard b.style.effect == .drop, b.style.reducedMotion == .off, !b.isKept, !b.withoutAnimation,
            !b.removeOnDrop, !bone.parts.isEmpty else { continue }
      if members[b.group] == nil { groups.append(b.group) }
      members[b.group, default: []].append(bone)
    }
    for group in groups {
      let bones = members[group] ?? []
      let n = 1 + bones.reduce(0) { $0 + $1.parts.count }
      var ordinal = 0
      for placed in bones {
        let bone = placed.bone
        let style = bone.style
        guard style.dropDuration.isFinite, style.dropDuration > 0 else {
          throw .invalid("bone \(bone.index): drop duration must be finite and > 0 (got \(style.dropDuration))")
        }
        let stay = bone.dropStayRatio ?? style.dropStayRatio
        guard stay.isFinite, stay >= 0, stay <= 1 else {
          throw .invalid("bone \(bone.index): drop stay ratio must be in [0, 1] (got \(stay))")
        }
        let cycle = Skeleton.dropCycle(count: n, step: style.dropDuration)
        let step = cycle / Double(n + 3)
        let keyframes = Keyframes(
          values: [style.dropColor.components, bone.color.components, bone.color.components,
                   style.dropColor.components],
          keyTimes: [0, stay, 1, 1])
        for part in placed.parts {
          let k: Int
          if let line = part.line, let from = bone.dropFromIndex {
            k = from + line
          } else if let index = bone.dropIndex {
            k = index
          } else {
            k = ordinal + (part.line ?? 0)
          }
          let timing = try Timing.coreAnimation(
            duration: cycle, beginTime: startTime + Double(k) * step, repeatCount: .infinity,
            fillMode: .forwards, easing: .easeInOut)
          add(try .keyframes("backgroundColor", keyframes, timing: timing, removedOnCompletion: false),
              to: part.id, key: "drop")
        }
        ordinal += placed.parts.count
      }
    }
  }
}
