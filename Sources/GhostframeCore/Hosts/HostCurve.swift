/// An easing curve a host defines: a name and a function from progress to eased progress.
///
/// Register one with ``Curve/register(_:_:)`` (or, from C, `gf_register_curve`); its name is then
/// usable anywhere a curve spec is: ``Curve/init(parsing:)``, a timing's easing, a scene or
/// timeline document, a view tree's style. A ``Curve`` made from it holds the host curve
/// strongly, so a scene compiled with it keeps calling the same function after the name is
/// registered again or removed; whatever the function owns is released when the last such curve
/// goes (for C callbacks, that is when `free_user_data` runs).
///
/// The function is called with the progress (never NaN) on the thread that evaluates the curve,
/// possibly from many threads at once, and never while a Ghostframe lock is held, so it may
/// evaluate other curves. A non-finite result is a failure: the evaluation gives NaN and the
/// reporting calls (``Curve/checkedValue(at:beforeFlag:)``, ``Scene/sample(at:into:)``) throw
/// ``GhostframeError/Code/callback`` naming the curve. Host curves ignore the before flag.
public final class HostCurve: Sendable, Hashable, CustomStringConvertible {
  /// The registered name, `vendor.name`.
  public let name: String
  private let function: @Sendable (Double) -> Double

  /// A host curve named `name` that evaluates `function`.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` if `name` is not a host name
  ///   (``HostRegistry/checkName(_:)``).
  public init(name: String, _ function: @escaping @Sendable (Double) -> Double) throws(GhostframeError) {
    try HostRegistry<HostCurve>.checkName(name)
    self.name = name
    self.function = function
  }

  /// The eased progress at `x`: the function's result, or NaN (and a recorded failure) when
  /// the result is not finite.
  @inline(__always)
  public func callAsFunction(_ x: Double) -> Double {
    let y = function(x)
    if y.isFinite { return y }
    recordFailure(y, at: x)
    return .nan
  }

  @inline(never)
  private func recordFailure(_ y: Double, at x: Double) {
    HostCallbackFailure.record("host curve '\(name)' returned \(y) at progress \(x); a curve must return a finite number")
  }

  /// Host curves are equal when they are the same object.
  public static func == (lhs: HostCurve, rhs: HostCurve) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// The name.
  public var description: String { name }
}

extension Curve {
  /// The registry of host curves that ``init(parsing:)`` reads names from.
  public static let hostCurves = HostRegistry<HostCurve>(noun: "curve")

  /// Registers `function` as the curve `name` (`vendor.name`), replacing a curve of that name.
  /// Curves parsed before keep the function they were parsed with.
  ///
  /// - Parameters:
  ///   - name: A host name (``HostRegistry/checkName(_:)``); built-in names have no dot and
  ///     cannot be taken.
  ///   - function: Progress to eased progress; called from any thread, never under a lock.
  /// - Returns: The registered host curve.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a bad name,
  ///   ``GhostframeError/Code/limit`` when the registry is full.
  @discardableResult
  public static func register(
    _ name: String, _ function: @escaping @Sendable (Double) -> Double
  ) throws(GhostframeError) -> HostCurve {
    let curve = try HostCurve(name: name, function)
    try hostCurves.register(name, curve)
    return curve
  }

  /// Removes the registration of `name`; curves made from it keep working. Returns whether
  /// there was one.
  @discardableResult
  public static func unregister(_ name: String) -> Bool {
    hostCurves.remove(name) != nil
  }

  /// The curve that evaluates `host`.
  public static func host(_ host: HostCurve) -> Curve {
    Curve(.host(host))
  }

  /// The host curve this curve evaluates, or nil for a built-in curve.
  public var hostCurve: HostCurve? {
    guard case .host(let host) = kind else { return nil }
    return host
  }

  /// Evaluates the curve at `x` as ``callAsFunction(_:beforeFlag:)`` does, and throws when a
  /// host curve fails there.
  ///
  /// - Throws: ``GhostframeError/Code/callback`` when a host curve returned a non-finite value.
  public func checkedValue(at x: Double, beforeFlag: Bool = false) throws(GhostframeError) -> Double {
    guard case .host(let host) = kind else { return self(x, beforeFlag: beforeFlag) }
    return try HostCallbackFailure.checking { () throws(GhostframeError) -> Double in host(x) }
  }

  /// Evaluates the curve at many inputs as ``evaluate(_:into:)`` does, and throws when a host
  /// curve fails at one of them (the outputs are then written, NaN where it failed).
  ///
  /// - Throws: ``GhostframeError/Code/callback`` naming the first failure.
  public func checkedEvaluate(
    _ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>
  ) throws(GhostframeError) {
    guard case .host = kind else { return evaluate(xs, into: ys) }
    try HostCallbackFailure.checking { () throws(GhostframeError) in evaluate(xs, into: ys) }
  }
}
