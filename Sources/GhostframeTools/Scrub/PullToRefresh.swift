import GhostframeCore

/// The seed's pull-to-refresh control, as a producer of ordinary scenes.
///
/// While the host pulls, the drawing follows the pull distance `p` through a ``Scrub`` over
/// `[0, maximumPull]`:
/// - the pull area (layer `refresh.area`, the host's background colour) spans `(0, 0, width, p)`;
/// - the circle under the logo (`refresh.circle`, the fill colour) has radius
///   `R·min(p / trigger, 1)`;
/// - the seed's trick: past the threshold `h` a second circle (`refresh.hole`) in the pull
///   area's background colour grows inside it, radius `(R − ringWidth)·clamp((p − h)/(trigger − h), 0, 1)`,
///   so the ring appears to thin down to `ringWidth`;
/// - the logo (`refresh.logo`, contents `logoImage`) keeps its size; everything stays centred
///   at `(width / 2, p / 2)`, the middle of the visible pull area.
///
/// Past the trigger distance (``isTriggered(atPull:)``) the host calls
/// ``beginRefreshing(at:)``: the area holds open at the trigger distance, the ring at its
/// thinnest, and the logo spins a full turn every `spinDuration` seconds, forever, from the
/// begin time. ``endRefreshing(at:)`` stops the spin and lets the area close with the scrub's
/// spring (from the trigger distance, at rest, back to 0). ``sample(atClock:)`` is a pure
/// function of the clock time for all of this.
///
/// Defaults: the original's colours (JESPullToRefreshView fills the pull area and the inner
/// circle, the hole, with the seed's `rgb(224, 231, 235)`; the circle is the original's
/// `JESPullToRefreshConstants.LoadingViewBackgroundColor`, `rgb(72, 70, 109)`), and the seed's
/// logo image `refresh_logo`; the seed gives no sizes,
/// so these are this tool's: a 375-point-wide area, trigger 95, maximum pull 160, threshold 50,
/// radius 20, ring 2.5, logo 24, one spin per second.
public struct PullToRefresh: Sendable {
  /// The layer ids, in scene order (area, circle, hole, logo).
  public static let layerIDs = ["refresh.area", "refresh.circle", "refresh.hole", "refresh.logo"]

  /// The width of the pull area (the host's width).
  public let width: Double
  /// The pull distance past which the control refreshes.
  public let triggerDistance: Double
  /// The pull distance at which the drawing stops changing (the scrub's upper end).
  public let maximumPull: Double
  /// The pull distance at which the inner circle starts to grow (0 < threshold < trigger).
  public let thresholdDistance: Double
  /// The outer circle's radius at and past the trigger distance.
  public let maximumRadius: Double
  /// The ring's thickness at and past the trigger distance (0 < ringWidth < maximumRadius).
  public let ringWidth: Double
  /// The logo's side.
  public let logoSize: Double
  /// The seconds of one turn of the logo while refreshing.
  public let spinDuration: Double
  /// The pulled scene: sampled through ``scrub`` at a pull distance.
  public let scene: Scene
  /// The scrub over `[0, maximumPull]` → `[0, 1]` that samples ``scene``.
  public private(set) var scrub: Scrub
  /// The scene while refreshing (held at the trigger distance, logo spinning), once begun.
  public private(set) var refreshingScene: Scene?
  /// When refreshing began, or `nil`.
  public private(set) var refreshBegan: Double?
  /// When refreshing ended, or `nil`.
  public private(set) var refreshEnded: Double?

  /// Builds the control.
  ///
  /// - Parameters:
  ///   - width: The pull area's width, finite and > 0 (default 375).
  ///   - triggerDistance: The pull that triggers a refresh (default 95).
  ///   - maximumPull: The largest pull drawn (default 160), > `triggerDistance`.
  ///   - thresholdDistance: Where the ring starts to thin (default 50), in `(0, triggerDistance)`.
  ///   - maximumRadius: The outer circle's full radius (default 20), > 0.
  ///   - ringWidth: The thinnest ring (default 2.5), in `(0, maximumRadius)`.
  ///   - logoSize: The logo's side (default 24), > 0.
  ///   - spinDuration: One turn of the logo while refreshing, in seconds (default 1), > 0.
  ///   - fillColor: The circle's colour (default the original's `rgb(72, 70, 109)`).
  ///   - backgroundColor: The pull area's colour, also the inner circle's (default the seed's
  ///     `rgb(224, 231, 235)`, with which the original fills both).
  ///   - logoImage: The logo's image name (default the seed's `refresh_logo`).
  ///   - spring: How the area closes after ``endRefreshing(at:)`` (default ``Scrub``'s).
  /// - Throws: `.invalidArgument` naming the first value out of range (NaN included), or a
  ///   maximum radius whose circle would reach past the largest double.
  public init(
    width: Double = 375, triggerDistance: Double = 95, maximumPull: Double = 160,
    thresholdDistance: Double = 50, maximumRadius: Double = 20, ringWidth: Double = 2.5,
    logoSize: Double = 24, spinDuration: Double = 1,
    fillColor: Color = Color(red: 72 / 255, green: 70 / 255, blue: 109 / 255),
    backgroundColor: Color = Color(red: 224 / 255, green: 231 / 255, blue: 235 / 255),
    logoImage: String = "refresh_logo", spring: Spring? = nil
  ) throws(GhostframeError) {
    let positive: [(String, Double)] = [
      ("width", width), ("trigger distance", triggerDistance), ("maximum pull", maximumPull),
      ("threshold distance", thresholdDistance), ("maximum radius", maximumRadius), ("ring width", ringWidth),
      ("logo size", logoSize), ("spin duration", spinDuration),
    ]
    for (name, value) in positive where !(value.isFinite && value > 0) {
      throw .invalid("pull to refresh: \(name) must be finite and > 0, got \(value)")
    }
    guard thresholdDistance < triggerDistance, triggerDistance < maximumPull else {
      throw .invalid(
        "pull to refresh: needs threshold \(thresholdDistance) < trigger \(triggerDistance) < maximum pull \(maximumPull)")
    }
    guard ringWidth < maximumRadius else {
      throw .invalid("pull to refresh: ring width \(ringWidth) must be < maximum radius \(maximumRadius)")
    }
    // The circles' sides are twice their radii: refuse here what would overflow there (it was
    // refused as an internal animation's value), and a logo or area whose centre would.
    guard (2 * maximumRadius).isFinite else {
      throw .invalid("pull to refresh: maximum radius \(maximumRadius) is too large: its diameter overflows")
    }
    try Rect(x: width / 2 - maximumRadius, y: maximumPull / 2 - maximumRadius, width: 2 * maximumRadius,
             height: 2 * maximumRadius).checkExtent("pull to refresh: the circle (maximum radius \(maximumRadius))")
    self.width = width
    self.triggerDistance = triggerDistance
    self.maximumPull = maximumPull
    self.thresholdDistance = thresholdDistance
    self.maximumRadius = maximumRadius
    self.ringWidth = ringWidth
    self.logoSize = logoSize
    self.spinDuration = spinDuration

    // Held geometry: what the scene shows at rest (pull 0) and, for the refreshing scene, at the
    // trigger distance.
    var scene = try Self.layers(
      width: width, pull: 0, outer: 0, inner: 0, logoSize: logoSize, fill: fillColor, background: backgroundColor,
      logo: logoImage)
    // Every drawn quantity is piecewise linear in p with knots at 0, h, trigger and maximum,
    // so linear keyframes at those key times (p / maximum) reproduce it exactly.
    let knots = [0, thresholdDistance, triggerDistance, maximumPull]
    let keyTimes = knots.map { $0 / maximumPull }
    let outer = knots.map { maximumRadius * min($0 / triggerDistance, 1) }
    let inner = knots.map {
      (maximumRadius - ringWidth) * min(max(($0 - thresholdDistance) / (triggerDistance - thresholdDistance), 0), 1)
    }
    let timing = try Timing(duration: 1, fill: .both)
    func track(_ keyPath: String, _ values: [[Double]], _ layer: String) throws(GhostframeError) {
      let keyframes = Keyframes(values: values, keyTimes: keyTimes)
      _ = try scene.addAnimation(
        .keyframes(keyPath, keyframes, timing: timing, removedOnCompletion: false), to: layer)
    }
    try track("bounds.size.height", knots.map { [$0] }, "refresh.area")
    for id in Self.layerIDs { try track("position.y", knots.map { [$0 / 2] }, id) }
    for (id, radii) in [("refresh.circle", outer), ("refresh.hole", inner)] {
      try track("bounds.size", radii.map { [2 * $0, 2 * $0] }, id)
      try track("cornerRadius", radii.map { [$0] }, id)
    }
    self.scene = scene
    self.scrub = try Scrub(scene: scene, inputRange: (0, maximumPull), timeRange: (0, 1), spring: spring)
    self.fillColor = fillColor
    self.backgroundColor = backgroundColor
    self.logoImage = logoImage
  }

  /// The circle's colour.
  public let fillColor: Color
  /// The pull area's colour (and the inner circle's).
  public let backgroundColor: Color
  /// The logo's image name.
  public let logoImage: String

  /// The four layers with still geometry for pull `pull`.
  private static func layers(
    width: Double, pull: Double, outer: Double, inner: Double, logoSize: Double, fill: Color, background: Color,
    logo: String
  ) throws(GhostframeError) -> Scene {
    var scene = Scene()
    let cx = width / 2, cy = pull / 2
    func disc(_ r: Double) -> Rect { Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r) }
    try scene.addLayer(Layer(id: "refresh.area", frame: Rect(x: 0, y: 0, width: width, height: pull),
                             backgroundColor: background))
    try scene.addLayer(Layer(id: "refresh.circle", frame: disc(outer), cornerRadius: outer, backgroundColor: fill))
    try scene.addLayer(Layer(id: "refresh.hole", frame: disc(inner), cornerRadius: inner, backgroundColor: background))
    try scene.addLayer(Layer(id: "refresh.logo", frame: disc(logoSize / 2), contents: logo))
    return scene
  }

  /// Whether pull `p` is past the trigger distance (`p >= triggerDistance`).
  public func isTriggered(atPull p: Double) -> Bool { p >= triggerDistance }

  /// The drawing at pull distance `p` (clamped to `[0, maximumPull]`): `scrub.sample(at: p)`.
  ///
  /// - Throws: `.invalidArgument` for a NaN or infinite `p`.
  public func sample(atPull p: Double) throws(GhostframeError) -> [LayerState] {
    try scrub.sample(at: p)
  }

  /// Writes the drawing at pull `p` into `states` (at least 4), allocating nothing once compiled.
  ///
  /// - Throws: `.invalidArgument` for a NaN or infinite `p`; `.bufferTooSmall` (nothing written).
  public func sample(atPull p: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    try scrub.sample(at: p, into: states)
  }

  /// Starts the refreshing state at clock time `t`: the area holds at the trigger distance and
  /// the logo spins from `t` on.
  ///
  /// - Throws: `.invalidArgument` for a non-finite `t` or when already refreshing (unchanged).
  public mutating func beginRefreshing(at t: Double) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("pull to refresh: begin time must be finite, got \(t)") }
    guard refreshBegan == nil || refreshEnded != nil else {
      throw .invalid("pull to refresh: already refreshing since \(refreshBegan ?? t)")
    }
    var held = try Self.layers(
      width: width, pull: triggerDistance, outer: maximumRadius, inner: maximumRadius - ringWidth, logoSize: logoSize,
      fill: fillColor, background: backgroundColor, logo: logoImage)
    let spin = try Animation.basic(
      "transform.rotation", from: [0], to: [2 * Double.pi],
      timing: Timing(duration: spinDuration, delay: t, iterations: .infinity), removedOnCompletion: false)
    _ = try held.addAnimation(spin, to: "refresh.logo")
    var scrub = self.scrub
    scrub.grab()
    self.scrub = scrub
    refreshingScene = held
    refreshBegan = t
    refreshEnded = nil
  }

  /// Ends the refreshing state at clock time `t`: the spin stops and the area closes from the
  /// trigger distance to 0 on the scrub's spring.
  ///
  /// - Throws: `.invalidArgument` for a non-finite `t`, when not refreshing, or when `t` is before
  ///   the begin time (unchanged).
  public mutating func endRefreshing(at t: Double) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("pull to refresh: end time must be finite, got \(t)") }
    guard let began = refreshBegan, refreshEnded == nil else {
      throw .invalid("pull to refresh: not refreshing; call beginRefreshing(at:) first")
    }
    guard t >= began else {
      throw .invalid("pull to refresh: end time \(t) is before the begin time \(began)")
    }
    try scrub.release(at: t, value: triggerDistance, velocity: 0, rest: 0)
    refreshEnded = t
  }

  /// The drawing at clock time `t` once refreshing has begun: the refreshing scene from the
  /// begin time until the end time, then the pull scene following the closing spring.
  ///
  /// - Throws: `.invalidArgument` for a non-finite `t`, before ``beginRefreshing(at:)``, or for a
  ///   `t` before the begin time.
  public func sample(atClock t: Double) throws(GhostframeError) -> [LayerState] {
    guard t.isFinite else { throw .invalid("pull to refresh: clock time must be finite, got \(t)") }
    guard let began = refreshBegan, let refreshingScene else {
      throw .invalid("pull to refresh: not refreshing; sample(atPull:) draws the pull")
    }
    guard t >= began else { throw .invalid("pull to refresh: clock time \(t) is before the begin time \(began)") }
    if let ended = refreshEnded, t >= ended { return try scrub.sample(atClock: t) }
    return refreshingScene.sample(at: t)
  }

  /// Writes the drawing at clock time `t` into `states` (at least 4), allocating nothing once
  /// compiled.
  ///
  /// - Throws: As ``sample(atClock:)``, or `.bufferTooSmall` (nothing written).
  public func sample(atClock t: Double, into states: UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) {
    guard t.isFinite else { throw .invalid("pull to refresh: clock time must be finite, got \(t)") }
    guard let began = refreshBegan, let refreshingScene else {
      throw .invalid("pull to refresh: not refreshing; sample(atPull:) draws the pull")
    }
    guard t >= began else { throw .invalid("pull to refresh: clock time \(t) is before the begin time \(began)") }
    if let ended = refreshEnded, t >= ended { return try scrub.sample(atClock: t, into: states) }
    try refreshingScene.sample(at: t, into: states)
  }
}
