import GhostframeCore

extension Skeleton {
  /// The duration of ``end(_:at:group:)``'s fade (TABAnimated's `tab_endAnimationEaseOut`).
  public static let endDuration = 0.2

  /// The skeleton's fade-out: an opacity animation to 0 over 0.2 s (``endDuration``),
  /// ease-in-out, beginning at scene time `t` and held afterwards (it is not removed on
  /// completion), under the key `"end"`.
  ///
  /// It goes on the root layer (`group` nil: the whole skeleton) or on one container's layer
  /// (`"container:<group>"`, a list section) and on the containers of the lists nested in it
  /// (groups beginning `"<group>/"`, which are its siblings in the scene), so the other
  /// containers keep animating. A fade starts from the opacity its layer shows at `t` (clamped
  /// to [0, 1]): 1 for a static skeleton, so 1 → 0; a breathing level fades from where its
  /// breath is, without a jump. Effects keep running underneath, unseen. Calling it again for
  /// the same layer replaces the earlier fade. The opacity at `t` is read from the scene's own
  /// presentation: the compile kept from the host's last sample when the scene has not changed
  /// since, else a new one.
  ///
  /// - Parameters:
  ///   - scene: The skeleton's scene.
  ///   - t: The scene time the fade begins.
  ///   - group: A container's group, or nil for the whole skeleton.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` when the scene has no such layer,
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite `t` or a group
  ///   name containing NUL, ``/GhostframeCore/GhostframeError/Code/callback`` when a host curve
  ///   fails while the opacity at `t` is read. On error the scene is unchanged.
  public static func end(_ scene: inout Scene, at t: Double, group: String? = nil) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("skeleton end time must be finite (got \(t))") }
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
    let opacity = try AnimatableProperty(keyPath: "opacity")
    let timing = try Timing.coreAnimation(duration: endDuration, beginTime: t, fillMode: .forwards,
                                          easing: .easeInOut)
    var result = scene
    for target in targets {
      guard let index = result.index(ofLayer: target) else { continue }
      let shown = try scene.checkedPresentationValue(of: opacity, layer: index, at: t).first ?? 1
      let from = min(max(shown.isFinite ? shown : 1, 0), 1)
      try result.addAnimation(
        .basic("opacity", from: [from], to: [0], timing: timing, removedOnCompletion: false), to: target, key: "end")
    }
    scene = result
  }
}
