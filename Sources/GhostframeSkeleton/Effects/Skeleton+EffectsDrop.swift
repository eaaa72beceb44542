import GhostframeCore

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
  ///   without TABAnimated's `−i·0.02` quirk), ease-in-out over the whole cycle, forever (or
  ///   the whole cycles that end by the effects' start + `maxAnimationDuration`), beginning at
  ///   the effects' start `+ k·T/(N+3)` with no backwards fill (so the base colour before).
  /// - Step `k`: the bone's ``Bone/dropIndex``; by default its order among the eligible layers
  ///   (0, 1, 2, …, as TABAnimated's README describes; its code uses 0 for all). The lines of
  ///   a multi-line bone take `dropFromIndex + line`; without `dropFromIndex` they all take the
  ///   bone's `dropIndex` when set, else consecutive steps from the bone's order.
  mutating func planDrop() throws(GhostframeError) {
    var groups: [String] = []
    var members: [String: [Skeleton.PlacedBone]] = [:]
    for placed in layout.bones {
      let b = placed.bone
      guard bones[b].style.effect == .drop, bones[b].style.reducedMotion == .off, !bones[b].isKept,
            !bones[b].withoutAnimation, !bones[b].removeOnDrop, !placed.parts.isEmpty else { continue }
      if members[bones[b].group] == nil { groups.append(bones[b].group) }
      members[bones[b].group, default: []].append(placed)
    }
    for group in groups {
      let groupBones = members[group] ?? []
      let n = 1 + groupBones.reduce(0) { $0 + $1.parts.count }
      var ordinal = 0
      for placed in groupBones {
        let b = placed.bone
        let style = bones[b].style
        guard style.dropDuration.isFinite, style.dropDuration > 0 else {
          throw .invalid("bone \(bones[b].index): drop duration must be finite and > 0 (got \(style.dropDuration))")
        }
        let stay = bones[b].dropStayRatio ?? style.dropStayRatio
        guard stay.isFinite, stay >= 0, stay <= 1 else {
          throw .invalid("bone \(bones[b].index): drop stay ratio must be in [0, 1] (got \(stay))")
        }
        let cycle = Skeleton.dropCycle(count: n, step: style.dropDuration)
        let step = cycle / Double(n + 3)
        let color = bones[b].color.components
        let keyframes = Keyframes(values: [style.dropColor.components, color, color, style.dropColor.components],
                                  keyTimes: [0, stay, 1, 1])
        for part in placed.parts {
          let line = layout.parts[part].line
          let k: Int
          if let line, let from = bones[b].dropFromIndex {
            k = from + line
          } else if let index = bones[b].dropIndex {
            k = index
          } else {
            k = ordinal + (line ?? 0)
          }
          guard let timing = try repeating(cycle, easing: .easeInOut, offset: Double(k) * step,
                                           limit: style.maxAnimationDuration)
          else { continue }
          add(try .keyframes("backgroundColor", keyframes, timing: timing, removedOnCompletion: false),
              to: layout.parts[part].id, key: "drop")
        }
        ordinal += placed.parts.count
      }
    }
  }
}
