import GhostframeCore

/// One node of a host's view tree: what Ghostframe turns into skeleton bones.
///
/// Frames are in the parent's coordinates, in points.
public struct ViewNode: Sendable, Hashable {
  /// The kind of view, which decides how it becomes bones.
  public enum Kind: String, Sendable, CaseIterable {
    case view, label, image, button, textField, textView, table, collection
  }

  /// How the generator treats the node.
  public enum SkeletonMode: String, Sendable, CaseIterable {
    /// The kind's rules decide.
    case auto
    /// Neither the node nor its subtree produce anything.
    case skip
    /// One bone for the whole subtree.
    case block
    /// The real view shows through a hole in the skeleton (TABAnimated's `penetrate`).
    case keep
  }

  /// Text alignment of a label (centred labels stay centred when adjusted).
  public enum Alignment: String, Sendable, CaseIterable {
    case left, center, right, natural
  }

  /// The host's identifier, used by `named(id)` adjustments and reported on bones.
  public var id: String?
  /// The kind of view.
  public var kind: Kind
  /// The frame in the parent's coordinates.
  public var frame: Rect
  /// The child views, back to front.
  public var children: [ViewNode]
  /// Labels: the number of text lines; 0 means as many as fit. Other kinds: 1.
  public var lines: Int
  /// Labels: the text alignment.
  public var align: Alignment
  /// The view's own corner radius, if it has one.
  public var cornerRadius: Double?
  /// A hidden node produces nothing, nor does its subtree.
  public var isHidden: Bool
  /// How the generator treats the node.
  public var skeleton: SkeletonMode
  /// Settings for this subtree (the control-view level of the style cascade).
  public var style: SkeletonStyle? {
    get { styleBox?.value }
    set { styleBox = newValue.map(SharedBox.init) }
  }
  /// The style, boxed: most nodes have none, and a style is large.
  var styleBox: SharedBox<SkeletonStyle>?
  /// Scroll containers: how far the content is scrolled.
  public var contentOffset: Point
  /// Tables and collections: their sections.
  public var sections: [ListSection]

  /// Creates a node.
  public init(
    id: String? = nil, kind: Kind = .view, frame: Rect, children: [ViewNode] = [], lines: Int = 1,
    align: Alignment = .natural, cornerRadius: Double? = nil, isHidden: Bool = false, skeleton: SkeletonMode = .auto,
    style: SkeletonStyle? = nil, contentOffset: Point = .zero, sections: [ListSection] = []
  ) {
    self.id = id
    self.kind = kind
    self.frame = frame
    self.children = children
    self.lines = lines
    self.align = align
    self.cornerRadius = cornerRadius
    self.isHidden = isHidden
    self.skeleton = skeleton
    self.styleBox = style.map(SharedBox.init)
    self.contentOffset = contentOffset
    self.sections = sections
  }
}

/// A section of a table or collection: which cell template fills it and how many times.
public struct ListSection: Sendable, Hashable {
  /// The name of the cell template (a key of ``ViewTree/cells``).
  public var cell: String
  /// Tables: the height of a row; nil takes the template's height.
  public var rowHeight: Double?
  /// Tables: the number of rows; nil fills the visible height.
  public var rows: Int?
  /// Collections: the size of an item; nil takes the template's size.
  public var itemSize: Size?
  /// Collections: the gap between items (horizontal, vertical).
  public var spacing: Size
  /// Collections: the section's insets (top, left, bottom, right).
  public var insets: EdgeInsets
  /// Collections: the number of items; nil fills the visible area, rows × columns.
  public var items: Int?
  /// A header above the section.
  public var header: ListSupplement?
  /// A footer below the section.
  public var footer: ListSupplement?

  /// Creates a section.
  public init(cell: String, rowHeight: Double? = nil, rows: Int? = nil, itemSize: Size? = nil,
              spacing: Size = Size(width: 0, height: 0), insets: EdgeInsets = .zero, items: Int? = nil,
              header: ListSupplement? = nil, footer: ListSupplement? = nil) {
    self.cell = cell
    self.rowHeight = rowHeight
    self.rows = rows
    self.itemSize = itemSize
    self.spacing = spacing
    self.insets = insets
    self.items = items
    self.header = header
    self.footer = footer
  }
}

/// A section header or footer: a cell template and its height.
public struct ListSupplement: Sendable, Hashable {
  /// The name of the cell template.
  public var cell: String
  /// The height; nil takes the template's height.
  public var height: Double?
  /// Creates a supplement.
  public init(cell: String, height: Double? = nil) {
    self.cell = cell
    self.height = height
  }
}

/// Insets of a rectangle's edges, in points.
public struct EdgeInsets: Sendable, Hashable {
  public var top: Double, left: Double, bottom: Double, right: Double
  /// Creates insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  /// No insets.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A reusable cell: its size and content, generated once and repeated down a list.
public struct CellTemplate: Sendable, Hashable {
  /// The cell's size.
  public var size: Size
  /// The cell's views, in the cell's coordinates.
  public var children: [ViewNode]
  /// Adjustment lines addressing the cell's bones.
  public var adjust: [String]
  /// Settings for the cell (control-view level).
  public var style: SkeletonStyle?
  /// Creates a template.
  public init(size: Size, children: [ViewNode] = [], adjust: [String] = [], style: SkeletonStyle? = nil) {
    self.size = size
    self.children = children
    self.adjust = adjust
    self.style = style
  }
}

/// A host's screen as the skeleton generator reads it (docs/view-tree-format.md).
public struct ViewTree: Sendable, Hashable {
  /// The visible size, which lists fill.
  public var viewport: Size
  /// Global settings (the lowest level of the style cascade).
  public var style: SkeletonStyle
  /// The root view.
  public var root: ViewNode
  /// Cell templates by name.
  public var cells: [String: CellTemplate]
  /// Adjustment lines addressing the root's bones (TABAnimated's chain syntax as text).
  public var adjust: [String]
  /// Creates a tree.
  public init(viewport: Size, style: SkeletonStyle = SkeletonStyle(), root: ViewNode,
              cells: [String: CellTemplate] = [:], adjust: [String] = []) {
    self.viewport = viewport
    self.style = style
    self.root = root
    self.cells = cells
    self.adjust = adjust
  }
}
