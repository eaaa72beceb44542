import GhostframeCore

/// A basic link moved by a damped spring (Core Animation's `CASpringAnimation`,
/// AXAnimationChain's `AXSpringChainAnimator`).
///
/// The link lasts the spring's settling duration
/// (``/GhostframeCore/Spring/settlingDuration(epsilon:)`` with ε = 1e-3 of the distance) and
/// follows the closed form in physical seconds, ending exactly on its end value
/// (``/GhostframeCore/Curve/spring(_:)``). Defaults as Core Animation's: mass 1, stiffness 100,
/// damping 10, initial velocity 0 (settling in about 1.27 s).
public final class SpringChainLink: BasicChainLink {
  /// The mass, finite and `> 0`.
  @discardableResult
  public func mass(_ mass: Double) -> Self { update { $0.mass = mass } }
  /// The stiffness, finite and `> 0`.
  @discardableResult
  public func stiffness(_ stiffness: Double) -> Self { update { $0.stiffness = stiffness } }
  /// The damping, finite and `> 0` (an undamped spring never settles).
  @discardableResult
  public func damping(_ damping: Double) -> Self { update { $0.damping = damping } }
  /// The initial velocity in distances per second, positive toward the end value.
  @discardableResult
  public func initialVelocity(_ velocity: Double) -> Self { update { $0.initialVelocity = velocity } }
}
