import GhostframeCore

/// One modifier of TABAnimated's chain syntax ("adjust lines"), as data: what `reducedWidth(20)`
/// or `leftEqualTo_offset(2, 8)` does to each selected bone.
///
/// The text parser (``AdjustmentList``) and the fluent API (``SkeletonEditor``) both produce
/// these values and apply them through the same code, so a program means the same thing in
/// either form. docs/adjust-syntax.md lists every modifier with its exact effect and how it
/// differs from TABAnimated.
public enum Adjustment: Sendable, Hashable {
  /// How a bone's lines are laid out (TABAnimated's `TABLinesMode`).
  public enum LinesMode: String, Sendable, CaseIterable {
    /// Lines stacked top to bottom (`TABLinesVertical`).
    case vertical
    /// Lines side by side, left to right (`TABLinesHorizontal`).
    case horizontal
  }

  /// A relation to another bone (TABAnimated's auto-layout modifiers). The raw value is the
  /// chain name; the `_offset` forms are the same relation with an offset.
  public enum Relation: String, Sendable, CaseIterable {
    /// x = x_j + d.
    case leftEqualTo
    /// y = y_j + d.
    case topEqualTo
    /// x = maxX_j − w + d (y is left alone).
    case rightEqualTo
    /// y = maxY_j − h + d.
    case bottomEqualTo
    /// w = w_j + d.
    case widthEqualTo
    /// h = h_j + d.
    case heightEqualTo
    /// x = maxX_j + d.
    case leftEqualToRight
    /// y = maxY_j + d.
    case topEqualToBottom
    /// x = minX_j − w + d (y is left alone).
    case rightEqualToLeft
    /// y = minY_j − h + d.
    case bottomEqualToTop
  }

  // MARK: Position and size

  /// x −= v.
  case left(Double)
  /// x += v.
  case right(Double)
  /// y −= v.
  case up(Double)
  /// y += v.
  case down(Double)
  /// x = v.
  case x(Double)
  /// y = v.
  case y(Double)
  /// x += v (`x_offset`).
  case xOffset(Double)
  /// y += v (`y_offset`).
  case yOffset(Double)
  /// w = v; v must be > 0.
  case width(Double)
  /// h = v; v must be > 0. Multi-line bones then use the frame's height as their line height.
  case height(Double)
  /// w −= v (a negative v grows the bone).
  case reducedWidth(Double)
  /// h −= v; multi-line bones then use the frame's height as their line height.
  case reducedHeight(Double)
  /// x += v/2, w −= v: keeps the horizontal centre (`reducedWidth_vertical`).
  case reducedWidthVertical(Double)
  /// y += v/2, h −= v: keeps the vertical centre (`reducedHeight_horizontal`); like
  /// `reducedHeight` for the line height.
  case reducedHeightHorizontal(Double)
  /// cornerRadius = v.
  case radius(Double)
  /// cornerRadius −= v.
  case reducedRadius(Double)

  // MARK: Lines

  /// The number of lines, stacked vertically (`line` / `lines`); 0 fills the frame.
  case lines(Int)
  /// The number of lines and their layout (`lineWithMode`); with `.vertical` the same as `lines`.
  case lineWithMode(Int, LinesMode)
  /// The gap between lines (`space`).
  case space(Double)
  /// The last line's width as a fraction of the frame's (`lastLineScale` / `lastScale`).
  case lastLineScale(Double)
  /// Line `line`'s width = its current width × `scale` (`targetLineScale`).
  case targetLineScale(line: Int, scale: Double)
  /// Line `line`'s width (`targetLineWidth`).
  case targetLineWidth(line: Int, width: Double)
  /// Line `line`'s height (`targetLineHeight`).
  case targetLineHeight(line: Int, height: Double)
  /// The gap after line `line` (`targetLineSpace`).
  case targetLineSpace(line: Int, space: Double)
  /// The width of lines `from ..< from + count` (`rangeLineWidth`).
  case rangeLineWidth(from: Int, count: Int, width: Double)
  /// The height of lines `from ..< from + count` (`rangeLineHeight`).
  case rangeLineHeight(from: Int, count: Int, height: Double)
  /// The gap after each of lines `from ..< from + count` (`rangeLineSpace`).
  case rangeLineSpace(from: Int, count: Int, space: Double)

  // MARK: Appearance

  /// Not drawn (`remove`).
  case remove
  /// Clears an image set by `placeholder` (`removeContents`); TABAnimated also clears a
  /// button's own image, which views never give a bone here.
  case removeContents
  /// The bone shows the named image, aspect-fit, as one layer over its frame (`placeholder`):
  /// its layer's ``/GhostframeCore/Layer/contents``, for the host to draw.
  case placeholder(String)
  /// No longer re-centred when adjusted (`cancelAlignCenter`).
  case cancelAlignCenter
  /// The fill colour (`color`).
  case color(Color)
  /// A static left-to-right gradient fill (`gradient`), 2 to ``Adjustment/maxGradientColors`` colours.
  case gradient([Color])
  /// Excluded from shimmer and drop (`withoutAnimation`).
  case withoutAnimation
  /// The real view shows through a hole (`penetrate`).
  case penetrate
  /// Accepted and does nothing: bones have no shadow (`removeShadow`).
  case removeShadow

  // MARK: Relations

  /// Aligns an edge or size with bone `bone`'s, plus `offset`.
  case relation(Relation, bone: Int, offset: Double)

  // MARK: Animation

  /// Width stretches (`toLongAnimation`).
  case toLongAnimation
  /// Width shrinks (`toShortAnimation`).
  case toShortAnimation
  /// Drop: the step at which the bone is recoloured (`dropIndex`).
  case dropIndex(Int)
  /// Drop: the step of the first line; the next lines follow (`dropFromIndex`).
  case dropFromIndex(Int)
  /// Drop: not recoloured (`removeOnDrop`).
  case removeOnDrop
  /// Drop: the fraction of the cycle this bone spends fading from the deep colour (`dropStayTime`).
  case dropStayTime(Double)
}

/// Which bones a chain edits: TABAnimated's manager calls.
public enum AdjustSelector: Sendable, Hashable {
  /// Bone i (`animation(i)`).
  case animation(Int)
  /// Exactly `count` bones from `from` (`animations(from, count)`).
  case animations(from: Int, count: Int)
  /// The listed bones, each once, in the order given (`animationsWithIndexs(i, j, ...)`).
  case animationsWithIndexs([Int])
  /// Every bone whose id is `id` (`named(id)`, TABAnimated's `animationN`).
  case named(String)
  /// A new bone appended with index i, which must be the next free index (`create(i)`).
  case create(Int)
  /// A new bone appended at the next free index with id `id` (`createNamed(id)`, TABAnimated's `createN`).
  case createNamed(String)
  /// The control view's background, its container (`backgroundComponent`): position, size,
  /// radius and colour modifiers edit it (``Adjustment/appliesToBackground``).
  case backgroundComponent
}

extension Adjustment {
  /// The most lines a bone may be given, and one more than the highest line index a per-line
  /// modifier may address.
  public static let maxLines = 1_000
  /// The most colours a gradient may have: as many stops as a layer's gradient holds (a bone's
  /// gradient becomes its layer's), so a longer one is refused when the line is read, not when
  /// the scene is built.
  public static let maxGradientColors = Gradient.maximumStops
  /// The highest bone index or drop step a program may name.
  public static let maxIndex = Int(Int32.max)

  /// TABAnimated's name of the modifier (for `.relation` with an offset, the `_offset` form).
  public var name: String {
    switch self {
    case .left: "left"
    case .right: "right"
    case .up: "up"
    case .down: "down"
    case .x: "x"
    case .y: "y"
    case .xOffset: "x_offset"
    case .yOffset: "y_offset"
    case .width: "width"
    case .height: "height"
    case .reducedWidth: "reducedWidth"
    case .reducedHeight: "reducedHeight"
    case .reducedWidthVertical: "reducedWidth_vertical"
    case .reducedHeightHorizontal: "reducedHeight_horizontal"
    case .radius: "radius"
    case .reducedRadius: "reducedRadius"
    case .lines: "line"
    case .lineWithMode: "lineWithMode"
    case .space: "space"
    case .lastLineScale: "lastLineScale"
    case .targetLineScale: "targetLineScale"
    case .targetLineWidth: "targetLineWidth"
    case .targetLineHeight: "targetLineHeight"
    case .targetLineSpace: "targetLineSpace"
    case .rangeLineWidth: "rangeLineWidth"
    case .rangeLineHeight: "rangeLineHeight"
    case .rangeLineSpace: "rangeLineSpace"
    case .remove: "remove"
    case .removeContents: "removeContents"
    case .placeholder: "placeholder"
    case .cancelAlignCenter: "cancelAlignCenter"
    case .color: "color"
    case .gradient: "gradient"
    case .withoutAnimation: "withoutAnimation"
    case .penetrate: "penetrate"
    case .removeShadow: "removeShadow"
    case .relation(let relation, _, let offset): offset == 0 ? relation.rawValue : relation.rawValue + "_offset"
    case .toLongAnimation: "toLongAnimation"
    case .toShortAnimation: "toShortAnimation"
    case .dropIndex: "dropIndex"
    case .dropFromIndex: "dropFromIndex"
    case .removeOnDrop: "removeOnDrop"
    case .dropStayTime: "dropStayTime"
    }
  }

  /// Whether `backgroundComponent` takes the modifier: the ones that move or size a frame
  /// (relations excepted), `radius`, `reducedRadius` and `color`.
  public var appliesToBackground: Bool {
    switch self {
    case .left, .right, .up, .down, .x, .y, .xOffset, .yOffset, .width, .height, .reducedWidth, .reducedHeight,
      .reducedWidthVertical, .reducedHeightHorizontal, .radius, .reducedRadius, .color:
      true
    default:
      false
    }
  }

  /// Applies a position or size modifier (`left` … `reducedHeight_horizontal`) to `frame`;
  /// any other modifier leaves it alone.
  func move(_ frame: inout Rect) {
    switch self {
    case .left(let v): frame.x -= v
    case .right(let v), .xOffset(let v): frame.x += v
    case .up(let v): frame.y -= v
    case .down(let v), .yOffset(let v): frame.y += v
    case .x(let v): frame.x = v
    case .y(let v): frame.y = v
    case .width(let v): frame.width = v
    case .height(let v): frame.height = v
    case .reducedWidth(let v): frame.width -= v
    case .reducedHeight(let v): frame.height -= v
    case .reducedWidthVertical(let v):
      frame.x += v / 2
      frame.width -= v
    case .reducedHeightHorizontal(let v):
      frame.y += v / 2
      frame.height -= v
    default:
      break
    }
  }

  /// Whether the modifier writes the bone's frame (so a centred label is re-centred).
  var movesFrame: Bool {
    switch self {
    case .left, .right, .up, .down, .x, .y, .xOffset, .yOffset, .width, .height, .reducedWidth, .reducedHeight,
      .reducedWidthVertical, .reducedHeightHorizontal, .relation:
      true
    default:
      false
    }
  }

  /// The bone a relation reads, or nil.
  var relatedBone: Int? {
    if case .relation(_, let bone, _) = self { return bone }
    return nil
  }

  /// The arguments as the text form writes them.
  var arguments: [String] {
    switch self {
    case .left(let v), .right(let v), .up(let v), .down(let v), .x(let v), .y(let v), .xOffset(let v),
      .yOffset(let v), .width(let v), .height(let v), .reducedWidth(let v), .reducedHeight(let v),
      .reducedWidthVertical(let v), .reducedHeightHorizontal(let v), .radius(let v), .reducedRadius(let v),
      .space(let v), .lastLineScale(let v), .dropStayTime(let v):
      [AdjustText.number(v)]
    case .lines(let n), .dropIndex(let n), .dropFromIndex(let n):
      ["\(n)"]
    case .lineWithMode(let n, let mode):
      ["\(n)", mode.rawValue]
    case .targetLineScale(let line, let v), .targetLineWidth(let line, let v), .targetLineHeight(let line, let v),
      .targetLineSpace(let line, let v):
      ["\(line)", AdjustText.number(v)]
    case .rangeLineWidth(let from, let count, let v), .rangeLineHeight(let from, let count, let v),
      .rangeLineSpace(let from, let count, let v):
      ["\(from)", "\(count)", AdjustText.number(v)]
    case .color(let color):
      [AdjustText.color(color)]
    case .placeholder(let name):
      [AdjustText.id(name)]
    case .gradient(let colors):
      colors.map(AdjustText.color)
    case .relation(_, let bone, let offset):
      offset == 0 ? ["\(bone)"] : ["\(bone)", AdjustText.number(offset)]
    case .remove, .removeContents, .cancelAlignCenter, .withoutAnimation, .penetrate, .removeShadow,
      .toLongAnimation, .toShortAnimation, .removeOnDrop:
      []
    }
  }
}

extension Adjustment: CustomStringConvertible {
  /// The text form, for example `reducedWidth(20)` or `leftEqualTo_offset(2, 8)`; the parser
  /// reads it back to an equal value (colours to 8 bits a channel).
  public var description: String { "\(name)(\(arguments.joined(separator: ", ")))" }
}

extension AdjustSelector: CustomStringConvertible {
  /// TABAnimated's name of the selector.
  public var name: String {
    switch self {
    case .animation: "animation"
    case .animations: "animations"
    case .animationsWithIndexs: "animationsWithIndexs"
    case .named: "named"
    case .create: "create"
    case .createNamed: "createNamed"
    case .backgroundComponent: "backgroundComponent"
    }
  }

  /// The text form, for example `animations(4, 3)` or `named("user name")`.
  public var description: String {
    let arguments: [String] =
      switch self {
      case .animation(let i), .create(let i): ["\(i)"]
      case .animations(let from, let count): ["\(from)", "\(count)"]
      case .animationsWithIndexs(let indices): indices.map { "\($0)" }
      case .named(let id), .createNamed(let id): [AdjustText.id(id)]
      case .backgroundComponent: []
      }
    return "\(name)(\(arguments.joined(separator: ", ")))"
  }
}

/// Text forms of values, as the parser reads them.
enum AdjustText {
  /// A finite number in the shortest form that reads back to the same value; integral values
  /// without a fraction.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      return "\(Int64(value))"
    }
    return "\(value)"
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque; channels rounded to 8 bits.
  static func color(_ color: Color) -> String {
    func byte(_ channel: Double) -> String {
      let clamped = channel.isNaN ? 0 : min(max(channel, 0), 1)
      let value = Int((clamped * 255).rounded())
      let digits = String(value, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    let rgb = "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    return color.alpha == 1 ? rgb : rgb + byte(color.alpha)
  }

  /// A bare id when every scalar may stand bare, else a quoted string.
  static func id(_ id: String) -> String {
    if !id.isEmpty, id.unicodeScalars.allSatisfy(AdjustParser.isBareIDScalar) {
      return id
    }
    var quoted = "\""
    for scalar in id.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }
}
