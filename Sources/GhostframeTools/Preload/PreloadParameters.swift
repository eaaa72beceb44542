import GhostframeCore

/// The geometry, colours and timing of a ``PreloadOverlay`` (the preload animation).
///
/// The seed's code fixes the structure: a background view covering the host's bounds (white by
/// default), a loading view of `Constants.loadingWidth × Constants.loadingHeight` centred at
/// `(width / 2, (height − loadingHeight) / 2)`, a marker that jumps `JESRefreshIconConstants.maxOffsetY`
/// up in `jumpDuration` (ease-out) and falls back in `downDuration` (ease-in), and a shadow whose
/// animation is "similar" (阴影的动画与上下跳动动画类似). The seed does not print the constants'
/// numbers; the defaults are those of the original, JESRefreshIcon (one 32-point icon with
/// 3-point spacing: the marker `32 − 2·3 = 26` square at its top, the shadow `26 × 3` on its
/// bottom edge, a 14-point jump up in 0.235 s and down in 0.475 s, the shadow's width divided by
/// `shadowScale` 1.6 at the top). Each property says where its default comes from.
public struct PreloadParameters: Sendable, Hashable {
  /// The background's colour: the seed's `showPreLoading(backgroundColor: UIColor = UIColor.whiteColor())`.
  public var backgroundColor: Color
  /// The loading view's width: JESRefreshIcon's `iconSize`, 32 (the original's `loadingWidth` 143
  /// holds four icons side by side; this overlay draws one).
  public var loadingWidth: Double
  /// The loading view's height: the original's `Constants.loadingHeight` and `iconSize`, 32.
  public var loadingHeight: Double
  /// The marker's width: `iconSize − 2 × markedSpacing` = 32 − 2 × 3 = 26.
  public var markerWidth: Double
  /// The marker's height: 26, as its width (the original's marker is square).
  public var markerHeight: Double
  /// The marker's fill colour. The seed's marker is an image; the default is the seed's refresh
  /// fill colour `UIColor(red: 224/255, green: 231/255, blue: 235/255, alpha: 1)`.
  public var markerColor: Color
  /// The shadow's width at rest: the marker's, 26 (the original narrows the shadow from the
  /// marker's width).
  public var shadowWidth: Double
  /// The shadow's height: JESRefreshIcon's `IconConstants.shadowHeight`, 3.
  public var shadowHeight: Double
  /// The shadow's colour (the original's shadow is an image; not in the seed: black at 15 % alpha).
  public var shadowColor: Color
  /// The shadow's width at the top of the jump as a fraction of ``shadowWidth``, in [0, 1]: the
  /// original divides the width by `shadowScale` 1.6, so 1 / 1.6 = 0.625.
  public var shadowNarrowing: Double
  /// How far the marker jumps up, in points: JESRefreshIcon's `maxOffsetY`, 14.
  public var jumpHeight: Double
  /// The rise, ease-out: JESRefreshIcon's `jumpDuration`, 0.235 s.
  public var jumpDuration: Double
  /// The fall, ease-in: JESRefreshIcon's `downDuration`, 0.475 s.
  public var downDuration: Double
  /// When the jumping group begins in scene time (the seed's `self.state.animationBeginTime()`): 0.
  public var beginTime: Double

  /// The dismissal's duration: the seed's `UIView.animateWithDuration(0.375, ...)`.
  public static let dismissDuration = 0.375

  /// Creates parameters; every default is documented on its property.
  public init(
    backgroundColor: Color = .white, loadingWidth: Double = 32, loadingHeight: Double = 32,
    markerWidth: Double = 26, markerHeight: Double = 26,
    markerColor: Color = Color(red: 224.0 / 255, green: 231.0 / 255, blue: 235.0 / 255),
    shadowWidth: Double = 26, shadowHeight: Double = 3, shadowColor: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.15),
    shadowNarrowing: Double = 1 / 1.6, jumpHeight: Double = 14, jumpDuration: Double = 0.235,
    downDuration: Double = 0.475,
    beginTime: Double = 0
  ) {
    self.backgroundColor = backgroundColor
    self.loadingWidth = loadingWidth
    self.loadingHeight = loadingHeight
    self.markerWidth = markerWidth
    self.markerHeight = markerHeight
    self.markerColor = markerColor
    self.shadowWidth = shadowWidth
    self.shadowHeight = shadowHeight
    self.shadowColor = shadowColor
    self.shadowNarrowing = shadowNarrowing
    self.jumpHeight = jumpHeight
    self.jumpDuration = jumpDuration
    self.downDuration = downDuration
    self.beginTime = beginTime
  }

  /// Throws naming the first bad parameter: sizes and durations must be finite and > 0, the
  /// jump height finite and >= 0, the narrowing in [0, 1], the begin time finite and every
  /// colour component in [0, 1].
  func validate() throws(GhostframeError) {
    let positive: [(String, Double)] = [
      ("loading width", loadingWidth), ("loading height", loadingHeight), ("marker width", markerWidth),
      ("marker height", markerHeight), ("shadow width", shadowWidth), ("shadow height", shadowHeight),
      ("jump duration", jumpDuration), ("down duration", downDuration),
    ]
    for (name, value) in positive where !(value.isFinite && value > 0) {
      throw .invalid("preload: \(name) must be finite and > 0 (got \(value))")
    }
    guard jumpHeight.isFinite, jumpHeight >= 0 else {
      throw .invalid("preload: jump height must be finite and >= 0 (got \(jumpHeight))")
    }
    guard shadowNarrowing >= 0, shadowNarrowing <= 1 else {
      throw .invalid("preload: shadow narrowing must be in [0, 1] (got \(shadowNarrowing))")
    }
    guard beginTime.isFinite else { throw .invalid("preload: begin time must be finite (got \(beginTime))") }
    for (name, color) in [("background", backgroundColor), ("marker", markerColor), ("shadow", shadowColor)] {
      for c in [color.red, color.green, color.blue, color.alpha] where !(c >= 0 && c <= 1) {
        throw .invalid("preload: \(name) colour components must be in [0, 1] (got \(c))")
      }
    }
  }
}
