import GhostframeCore

extension Skeleton {
  /// Where a shimmer gradient's start and end points travel during one sweep, in a layer's
  /// unit space.
  struct ShimmerSweep: Hashable {
    var startFrom: Point
    var startTo: Point
    var endFrom: Point
    var endTo: Point

    /// TABAnimated's table (ToRight, ToLeft) extended to the vertical and diagonal
    /// directions: the gradient spans one unit and travels two.
    ///
    /// | direction | startPoint | endPoint |
    /// |---|---|---|
    /// | right | (−1, .5) → (1, .5) | (0, .5) → (2, .5) |
    /// | left | (1, .5) → (−1, .5) | (2, .5) → (0, .5) |
    /// | down | (.5, −1) → (.5, 1) | (.5, 0) → (.5, 2) |
    /// | up | (.5, 1) → (.5, −1) | (.5, 2) → (.5, 0) |
    /// | diagonal | (−1, −1) → (1, 1) | (0, 0) → (2, 2) |
    /// | diagonal, right-to-left | (2, −1) → (0, 1) | (1, 0) → (−1, 2) |
    ///
    /// Right-to-left swaps right and left and mirrors the diagonal (top-right to bottom-left).
    static func unit(_ direction: SkeletonStyle.Direction, rightToLeft: Bool) -> ShimmerSweep {
      func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
      switch (direction, rightToLeft) {
      case (.right, false), (.left, true):
        return ShimmerSweep(startFrom: p(-1, 0.5), startTo: p(1, 0.5), endFrom: p(0, 0.5), endTo: p(2, 0.5))
      case (.left, false), (.right, true):
        return ShimmerSweep(startFrom: p(1, 0.5), startTo: p(-1, 0.5), endFrom: p(2, 0.5), endTo: p(0, 0.5))
      case (.down, _):
        return ShimmerSweep(startFrom: p(0.5, -1), startTo: p(0.5, 1), endFrom: p(0.5, 0), endTo: p(0.5, 2))
      case (.up, _):
        return ShimmerSweep(startFrom: p(0.5, 1), startTo: p(0.5, -1), endFrom: p(0.5, 2), endTo: p(0.5, 0))
      case (.diagonal, false):
        return ShimmerSweep(startFrom: p(-1, -1), startTo: p(1, 1), endFrom: p(0, 0), endTo: p(2, 2))
      case (.diagonal, true):
        return ShimmerSweep(startFrom: p(2, -1), startTo: p(0, 1), endFrom: p(1, 0), endTo: p(-1, 2))
      }
    }

    /// This sweep, given in the unit space of the rectangle `space`, seen from the unit space
    /// of `frame` (both in root coordinates): a point's root position `space.origin + p·size`
    /// re-expressed as `(position − frame.origin) / frame.size`. Along an axis the direction
    /// does not move on, the coordinate stays 0.5. Nil when `frame` is empty along a moving axis.
    func mapped(from space: Rect, to frame: Rect, direction: SkeletonStyle.Direction) -> ShimmerSweep? {
      let movesX = direction != .down && direction != .up
      let movesY = direction != .left && direction != .right
      guard !movesX || frame.width > 0, !movesY || frame.height > 0 else { return nil }
      func map(_ p: Point) -> Point {
        Point(x: movesX ? (space.x + p.x * space.width - frame.x) / frame.width : 0.5,
              y: movesY ? (space.y + p.y * space.height - frame.y) / frame.height : 0.5)
      }
      return ShimmerSweep(startFrom: map(startFrom), startTo: map(startTo), endFrom: map(endFrom), endTo: map(endTo))
    }

    /// The distance the band travels in points when the unit space is `size`: two sizes along
    /// the direction (the diagonal's length for the diagonal).
    static func distance(_ direction: SkeletonStyle.Direction, size: Size) -> Double {
      switch direction {
      case .left, .right: return 2 * size.width
      case .up, .down: return 2 * size.height
      case .diagonal: return 2 * (size.width * size.width + size.height * size.height).squareRoot()
      }
    }
  }

  /// `color` with its HSB brightness multiplied by `factor` (hue and saturation kept, the
  /// brightness capped at 1): every RGB channel scales by the same ratio.
  static func shimmerHighlight(_ color: Color, brightness factor: Double) -> Color {
    let value = max(color.red, color.green, color.blue)
    guard value > 0 else { return color }
    let ratio = min(value * factor, 1) / value
    return Color(red: color.red * ratio, green: color.green * ratio, blue: color.blue * ratio, alpha: color.alpha)
  }
}

extension Skeleton.EffectPlan {
  /// Shimmer: each layer of the bone gets the gradient `[base, highlight, base]` (stops 0,
  /// 0.5, 1, as a CAGradientLayer without `locations`; highlight = base with HSB brightness ×
  /// shimmerBrightness) and one group moving its start and end points, ease-in, repeating
  /// forever from the start time. The base is `shimmerColor`: TABAnimated's `shimmerBackColor`
  /// by default, or with `.bone` the bone's own colour.
  ///
  /// - Per element (TABAnimated): the table of ``Skeleton/ShimmerSweep/unit(_:rightToLeft:)``
  ///   in the layer's own unit space.
  /// - Shared: the same table in the root's unit space (the viewport), mapped into each layer's
  ///   unit space, so every bone shows the same band at the same root position:
  ///   `startPoint.x` goes from `(−W − x)/w` to `(W − x)/w` for a layer at `x` of width `w`.
  /// - Duration: `shimmerDuration`, or with `shimmerSpeed` set, the distance travelled divided
  ///   by the speed (per element: 2 × the layer's width, height or diagonal; shared: 2 × the
  ///   viewport's). An empty distance falls back to `shimmerDuration`.
  ///
  /// Bones with `withoutAnimation` or their own static gradient do not shimmer; in shared
  /// mode a layer empty along the sweep has nothing to show and is skipped.
  mutating func planShimmer(_ placed: Skeleton.PlacedBone) throws(GhostframeError) {
    let style = bones[placed.bone].style
    guard style.effect == .shimmer, style.reducedMotion == .off, !bones[placed.bone].withoutAnimation,
          bones[placed.bone].gradient == nil else {
      return
    }
    let index = bones[placed.bone].index
    guard style.shimmerDuration.isFinite, style.shimmerDuration > 0 else {
      throw .invalid("bone \(index): shimmer duration must be finite and > 0 (got \(style.shimmerDuration))")
    }
    if let speed = style.shimmerSpeed, !(speed.isFinite && speed > 0) {
      throw .invalid("bone \(index): shimmer speed must be finite and > 0 (got \(speed))")
    }
    guard style.shimmerBrightness.isFinite, style.shimmerBrightness >= 0 else {
      throw .invalid("bone \(index): shimmer brightness must be finite and >= 0 (got \(style.shimmerBrightness))")
    }
    let direction = style.shimmerDirection
    let unit = Skeleton.ShimmerSweep.unit(direction, rightToLeft: style.rightToLeft)
    let root = Rect(x: 0, y: 0, width: skeleton.viewport.width, height: skeleton.viewport.height)
    let base: Color
    switch style.shimmerColor {
    case .color(let color): base = color
    case .bone: base = bones[placed.bone].color
    }
    let colors = shimmerColors(base, brightness: style.shimmerBrightness)
    for part in placed.parts {
      let frame = layout.parts[part].frame
      let sweep: Skeleton.ShimmerSweep
      let travelled: Double
      switch style.shimmerSpace {
      case .element:
        sweep = unit
        travelled = Skeleton.ShimmerSweep.distance(direction, size: Size(width: frame.width, height: frame.height))
      case .shared:
        guard let mapped = unit.mapped(from: root, to: frame, direction: direction) else { continue }
        sweep = mapped
        travelled = Skeleton.ShimmerSweep.distance(direction, size: skeleton.viewport)
      }
      var duration = style.shimmerDuration
      if let speed = style.shimmerSpeed, travelled > 0 { duration = travelled / speed }
      guard duration.isFinite, duration > 0 else {
        throw .invalid("bone \(index): shimmer duration \(duration) from speed \(style.shimmerSpeed ?? 0) is unusable")
      }
      gradients[part] = Gradient(colors: colors, locations: Self.shimmerLocations, startPoint: sweep.startFrom,
                                 endPoint: sweep.endFrom)
      add(try shimmer(sweep, duration: duration), to: layout.parts[part].id, key: "shimmer")
    }
  }

  /// The gradient stops of a shimmer, shared by every shimmering layer.
  static let shimmerLocations: [Double] = [0, 0.5, 1]

  /// `[base, highlight, base]`, reusing the previous bone's array when it is the same.
  private mutating func shimmerColors(_ base: Color, brightness: Double) -> [Color] {
    if let last = lastShimmerColors, last.base == base, last.brightness == brightness { return last.colors }
    let colors = [base, Skeleton.shimmerHighlight(base, brightness: brightness), base]
    lastShimmerColors = (base, brightness, colors)
    return colors
  }

  /// One shimmer sweep: a group moving the gradient's start and end points, repeating forever.
  /// Reuses the previous part's animation when the sweep and duration are the same, which per
  /// element (TABAnimated's default) is nearly every bone.
  private mutating func shimmer(_ sweep: Skeleton.ShimmerSweep, duration: Double) throws(GhostframeError)
    -> SharedBox<Animation>
  {
    if let last = lastShimmer, last.sweep == sweep, last.duration == duration { return last.animation }
    let leg = try Timing(duration: duration, fill: .both)
    let group = try Animation.group([
      .basic("gradient.startPoint", from: [sweep.startFrom.x, sweep.startFrom.y],
             to: [sweep.startTo.x, sweep.startTo.y], timing: leg),
      .basic("gradient.endPoint", from: [sweep.endFrom.x, sweep.endFrom.y],
             to: [sweep.endTo.x, sweep.endTo.y], timing: leg),
    ], timing: try forever(duration, easing: .easeIn), removedOnCompletion: false)
    let box = SharedBox(group)
    lastShimmer = (sweep, duration, box)
    return box
  }
}
