import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Writes a ``ViewTree`` in the view-tree format (docs/view-tree-format.md): what
/// ``ViewTreeJSONReader`` reads back into an equal tree. Members left at their defaults are not
/// written; cell templates are written in name order.
enum ViewTreeJSONWriter {
  static func text(for tree: ViewTree, pretty: Bool) throws(GhostframeError) -> String {
    var members: [(String, JSONValue)] = [("viewport", try size(tree.viewport, at: "viewport"))]
    let global = try style(tree.style, at: "style")
    if !global.isEmpty { members.append(("style", .object(global))) }
    members.append(("root", try node(tree.root, at: "root", depth: 1)))
    if !tree.cells.isEmpty {
      var cells: [(String, JSONValue)] = []
      for name in tree.cells.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        guard let template = tree.cells[name] else { continue }
        cells.append((name, try self.template(template, at: "cells[\(MessageText.quoted(name))]")))
      }
      members.append(("cells", .object(JSONObject(cells))))
    }
    if !tree.adjust.isEmpty { members.append(("adjust", .array(tree.adjust.map(JSONValue.string)))) }
    let document = JSONValue.object(JSONObject(members))
    let limits = ViewTree.jsonLimits
    let (values, depth) = SceneJSONWriter.measure(document)
    guard values <= limits.maxElements, depth <= limits.effectiveMaxDepth else {
      throw GhostframeError(.limit, "the view tree's JSON would hold \(values) values \(depth) levels deep; a view-tree "
                            + "document is read up to \(limits.maxElements) values and \(limits.effectiveMaxDepth) levels")
    }
    let text = pretty ? SceneJSONWriter.prettyText(document) : document.serialized(pretty: false)
    guard text.utf8.count <= limits.maxBytes else {
      throw GhostframeError(.limit, "the view tree's JSON would be more than \(limits.maxBytes) bytes; a view-tree "
                            + "document is read up to \(limits.maxBytes) bytes, so it could not be read back")
    }
    return text
  }

  // MARK: - Nodes and lists

  static func node(_ node: ViewNode, at path: String, depth: Int) throws(GhostframeError) -> JSONValue {
    guard depth <= ViewTree.maximumDepth else {
      throw GhostframeError(.limit, "\(path): the view tree is more than \(ViewTree.maximumDepth) levels deep")
    }
    var object: [(String, JSONValue)] = []
    if let id = node.id { object.append(("id", .string(id))) }
    object.append(("type", .string(node.kind.rawValue)))
    object.append(("frame", try numbers([node.frame.x, node.frame.y, node.frame.width, node.frame.height],
                                        at: "\(path).frame")))
    if node.lines != 1 { object.append(("lines", .number(Double(node.lines)))) }
    if node.align != .natural { object.append(("align", .string(node.align.rawValue))) }
    if let radius = node.cornerRadius { object.append(("cornerRadius", try number(radius, at: "\(path).cornerRadius"))) }
    if node.isHidden { object.append(("hidden", .bool(true))) }
    if node.skeleton != .auto { object.append(("skeleton", .string(node.skeleton.rawValue))) }
    if let style = node.style {
      object.append(("style", .object(try self.style(style, at: "\(path).style"))))
    }
    if node.contentOffset != .zero {
      object.append(("contentOffset", try numbers([node.contentOffset.x, node.contentOffset.y],
                                                  at: "\(path).contentOffset")))
    }
    if !node.sections.isEmpty {
      var sections: [JSONValue] = []
      for (index, section) in node.sections.enumerated() {
        sections.append(try self.section(section, isTable: node.kind == .table, at: "\(path).sections[\(index)]"))
      }
      object.append(("sections", .array(sections)))
    }
    if !node.children.isEmpty {
      var children: [JSONValue] = []
      for (index, child) in node.children.enumerated() {
        children.append(try self.node(child, at: "\(path).children[\(index)]", depth: depth + 1))
      }
      object.append(("children", .array(children)))
    }
    return .object(JSONObject(object))
  }

  /// A section: a table's fields (`rowHeight`, `rows`) or a collection's (`itemSize`,
  /// `spacing`, `insets`, `items`), as the list's kind reads them.
  static func section(_ section: ListSection, isTable: Bool, at path: String) throws(GhostframeError) -> JSONValue {
    var object: [(String, JSONValue)] = [("cell", .string(section.cell))]
    if isTable {
      if let height = section.rowHeight { object.append(("rowHeight", try number(height, at: "\(path).rowHeight"))) }
      if let rows = section.rows { object.append(("rows", .number(Double(rows)))) }
    } else {
      if let size = section.itemSize { object.append(("itemSize", try self.size(size, at: "\(path).itemSize"))) }
      if section.spacing != Size(width: 0, height: 0) {
        object.append(("spacing", try numbers([section.spacing.width, section.spacing.height], at: "\(path).spacing")))
      }
      let insets = section.insets
      if insets != .zero {
        object.append(("insets", try numbers([insets.top, insets.left, insets.bottom, insets.right], at: "\(path).insets")))
      }
      if let items = section.items { object.append(("items", .number(Double(items)))) }
    }
    for (key, supplement) in [("header", section.header), ("footer", section.footer)] {
      guard let supplement else { continue }
      var member: [(String, JSONValue)] = [("cell", .string(supplement.cell))]
      if let height = supplement.height { member.append(("height", try number(height, at: "\(path).\(key).height"))) }
      object.append((key, .object(JSONObject(member))))
    }
    return .object(JSONObject(object))
  }

  static func template(_ template: CellTemplate, at path: String) throws(GhostframeError) -> JSONValue {
    var object: [(String, JSONValue)] = [("size", try size(template.size, at: "\(path).size"))]
    if let style = template.style { object.append(("style", .object(try self.style(style, at: "\(path).style")))) }
    if !template.adjust.isEmpty { object.append(("adjust", .array(template.adjust.map(JSONValue.string)))) }
    if !template.children.isEmpty {
      var children: [JSONValue] = []
      for (index, child) in template.children.enumerated() {
        children.append(try node(child, at: "\(path).children[\(index)]", depth: 2))
      }
      object.append(("children", .array(children)))
    }
    return .object(JSONObject(object))
  }

  // MARK: - Styles

  /// Every key a style level sets, in the order of the format's table; the effect as
  /// `animation` (a host effect by its name).
  static func style(_ style: SkeletonStyle, at path: String) throws(GhostframeError) -> JSONObject {
    var object: [(String, JSONValue)] = []
    func add(_ key: String, _ value: Double?) throws(GhostframeError) {
      if let value { object.append((key, try number(value, at: "\(path).\(key)"))) }
    }
    func add(_ key: String, _ value: Color?) {
      if let value { object.append((key, SceneJSONWriter.color(value))) }
    }
    func add(_ key: String, name: String?) {
      if let name { object.append((key, .string(name))) }
    }
    add("animation", name: style.hostEffect ?? style.effect?.rawValue)
    add("palette", name: style.palette?.rawValue)
    add("color", style.color)
    add("backgroundColor", style.backgroundColor)
    try add("heightCoefficient", style.heightCoefficient)
    try add("boneHeight", style.boneHeight)
    try add("cornerRadius", style.cornerRadius)
    if let value = style.useCornerRadius { object.append(("useCornerRadius", .bool(value))) }
    try add("lineHeight", style.lineHeight)
    try add("lineSpacing", style.lineSpacing)
    try add("lastLineScale", style.lastLineScale)
    try add("shimmerDuration", style.shimmerDuration)
    try add("shimmerSpeed", style.shimmerSpeed)
    add("shimmerDirection", name: style.shimmerDirection?.rawValue)
    add("shimmerSpace", name: style.shimmerSpace?.rawValue)
    switch style.shimmerColor {
    case .bone?: object.append(("shimmerColor", .string("bone")))
    case .color(let color)?: object.append(("shimmerColor", SceneJSONWriter.color(color)))
    case nil: break
    }
    try add("shimmerBrightness", style.shimmerBrightness)
    add("shimmerHighlightColor", style.shimmerHighlightColor)
    try add("shimmerHighlightLength", style.shimmerHighlightLength)
    try add("shimmerPauseDuration", style.shimmerPauseDuration)
    try add("shimmerAngle", style.shimmerAngle)
    try add("breatheDuration", style.breatheDuration)
    try add("dropDuration", style.dropDuration)
    add("dropColor", style.dropColor)
    try add("dropStayRatio", style.dropStayRatio)
    try add("lengthDuration", style.lengthDuration)
    try add("longScale", style.longScale)
    try add("shortScale", style.shortScale)
    if let value = style.rightToLeft { object.append(("rightToLeft", .bool(value))) }
    add("reducedMotion", name: style.reducedMotion?.rawValue)
    try add("showDelay", style.showDelay)
    try add("appearDuration", style.appearDuration)
    try add("maxAnimationDuration", style.maxAnimationDuration)
    return JSONObject(object)
  }

  // MARK: - Numbers

  /// A number JSON can hold: finite (`.invalidArgument` naming the place otherwise).
  static func number(_ value: Double, at path: String) throws(GhostframeError) -> JSONValue {
    guard value.isFinite else { throw .invalid("\(path): \(value) cannot be written as JSON (not finite)") }
    return .number(value)
  }

  static func numbers(_ values: [Double], at path: String) throws(GhostframeError) -> JSONValue {
    var out: [JSONValue] = []
    for (index, value) in values.enumerated() { out.append(try number(value, at: "\(path)[\(index)]")) }
    return .array(out)
  }

  static func size(_ size: Size, at path: String) throws(GhostframeError) -> JSONValue {
    try numbers([size.width, size.height], at: path)
  }
}
