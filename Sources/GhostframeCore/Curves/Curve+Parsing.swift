extension Curve {
  /// The longest spec ``init(parsing:)`` reads, in bytes of UTF-8: 512 KiB, more than the
  /// longest canonical ``description`` of any curve (520,006 bytes, a `linear()` of
  /// ``maximumLinearPoints`` points with the longest numbers), so a description always parses back.
  public static let maximumSpecLength = CurveParser.maxSpecLength

  /// The most points a `linear()` curve has once resolved: a stop with two input percentages is
  /// two points, and the canonical description writes one stop per point.
  public static let maximumLinearPoints = LinearEasing.maxPoints

  /// Parses curve spec text.
  ///
  /// Accepted forms (names are case-sensitive, whitespace around tokens is ignored):
  /// - CSS: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`,
  ///   `cubic-bezier(x1, y1, x2, y2)`, `steps(n[, jump-start|jump-end|jump-none|jump-both|start|end])`,
  ///   `step-start`, `step-end`, and CSS Easing 2 `linear(0, 0.25 50%, 1)` with up to two
  ///   percentages per stop;
  /// - Core Animation: `default`, `easeIn`, `easeOut`, `easeInEaseOut`;
  /// - Penner, as on easings.net: `easeInQuad` ... `easeInOutBounce`;
  /// - `spring(mass, stiffness, damping, velocity)`, trailing arguments optional (defaults
  ///   1, 100, 10, 0), with an optional fifth argument `allows-overdamping`;
  /// - a host curve's name, `vendor.name`, while one is registered (``hostCurves``).
  ///
  /// Numbers are read with `Double(String)`.
  ///
  /// - Parameter spec: The text, at most ``maximumSpecLength`` bytes of UTF-8 (512 KiB, which
  ///   holds the canonical ``description`` of every curve, so a description always parses back).
  /// - Throws: `.parse` for an unknown name or bad syntax (the message names what was
  ///   expected and the 1-based column); `.invalidArgument` for a value out of range
  ///   (non-finite numbers, a cubic-bezier x outside [0, 1], a step count that is not an
  ///   integer in range, fewer than 2 linear() stops, an invalid or never-settling spring);
  ///   `.notFound` for a dotted name no host curve is registered under;
  ///   `.limit` for a spec over ``maximumSpecLength`` bytes or a linear() of more than
  ///   ``maximumLinearPoints`` points (a stop with two percentages is two points).
  /// - Complexity: O(n) in the length of `spec`.
  public init(parsing spec: String) throws(GhostframeError) {
    var parser = try CurveParser(spec)
    self = try parser.parseCurve()
  }
}
