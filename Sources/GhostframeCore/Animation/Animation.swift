/// An animation: when it runs (``Timing``), what it changes (an ``AnimatableProperty``), and
/// how (its ``Content``).
///
/// Animations attached to a ``Scene`` compose in the order they were added: a later
/// non-additive animation replaces what is under it, a later additive one adds to it.
public struct Animation: Sendable {
  /// What an animation does.
  public enum Content: Sendable {
    /// Core Animation's basic animation: from / to / by values.
    case basic(BasicValues)
    /// Core Animation's keyframe animation.
    case keyframes(Keyframes)
    /// A spring from a value to a value with an initial velocity, in physical seconds.
    case spring(SpringValues)
    /// Child animations timed in the group's own (local) time, clipped to its iteration.
    case group([Animation])
    /// A transition between the layer it is attached to and another layer.
    case transition(Transition)
  }

  /// The animated property; nil for groups and transitions, whose children or kind say it.
  public var property: AnimatableProperty?
  /// When the animation runs, in the scene's time (or its group's).
  public var timing: Timing
  /// What the animation does.
  public var content: Content
  /// Whether the value adds to what is under it instead of replacing it. The values given
  /// are added exactly once: where a basic animation would start or end at the value under
  /// it (to only, by only, from only), an additive one uses 0 there, as does an additive
  /// spring without `from`.
  public var isAdditive: Bool
  /// Whether each repeat continues from where the previous one ended (adding `to − from`,
  /// or last − first keyframe, per repeat). A forward-and-back cycle (the alternate
  /// directions, Core Animation's autoreverses) ends where it began and adds nothing.
  public var isCumulative: Bool
  /// Whether the animation leaves the scene when its active interval ends (Core Animation's
  /// default); it then shows nothing afterwards whatever its fill.
  public var removedOnCompletion: Bool

  /// Creates an animation.
  public init(property: AnimatableProperty?, timing: Timing, content: Content, isAdditive: Bool = false,
              isCumulative: Bool = false, removedOnCompletion: Bool = true) {
    self.property = property
    self.timing = timing
    self.content = content
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
    self.removedOnCompletion = removedOnCompletion
  }

  /// A basic animation of `keyPath`.
  ///
  /// Core Animation's rules: from + to interpolates between them; from + by from `from` to
  /// `from + by`; by + to from `to − by` to `to`; from alone from `from` to the value under the
  /// animation; to alone from the value under it to `to`; by alone from the value under it to
  /// that plus `by`.
  public static func basic(
    _ keyPath: String, from: [Double]? = nil, to: [Double]? = nil, by: [Double]? = nil, timing: Timing,
    isAdditive: Bool = false, isCumulative: Bool = false, removedOnCompletion: Bool = true
  ) throws(GhostframeError) -> Animation {
    let property = try AnimatableProperty(keyPath: keyPath)
    let animation = Animation(
      property: property, timing: timing, content: .basic(BasicValues(from: from, to: to, by: by)),
      isAdditive: isAdditive, isCumulative: isCumulative, removedOnCompletion: removedOnCompletion)
    try animation.validate()
    return animation
  }
}

/// The values of a basic animation; any of them may be absent (see ``Animation/basic(_:from:to:by:timing:isAdditive:isCumulative:removedOnCompletion:)``).
public struct BasicValues: Sendable, Hashable {
  /// The start value.
  public var from: [Double]?
  /// The end value.
  public var to: [Double]?
  /// The change from start to end.
  public var by: [Double]?
  /// Creates basic values.
  public init(from: [Double]? = nil, to: [Double]? = nil, by: [Double]? = nil) {
    self.from = from
    self.to = to
    self.by = by
  }
}

/// The values of a keyframe animation (Core Animation's `CAKeyframeAnimation`).
public struct Keyframes: Sendable, Hashable {
  /// How values between keyframes are computed.
  public enum CalculationMode: String, Sendable, CaseIterable {
    /// Straight lines between keyframes.
    case linear
    /// Each value held until the next key time (n + 1 key times for n values).
    case discrete
    /// Constant speed: key times come from the distances between values; the given key
    /// times, the segment curves and the animation's own easing are ignored (Apple: "keyTimes
    /// and timingFunction are ignored").
    case paced
    /// A Kochanek–Bartels spline through the keyframes (Catmull-Rom by default); with uneven
    /// key times the interior tangents are scaled so the velocity in time is continuous.
    case cubic
    /// The spline of ``cubic`` with even key times, travelled at constant speed along its
    /// arc length; ignores what ``paced`` ignores.
    case cubicPaced
  }

  /// The keyframe values, one array per keyframe.
  ///
  /// Reading builds the arrays, and setting flattens them: the engine keeps the values flat
  /// (``flatValues``), so a long animation costs 8 bytes per number, not an array per keyframe.
  ///
  /// - Complexity: O(n) in the number of values, both ways.
  public var values: [[Double]] {
    get {
      if let ragged { return ragged }
      guard width > 0 else { return [] }
      return (0..<count).map { Array(flatValues[($0 * width)..<(($0 + 1) * width)]) }
    }
    set { (flatValues, width, count, ragged) = Self.flatten(newValue) }
  }
  /// Every keyframe's components, keyframe after keyframe (``count`` × ``width`` numbers).
  public private(set) var flatValues: [Double]
  /// The components per keyframe.
  public private(set) var width: Int
  /// The number of keyframes.
  public private(set) var count: Int
  /// The values as given when their keyframes differ in width, so validation can name the first
  /// that does; nil when the values are whole keyframes of one width.
  private(set) var ragged: [[Double]]?
  /// When each value is reached, in [0, 1] and non-decreasing; nil spaces them evenly.
  public var keyTimes: [Double]?
  /// One curve per segment (count − 1), applied to the segment's local progress.
  public var curves: [Curve]?
  /// The calculation mode.
  public var mode: CalculationMode
  /// Kochanek–Bartels tension per keyframe (cubic modes); nil is 0.
  public var tension: [Double]?
  /// Kochanek–Bartels continuity per keyframe (cubic modes); nil is 0.
  public var continuity: [Double]?
  /// Kochanek–Bartels bias per keyframe (cubic modes); nil is 0.
  public var bias: [Double]?

  /// Creates keyframes from one array per keyframe.
  ///
  /// - Parameters:
  ///   - values: The keyframe values; each must have the animated property's width
  ///     (``Animation/validate()`` names the first that does not).
  ///   - keyTimes: When each value is reached; nil spaces them evenly.
  ///   - curves: One curve per segment; nil is linear.
  ///   - mode: The calculation mode.
  ///   - tension: Kochanek–Bartels tension per keyframe.
  ///   - continuity: Kochanek–Bartels continuity per keyframe.
  ///   - bias: Kochanek–Bartels bias per keyframe.
  /// - Complexity: O(n) in the number of values.
  public init(values: [[Double]], keyTimes: [Double]? = nil, curves: [Curve]? = nil, mode: CalculationMode = .linear,
              tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil) {
    (flatValues, width, count, ragged) = Self.flatten(values)
    self.keyTimes = keyTimes
    self.curves = curves
    self.mode = mode
    self.tension = tension
    self.continuity = continuity
    self.bias = bias
  }

  /// Creates keyframes from their components laid end to end, without copying them.
  ///
  /// - Parameters:
  ///   - flatValues: ``count`` × `width` numbers, keyframe after keyframe. A count that is not a
  ///     multiple of `width`, or a `width` below 1, is reported by ``Animation/validate()``.
  ///   - width: The components per keyframe: the animated property's width.
  ///   - keyTimes: When each value is reached; nil spaces them evenly.
  ///   - curves: One curve per segment; nil is linear.
  ///   - mode: The calculation mode.
  ///   - tension: Kochanek–Bartels tension per keyframe.
  ///   - continuity: Kochanek–Bartels continuity per keyframe.
  ///   - bias: Kochanek–Bartels bias per keyframe.
  public init(flatValues: [Double], width: Int, keyTimes: [Double]? = nil, curves: [Curve]? = nil,
              mode: CalculationMode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil,
              bias: [Double]? = nil) {
    self.flatValues = flatValues
    self.width = width
    self.count = width > 0 ? flatValues.count / width : 0
    self.ragged = nil
    self.keyTimes = keyTimes
    self.curves = curves
    self.mode = mode
    self.tension = tension
    self.continuity = continuity
    self.bias = bias
  }

  /// The keyframe at `index`, `width` numbers in ``flatValues``.
  func keyframe(_ index: Int) -> ArraySlice<Double> {
    flatValues[(index * width)..<((index + 1) * width)]
  }

  /// Flattens one array per keyframe, keeping the arrays when their widths differ.
  private static func flatten(_ values: [[Double]]) -> ([Double], Int, Int, [[Double]]?) {
    let width = values.first?.count ?? 0
    guard values.allSatisfy({ $0.count == width }) else { return ([], width, values.count, values) }
    var flat: [Double] = []
    flat.reserveCapacity(values.count * width)
    for value in values { flat.append(contentsOf: value) }
    return (flat, width, values.count, nil)
  }
}

/// The values of a spring animation.
public struct SpringValues: Sendable, Hashable {
  /// The start value; nil starts from the value under the animation.
  public var from: [Double]?
  /// The end value.
  public var to: [Double]
  /// The initial velocity in the property's units per second; nil is at rest.
  public var velocity: [Double]?
  /// The spring.
  public var spring: Spring
  /// Creates spring values.
  public init(from: [Double]? = nil, to: [Double], velocity: [Double]? = nil, spring: Spring) {
    self.from = from
    self.to = to
    self.velocity = velocity
    self.spring = spring
  }
}

/// A Core Animation-style transition between two layers: the one it is attached to (the new
/// content) and ``fromLayer`` (the old content).
public struct Transition: Sendable, Hashable {
  /// The kind of transition.
  public enum Kind: String, Sendable, CaseIterable {
    /// The old content fades out while the new fades in.
    case fade
    /// The new content slides in over the old.
    case moveIn
    /// The new content pushes the old out.
    case push
    /// The old content slides away, revealing the new.
    case reveal
  }

  /// Where the motion comes from (ignored by ``Kind/fade``).
  public enum Direction: String, Sendable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom
  }

  /// The kind.
  public var kind: Kind
  /// The direction.
  public var direction: Direction
  /// The id of the layer showing the old content.
  public var fromLayer: String
  /// The transition's progress at the start of the animation, in [0, 1].
  public var startProgress: Double
  /// The transition's progress at the end, in [startProgress, 1].
  public var endProgress: Double

  /// Creates a transition.
  public init(kind: Kind, direction: Direction = .fromRight, fromLayer: String, startProgress: Double = 0,
              endProgress: Double = 1) {
    self.kind = kind
    self.direction = direction
    self.fromLayer = fromLayer
    self.startProgress = startProgress
    self.endProgress = endProgress
  }
}
