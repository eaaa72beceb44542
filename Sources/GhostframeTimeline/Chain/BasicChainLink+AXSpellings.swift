import GhostframeCore

/// AXAnimationChain's spellings of the two-number conveniences, kept so that a chain copied from
/// AXAnimationChain (`centerBy(0, 100)`) reads as it does there. Each forwards to its Swift
/// name, which labels the numbers, and adds the same link; Ghostframe's own examples use the
/// Swift names.
extension BasicChainLink {
  /// Keeps AXAnimationChain's `centerBy(CGPoint)` spelling, the point or size as two unlabelled
  /// numbers: the same as ``centerBy(x:y:)``.
  @discardableResult
  public func centerBy(_ dx: Double, _ dy: Double) -> Self { centerBy(x: dx, y: dy) }

  /// Keeps AXAnimationChain's `centerTo(CGPoint)` spelling, the point or size as two unlabelled
  /// numbers: the same as ``centerTo(x:y:)``.
  @discardableResult
  public func centerTo(_ x: Double, _ y: Double) -> Self { centerTo(x: x, y: y) }

  /// Keeps AXAnimationChain's `sizeBy(CGSize)` spelling, the point or size as two unlabelled
  /// numbers: the same as ``sizeBy(width:height:)``.
  @discardableResult
  public func sizeBy(_ dw: Double, _ dh: Double) -> Self { sizeBy(width: dw, height: dh) }

  /// Keeps AXAnimationChain's `sizeTo(CGSize)` spelling, the point or size as two unlabelled
  /// numbers: the same as ``sizeTo(width:height:)``.
  @discardableResult
  public func sizeTo(_ width: Double, _ height: Double) -> Self { sizeTo(width: width, height: height) }

  /// Keeps AXAnimationChain's `translateBy(CGPoint)` spelling, the point or size as two unlabelled
  /// numbers: the same as ``translateBy(x:y:)``.
  @discardableResult
  public func translateBy(_ dx: Double, _ dy: Double) -> Self { translateBy(x: dx, y: dy) }

  /// Keeps AXAnimationChain's `translateTo(CGPoint)` spelling, the point or size as two unlabelled
  /// numbers: the same as ``translateTo(x:y:)``.
  @discardableResult
  public func translateTo(_ x: Double, _ y: Double) -> Self { translateTo(x: x, y: y) }
}
