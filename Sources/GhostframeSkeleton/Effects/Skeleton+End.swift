import GhostframeCore

extension Skeleton {
  /// The default duration of ``end(_:at:group:duration:curve:)``'s fade (TABAnimated's
  /// `tab_endAnimationEaseOut`).
  public static let endDuration = 0.2

  /// The custom property of the root and container layers that holds the content's opacity
  /// during the handover: 0 while the skeleton shows, 1 once it has ended
  /// (``contentOpacity(in:at:group:)`` reads it).
  public static let contentOpacityProperty = "contentOpacity"

  /// The skeleton's end: its fade-out, and the content's fade-in over the same interval (a
  /// cross-dissolve), beginning at scene time `t`, held afterwards (not removed on completion).
  ///
  /// - The fade: opacity from what the layer shows at `t` (clamped to [0, 1]: 1 for a static
  ///   skeleton; a breathing level fades from where its breath is, without a jump) to 0 over
  ///   `duration` seconds along `curve`, under the key `"end"`.
  /// - The content: the custom property ``contentOpacityProperty`` of the same layers from its
  ///   value at `t` (0 the first time) to 1, the same timing, under the key `"content"`. A host
  ///   draws its real content with ``contentOpacity(in:at:group:)`` and needs no timer of its own.
  /// - A skeleton that had not begun to appear at `t` (ended before its `showDelay` passed)
  ///   never shows: both happen at once at `t` (duration 0), the content at 1 from `t`.
  ///
  /// They go on the root layer (`group` nil: the whole skeleton) or on one container's layer
  /// (`"container:<group>"`, a list section) and on the containers of the lists nested in it
  /// (groups beginning `"<group>/"`, which are its siblings in the scene), so the other
  /// containers keep animating. Effects keep running underneath, unseen. Calling it again for
  /// the same layer replaces the earlier end. Values at `t` are read from the scene's own
  /// presentation: the compile kept from the host's last sample when the scene has not changed
  /// since, else a new one.
  ///
  /// - Parameters:
  ///   - scene: The skeleton's scene.
  ///   - t: The scene time the end begins.
  ///   - group: A container's group, or nil for the whole skeleton.
  ///   - duration: Seconds, finite and >= 0 (0: at once); 0.2 (``endDuration``) by default.
  ///   - curve: The easing of both fades; ease-in-out (Core Animation's `easeInEaseOut`) by default.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` when the scene has no such layer,
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite `t`, a duration
  ///   not finite and >= 0, or a group name containing NUL,
  ///   ``/GhostframeCore/GhostframeError/Code/callback`` when a host curve fails while the values
  ///   at `t` are read. On error the scene is unchanged.
  public static func end(
    _ scene: inout Scene, at t: Double, group: String? = nil, duration: Double = endDuration,
    curve: Curve = .easeInOut
  ) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("skeleton end time must be finite (got \(t))") }
    guard duration.isFinite, duration >= 0 else {
      throw .invalid("skeleton end duration must be finite and >= 0 (got \(duration))")
    }
    let targets = try endTargets(in: scene, group: group)
    let unseen = appearBegin(in: scene).map { t < $0 } ?? false
    let timing = try Timing(duration: unseen ? 0 : duration, delay: t, fill: .forwards, easing: curve)
    let opacity = try AnimatableProperty(keyPath: "opacity")
    let content = try AnimatableProperty(keyPath: "custom.\(contentOpacityProperty)")
    var result = scene
    for target in targets {
      guard let index = result.index(ofLayer: target) else { continue }
      let shown = try scene.checkedPresentationValue(of: opacity, layer: index, at: t).first ?? 1
      let from = min(max(shown.isFinite ? shown : 1, 0), 1)
      try result.addAnimation(
        .basic("opacity", from: [from], to: [0], timing: timing, removedOnCompletion: false), to: target, key: "end")
      let before = try scene.checkedPresentationValue(of: content, layer: index, at: t).first ?? 0
      let contentFrom = min(max(before.isFinite ? before : 0, 0), 1)
      try result.addAnimation(
        .basic("custom.\(contentOpacityProperty)", from: [contentFrom], to: [1], timing: timing,
               removedOnCompletion: false),
        to: target, key: "content")
    }
    scene = result
  }

  /// The opacity the host draws its real content with at scene time `t`: 0 while the
  /// skeleton shows, rising to 1 along the end's curve once ``end(_:at:group:duration:curve:)``
  /// ended it. For a `group`, the larger of the group's own (its section, or a section it is
  /// nested in, ended) and the whole skeleton's; for nil, the whole skeleton's.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` when the scene has no skeleton
  ///   root or no container for `group`, ``/GhostframeCore/GhostframeError/Code/invalidArgument``
  ///   for a non-finite `t` or a group name containing NUL,
  ///   ``/GhostframeCore/GhostframeError/Code/callback`` when a host curve fails.
  /// - Complexity: As a sample of the scene (its kept compile).
  public static func contentOpacity(in scene: Scene, at t: Double, group: String? = nil) throws(GhostframeError)
    -> Double
  {
    guard t.isFinite else { throw .invalid("content opacity time must be finite (got \(t))") }
    if let group { try Identifier.check(group, "the group name") }
    guard let root = scene.index(ofLayer: rootLayerID) else {
      throw GhostframeError(.notFound, "no skeleton root layer '\(rootLayerID)'")
    }
    var layers = [root]
    if let group {
      let id = containerLayerID(group)
      guard let index = scene.index(ofLayer: id) else {
        throw GhostframeError(.notFound, "no container layer for group '\(group)' ('\(id)')")
      }
      layers.append(index)
    }
    let content = try AnimatableProperty(keyPath: "custom.\(contentOpacityProperty)")
    var value = 0.0
    for index in layers {
      let shown = try scene.checkedPresentationValue(of: content, layer: index, at: t).first ?? 0
      if shown.isFinite { value = max(value, min(shown, 1)) }
    }
    return value
  }

  /// The layers an end for `group` animates: the root, or the group's container and those of
  /// the lists nested in it.
  private static func endTargets(in scene: Scene, group: String?) throws(GhostframeError) -> [String] {
    if let group { try Identifier.check(group, "the group name") }
    let id = group.map(containerLayerID) ?? rootLayerID
    guard scene.index(ofLayer: id) != nil else {
      let what = group.map { "no container layer for group '\($0)' ('\(id)')" } ?? "no skeleton root layer '\(id)'"
      throw GhostframeError(.notFound, what)
    }
    var targets = [id]
    if let group {
      let nested = containerLayerID(group + "/")
      targets += scene.layers.lazy.map(\.id).filter { $0.hasPrefix(nested) }
    }
    return targets
  }

  /// When the skeleton begins to appear: the begin time of its appear fade (on the root, or
  /// on the root's children), or nil when it has none (it shows from the start).
  static func appearBegin(in scene: Scene) -> Double? {
    for attached in scene.animations where attached.key == appearKey {
      if attached.layer == rootLayerID { return attached.animation.timing.delay }
      if let index = scene.index(ofLayer: attached.layer), scene.layers[index].parent == rootLayerID {
        return attached.animation.timing.delay
      }
    }
    return nil
  }
}
