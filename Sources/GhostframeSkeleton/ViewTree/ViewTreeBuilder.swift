import GhostframeCore

/// Builds a ``ViewTree`` one view at a time, for hosts that walk their own widgets instead of
/// writing JSON. Nodes are referred to by the handles the builder returns.
public struct ViewTreeBuilder: Sendable {
  /// A node as the builder keeps it: the view without children, and its children's handles.
  struct Entry: Sendable {
    var node: ViewNode
    var children: [Int] = []
    /// For a cell's content node: the cell's name.
    var cell: String?
  }

  /// The most nodes a builder accepts (the view tree format's limit: the root's subtree and the
  /// templates' views; a template's content node is the template, which does not count).
  public static let maximumNodes = 100_000

  public private(set) var viewport: Size
  var style = SkeletonStyle()
  var adjust: [String] = []
  var entries: [Entry] = []
  var root: Int?
  var cellOrder: [String] = []
  /// Adjustment lines of cells, by their content node's handle.
  var cellAdjust: [Int: [String]] = [:]

  /// Starts a tree with the visible size.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` unless both sides are
  ///   finite and > 0.
  public init(viewport: Size) throws(GhostframeError) {
    guard viewport.width.isFinite, viewport.height.isFinite, viewport.width > 0, viewport.height > 0 else {
      throw .invalid("viewport must be finite and > 0 (got \(viewport.width) x \(viewport.height))")
    }
    self.viewport = viewport
  }

  /// ``init(viewport:)`` with the view-tree format's rule (finite, >= 0; generation checks it
  /// again) instead of the builder's (> 0), for `init(tree:)`, as ``insertCell(named:size:)`` is
  /// for templates: gf_view_tree_load_json accepts every tree gf_skeleton_from_json does.
  init(formatViewport viewport: Size) throws(GhostframeError) {
    guard viewport.width.isFinite, viewport.height.isFinite, viewport.width >= 0, viewport.height >= 0 else {
      throw .invalid("viewport must be finite and >= 0 (got \(viewport.width) x \(viewport.height))")
    }
    self.viewport = viewport
  }

  /// Sets the root view (its `children` are ignored: add them with ``addNode(_:under:)``).
  ///
  /// - Returns: The root's handle.
  public mutating func setRoot(_ node: ViewNode) throws(GhostframeError) -> Int {
    guard root == nil else { throw .invalid("the tree already has a root") }
    let handle = try append(node, cell: nil)
    root = handle
    return handle
  }

  /// Adds a view under the node with handle `parent`.
  ///
  /// - Returns: The new node's handle.
  public mutating func addNode(_ node: ViewNode, under parent: Int) throws(GhostframeError) -> Int {
    try checkHandle(parent)
    let handle = try append(node, cell: nil)
    entries[parent].children.append(handle)
    return handle
  }

  /// Adds a cell template and returns the handle of its content node, under which the
  /// cell's views are added.
  public mutating func addCell(named name: String, size: Size) throws(GhostframeError) -> Int {
    guard !name.isEmpty else { throw .invalid("a cell name must not be empty") }
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
      throw .invalid("cell '\(name)': size must be finite and > 0 (got \(size.width) x \(size.height))")
    }
    return try insertCell(named: name, size: size)
  }

  /// ``addCell(named:size:)`` with the view-tree format's rules instead of the builder's: a
  /// template read from JSON may be zero-sized (generation refuses it only where a list repeats
  /// it without its own `rowHeight` or `itemSize`) and may have the empty name. `init(tree:)`
  /// adds cells this way, so gf_view_tree_load_json accepts every tree gf_skeleton_from_json does.
  mutating func insertCell(named name: String, size: Size) throws(GhostframeError) -> Int {
    guard cellOrder.count < ViewTree.maximumCellTemplates else {
      throw GhostframeError(.limit, "a view tree holds at most \(ViewTree.maximumCellTemplates) cell templates")
    }
    guard !cellOrder.contains(name) else { throw .invalid("cell '\(name)' already exists") }
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw .invalid("cell '\(name)': size must be finite and >= 0 (got \(size.width) x \(size.height))")
    }
    let content = ViewNode(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
    let handle = try append(content, cell: name)
    cellOrder.append(name)
    return handle
  }

  /// Adds a section to the table or collection with handle `list`.
  public mutating func addSection(_ section: ListSection, to list: Int) throws(GhostframeError) {
    try checkHandle(list)
    try checkList(list)
    entries[list].node.sections.append(section)
  }

  /// Rejects a node (with a valid handle) that is neither a table nor a collection.
  package func checkList(_ list: Int) throws(GhostframeError) {
    let kind = entries[list].node.kind
    guard kind == .table || kind == .collection else {
      throw .invalid("\(describe(list)) is \(Self.withArticle(kind)), not a table or collection")
    }
  }

  /// Sets style fields on a node (a control view), a cell content node, or the whole tree
  /// (`node` nil): the fields `style` sets replace those set before.
  public mutating func setStyle(_ style: SkeletonStyle, on node: Int?) throws(GhostframeError) {
    guard let node else {
      self.style = self.style.overriding(with: style)
      return
    }
    try checkHandle(node)
    entries[node].node.style = (entries[node].node.style ?? SkeletonStyle()).overriding(with: style)
  }

  /// Appends an adjustment line for the root's bones (node = the root) or a cell's (node = the
  /// cell's content node).
  public mutating func addAdjust(_ line: String, on node: Int) throws(GhostframeError) {
    try checkHandle(node)
    if node == root {
      adjust.append(line)
    } else if entries[node].cell != nil {
      cellAdjust[node, default: []].append(line)
    } else {
      throw .invalid("adjust lines belong to the root or a cell's content node, not node \(node)")
    }
  }

  /// The tree built so far.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` when there is no root.
  public func build() throws(GhostframeError) -> ViewTree {
    guard let root else { throw .invalid("the tree has no root: call setRoot first") }
    var cells: [String: CellTemplate] = [:]
    for (handle, entry) in entries.enumerated() {
      guard let name = entry.cell else { continue }
      cells[name] = CellTemplate(
        size: Size(width: entry.node.frame.width, height: entry.node.frame.height),
        children: entry.children.map { assemble($0) }, adjust: cellAdjust[handle] ?? [], style: entry.node.style)
    }
    return ViewTree(viewport: viewport, style: style, root: assemble(root), cells: cells, adjust: adjust)
  }

  private func assemble(_ handle: Int) -> ViewNode {
    var node = entries[handle].node
    node.children = entries[handle].children.map { assemble($0) }
    return node
  }

  private mutating func append(_ node: ViewNode, cell: String?) throws(GhostframeError) -> Int {
    // Content nodes (one per template, in cellOrder once added) are templates, not nodes.
    guard cell != nil || entries.count - cellOrder.count < Self.maximumNodes else {
      throw GhostframeError(.limit, "a view tree holds at most \(Self.maximumNodes) nodes")
    }
    var stored = node
    stored.children = []
    entries.append(Entry(node: stored, cell: cell))
    return entries.count - 1
  }

  /// How messages name the node with the valid handle `handle`: by its id
  /// (`node 'avatar' (handle 1)`), a cell's content node by the cell (`cell 'row' (handle 3)`),
  /// else by its place (`the root (handle 0)`, `node 4 (a label without an id)`).
  package func describe(_ handle: Int) -> String {
    let entry = entries[handle]
    if let cell = entry.cell { return "cell \(MessageText.quoted(cell)) (handle \(handle))" }
    if let id = entry.node.id { return "node \(MessageText.quoted(id)) (handle \(handle))" }
    if handle == root { return "the root (handle \(handle))" }
    return "node \(handle) (\(Self.withArticle(entry.node.kind)) without an id)"
  }

  /// `a label`, `an image`.
  private static func withArticle(_ kind: ViewNode.Kind) -> String {
    (kind.rawValue.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kind.rawValue
  }

  package func checkHandle(_ handle: Int) throws(GhostframeError) {
    guard handle >= 0, handle < entries.count else {
      throw GhostframeError(.notFound, "no node with handle \(handle) (there are \(entries.count))")
    }
  }

  /// The node with the valid handle `handle` as stored (its children are in the builder, not in
  /// it), for the JSON entry points of GhostframeFormats.
  package func storedNode(_ handle: Int) -> ViewNode { entries[handle].node }
}

extension ViewTreeBuilder {
  /// The kind of the node with `handle`.
  public func kind(of handle: Int) throws(GhostframeError) -> ViewNode.Kind {
    guard handle >= 0, handle < entries.count else {
      throw GhostframeError(.notFound, "no node with handle \(handle) (there are \(entries.count))")
    }
    return entries[handle].node.kind
  }
}
