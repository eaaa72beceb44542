import GhostframeCore

/// A view property Anim's animation blocks change (`view.y += -100`), written in a timeline
/// definition's changes by its name (`"y": -100`) beside the scene's key paths.
///
/// These are UIKit's frame accessors (MGBox2's `UIView+MGEasyFrame`, which Anim's example uses,
/// over `UIView.frame`) plus `center` and `alpha`. Each change is relative and keeps UIKit's
/// semantics: a frame change moves the frame's origin and keeps it where the size changes, so
/// `"height": 100` grows the layer downwards. It resolves to an additive change of the `frame` key
/// path (`position` about the anchor point plus `bounds.size`), `position` (`center`) or `opacity`
/// (`alpha`).
public enum TimelineViewProperty: String, CaseIterable, Sendable {
  /// `view.x`: the frame's origin x.
  case x
  /// `view.y`: the frame's origin y.
  case y
  /// `view.left`: the frame's origin x (moving the frame).
  case left
  /// `view.top`: the frame's origin y (moving the frame).
  case top
  /// `view.right`: the frame's right edge (moving the frame; the width stays).
  case right
  /// `view.bottom`: the frame's bottom edge (moving the frame; the height stays).
  case bottom
  /// `view.width`: the frame's width; the origin stays.
  case width
  /// `view.height`: the frame's height; the origin stays.
  case height
  /// `view.origin`: the frame's origin (x, y).
  case origin
  /// `view.topLeft`: the frame's top-left corner (x, y), moving the frame.
  case topLeft
  /// `view.topRight`: the frame's top-right corner (x, y), moving the frame.
  case topRight
  /// `view.bottomLeft`: the frame's bottom-left corner (x, y), moving the frame.
  case bottomLeft
  /// `view.bottomRight`: the frame's bottom-right corner (x, y), moving the frame.
  case bottomRight
  /// `view.size`: the frame's size (width, height); the origin stays.
  case size
  /// `view.center`: the layer's position (x, y).
  case center
  /// `view.alpha`: the layer's opacity.
  case alpha

  /// The names, for "did you mean" suggestions.
  public static let names: Set<String> = Set(allCases.map(\.rawValue))

  /// The number of values a change of this property takes.
  public var valueWidth: Int { components.count }

  /// The scene key path the change resolves to.
  public var keyPath: String {
    switch self {
    case .center: "position"
    case .alpha: "opacity"
    default: "frame"
    }
  }

  /// Where each of the change's values lands in the key path's components (the frame's are
  /// x, y, width, height).
  var components: [Int] {
    switch self {
    case .x, .left, .right: [0]
    case .y, .top, .bottom: [1]
    case .width: [2]
    case .height: [3]
    case .origin, .topLeft, .topRight, .bottomLeft, .bottomRight, .center: [0, 1]
    case .size: [2, 3]
    case .alpha: [0]
    }
  }

  /// `amount` (``valueWidth`` numbers) as a change of ``keyPath``'s components, zero elsewhere.
  func resolved(_ amount: [Double], width: Int) -> [Double] {
    var values = [Double](repeating: 0, count: width)
    for (component, value) in zip(components, amount) where component < width { values[component] = value }
    return values
  }

  /// The view property's current value, read from the value of ``keyPath`` (the frame's x, y,
  /// width and height; the position; the opacity): `right` is x + width, `bottomRight`
  /// (x + width, y + height), and so on.
  func current(from value: [Double]) -> [Double] {
    func at(_ i: Int) -> Double { i < value.count ? value[i] : 0 }
    switch self {
    case .right: return [at(0) + at(2)]
    case .bottom: return [at(1) + at(3)]
    case .topRight: return [at(0) + at(2), at(1)]
    case .bottomLeft: return [at(0), at(1) + at(3)]
    case .bottomRight: return [at(0) + at(2), at(1) + at(3)]
    default: return components.map(at)
    }
  }
}
