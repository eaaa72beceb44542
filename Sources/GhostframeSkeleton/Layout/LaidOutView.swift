import GhostframeCore

/// One real view of a laid-out ``ViewTree``: where the host shows it once its content has loaded, in
/// the root's points, by the same rules that place the skeleton's bones. ``ViewTree/layout()``
/// reports them; a previewer draws them faintly behind the bones and through kept bones' holes.
public struct LaidOutView: Sendable, Hashable {
  /// What a laid-out view is.
  public enum Kind: Sendable, Hashable {
    /// A view of the tree: the root, a descendant, or a view inside a copy of a cell template.
    case view(ViewNode.Kind)
    /// A list section's header: a copy of its cell template.
    case header
    /// A table's row: a copy of its section's cell template.
    case row
    /// A collection's item: a copy of its section's cell template.
    case item
    /// A list section's footer: a copy of its cell template.
    case footer
  }

  /// What the view is.
  public var kind: Kind
  /// The index, in the report, of the view that contains this one (a list contains its cells, a
  /// cell its template's views); nil for the root.
  public var parent: Int?
  /// The view's id; for a list's cell, its template's name.
  public var id: String?
  /// The frame in the root's coordinates, in points; mirrored (`x` → viewport width − `x` − width)
  /// when the tree lays out right to left, as the bones are.
  public var frame: Rect
  /// The part of the root's coordinates where the view can show: the viewport, narrowed by every
  /// enclosing list, scrolled view (a non-zero `contentOffset`) and list cell. Zero-sized when none
  /// of the view can show.
  public var clip: Rect
  /// The view's own corner radius, if it sets one.
  public var cornerRadius: Double?
  /// The node's `lines` (for a label, 0 means as many as fit); 1 for a list's cell.
  public var lines: Int
  /// The node's text alignment; `.natural` for a list's cell.
  public var align: ViewNode.Alignment
  /// How the skeleton generator treats the node; `.auto` for a list's cell.
  public var skeleton: ViewNode.SkeletonMode
  /// Whether the node has children (hidden ones included): a container rather than a leaf. A list's
  /// cell has them when its template does.
  public var hasChildren: Bool
  /// A list cell's section in its list; nil for a view.
  public var section: Int?
  /// A row's or item's number in its section; 0 for headers, footers and views.
  public var index: Int
  /// Whether the tree lays out right to left (its resolved `rightToLeft` style): frames are mirrored
  /// and natural alignment is to the right.
  public var isRightToLeft: Bool

  /// Creates a laid-out view.
  public init(kind: Kind, parent: Int?, id: String?, frame: Rect, clip: Rect, cornerRadius: Double? = nil,
              lines: Int = 1, align: ViewNode.Alignment = .natural, skeleton: ViewNode.SkeletonMode = .auto,
              hasChildren: Bool = false, section: Int? = nil, index: Int = 0, isRightToLeft: Bool = false) {
    self.kind = kind
    self.parent = parent
    self.id = id
    self.frame = frame
    self.clip = clip
    self.cornerRadius = cornerRadius
    self.lines = lines
    self.align = align
    self.skeleton = skeleton
    self.hasChildren = hasChildren
    self.section = section
    self.index = index
    self.isRightToLeft = isRightToLeft
  }
}
