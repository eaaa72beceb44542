import GhostframeCore

extension Skeleton {
  /// The key of the appear fade (``scene(startTime:)``), which ``end(_:at:group:duration:curve:)``
  /// reads to tell a skeleton that never showed.
  public static let appearKey = "appear"
}

extension Skeleton.EffectPlan {
  /// The appear fade of the global style: opacity 0 until `startTime + showDelay`, then 0 → 1
  /// over `appearDuration` seconds, ease-in-out, held (both fills, not removed). Nothing when
  /// both are 0. It goes on the root layer; when breathe or the reduced-motion cross-fade
  /// already animates the root's opacity, on each of the root's children instead (the
  /// containers, and bone layers placed on the root), whose opacity is then free, so the two
  /// multiply. Under the key ``Skeleton/appearKey``.
  mutating func planAppear(rootOpacityTaken: Bool) throws(GhostframeError) {
    let delay = skeleton.style.showDelay, duration = skeleton.style.appearDuration
    guard delay > 0 || duration > 0 else { return }
    let timing = try Timing(duration: duration, delay: effectStart, fill: .both, easing: .easeInOut)
    let appear = SharedBox(try Animation.basic("opacity", from: [0], to: [1], timing: timing, removedOnCompletion: false))
    guard rootOpacityTaken else {
      add(appear, to: Skeleton.rootLayerID, key: Skeleton.appearKey)
      return
    }
    for container in skeleton.containers {
      add(appear, to: Skeleton.containerLayerID(container.group), key: Skeleton.appearKey)
    }
    for placed in layout.bones where placed.container == nil {
      for part in placed.parts { add(appear, to: layout.parts[part].id, key: Skeleton.appearKey) }
    }
  }
}
