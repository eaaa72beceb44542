import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

extension NodeKind {
  /// The fields a node kind's JSON defaults may set.
  static let defaultKeys: Set<String> = ["lines", "align", "cornerRadius", "hidden", "skeleton", "style"]

  /// A node kind from its base kind's name and its defaults as a JSON object (the C ABI's and
  /// Python's form): `"lines"`, `"align"`, `"hidden"`, `"skeleton"` and `"style"` as on a
  /// view-tree node, and `"cornerRadius"` as a number of points or a fraction of the node's
  /// size, `"50%"` (of its width) or `"50%h"` (of its height).
  ///
  /// - Parameters:
  ///   - name: A host name.
  ///   - base: `view`, `label`, `image`, `button`, `textField` or `textView`.
  ///   - defaults: A JSON object; empty text is `{}`.
  /// - Throws: `.parse` for malformed JSON; `.invalidArgument` for a bad name, base or field
  ///   (the message names the JSON path).
  public init(name: String, base: String, defaults: String) throws(GhostframeError) {
    let document = try JSONValue(parsing: defaults.isEmpty ? "{}" : defaults, limits: ViewTree.jsonLimits)
    let reader = JSONReader(document)
    let object = try reader.object()
    try ViewTreeJSONReader.rejectUnknownKeys(object, allowed: Self.defaultKeys)
    guard let kind = ViewNode.Kind(rawValue: base) else {
      throw .invalid(
        "node kind '\(name)': unknown base \(MessageText.quoted(base)); expected one of "
          + ViewNode.Kind.allCases.map { MessageText.quoted($0.rawValue) }.joined(separator: ", "))
    }
    var lines: Int?
    var align: ViewNode.Alignment?
    var cornerRadius: Length?
    var hidden: Bool?
    var skeleton: ViewNode.SkeletonMode?
    var style: SkeletonStyle?
    if let r = ViewTreeJSONReader.present(object, "lines") { lines = try r.int(in: 0...ViewTree.maximumLines) }
    if let r = ViewTreeJSONReader.present(object, "align") {
      align = try ViewTreeJSONReader.choice(r, "alignment", as: ViewNode.Alignment.self)
    }
    if let r = ViewTreeJSONReader.present(object, "cornerRadius") { cornerRadius = try Self.length(r) }
    if let r = ViewTreeJSONReader.present(object, "hidden") { hidden = try r.bool() }
    if let r = ViewTreeJSONReader.present(object, "skeleton") {
      skeleton = try ViewTreeJSONReader.choice(r, "skeleton mode", as: ViewNode.SkeletonMode.self)
    }
    if let r = ViewTreeJSONReader.present(object, "style") { style = try ViewTreeJSONReader.style(r) }
    try self.init(name: name, base: kind, lines: lines, align: align, cornerRadius: cornerRadius, isHidden: hidden,
                  skeleton: skeleton, style: style)
  }

  /// A number of points, or `"P%"` / `"P%h"`: P percent of the width / height.
  private static func length(_ reader: JSONReader) throws(GhostframeError) -> Length {
    guard let text = try? reader.string() else {
      return .points(try ViewTreeJSONReader.nonNegative(reader, "corner radius"))
    }
    let isHeight = text.hasSuffix("%h")
    let number = isHeight ? text.dropLast(2) : (text.hasSuffix("%") ? text.dropLast() : nil)
    guard let number, let percent = DecimalNumber.finiteValue(number), percent >= 0 else {
      throw .invalid(
        "\(reader.path): expected a corner radius in points, \"P%\" (of the width) or \"P%h\" (of the height), found \(MessageText.quoted(text))")
    }
    return isHeight ? .heightFraction(percent / 100) : .widthFraction(percent / 100)
  }
}
