import GhostframeCore

/// Skeleton settings at one level of the cascade: element (adjust lines) > control view
/// (`style` on a node or cell) > global (`style` of the tree). A nil field defers to the level
/// below; ``resolved(over:)`` fills what is left from ``SkeletonDefaults``.
public struct SkeletonStyle: Sendable, Hashable {
  /// The effect that animates the skeleton.
  public enum Effect: String, Sendable, CaseIterable {
    /// A static skeleton.
    case none
    /// A gradient band sweeping across the bones.
    case shimmer
    /// The whole skeleton's opacity breathing (TABAnimated's "bin").
    case breathe
    /// Bones recoloured one after another (TABAnimated's "drop").
    case drop
  }

  /// Where a shimmer band lives.
  public enum ShimmerSpace: String, Sendable, CaseIterable {
    /// Each bone sweeps its own band across its own width (TABAnimated, SkeletonView).
    case element
    /// One band sweeps across the whole skeleton, so bones shimmer in sync.
    case shared
  }

  /// The direction a shimmer band travels.
  public enum Direction: String, Sendable, CaseIterable {
    case right, left, down, up, diagonal
  }

  /// The colour scheme.
  public enum Palette: String, Sendable, CaseIterable {
    case light, dark
  }

  /// The base colour of a shimmer band (the gradient `[base, highlight, base]`).
  public enum ShimmerColor: Sendable, Hashable {
    /// This colour for every bone: TABAnimated's `shimmerBackColor` (0xDFDFDF light, 0x282828 dark) by default.
    case color(Color)
    /// Each bone's own colour (Ghostframe's earlier default, before it took TABAnimated's).
    case bone
  }

  /// What a reduced-motion setting does to the effect.
  public enum ReducedMotion: String, Sendable, CaseIterable {
    /// Play the effect as it is.
    case off
    /// No motion: a static skeleton.
    case `static`
    /// Motion replaced by a slow opacity cross-fade of the whole skeleton.
    case crossFade
  }

  /// The built-in effect; setting it at a level replaces a ``hostEffect`` of the levels below.
  public var effect: Effect?
  /// A host effect's registered name (``HostEffect``), written as the style's `animation`; it
  /// replaces an ``effect`` of the levels below, and one set at a higher level replaces it.
  public var hostEffect: String?
  public var palette: Palette?
  /// The bones' colour (0xEEEEEE light).
  public var color: Color?
  /// The colour behind the bones (white light).
  public var backgroundColor: Color?
  /// Labels' bar height as a fraction of the label's height (0.75).
  public var heightCoefficient: Double?
  /// One bar height for every bone but images, overriding the coefficient.
  public var boneHeight: Double?
  /// The corner radius of bones whose views have none; with ``useCornerRadius`` on and this 0,
  /// half the bone's height.
  public var cornerRadius: Double?
  /// Whether ``cornerRadius`` applies at all.
  public var useCornerRadius: Bool?
  /// Multi-line text: the height of each line (12 = 16 × 0.75).
  public var lineHeight: Double?
  /// Multi-line text: the gap between lines (8).
  public var lineSpacing: Double?
  /// Multi-line text: the last line's width as a fraction (0.5).
  public var lastLineScale: Double?
  /// Shimmer: the seconds one sweep takes (1.5).
  public var shimmerDuration: Double?
  /// Shimmer: a speed in points per second, which then sets the duration.
  public var shimmerSpeed: Double?
  public var shimmerDirection: Direction?
  public var shimmerSpace: ShimmerSpace?
  /// Shimmer: the band's base colour (0xDFDFDF light, 0x282828 dark), or the bone's own.
  public var shimmerColor: ShimmerColor?
  /// Shimmer: the highlight's HSB brightness as a multiple of the base's (0.92 light, 0.5 dark).
  public var shimmerBrightness: Double?
  /// Shimmer: the highlight's colour itself, instead of the base with ``shimmerBrightness``.
  public var shimmerHighlightColor: Color?
  /// Shimmer: the band's width as a fraction of the distance it sweeps, in (0, 1) (0.5: the
  /// band is as wide as the bone and travels twice that, TABAnimated's band).
  public var shimmerHighlightLength: Double?
  /// Shimmer: seconds the band rests off the bone between sweeps (0; Facebook Shimmer's
  /// `shimmeringPauseDuration` is 0.4).
  public var shimmerPauseDuration: Double?
  /// Shimmer: the band's direction of travel in degrees, 0 left to right, 90 top to bottom
  /// (y down), measured in points; when set it replaces ``shimmerDirection``.
  public var shimmerAngle: Double?
  /// Breathe: the seconds of one leg (1.0).
  public var breatheDuration: Double?
  /// Drop: the seconds per step (0.4).
  public var dropDuration: Double?
  /// Drop: the deep colour (0xE1E1E1 light).
  public var dropColor: Color?
  /// Drop: the fraction of a cycle spent fading from the deep colour (0.2).
  public var dropStayRatio: Double?
  /// Long / short: the seconds of one leg (1.0).
  public var lengthDuration: Double?
  /// Long / short: the width scales (1.9 and 0.6).
  public var longScale: Double?
  public var shortScale: Double?
  /// Mirror geometry and sweep direction for right-to-left layouts.
  public var rightToLeft: Bool?
  public var reducedMotion: ReducedMotion?
  /// Seconds the skeleton stays invisible after it starts (0): content that arrives sooner means
  /// it never shows. The global level only (the skeleton appears as a whole).
  public var showDelay: Double?
  /// Seconds the skeleton takes to fade in once ``showDelay`` has passed (0: it appears at once).
  /// The global level only.
  public var appearDuration: Double?
  /// Seconds after which the effect's repeats end, leaving the static skeleton (nil: never;
  /// WCAG 2.2.2). Only whole cycles play: the effect stops at the end of the last cycle that
  /// fits.
  public var maxAnimationDuration: Double?

  /// A style with every field deferring to the level below.
  public init() {}
}

/// Every setting resolved: what the generator and the effects read.
public struct ResolvedSkeletonStyle: Sendable, Hashable {
  public var effect: SkeletonStyle.Effect
  public var palette: SkeletonStyle.Palette
  public var color: Color
  public var backgroundColor: Color
  public var heightCoefficient: Double
  public var boneHeight: Double?
  public var cornerRadius: Double
  public var useCornerRadius: Bool
  public var lineHeight: Double
  public var lineSpacing: Double
  public var lastLineScale: Double
  public var shimmerDuration: Double
  public var shimmerSpeed: Double?
  public var shimmerDirection: SkeletonStyle.Direction
  public var shimmerSpace: SkeletonStyle.ShimmerSpace
  public var shimmerColor: SkeletonStyle.ShimmerColor
  public var shimmerBrightness: Double
  public var breatheDuration: Double
  public var dropDuration: Double
  public var dropColor: Color
  public var dropStayRatio: Double
  public var lengthDuration: Double
  public var longScale: Double
  public var shortScale: Double
  public var rightToLeft: Bool
  public var reducedMotion: SkeletonStyle.ReducedMotion
  /// The highlight's own colour, or nil for the base with ``shimmerBrightness``.
  public var shimmerHighlightColor: Color? = nil
  /// The band's width as a fraction of the distance it sweeps, in (0, 1).
  public var shimmerHighlightLength: Double = SkeletonDefaults.shimmerHighlightLength
  /// Seconds between sweeps.
  public var shimmerPauseDuration: Double = 0
  /// The band's direction in degrees, or nil for ``shimmerDirection``.
  public var shimmerAngle: Double? = nil
  /// Seconds before the skeleton shows (read from the global level).
  public var showDelay: Double = 0
  /// Seconds of the skeleton's fade-in (read from the global level).
  public var appearDuration: Double = 0
  /// Seconds after which effects stop repeating, or nil.
  public var maxAnimationDuration: Double? = nil
  /// The host effect in force (``effect`` is then `.none`), looked up when the skeleton is generated.
  public var hostEffect: String? = nil
}

/// The defaults of TABAnimated's README (and, where it is silent, its source), per palette.
public enum SkeletonDefaults {
  /// The shimmer band's width as a fraction of the distance it sweeps: 0.5, a band as wide as
  /// the bone travelling twice its width (TABAnimated's).
  public static let shimmerHighlightLength = 0.5

  /// The fully resolved default style for a palette.
  public static func style(_ palette: SkeletonStyle.Palette) -> ResolvedSkeletonStyle {
    let dark = palette == .dark
    return ResolvedSkeletonStyle(
      effect: .none, palette: palette,
      color: Color(rgb: dark ? 0x282828 : 0xEEEEEE),
      backgroundColor: dark ? Color(rgb: 0x1C1C1E) : .white,
      heightCoefficient: 0.75, boneHeight: nil, cornerRadius: 0, useCornerRadius: false,
      lineHeight: 16 * 0.75, lineSpacing: 8, lastLineScale: 0.5,
      shimmerDuration: 1.5, shimmerSpeed: nil, shimmerDirection: .right, shimmerSpace: .element,
      shimmerColor: .color(Color(rgb: dark ? 0x282828 : 0xDFDFDF)), shimmerBrightness: dark ? 0.5 : 0.92,
      breatheDuration: 1.0,
      dropDuration: 0.4, dropColor: Color(rgb: dark ? 0x323232 : 0xE1E1E1), dropStayRatio: 0.2,
      lengthDuration: 1.0, longScale: 1.9, shortScale: 0.6,
      rightToLeft: false, reducedMotion: .off)
  }
}

extension SkeletonStyle {
  /// This level's settings over an already resolved lower level. A palette set here swaps the
  /// palette's colours (``shimmerHighlightColor`` among them) unless this level sets them.
  public func resolved(over base: ResolvedSkeletonStyle) -> ResolvedSkeletonStyle {
    // A palette change swaps the palette's colours unless this level sets them.
    var r = palette.map { $0 == base.palette ? base : SkeletonDefaults.style($0).merging(behaviour: base) } ?? base
    if let effect {
      r.effect = effect
      r.hostEffect = nil
    }
    if let hostEffect {
      r.hostEffect = hostEffect
      r.effect = .none
    }
    if let color { r.color = color }
    if let backgroundColor { r.backgroundColor = backgroundColor }
    if let heightCoefficient { r.heightCoefficient = heightCoefficient }
    if let boneHeight { r.boneHeight = boneHeight }
    if let cornerRadius { r.cornerRadius = cornerRadius }
    if let useCornerRadius { r.useCornerRadius = useCornerRadius }
    if let lineHeight { r.lineHeight = lineHeight }
    if let lineSpacing { r.lineSpacing = lineSpacing }
    if let lastLineScale { r.lastLineScale = lastLineScale }
    if let shimmerDuration { r.shimmerDuration = shimmerDuration }
    if let shimmerSpeed { r.shimmerSpeed = shimmerSpeed }
    if let shimmerDirection { r.shimmerDirection = shimmerDirection }
    if let shimmerSpace { r.shimmerSpace = shimmerSpace }
    if let shimmerColor { r.shimmerColor = shimmerColor }
    if let shimmerBrightness { r.shimmerBrightness = shimmerBrightness }
    if let breatheDuration { r.breatheDuration = breatheDuration }
    if let dropDuration { r.dropDuration = dropDuration }
    if let dropColor { r.dropColor = dropColor }
    if let dropStayRatio { r.dropStayRatio = dropStayRatio }
    if let lengthDuration { r.lengthDuration = lengthDuration }
    if let longScale { r.longScale = longScale }
    if let shortScale { r.shortScale = shortScale }
    if let rightToLeft { r.rightToLeft = rightToLeft }
    if let reducedMotion { r.reducedMotion = reducedMotion }
    if let shimmerHighlightColor { r.shimmerHighlightColor = shimmerHighlightColor }
    if let shimmerHighlightLength { r.shimmerHighlightLength = shimmerHighlightLength }
    if let shimmerPauseDuration { r.shimmerPauseDuration = shimmerPauseDuration }
    if let shimmerAngle { r.shimmerAngle = shimmerAngle }
    if let showDelay { r.showDelay = showDelay }
    if let appearDuration { r.appearDuration = appearDuration }
    if let maxAnimationDuration { r.maxAnimationDuration = maxAnimationDuration }
    return r
  }
}

extension ResolvedSkeletonStyle {
  /// This palette's colours with everything else taken from `behaviour`.
  func merging(behaviour: ResolvedSkeletonStyle) -> ResolvedSkeletonStyle {
    var r = behaviour
    r.palette = palette
    r.color = color
    r.backgroundColor = backgroundColor
    r.dropColor = dropColor
    // The bone rule is no colour: it follows the bones' colour, which the palette swaps.
    if behaviour.shimmerColor != .bone { r.shimmerColor = shimmerColor }
    r.shimmerBrightness = shimmerBrightness
    // A highlight chosen for one palette's base is that palette's: the swap takes the new
    // palette's rule (the base with its brightness).
    r.shimmerHighlightColor = shimmerHighlightColor
    return r
  }
}
