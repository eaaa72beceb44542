import GhostframeCore

/// A link that transitions from another layer's content to the chain's layer (Core Animation's
/// `CATransition`, AXAnimationChain's `AXTransitionChainAnimator`).
public final class TransitionChainLink: ChainLink {
  /// The kind of transition (fade by default).
  @discardableResult
  public func type(_ kind: Transition.Kind) -> Self { update { $0.transition.kind = kind } }
  /// Where the motion comes from (from the right by default; ignored by a fade).
  @discardableResult
  public func subtype(_ direction: Transition.Direction) -> Self { update { $0.transition.direction = direction } }
  /// The id of the layer showing the old content; required.
  @discardableResult
  public func fromLayer(_ id: String) -> Self { update { $0.transition.fromLayer = id } }
  /// The progress at the start, in [0, 1].
  @discardableResult
  public func startProgress(_ progress: Double) -> Self { update { $0.transition.startProgress = progress } }
  /// The progress at the end, in [startProgress, 1].
  @discardableResult
  public func endProgress(_ progress: Double) -> Self { update { $0.transition.endProgress = progress } }
}
