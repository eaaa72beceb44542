/// What a generated layer stands for: the host's view a skeleton bone was made from, so a host
/// can go from a layer back to its own view (a bone's layer `"bone:3"` is the view `"avatar"`).
///
/// A skeleton sets it on every bone's layers (``Layer/source``); its root and containers, and
/// the layers a host adds itself, have none. It changes nothing about sampling.
public struct LayerSource: Sendable, Hashable {
  /// The view's id (a view-tree node's `id`), or nil when the view has none. Without NUL.
  public var viewID: String?
  /// The view's kind as the view-tree format names it: `"view"`, `"label"`, `"image"`,
  /// `"button"`, `"textField"`, `"textView"`, `"table"`, `"collection"` (a host node kind is
  /// reported as its base kind). Non-empty, at most ``maximumKindLength`` bytes, without NUL.
  public var viewKind: String
  /// The line of a multi-line bone (its layer is `"bone:<i>:line:<line>"`), or nil for a bone
  /// drawn as one layer. At least 0.
  public var line: Int?

  /// The longest ``viewKind``, in bytes of UTF-8.
  public static let maximumKindLength = 64

  /// Describes the view a layer stands for.
  @inlinable
  public init(viewID: String?, viewKind: String, line: Int? = nil) {
    self.viewID = viewID
    self.viewKind = viewKind
    self.line = line
  }

  /// The problem with this source, for a message naming `name` (a layer), or nil when it is one a
  /// scene may hold: the rule every path in (Swift, JSON) checks, so whatever a scene holds its
  /// JSON writes and reads back.
  package func problem(of name: String) -> String? {
    if let viewID, Identifier.containsNUL(viewID) {
      return "\(name): source.view contains NUL (U+0000), which C hosts would see truncated"
    }
    let kind = viewKind.utf8
    if kind.isEmpty || kind.count > Self.maximumKindLength || Identifier.containsNUL(viewKind) {
      return "\(name): source.kind must be a non-empty name without NUL, at most \(Self.maximumKindLength) bytes"
    }
    if let line, line < 0 || line > Int(Int32.max) {
      return "\(name): source.line must be in 0...\(Int32.max) (got \(line))"
    }
    return nil
  }
}
