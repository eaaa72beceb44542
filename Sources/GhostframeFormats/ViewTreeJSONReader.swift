import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Reads the view-tree format (docs/view-tree-format.md) from a parsed JSON document.
///
/// Every error names the JSON path of the problem (`root.children[2].frame`,
/// `cells.news.children[0].style.color`). The whole document is read into local values and
/// the tree is returned only when all of it is valid.
struct ViewTreeJSONReader {
  static let documentKeys: Set<String> = ["viewport", "style", "root", "cells", "adjust"]
  static let nodeKeys: Set<String> = [
    "id", "type", "frame", "children", "lines", "align", "cornerRadius", "hidden", "skeleton", "style",
    "contentOffset", "sections",
  ]
  static let templateKeys: Set<String> = ["size", "children", "adjust", "style"]
  static let tableSectionKeys: Set<String> = ["cell", "rowHeight", "rows", "header", "footer"]
  static let collectionSectionKeys: Set<String> = ["cell", "itemSize", "spacing", "insets", "items", "header", "footer"]
  static let supplementKeys: Set<String> = ["cell", "height"]

  /// Nodes read so far, root and templates together.
  private var nodeCount = 0
  /// Every cell name a section, header or footer uses, with the path of its `cell` member.
  private var references: [(name: String, path: JSONPath)] = []

  /// Reads a whole document.
  static func tree(from document: JSONReader) throws(GhostframeError) -> ViewTree {
    var reader = ViewTreeJSONReader()
    return try reader.tree(document)
  }

  private mutating func tree(_ document: JSONReader) throws(GhostframeError) -> ViewTree {
    let object = try document.object()
    try Self.rejectUnknownKeys(object, allowed: Self.documentKeys)
    let viewport = try Self.size(object.required("viewport"), positive: false)
    var style = SkeletonStyle()
    if let r = Self.present(object, "style") { style = try Self.style(r, global: true) }
    let root = try node(object.required("root"), depth: 1)
    var cells: [String: CellTemplate] = [:]
    if let r = Self.present(object, "cells") { cells = try templates(r) }
    var adjust: [String] = []
    if let r = Self.present(object, "adjust") { adjust = try Self.lines(r) }
    try checkReferences(cells)
    return ViewTree(viewport: viewport, style: style, root: root, cells: cells, adjust: adjust)
  }

  // MARK: - Nodes

  /// One node and its subtree; `depth` is its level (the root, or a cell template, is level 1).
  private mutating func node(_ reader: JSONReader, depth: Int) throws(GhostframeError) -> ViewNode {
    guard depth <= ViewTree.maximumDepth else {
      throw GhostframeError(.limit, "\(reader.path): the view tree is more than \(ViewTree.maximumDepth) levels deep")
    }
    nodeCount += 1
    guard nodeCount <= ViewTree.maximumNodes else {
      throw GhostframeError(
        .limit, "\(reader.path): the view tree has more than 100,000 nodes (root and cell templates together)")
    }
    let object = try reader.object()
    try Self.rejectUnknownKeys(object, allowed: Self.nodeKeys)
    var node = ViewNode(frame: try Self.rect(object.required("frame")))
    if let r = Self.present(object, "id") {
      let id = try r.string()
      try Identifier.check(id, "\(r.path)")
      node.id = id
    }
    if let r = Self.present(object, "type") {
      let type = try r.string()
      if type.contains(".") {
        // A host's widget type (NodeKind): its defaults first, the node's own fields over them.
        guard let kind = NodeKind.registry.entry(named: type) else {
          throw .invalid("\(r.path): unknown node type \(MessageText.quoted(type)): no node kind of that name is registered")
        }
        kind.apply(to: &node)
      } else {
        node.kind = try Self.choice(r, "type", as: ViewNode.Kind.self)
      }
    }
    if let r = Self.present(object, "lines") { node.lines = try r.int(in: 0...ViewTree.maximumLines) }
    if let r = Self.present(object, "align") { node.align = try Self.choice(r, "alignment", as: ViewNode.Alignment.self) }
    if let r = Self.present(object, "cornerRadius") { node.cornerRadius = try Self.nonNegative(r, "corner radius") }
    if let r = Self.present(object, "hidden") { node.isHidden = try r.bool() }
    if let r = Self.present(object, "skeleton") {
      node.skeleton = try Self.choice(r, "skeleton mode", as: ViewNode.SkeletonMode.self)
    }
    if let r = Self.present(object, "style") {
      let own = try Self.style(r)
      node.style = node.style.map { $0.overriding(with: own) } ?? own
    }
    if let r = Self.present(object, "contentOffset") {
      let offset = try r.numbers(count: 2)
      node.contentOffset = Point(x: offset[0], y: offset[1])
    }
    if let r = Self.present(object, "sections") {
      guard node.kind == .table || node.kind == .collection else {
        throw .invalid("\(r.path): a \(node.kind.rawValue) has no sections (only tables and collections do)")
      }
      for element in try r.array() {
        node.sections.append(try section(element, isTable: node.kind == .table))
      }
    }
    if let r = Self.present(object, "children") {
      node.children = try children(r, depth: depth + 1)
    }
    return node
  }

  /// An array of nodes at level `depth`.
  private mutating func children(_ reader: JSONReader, depth: Int) throws(GhostframeError) -> [ViewNode] {
    let elements = try reader.array()
    var nodes: [ViewNode] = []
    nodes.reserveCapacity(elements.count)
    for element in elements {
      nodes.append(try node(element, depth: depth))
    }
    return nodes
  }

  // MARK: - Lists

  /// A table or collection section (its `cell` names are checked by the caller; see
  /// ``checkReferences(_:)``).
  mutating func section(_ reader: JSONReader, isTable: Bool) throws(GhostframeError) -> ListSection {
    let object = try reader.object()
    let (allowed, other, otherName) =
      isTable
      ? (Self.tableSectionKeys, Self.collectionSectionKeys, "collection")
      : (Self.collectionSectionKeys, Self.tableSectionKeys, "table")
    // A key of the other kind of list gets a message that says so.
    for key in object.keys where !Self.contains(allowed, key) {
      guard Self.contains(other, key) else { break }
      throw .invalid(
        "\(object.path.appending(key: key)): unknown key \(MessageText.quoted(key)) (only \(otherName) sections have it)")
    }
    try Self.rejectUnknownKeys(object, allowed: allowed)
    var section = ListSection(cell: try cellName(object.required("cell")))
    if isTable {
      if let r = Self.present(object, "rowHeight") { section.rowHeight = try Self.positive(r, "row height") }
      if let r = Self.present(object, "rows") { section.rows = try r.int(in: 0...ViewTree.maximumListCount) }
    } else {
      if let r = Self.present(object, "itemSize") { section.itemSize = try Self.size(r, positive: true) }
      if let r = Self.present(object, "spacing") {
        let spacing = try Self.uniformOrList(r, names: ["horizontal", "vertical"], noun: "spacing")
        section.spacing = Size(width: spacing[0], height: spacing[1])
      }
      if let r = Self.present(object, "insets") {
        let insets = try Self.uniformOrList(r, names: ["top", "left", "bottom", "right"], noun: "inset")
        section.insets = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
      }
      if let r = Self.present(object, "items") { section.items = try r.int(in: 0...ViewTree.maximumListCount) }
    }
    if let r = Self.present(object, "header") { section.header = try supplement(r) }
    if let r = Self.present(object, "footer") { section.footer = try supplement(r) }
    return section
  }

  /// A header or footer: `{"cell": name, "height": h}`.
  private mutating func supplement(_ reader: JSONReader) throws(GhostframeError) -> ListSupplement {
    let object = try reader.object()
    try Self.rejectUnknownKeys(object, allowed: Self.supplementKeys)
    var supplement = ListSupplement(cell: try cellName(object.required("cell")))
    if let r = Self.present(object, "height") { supplement.height = try Self.nonNegative(r, "height") }
    return supplement
  }

  /// A cell template's name, remembered for ``checkReferences(_:)``.
  private mutating func cellName(_ reader: JSONReader) throws(GhostframeError) -> String {
    let name = try reader.string()
    try Identifier.check(name, "\(reader.path)")
    references.append((name, reader.path))
    return name
  }

  /// Every name a list uses must be a template.
  private func checkReferences(_ cells: [String: CellTemplate]) throws(GhostframeError) {
    for (name, path) in references where cells[name] == nil {
      var message = "\(path): no cell template \(MessageText.quoted(name))"
      if let suggestion = Suggestion.closest(to: name, among: Set(cells.keys)) {
        message += " (did you mean \(MessageText.quoted(suggestion))?)"
      }
      throw GhostframeError(.notFound, message)
    }
  }

  // MARK: - Cell templates

  /// The `cells` object.
  private mutating func templates(_ reader: JSONReader) throws(GhostframeError) -> [String: CellTemplate] {
    let object = try reader.object()
    guard object.object.count <= ViewTree.maximumCellTemplates else {
      throw GhostframeError(
        .limit,
        "\(reader.path): \(object.object.count) cell templates exceed the limit of 1,000")
    }
    var cells: [String: CellTemplate] = [:]
    for name in object.keys {
      try Identifier.check(name, "\(reader.path): a cell template name")
      // JSON keys differ code unit by code unit; Swift strings compare canonically, so two
      // keys can be one name (`"é"` and `"e\u0301"`).
      if cells[name] != nil, let earlier = cells.keys.first(where: { $0 == name }) {
        throw .invalid(
          "\(reader.path.appending(key: name)): the name \(MessageText.quoted(name)) is canonically equivalent to "
            + "the earlier template \(MessageText.quoted(earlier)) (names are compared as Unicode text)")
      }
      cells[name] = try template(try object.required(name))
    }
    return cells
  }

  /// One cell template.
  private mutating func template(_ reader: JSONReader) throws(GhostframeError) -> CellTemplate {
    let object = try reader.object()
    try Self.rejectUnknownKeys(object, allowed: Self.templateKeys)
    var template = CellTemplate(size: try Self.size(object.required("size"), positive: false))
    if let r = Self.present(object, "style") { template.style = try Self.style(r) }
    // The template is level 1 of its own tree, so its children are level 2.
    if let r = Self.present(object, "children") { template.children = try children(r, depth: 2) }
    if let r = Self.present(object, "adjust") { template.adjust = try Self.lines(r) }
    return template
  }

  /// An `adjust` array: strings, kept as they are (the generator parses them).
  static func lines(_ reader: JSONReader) throws(GhostframeError) -> [String] {
    var lines: [String] = []
    for element in try reader.array() {
      lines.append(try element.string())
    }
    return lines
  }
}
