import GhostframeCore

/// AXAnimationChain's property shorthands (`UIView+AnimationChain.m`), each adding one link
/// combined with the chain's first at the current ``ViewAnimationChain/after(_:)`` time.
///
/// The `…To` shorthands animate to an absolute value, the `…By` ones by a change. Origins and
/// frames are UIKit's frame (origin and size, about the anchor point); sizes, widths and heights
/// are `bounds.size` (they grow about the anchor point, as in Core Animation). Where the
/// original's own arithmetic differs (`originBy`, `widthBy`, `heightBy`, `frameTo`), Ghostframe
/// moves by the value given: docs/differences.md lists each with a number.
extension ViewAnimationChain {
  // MARK: - Frame and origin

  /// Moves the frame's origin to (x, y); the size stays (`frame.origin`).
  @discardableResult
  public func originTo(x: Double, y: Double) -> Self { add("frame.origin", to: x, y) }
  /// Moves the frame's origin x to `x` (`frame.origin.x`).
  @discardableResult
  public func originXTo(_ x: Double) -> Self { add("frame.origin.x", to: x) }
  /// Moves the frame's origin y to `y` (`frame.origin.y`).
  @discardableResult
  public func originYTo(_ y: Double) -> Self { add("frame.origin.y", to: y) }
  /// Moves the frame's origin by (dx, dy) (`frame.origin`).
  @discardableResult
  public func originBy(x dx: Double, y dy: Double) -> Self { add("frame.origin", by: dx, dy) }
  /// Moves the frame's origin x by `dx` (`frame.origin.x`).
  @discardableResult
  public func originXBy(_ dx: Double) -> Self { add("frame.origin.x", by: dx) }
  /// Moves the frame's origin y by `dy` (`frame.origin.y`).
  @discardableResult
  public func originYBy(_ dy: Double) -> Self { add("frame.origin.y", by: dy) }
  /// Animates the frame to `frame`: one link of the `frame` key path, ending on that rect.
  @discardableResult
  public func frameTo(_ frame: Rect) -> Self { add("frame", to: frame.x, frame.y, frame.width, frame.height) }
  /// Changes the frame by `delta` (origin and size changes; the `frame` key path).
  @discardableResult
  public func frameBy(_ delta: Rect) -> Self { add("frame", by: delta.x, delta.y, delta.width, delta.height) }
  /// Sizes the bounds to `bounds`'s size about the anchor point (the `bounds` key path; its
  /// origin must be zero: a layer's bounds origin is not modelled).
  @discardableResult
  public func boundsTo(_ bounds: Rect) -> Self { add("bounds", to: bounds.x, bounds.y, bounds.width, bounds.height) }
  /// Grows the bounds by `delta`'s size about the anchor point (the `bounds` key path; the
  /// origin change must be zero).
  @discardableResult
  public func boundsBy(_ delta: Rect) -> Self { add("bounds", by: delta.x, delta.y, delta.width, delta.height) }

  // MARK: - Centre

  /// Moves the centre (`position`) to (x, y).
  @discardableResult
  public func centerTo(x: Double, y: Double) -> Self { add("position", to: x, y) }
  /// Moves the centre's x (`position.x`) to `x`.
  @discardableResult
  public func centerXTo(_ x: Double) -> Self { add("position.x", to: x) }
  /// Moves the centre's y (`position.y`) to `y`.
  @discardableResult
  public func centerYTo(_ y: Double) -> Self { add("position.y", to: y) }
  /// Moves the centre (`position`) by (dx, dy).
  @discardableResult
  public func centerBy(x dx: Double, y dy: Double) -> Self { add("position", by: dx, dy) }
  /// Moves the centre's x (`position.x`) by `dx`.
  @discardableResult
  public func centerXBy(_ dx: Double) -> Self { add("position.x", by: dx) }
  /// Moves the centre's y (`position.y`) by `dy`.
  @discardableResult
  public func centerYBy(_ dy: Double) -> Self { add("position.y", by: dy) }

  // MARK: - Size

  /// Sizes the layer (`bounds.size`) to (width, height) about the anchor point.
  @discardableResult
  public func sizeTo(width: Double, height: Double) -> Self { add("bounds.size", to: width, height) }
  /// Sizes the width (`bounds.size.width`) to `width` about the anchor point.
  @discardableResult
  public func widthTo(_ width: Double) -> Self { add("bounds.size.width", to: width) }
  /// Sizes the height (`bounds.size.height`) to `height` about the anchor point.
  @discardableResult
  public func heightTo(_ height: Double) -> Self { add("bounds.size.height", to: height) }
  /// Grows the size (`bounds.size`) by (dw, dh) about the anchor point.
  @discardableResult
  public func sizeBy(width dw: Double, height dh: Double) -> Self { add("bounds.size", by: dw, dh) }
  /// Grows the width (`bounds.size.width`) by `dw` about the anchor point.
  @discardableResult
  public func widthBy(_ dw: Double) -> Self { add("bounds.size.width", by: dw) }
  /// Grows the height (`bounds.size.height`) by `dh` about the anchor point.
  @discardableResult
  public func heightBy(_ dh: Double) -> Self { add("bounds.size.height", by: dh) }

  // MARK: - Appearance

  /// Changes the opacity to `opacity`.
  @discardableResult
  public func opacityTo(_ opacity: Double) -> Self { add("opacity", to: opacity) }
  /// Changes the opacity by `delta`.
  @discardableResult
  public func opacityBy(_ delta: Double) -> Self { add("opacity", by: delta) }
  /// Changes the corner radius to `radius`.
  @discardableResult
  public func cornerRadiusTo(_ radius: Double) -> Self { add("cornerRadius", to: radius) }
  /// Changes the corner radius by `delta`.
  @discardableResult
  public func cornerRadiusBy(_ delta: Double) -> Self { add("cornerRadius", by: delta) }
  /// Changes the background colour to `color`.
  @discardableResult
  public func backgroundColorTo(_ color: Color) -> Self {
    add("backgroundColor", to: color.red, color.green, color.blue, color.alpha)
  }
  /// Changes the background colour by `delta`'s components (red, green, blue and alpha added).
  @discardableResult
  public func backgroundColorBy(_ delta: Color) -> Self {
    add("backgroundColor", by: delta.red, delta.green, delta.blue, delta.alpha)
  }

  // MARK: - Transform and anchor

  /// Changes the uniform scale (`transform.scale`) to `scale`.
  @discardableResult
  public func scaleTo(_ scale: Double) -> Self { add("transform.scale", to: scale) }
  /// Changes the horizontal scale (`transform.scale.x`) to `scale`.
  @discardableResult
  public func scaleXTo(_ scale: Double) -> Self { add("transform.scale.x", to: scale) }
  /// Changes the vertical scale (`transform.scale.y`) to `scale`.
  @discardableResult
  public func scaleYTo(_ scale: Double) -> Self { add("transform.scale.y", to: scale) }
  /// Changes the uniform scale (`transform.scale`) by `delta`.
  @discardableResult
  public func scaleBy(_ delta: Double) -> Self { add("transform.scale", by: delta) }
  /// Changes the horizontal scale (`transform.scale.x`) by `delta`.
  @discardableResult
  public func scaleXBy(_ delta: Double) -> Self { add("transform.scale.x", by: delta) }
  /// Changes the vertical scale (`transform.scale.y`) by `delta`.
  @discardableResult
  public func scaleYBy(_ delta: Double) -> Self { add("transform.scale.y", by: delta) }
  /// Rotates (`transform.rotation`) to `radians`.
  @discardableResult
  public func rotateTo(_ radians: Double) -> Self { add("transform.rotation", to: radians) }
  /// Rotates (`transform.rotation`) by `radians`.
  @discardableResult
  public func rotateBy(_ radians: Double) -> Self { add("transform.rotation", by: radians) }
  /// Translates (`transform.translation`) to (x, y).
  @discardableResult
  public func translateTo(x: Double, y: Double) -> Self { add("transform.translation", to: x, y) }
  /// Translates along x (`transform.translation.x`) to `x`.
  @discardableResult
  public func translateXTo(_ x: Double) -> Self { add("transform.translation.x", to: x) }
  /// Translates along y (`transform.translation.y`) to `y`.
  @discardableResult
  public func translateYTo(_ y: Double) -> Self { add("transform.translation.y", to: y) }
  /// Translates (`transform.translation`) by (dx, dy).
  @discardableResult
  public func translateBy(x dx: Double, y dy: Double) -> Self { add("transform.translation", by: dx, dy) }
  /// Translates along x (`transform.translation.x`) by `dx`.
  @discardableResult
  public func translateXBy(_ dx: Double) -> Self { add("transform.translation.x", by: dx) }
  /// Translates along y (`transform.translation.y`) by `dy`.
  @discardableResult
  public func translateYBy(_ dy: Double) -> Self { add("transform.translation.y", by: dy) }
  /// Moves the anchor point to (x, y) in unit coordinates; the position stays, so the frame moves.
  @discardableResult
  public func anchorTo(x: Double, y: Double) -> Self { add("anchorPoint", to: x, y) }
  /// Moves the anchor point by (dx, dy) in unit coordinates.
  @discardableResult
  public func anchorBy(x dx: Double, y dy: Double) -> Self { add("anchorPoint", by: dx, dy) }
}
