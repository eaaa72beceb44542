import GhostframeCore

/// A link that animates one property from / to / by values (Core Animation's
/// `CABasicAnimation`, AXAnimationChain's `AXBasicChainAnimator`).
///
/// The values follow Core Animation's rules: from + to interpolates between them; from + by goes
/// from `from` to `from + by`; by + to from `to − by` to `to`; to alone from the value under the
/// link to `to`; from alone from `from` to the value under it; by alone adds `by` to whatever is
/// under it (the link is then additive, so changes made by earlier links are kept and added to).
/// Each value has one number per component of the property
/// (``/GhostframeCore/AnimatableProperty/valueWidth``).
public class BasicChainLink: ChainLink {
  /// The animated key path (``/GhostframeCore/AnimatableProperty``: `position`, `bounds.size`,
  /// `opacity`, `cornerRadius`, `transform.rotation`, `custom.NAME`, ...).
  @discardableResult
  public func property(_ keyPath: String) -> Self { setKeyPath(keyPath) }

  /// The start value.
  @discardableResult
  public func fromValue(_ components: Double...) -> Self { fromValue(components) }
  /// The start value, one number per component.
  @discardableResult
  public func fromValue(_ components: [Double]) -> Self { setValue(\.from, components) }
  /// The end value.
  @discardableResult
  public func toValue(_ components: Double...) -> Self { toValue(components) }
  /// The end value, one number per component.
  @discardableResult
  public func toValue(_ components: [Double]) -> Self { setValue(\.to, components) }
  /// The change from start to end.
  @discardableResult
  public func byValue(_ components: Double...) -> Self { byValue(components) }
  /// The change from start to end, one number per component.
  @discardableResult
  public func byValue(_ components: [Double]) -> Self { setValue(\.by, components) }

  // MARK: - Conveniences

  /// Moves the layer's centre (`position`) by (dx, dy).
  @discardableResult
  public func centerBy(x dx: Double, y dy: Double) -> Self { property("position").byValue(dx, dy) }
  /// Moves the layer's centre (`position`) to (x, y).
  @discardableResult
  public func centerTo(x: Double, y: Double) -> Self { property("position").toValue(x, y) }
  /// Grows the layer's size (`bounds.size`) by (dw, dh) about its anchor point.
  @discardableResult
  public func sizeBy(width dw: Double, height dh: Double) -> Self { property("bounds.size").byValue(dw, dh) }
  /// Sizes the layer (`bounds.size`) to (width, height) about its anchor point.
  @discardableResult
  public func sizeTo(width: Double, height: Double) -> Self { property("bounds.size").toValue(width, height) }
  /// Changes the corner radius by `delta`.
  @discardableResult
  public func cornerRadiusBy(_ delta: Double) -> Self { property("cornerRadius").byValue(delta) }
  /// Changes the corner radius to `radius`.
  @discardableResult
  public func cornerRadiusTo(_ radius: Double) -> Self { property("cornerRadius").toValue(radius) }
  /// Changes the opacity by `delta`.
  @discardableResult
  public func opacityBy(_ delta: Double) -> Self { property("opacity").byValue(delta) }
  /// Changes the opacity to `opacity`.
  @discardableResult
  public func opacityTo(_ opacity: Double) -> Self { property("opacity").toValue(opacity) }
  /// Changes the uniform scale (`transform.scale`) by `delta`.
  @discardableResult
  public func scaleBy(_ delta: Double) -> Self { property("transform.scale").byValue(delta) }
  /// Changes the uniform scale (`transform.scale`) to `scale`.
  @discardableResult
  public func scaleTo(_ scale: Double) -> Self { property("transform.scale").toValue(scale) }
  /// Rotates (`transform.rotation`) by `radians`.
  @discardableResult
  public func rotateBy(_ radians: Double) -> Self { property("transform.rotation").byValue(radians) }
  /// Rotates (`transform.rotation`) to `radians`.
  @discardableResult
  public func rotateTo(_ radians: Double) -> Self { property("transform.rotation").toValue(radians) }
  /// Translates (`transform.translation`) by (dx, dy).
  @discardableResult
  public func translateBy(x dx: Double, y dy: Double) -> Self { property("transform.translation").byValue(dx, dy) }
  /// Translates (`transform.translation`) to (x, y).
  @discardableResult
  public func translateTo(x: Double, y: Double) -> Self { property("transform.translation").toValue(x, y) }
  /// Changes the background colour to `color`.
  @discardableResult
  public func backgroundColorTo(_ color: Color) -> Self {
    property("backgroundColor").toValue(color.red, color.green, color.blue, color.alpha)
  }
}
