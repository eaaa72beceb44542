import GhostframeCore

/// A link that animates one property through keyframes (Core Animation's
/// `CAKeyframeAnimation`, AXAnimationChain's `AXKeyframeChainAnimator`).
public final class KeyframeChainLink: ChainLink {
  /// The animated key path.
  @discardableResult
  public func property(_ keyPath: String) -> Self { setKeyPath(keyPath) }
  /// The keyframe values, at least 2, one array of the property's width each.
  @discardableResult
  public func values(_ values: [[Double]]) -> Self { update { $0.values = values } }
  /// When each value is reached, in [0, 1], non-decreasing; nil (the default) spaces them evenly.
  @discardableResult
  public func keyTimes(_ keyTimes: [Double]?) -> Self { update { $0.keyTimes = keyTimes } }
  /// How values between keyframes are computed (linear by default).
  @discardableResult
  public func calculationMode(_ mode: Keyframes.CalculationMode) -> Self { update { $0.mode = mode } }
}
