internal import _GhostframeKernels

/// An easing curve: a map from progress to eased progress.
///
/// A curve is one of the CSS timing functions (`cubic-bezier()` and its named forms,
/// `steps()`, CSS Easing 2 `linear()`), one of Robert Penner's 30 easings, a spring, or a
/// curve a host registered (``HostCurve``, named `vendor.name`).
/// Curves are immutable values; create them from spec text with ``init(parsing:)`` or
/// with the static factories, and evaluate them with ``callAsFunction(_:beforeFlag:)``
/// or, for many inputs at once, ``evaluate(_:into:)``.
///
/// Two curves are equal when their definitions are: `ease` and
/// `cubic-bezier(0.25, 0.1, 0.25, 1)` are the same curve, and so are `linear(0, 0.25, 1)`
/// and `linear(0 0%, 0.25 50%, 1 100%)`.
public struct Curve: Sendable, Hashable, CustomStringConvertible {
  /// The definition, with whatever each kind precomputes for fast evaluation.
  enum Kind: Sendable, Hashable {
    case bezier(CubicBezier)
    case steps(Steps)
    case linear(LinearEasing)
    case penner(PennerEasing)
    case spring(SpringCurve)
    case host(HostCurve)
  }

  /// The definition.
  let kind: Kind

  /// Whether a host registered the curve (its values come from the host's callback, which the
  /// library must not call where it holds a lock).
  package var isHostCurve: Bool {
    if case .host = kind { return true }
    return false
  }

  init(_ kind: Kind) {
    self.kind = kind
  }

  // MARK: - Named curves

  /// `linear`, `cubic-bezier(0, 0, 1, 1)`: the identity.
  public static let linear = Curve(.bezier(CubicBezier(unchecked: 0, 0, 1, 1)))
  /// `ease` (Core Animation `default`), `cubic-bezier(0.25, 0.1, 0.25, 1)`.
  public static let ease = Curve(.bezier(CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)))
  /// `ease-in` (Core Animation `easeIn`), `cubic-bezier(0.42, 0, 1, 1)`.
  public static let easeIn = Curve(.bezier(CubicBezier(unchecked: 0.42, 0, 1, 1)))
  /// `ease-out` (Core Animation `easeOut`), `cubic-bezier(0, 0, 0.58, 1)`.
  public static let easeOut = Curve(.bezier(CubicBezier(unchecked: 0, 0, 0.58, 1)))
  /// `ease-in-out` (Core Animation `easeInEaseOut`), `cubic-bezier(0.42, 0, 0.58, 1)`.
  public static let easeInOut = Curve(.bezier(CubicBezier(unchecked: 0.42, 0, 0.58, 1)))
  /// `step-start`, `steps(1, jump-start)`: 1 for every x > 0 (and at 0 without the before flag).
  public static let stepStart = Curve(.steps(Steps(validCount: 1, position: .jumpStart)))
  /// `step-end`, `steps(1, jump-end)`: 0 until x reaches 1.
  public static let stepEnd = Curve(.steps(Steps(validCount: 1, position: .jumpEnd)))

  // MARK: - Factories

  /// A CSS `cubic-bezier(x1, y1, x2, y2)` curve from (0, 0) to (1, 1).
  ///
  /// - Parameters:
  ///   - x1: The first control point's x, in [0, 1].
  ///   - y1: The first control point's y, finite.
  ///   - x2: The second control point's x, in [0, 1].
  ///   - y2: The second control point's y, finite.
  /// - Returns: The curve; outside [0, 1] it continues linearly.
  /// - Throws: `.invalidArgument` if a number is not finite or x1, x2 are outside [0, 1].
  public static func cubicBezier(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
  ) throws(GhostframeError) -> Curve {
    Curve(.bezier(try CubicBezier(x1, y1, x2, y2)))
  }

  /// A CSS `steps(count, position)` staircase.
  ///
  /// - Parameters:
  ///   - count: The number of steps, in 1...2147483647 (at least 2 for `jumpNone`).
  ///   - position: Where the jumps happen; `jumpEnd` by default.
  /// - Returns: The curve.
  /// - Throws: `.invalidArgument` if `count` is out of range.
  public static func steps(
    _ count: Int, _ position: StepPosition = .jumpEnd
  ) throws(GhostframeError) -> Curve {
    Curve(.steps(try Steps(count: count, position: position)))
  }

  /// A CSS Easing 2 `linear()` curve through the given stops.
  ///
  /// Stops are resolved as CSS does: a first stop without input gets 0, a last one
  /// max(1, largest input); inputs are clamped up to the running maximum; missing inputs
  /// are spaced evenly. Inputs are kept as percentages (`input · 100`), the form a spec
  /// writes, so an input may be rounded by one unit in the last place.
  ///
  /// - Parameter stops: At least 2 and at most ``maximumLinearPoints`` stops, all numbers finite.
  /// - Returns: The curve; outside its first and last inputs it continues the end segments.
  /// - Throws: `.invalidArgument` for fewer than 2 stops or a non-finite number,
  ///   `.limit` for more than ``maximumLinearPoints`` stops.
  public static func linear(_ stops: [LinearStop]) throws(GhostframeError) -> Curve {
    guard stops.count <= LinearEasing.maxPoints else {
      throw GhostframeError(
        .limit, "linear(): \(stops.count) stops exceed the limit of \(LinearEasing.maxPoints)")
    }
    let resolved = stops.map { stop in
      LinearEasing.Stop(output: stop.output, percents: stop.input.map { [$0 * 100] } ?? [])
    }
    return Curve(.linear(try LinearEasing(stops: resolved)))
  }

  /// One of Robert Penner's easings.
  ///
  /// - Parameter easing: The easing.
  /// - Returns: The curve; inputs outside [0, 1] evaluate the formula as is.
  public static func penner(_ easing: PennerEasing) -> Curve {
    Curve(.penner(easing))
  }

  /// A spring as an easing curve: x ∈ [0, 1] maps to `spring.value(at: x · T)` with T the
  /// spring's settling duration for ε = 1e-3, computed once here. x ≤ 0 gives exactly 0
  /// and x ≥ 1 exactly 1, so the curve ends where the spring has settled.
  ///
  /// - Parameter spring: The spring.
  /// - Returns: The curve.
  /// - Throws: `.invalidArgument` if the spring never settles (damping 0).
  public static func spring(_ spring: Spring) throws(GhostframeError) -> Curve {
    Curve(.spring(try SpringCurve(spring)))
  }

  // MARK: - Evaluation

  /// Evaluates the curve at progress `x`.
  ///
  /// Never traps for any Double. NaN gives NaN. Outside [0, 1]: cubic-bezier curves
  /// continue linearly, `steps()` and `linear()` continue as CSS specifies, Penner easings
  /// evaluate their formula as is, springs clamp to 0 and 1. Infinite inputs give the
  /// limit of that continuation where it has one and NaN otherwise.
  ///
  /// - Parameters:
  ///   - x: The progress, normally in [0, 1].
  ///   - beforeFlag: The Web Animations before flag; only `steps()` curves use it, to
  ///     take the value just before a jump that lies exactly at `x`.
  /// - Returns: The eased progress.
  /// - Complexity: O(1), O(log n) for `linear()` with n points.
  public func callAsFunction(_ x: Double, beforeFlag: Bool = false) -> Double {
    if x.isNaN { return x }
    switch kind {
    case .bezier(let bezier): return bezier(x)
    case .steps(let steps): return steps(x, beforeFlag: beforeFlag)
    case .linear(let linear): return linear(x)
    case .penner(let easing): return easing(x)
    case .spring(let spring): return spring(x)
    case .host(let host): return host(x)
    }
  }

  /// Evaluates the curve at many inputs with the before flag unset.
  ///
  /// Writes `ys[i] = self(xs[i])` for `i < min(xs.count, ys.count)`. `xs` and `ys` may be
  /// the same memory: each input is read before its output is written.
  ///
  /// - Parameters:
  ///   - xs: The inputs.
  ///   - ys: The outputs.
  /// - Complexity: O(n); allocates nothing.
  public func evaluate(_ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
    let count = min(xs.count, ys.count)
    guard count > 0, let input = xs.baseAddress, let output = ys.baseAddress else { return }
    // One dispatch per batch, then a tight loop.
    switch kind {
    case .bezier(let bezier):
      // The C kernel's batch loop; it passes NaN through itself.
      bezier.evaluate(input, output, count: count)
    case .steps(let steps):
      for i in 0..<count {
        let x = input[i]
        output[i] = x.isNaN ? x : steps(x, beforeFlag: false)
      }
    case .linear(let linear):
      linear.withBuffers { inputs, outputs in
        for i in 0..<count {
          let x = input[i]
          output[i] = x.isNaN ? x : LinearEasing.evaluate(x, inputs: inputs, outputs: outputs)
        }
      }
    case .penner(let easing):
      easing.evaluate(input, output, count: count)
    case .spring(let spring):
      for i in 0..<count {
        let x = input[i]
        output[i] = x.isNaN ? x : spring(x)
      }
    case .host(let host):
      for i in 0..<count {
        let x = input[i]
        output[i] = x.isNaN ? x : host(x)
      }
    }
  }
}

extension Curve {
  /// A cubic bezier's flat parameter block (see ``CubicBezier/Parameter``), or nil.
  var bezierParameterBlock: [Double]? {
    guard case .bezier(let bezier) = kind else { return nil }
    return bezier.parameters.values
  }
}

extension Curve {
  /// The index of the first input that is NaN or infinite, or nil when all are finite: a
  /// vectorised scan (the C kernel's), for validating a batch before evaluating it.
  package static func firstNonFiniteIndex(in xs: UnsafeBufferPointer<Double>) -> Int? {
    guard let base = xs.baseAddress, !xs.isEmpty else { return nil }
    let index = gfk_first_non_finite(base, xs.count)
    return index < xs.count ? index : nil
  }
}
