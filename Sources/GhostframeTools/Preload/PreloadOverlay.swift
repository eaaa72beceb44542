import GhostframeCore

/// The preload overlay: a background covering the host's bounds holding a loading view in
/// which a marker jumps forever above a shadow that narrows as it rises, until the host dismisses
/// it with a 0.375 s fade.
///
/// The overlay is an ordinary ``/GhostframeCore/Scene``: the host samples ``scene`` at its own
/// times. Layers (ids in ``LayerID``): the background (the host's bounds, the given colour), the
/// loading view inside it, centred at `(width / 2, (height − loadingHeight) / 2)` as the seed's
/// `showPreLoading` centres it, and in the loading view the marker (centred horizontally, resting
/// with its top on the loading view's top edge, as JESRefreshIcon lays its marker out at y = 0,
/// so the jump rises above the loading view) and the shadow (centred horizontally, on the
/// loading view's bottom edge).
///
/// The marker's animation is the seed's code: a group of `position.y` from rest to
/// `rest − jumpHeight` over `jumpDuration` with ease-out, then back over `downDuration` from
/// `beginTime = jumpDuration` with ease-in; the group lasts `jumpDuration + downDuration`, repeats
/// forever, fills forwards, is not removed on completion and has linear timing. The shadow's group
/// is the same with `bounds.size.width` going from ``PreloadParameters/shadowWidth`` to
/// `shadowWidth × shadowNarrowing` and back.
public struct PreloadOverlay: Sendable {
  /// The ids of the overlay's layers and the keys of its animations.
  public enum LayerID {
    /// The background covering the host's bounds (the seed's `loadingBgView`).
    public static let background = "preload.background"
    /// The loading view (the seed's `JESRefreshView`).
    public static let loading = "preload.loading"
    /// The jumping marker (the seed's `markedImageView`).
    public static let marker = "preload.marker"
    /// The shadow under the marker.
    public static let shadow = "preload.shadow"
  }

  /// The marker's group key: the seed's `"image.animation.key"`.
  public static let jumpKey = "image.animation.key"
  /// The shadow's group key.
  public static let shadowKey = "shadow.animation.key"
  /// The key of the dismissal's fade on the background layer: its `ended` event (going forwards)
  /// is the seed's completion block, where the overlay is removed.
  public static let dismissKey = "preload.dismiss"

  /// The host's bounds width.
  public let width: Double
  /// The host's bounds height.
  public let height: Double
  /// The parameters it was built with.
  public let parameters: PreloadParameters
  /// The overlay's scene; ``dismiss(at:)`` adds the fade to it.
  public private(set) var scene: Scene
  /// When the dismissal began, or nil before ``dismiss(at:)``.
  public private(set) var dismissTime: Double?

  /// The centre of the loading view in the background's coordinates, as the seed computes it:
  /// `(width / 2, (height − loadingHeight) / 2)`.
  public var loadingCenter: Point { Point(x: width / 2, y: (height - parameters.loadingHeight) / 2) }

  /// The marker's resting `position.y` in the loading view: `markerHeight / 2` (its top on the
  /// loading view's top edge, JESRefreshIcon's `y: 0`).
  public var markerRestY: Double { parameters.markerHeight / 2 }

  /// When the overlay is removed (the end of the fade), or nil before ``dismiss(at:)``.
  public var removalTime: Double? { dismissTime.map { $0 + PreloadParameters.dismissDuration } }

  /// Builds the overlay over bounds of `width × height`.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the first bad
  ///   input (a size that is not finite and > 0, see ``PreloadParameters``; a layer that would
  ///   reach past the largest double, such as a jump of 1.8e308 points in bounds as tall, or a
  ///   rise and fall whose sum overflows); nothing is built.
  public init(width: Double, height: Double, parameters: PreloadParameters = PreloadParameters())
    throws(GhostframeError)
  {
    guard width.isFinite, width > 0 else { throw .invalid("preload: width must be finite and > 0 (got \(width))") }
    guard height.isFinite, height > 0 else {
      throw .invalid("preload: height must be finite and > 0 (got \(height))")
    }
    try parameters.validate()
    self.width = width
    self.height = height
    self.parameters = parameters
    self.scene = Scene()
    try checkGeometry()
    try build()
  }

  /// Throws naming the input when a derived size or time passes the largest double although
  /// every input is finite: a layer's frame in the background's space (the sampler adds the
  /// parents' origins and takes the centres), or the group's length (rise + fall).
  private func checkGeometry() throws(GhostframeError) {
    let p = parameters
    guard (p.jumpDuration + p.downDuration).isFinite else {
      throw .invalid("preload: jump duration \(p.jumpDuration) + down duration \(p.downDuration) overflows")
    }
    let center = loadingCenter
    let loading = Rect(x: center.x - p.loadingWidth / 2, y: center.y - p.loadingHeight / 2,
                       width: p.loadingWidth, height: p.loadingHeight)
    try Rect(x: 0, y: 0, width: width, height: height).checkExtent("preload: the bounds \(width) × \(height)")
    try loading.checkExtent("preload: the loading view (\(p.loadingWidth) × \(p.loadingHeight) in \(width) × \(height))")
    // The marker's extent over the whole jump: from the top of the jump to its rest.
    try Rect(x: loading.x + (p.loadingWidth - p.markerWidth) / 2, y: loading.y - p.jumpHeight, width: p.markerWidth,
             height: p.markerHeight + p.jumpHeight).checkExtent("preload: the marker (jump height \(p.jumpHeight))")
    try Rect(x: loading.x + (p.loadingWidth - p.shadowWidth) / 2, y: loading.y + p.loadingHeight - p.shadowHeight,
             width: p.shadowWidth, height: p.shadowHeight).checkExtent("preload: the shadow")
  }

  /// Adds the layers and the two forever-repeating groups.
  private mutating func build() throws(GhostframeError) {
    let p = parameters
    let center = loadingCenter
    try scene.addLayer(Layer(id: LayerID.background, frame: Rect(x: 0, y: 0, width: width, height: height),
                             backgroundColor: p.backgroundColor))
    try scene.addLayer(Layer(
      id: LayerID.loading, parent: LayerID.background,
      frame: Rect(x: center.x - p.loadingWidth / 2, y: center.y - p.loadingHeight / 2,
                  width: p.loadingWidth, height: p.loadingHeight)))
    try scene.addLayer(Layer(
      id: LayerID.marker, parent: LayerID.loading,
      frame: Rect(x: (p.loadingWidth - p.markerWidth) / 2, y: 0, width: p.markerWidth, height: p.markerHeight),
      cornerRadius: min(p.markerWidth, p.markerHeight) / 2, backgroundColor: p.markerColor))
    try scene.addLayer(Layer(
      id: LayerID.shadow, parent: LayerID.loading,
      frame: Rect(x: (p.loadingWidth - p.shadowWidth) / 2, y: p.loadingHeight - p.shadowHeight,
                  width: p.shadowWidth, height: p.shadowHeight),
      cornerRadius: p.shadowHeight / 2, backgroundColor: p.shadowColor))
    let rest = markerRestY
    try scene.addAnimation(try jumpGroup("position.y", rest: rest, top: rest - p.jumpHeight),
                           to: LayerID.marker, key: Self.jumpKey)
    try scene.addAnimation(try jumpGroup("bounds.size.width", rest: p.shadowWidth, top: p.shadowWidth * p.shadowNarrowing),
                           to: LayerID.shadow, key: Self.shadowKey)
  }

  /// The seed's up/down group on `keyPath`: `rest → top` ease-out, then `top → rest` ease-in,
  /// repeating forever, filling forwards, linear, kept on completion.
  private func jumpGroup(_ keyPath: String, rest: Double, top: Double) throws(GhostframeError) -> Animation {
    let p = parameters
    let up = try Animation.basic(
      keyPath, from: [rest], to: [top],
      timing: try Timing.coreAnimation(duration: p.jumpDuration, beginTime: 0, easing: .easeOut))
    let down = try Animation.basic(
      keyPath, from: [top], to: [rest],
      timing: try Timing.coreAnimation(duration: p.downDuration, beginTime: p.jumpDuration, easing: .easeIn))
    let timing = try Timing.coreAnimation(
      duration: p.jumpDuration + p.downDuration, beginTime: p.beginTime, repeatCount: .infinity,
      fillMode: .forwards, easing: .linear)
    return try Animation.group([up, down], timing: timing, removedOnCompletion: false)
  }

  /// Starts the seed's `dismissPreLoading` at scene time `t`: the background (and so the whole
  /// overlay) fades from opacity 1 to 0 over 0.375 s with `UIView.animateWithDuration`'s default
  /// curve, ease-in-out (`UIViewAnimationCurveEaseInOut`, Core Animation's `easeInEaseOut`,
  /// `cubic-bezier(0.42, 0, 0.58, 1)`; not `kCAMediaTimingFunctionDefault`, which is
  /// `(0.25, 0.1, 0.25, 1)`), then stays at 0.
  ///
  /// The fade is an animation under ``dismissKey`` on the background, so ``/GhostframeCore/Scene/advance(to:)``
  /// reports its `ended` event once when the clock crosses ``removalTime`` (the seed's completion
  /// block); ``removals(from:to:)`` gives the same as a pure function of two times.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite `t` or
  ///   when the overlay was already dismissed (the seed's `loadingBgView` is nil by then); the
  ///   overlay is unchanged.
  public mutating func dismiss(at t: Double) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("preload: dismiss time must be finite (got \(t))") }
    guard dismissTime == nil else { throw .invalid("preload: the overlay was already dismissed") }
    let fade = try Animation.basic(
      "opacity", from: [1], to: [0],
      timing: try Timing.coreAnimation(duration: PreloadParameters.dismissDuration, beginTime: t, fillMode: .forwards,
                                       easing: .easeInOut),
      removedOnCompletion: false)
    try scene.addAnimation(fade, to: LayerID.background, key: Self.dismissKey)
    dismissTime = t
  }

  /// Whether the overlay has been removed at scene time `t`: dismissed, and `t` at or past
  /// ``removalTime``.
  public func isRemoved(at t: Double) -> Bool {
    guard let removalTime else { return false }
    return t >= removalTime
  }

  /// The removal events between two scene times: the fade's `ended` event going forwards (and
  /// its reversed `started` going backwards), from ``/GhostframeCore/Scene/events(from:to:)``.
  public func removals(from start: Double, to end: Double) -> [AnimationEvent] {
    scene.events(from: start, to: end).filter { event in
      // Going back over the removal, the fade re-enters its interval from its end.
      Self.isRemoval(event) || (event.key == Self.dismissKey && event.isReversed && event.kind == .started)
    }
  }

  /// Whether `event` says the overlay was removed: the fade's `ended` event going forwards.
  public static func isRemoval(_ event: AnimationEvent) -> Bool {
    event.key == dismissKey && event.layer == LayerID.background && event.kind == .ended && !event.isReversed
  }
}
