import GhostframeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Skeleton {
  /// Where a shimmer gradient's start and end points travel during one sweep, in a layer's
  /// unit space.
  struct ShimmerSweep: Hashable {
    var startFrom: Point
    var startTo: Point
    var endFrom: Point
    var endTo: Point

    /// TABAnimated's table (ToRight, ToLeft) extended to the vertical and diagonal
    /// directions, for a band `band` units wide (1, the default, is the table): the gradient
    /// spans `band` units along the direction and its start travels `1 + band`, from just
    /// before the layer to just past it.
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
    /// With a band `w`, each row is the axis `origin + s·axis` with the start at `s` = −w → 1
    /// and the end at 0 → 1 + w (left and up run it backwards: 1 → −w and 1 + w → 0).
    static func unit(_ direction: SkeletonStyle.Direction, rightToLeft: Bool, band w: Double = 1) -> ShimmerSweep {
      func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
      switch (direction, rightToLeft) {
      case (.right, false), (.left, true): return along(origin: p(0, 0.5), axis: p(1, 0), band: w, reversed: false)
      case (.left, false), (.right, true): return along(origin: p(0, 0.5), axis: p(1, 0), band: w, reversed: true)
      case (.down, _): return along(origin: p(0.5, 0), axis: p(0, 1), band: w, reversed: false)
      case (.up, _): return along(origin: p(0.5, 0), axis: p(0, 1), band: w, reversed: true)
      case (.diagonal, false): return along(origin: p(0, 0), axis: p(1, 1), band: w, reversed: false)
      case (.diagonal, true): return along(origin: p(1, 0), axis: p(-1, 1), band: w, reversed: false)
      }
    }

    /// A band `band` units of `axis` wide crossing the segment `origin ... origin + axis`:
    /// the start at `s` = −band → 1 and the end at 0 → 1 + band (reversed: 1 → −band and
    /// 1 + band → 0).
    static func along(origin o: Point, axis u: Point, band w: Double, reversed: Bool) -> ShimmerSweep {
      func at(_ s: Double) -> Point { Point(x: o.x + s * u.x, y: o.y + s * u.y) }
      return reversed
        ? ShimmerSweep(startFrom: at(1), startTo: at(-w), endFrom: at(1 + w), endTo: at(0))
        : ShimmerSweep(startFrom: at(-w), startTo: at(1), endFrom: at(0), endTo: at(1 + w))
    }

    /// The direction of `degrees` (0 left to right, 90 top to bottom on a y-down screen), exact
    /// at multiples of 90.
    static func direction(degrees: Double) -> (cos: Double, sin: Double) {
      var a = degrees.truncatingRemainder(dividingBy: 360)
      if a < 0 { a += 360 }
      switch a {
      case 0: return (1, 0)
      case 90: return (0, 1)
      case 180: return (-1, 0)
      case 270: return (0, -1)
      default: return (cos(a * .pi / 180), sin(a * .pi / 180))
      }
    }

    /// A band travelling at `degrees` across a rectangle of `size` points, so its edges stand
    /// at right angles to the travel in points (not in the unit space): with `d` = (cos, sin)
    /// and the rectangle's extent along it `D = W·|cos| + H·|sin|`, the band is `band·D`
    /// points wide and its start crosses from `band·D` before the rectangle to its far side,
    /// `centre + (s − ½)·D·d` for `s` = −band → 1. Nil when the rectangle is empty along the
    /// travel (a zero width moving horizontally).
    static func angled(_ degrees: Double, size: Size, band w: Double) -> ShimmerSweep? {
      let d = direction(degrees: degrees)
      let extent = size.width * abs(d.cos) + size.height * abs(d.sin)
      guard extent > 0, d.cos == 0 || size.width > 0, d.sin == 0 || size.height > 0 else { return nil }
      let ux = d.cos == 0 ? 0 : extent * d.cos / size.width
      let uy = d.sin == 0 ? 0 : extent * d.sin / size.height
      let origin = Point(x: 0.5 - 0.5 * ux, y: 0.5 - 0.5 * uy)
      return along(origin: origin, axis: Point(x: ux, y: uy), band: w, reversed: false)
    }

    /// The points a band `w` units wide at `degrees` covers, as ``angled(_:size:band:)``'s
    /// distance: its start travels `(1 + w)·D` points.
    static func angledDistance(_ degrees: Double, size: Size, band w: Double) -> Double {
      let d = direction(degrees: degrees)
      return (1 + w) * (size.width * abs(d.cos) + size.height * abs(d.sin))
    }

    /// Whether the band moves along x (else the x coordinates stay put), and along y.
    var movesX: Bool { startFrom.x != startTo.x }
    var movesY: Bool { startFrom.y != startTo.y }

    /// This sweep, given in the unit space of the rectangle `space`, seen from the unit space
    /// of `frame` (both in root coordinates): a point's root position `space.origin + p·size`
    /// re-expressed as `(position − frame.origin) / frame.size`. Along an axis the band does
    /// not move on, the coordinate stays 0.5. Nil when `frame` is empty along a moving axis.
    func mapped(from space: Rect, to frame: Rect) -> ShimmerSweep? {
      let movesX = self.movesX, movesY = self.movesY
      guard !movesX || frame.width > 0, !movesY || frame.height > 0 else { return nil }
      func map(_ p: Point) -> Point {
        Point(x: movesX ? (space.x + p.x * space.width - frame.x) / frame.width : 0.5,
              y: movesY ? (space.y + p.y * space.height - frame.y) / frame.height : 0.5)
      }
      return ShimmerSweep(startFrom: map(startFrom), startTo: map(startTo), endFrom: map(endFrom), endTo: map(endTo))
    }

    /// The distance the band's start travels in points when the unit space is `size`:
    /// `1 + band` sizes along the direction (the diagonal's length for the diagonal); two with
    /// the default band.
    static func distance(_ direction: SkeletonStyle.Direction, size: Size, band w: Double = 1) -> Double {
      switch direction {
      case .left, .right: return (1 + w) * size.width
      case .up, .down: return (1 + w) * size.height
      case .diagonal: return (1 + w) * (size.width * size.width + size.height * size.height).squareRoot()
      }
    }

    /// The band's width in units of the distance swept, from the style's fraction `length` of
    /// the distance (`w = L / (1 − L)`: 0.5 gives 1, TABAnimated's band).
    static func band(length: Double) -> Double { length / (1 - length) }
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
  /// 0.5, 1, as a CAGradientLayer without `locations`; highlight = `shimmerHighlightColor`, or
  /// base with HSB brightness × shimmerBrightness) and one group moving its start and end
  /// points, ease-in, repeating from the effects' start (forever, or the whole cycles of
  /// `maxAnimationDuration`). The base is `shimmerColor`: TABAnimated's `shimmerBackColor` by
  /// default, or with `.bone` the bone's own colour.
  ///
  /// - Per element (TABAnimated): the table of ``Skeleton/ShimmerSweep/unit(_:rightToLeft:band:)``
  ///   in the layer's own unit space, or with `shimmerAngle` the band of
  ///   ``Skeleton/ShimmerSweep/angled(_:size:band:)`` across the layer (the angle mirrored,
  ///   180° − a, in right-to-left).
  /// - Shared: the same in the root's unit space (the viewport), mapped into each layer's
  ///   unit space, so every bone shows the same band at the same root position:
  ///   `startPoint.x` goes from `(−W − x)/w` to `(W − x)/w` for a layer at `x` of width `w`.
  /// - Band: `shimmerHighlightLength` L of the distance swept, so `w = L/(1 − L)` units wide
  ///   (L = 0.5: the layer's size, the table above).
  /// - Duration of a sweep: `shimmerDuration`, or with `shimmerSpeed` set, the distance
  ///   travelled divided by the speed (per element: `1 + w` × the layer's width, height or
  ///   diagonal, or its extent along the angle; shared: the viewport's). An empty distance
  ///   falls back to `shimmerDuration`.
  /// - Pause: `shimmerPauseDuration` seconds after each sweep with the band past the layer
  ///   (each cycle is the sweep, eased, then the pause).
  ///
  /// Bones with `withoutAnimation` or their own static gradient do not shimmer; a layer empty
  /// along the sweep (shared mode, or an angle) has nothing to show and is skipped.
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
    let length = style.shimmerHighlightLength
    guard length > 0, length < 1 else {
      throw .invalid("bone \(index): shimmerHighlightLength must be in (0, 1) (got \(length))")
    }
    let pause = style.shimmerPauseDuration
    guard pause.isFinite, pause >= 0 else {
      throw .invalid("bone \(index): shimmerPauseDuration must be finite and >= 0 (got \(pause))")
    }
    if let angle = style.shimmerAngle, !angle.isFinite {
      throw .invalid("bone \(index): shimmerAngle must be finite (got \(angle))")
    }
    let band = Skeleton.ShimmerSweep.band(length: length)
    let direction = style.shimmerDirection
    let angle = style.shimmerAngle.map { style.rightToLeft ? 180 - $0 : $0 }
    let unit = Skeleton.ShimmerSweep.unit(direction, rightToLeft: style.rightToLeft, band: band)
    let root = Rect(x: 0, y: 0, width: skeleton.viewport.width, height: skeleton.viewport.height)
    let base: Color
    switch style.shimmerColor {
    case .color(let color): base = color
    case .bone: base = bones[placed.bone].color
    }
    let colors = shimmerColors(base, brightness: style.shimmerBrightness, highlight: style.shimmerHighlightColor)
    // Shared: one sweep in the viewport's unit space for every layer of the bone.
    var shared: Skeleton.ShimmerSweep?
    if style.shimmerSpace == .shared {
      if let angle {
        shared = Skeleton.ShimmerSweep.angled(angle, size: skeleton.viewport, band: band)
      } else {
        shared = unit
      }
    }
    for part in placed.parts {
      let frame = layout.parts[part].frame
      let sweep: Skeleton.ShimmerSweep
      let travelled: Double
      let size = Size(width: frame.width, height: frame.height)
      switch style.shimmerSpace {
      case .element:
        if let angle {
          guard let angled = Skeleton.ShimmerSweep.angled(angle, size: size, band: band) else { continue }
          sweep = angled
          travelled = Skeleton.ShimmerSweep.angledDistance(angle, size: size, band: band)
        } else {
          sweep = unit
          travelled = Skeleton.ShimmerSweep.distance(direction, size: size, band: band)
        }
      case .shared:
        guard let shared, let mapped = shared.mapped(from: root, to: frame) else { continue }
        sweep = mapped
        travelled = angle.map { Skeleton.ShimmerSweep.angledDistance($0, size: skeleton.viewport, band: band) }
          ?? Skeleton.ShimmerSweep.distance(direction, size: skeleton.viewport, band: band)
      }
      var duration = style.shimmerDuration
      if let speed = style.shimmerSpeed, travelled > 0 { duration = travelled / speed }
      guard duration.isFinite, duration > 0 else {
        throw .invalid("bone \(index): shimmer duration \(duration) from speed \(style.shimmerSpeed ?? 0) is unusable")
      }
      guard let animation = try shimmer(sweep, duration: duration, pause: pause, limit: style.maxAnimationDuration)
      else {
        continue  // no whole sweep fits in maxAnimationDuration: the static skeleton
      }
      gradients[part] = Gradient(colors: colors, locations: Self.shimmerLocations, startPoint: sweep.startFrom,
                                 endPoint: sweep.endFrom)
      add(animation, to: layout.parts[part].id, key: "shimmer")
    }
  }

  /// The gradient stops of a shimmer, shared by every shimmering layer.
  static let shimmerLocations: [Double] = [0, 0.5, 1]

  /// `[base, highlight, base]`, reusing the previous bone's array when it is the same.
  private mutating func shimmerColors(_ base: Color, brightness: Double, highlight: Color?) -> [Color] {
    if let last = lastShimmerColors, last.base == base, last.brightness == brightness, last.highlight == highlight {
      return last.colors
    }
    let colors = [base, highlight ?? Skeleton.shimmerHighlight(base, brightness: brightness), base]
    lastShimmerColors = (base, brightness, highlight, colors)
    return colors
  }

  /// One shimmer cycle: a group moving the gradient's start and end points over `duration`,
  /// then resting `pause` seconds, repeating (``repeating(_:autoreverses:easing:offset:limit:)``);
  /// nil when `limit` leaves no whole cycle. Without a pause the group carries the ease-in (its
  /// legs are linear), as before pauses existed; with one, the legs carry it. Reuses the
  /// previous part's animation when the sweep and timing are the same, which per element
  /// (TABAnimated's default) is nearly every bone.
  private mutating func shimmer(_ sweep: Skeleton.ShimmerSweep, duration: Double, pause: Double, limit: Double?)
    throws(GhostframeError) -> SharedBox<Animation>?
  {
    if let last = lastShimmer, last.sweep == sweep, last.duration == duration, last.pause == pause,
       last.limit == limit {
      return last.animation
    }
    let legEasing: Curve = pause > 0 ? .easeIn : .linear
    let leg = try Timing(duration: duration, fill: .both, easing: legEasing)
    let box: SharedBox<Animation>?
    if let timing = try repeating(duration + pause, easing: pause > 0 ? .linear : .easeIn, limit: limit) {
      box = SharedBox(try Animation.group([
        .basic("gradient.startPoint", from: [sweep.startFrom.x, sweep.startFrom.y],
               to: [sweep.startTo.x, sweep.startTo.y], timing: leg),
        .basic("gradient.endPoint", from: [sweep.endFrom.x, sweep.endFrom.y],
               to: [sweep.endTo.x, sweep.endTo.y], timing: leg),
      ], timing: timing, removedOnCompletion: false))
    } else {
      box = nil
    }
    lastShimmer = (sweep, duration, pause, limit, box)
    return box
  }
}
