import GhostframeCore

/// One skeleton element: a grey bar, block or image placeholder the generator made from a view.
public struct Bone: Sendable, Hashable {
  /// Whether and how a bone's width oscillates (TABAnimated's toLong / toShort).
  public enum LengthAnimation: String, Sendable, CaseIterable {
    case long, short
  }

  /// The bone's index: depth-first document order among the bones of its control view.
  public var index: Int
  /// The id of the view it came from, if the view had one.
  public var id: String?
  /// The kind of view it came from.
  public var kind: ViewNode.Kind
  /// The frame in the root's coordinates (for a multi-line bone, the text block's frame).
  public var frame: Rect
  /// The corner radius.
  public var cornerRadius: Double
  /// The fill colour.
  public var color: Color
  /// A static gradient fill instead of the colour (TABAnimated's `gradient(...)`), or nil.
  public var gradient: [Color]?
  /// The number of text lines: 1 draws one bar; 0 fills the frame with as many as fit.
  public var lines: Int
  /// How the lines are laid out: stacked (the default) or side by side.
  public var linesMode: Adjustment.LinesMode
  /// The gap between lines.
  public var lineSpacing: Double
  /// The last line's width as a fraction.
  public var lastLineScale: Double
  /// The height of each line; nil uses the style's line height (or the frame's height after
  /// the height was adjusted).
  public var lineHeight: Double?
  /// Per-line overrides by line index.
  public var lineWidths: [Int: Double]
  public var lineHeights: [Int: Double]
  /// The gap after line i.
  public var lineSpacings: [Int: Double]
  /// Centred labels stay centred on their control view when adjusted.
  public var isCentered: Bool
  /// Removed bones draw nothing (TABAnimated's `remove()`).
  public var isRemoved: Bool
  /// Excluded from shimmer and drop.
  public var withoutAnimation: Bool
  /// The real view shows through a hole here (`keep` / `penetrate()`).
  public var isKept: Bool
  /// The name of an image the bone shows aspect-fit over its fill (`placeholder`), or nil;
  /// a bone with one is drawn as one layer over its frame, whatever its lines.
  public var placeholder: String?
  /// Drop: the step at which this bone is recoloured; nil uses its order.
  public var dropIndex: Int?
  /// Drop: for multi-line bones, the step of the first line (the next lines follow).
  public var dropFromIndex: Int?
  /// Drop: not recoloured.
  public var removeOnDrop: Bool
  /// Drop: this bone's stay ratio (`dropStayTime`), or nil for the style's.
  public var dropStayRatio: Double?
  /// Long / short width animation.
  public var lengthAnimation: LengthAnimation?
  /// The control view the bone belongs to (its path of ids / list positions), for `end(section:)`.
  public var group: String
  /// The resolved style of its control view.
  public var style: ResolvedSkeletonStyle {
    get { styleBox.value }
    set { styleBox = SharedBox(newValue) }
  }
  /// The style, shared with the other bones of its control view (a style is large).
  var styleBox: SharedBox<ResolvedSkeletonStyle>

  /// Creates a bone; the generator fills most fields.
  public init(index: Int, id: String? = nil, kind: ViewNode.Kind, frame: Rect, cornerRadius: Double = 0,
              color: Color, lines: Int = 1, group: String = "", style: ResolvedSkeletonStyle) {
    self.init(index: index, id: id, kind: kind, frame: frame, cornerRadius: cornerRadius, color: color,
              lines: lines, group: group, styleBox: SharedBox(style))
  }

  /// Creates a bone sharing a style box, with the generator's fields set at once.
  init(index: Int, id: String?, kind: ViewNode.Kind, frame: Rect, cornerRadius: Double, color: Color,
       lines: Int, group: String, styleBox: SharedBox<ResolvedSkeletonStyle>, lineHeight: Double? = nil,
       isCentered: Bool = false, isKept: Bool = false) {
    self.index = index
    self.id = id
    self.kind = kind
    self.frame = frame
    self.cornerRadius = cornerRadius
    self.color = color
    self.gradient = nil
    self.lines = lines
    self.linesMode = .vertical
    self.lineSpacing = styleBox.value.lineSpacing
    self.lastLineScale = styleBox.value.lastLineScale
    self.lineHeight = lineHeight
    self.lineWidths = [:]
    self.lineHeights = [:]
    self.lineSpacings = [:]
    self.isCentered = isCentered
    self.isRemoved = false
    self.withoutAnimation = false
    self.isKept = isKept
    self.placeholder = nil
    self.dropIndex = nil
    self.dropFromIndex = nil
    self.removeOnDrop = false
    self.dropStayRatio = nil
    self.lengthAnimation = nil
    self.group = group
    self.styleBox = styleBox
  }
}
