import GhostframeCore

/// Lays out a ``ViewTree``'s real views for ``ViewTree/layout()``: the skeleton generator's walk
/// (the same origins, content offsets, list rule and visible areas), over every view that is not
/// hidden instead of over the views that make bones.
///
/// Like the generator, it lays out each cell template once, in the cell's own coordinates (a list
/// inside a cell fills the cell's bounds), and copies the result to every visible row or item.
struct LayoutWalker {
  let tree: ViewTree
  /// Cell templates laid out so far, by name: their views in the cell's coordinates, a view's parent an
  /// index into the same array (nil for the template's top-level views).
  var cache: [String: [LaidOutView]] = [:]
  /// Templates being laid out, outermost first (a guard; validation already rejects cycles).
  var laying: [String] = []
  /// The node being visited, for messages.
  var path = SkeletonGenerator.NodePath(prefix: "root")
  /// List cells laid out so far (root and templates), against ``Skeleton/maximumListCells``.
  var placedCells = 0

  init(tree: ViewTree) {
    self.tree = tree
  }

  /// The control view a node belongs to.
  struct Scope {
    /// The visible rectangle in the control view's coordinates: the viewport for the root, the cell's bounds in a cell.
    var viewport: Rect
    /// How many lists enclose this control view.
    var nesting: Int
  }

  /// Validates the tree as the generator does, then lays out the root.
  mutating func layout() throws(GhostframeError) -> [LaidOutView] {
    var generator = SkeletonGenerator(tree: tree)
    try generator.validate()
    let root = tree.root
    if root.isHidden { return [] }
    let screen = Rect(x: 0, y: 0, width: tree.viewport.width, height: tree.viewport.height)
    let frame = Rect(x: 0, y: 0, width: root.frame.width, height: root.frame.height)
    var views: [LaidOutView] = []
    path = SkeletonGenerator.NodePath(prefix: "root")
    try visit(root, frame: frame, parent: nil, clip: screen, scope: Scope(viewport: screen, nesting: 0), into: &views)
    let style = root.style?.resolved(over: generator.global) ?? generator.global
    if style.rightToLeft {
      // As the generator mirrors bones and containers: across the viewport's width.
      let width = tree.viewport.width
      for i in views.indices {
        views[i].isRightToLeft = true
        views[i].frame.x = width - views[i].frame.x - views[i].frame.width
        views[i].clip.x = width - views[i].clip.x - views[i].clip.width
      }
    }
    return views
  }

  /// Appends one view, counting it against ``ViewTree/maximumLayoutViews`` first.
  static func append(_ view: LaidOutView, to views: inout [LaidOutView]) throws(GhostframeError) {
    guard views.count < ViewTree.maximumLayoutViews else { throw tooManyViews() }
    views.append(view)
  }

  static func tooManyViews() -> GhostframeError {
    GhostframeError(.limit, "the layout would report more than \(SkeletonGenerator.formatted(ViewTree.maximumLayoutViews)) views (list cells and the views of their copies included)")
  }

  /// A node that is not hidden, at `frame` (control-view coordinates), then its lists' cells and its children.
  mutating func visit(_ node: ViewNode, frame: Rect, parent: Int?, clip: Rect, scope: Scope,
                      into views: inout [LaidOutView]) throws(GhostframeError) {
    let index = views.count
    try Self.append(LaidOutView(
      kind: .view(node.kind), parent: parent, id: node.id, frame: frame, clip: clip, cornerRadius: node.cornerRadius,
      lines: node.lines, align: node.align, skeleton: node.skeleton, hasChildren: !node.children.isEmpty), to: &views)
    let isList = node.kind == .table || node.kind == .collection
    // Lists and scrolled views clip what they hold.
    let inner = isList || node.contentOffset != .zero ? SkeletonGenerator.intersection(clip, frame) : clip
    if isList && !node.sections.isEmpty {
      try visitList(node, frame: frame, parent: index, clip: inner, scope: scope, into: &views)
    }
    let origin = Point(x: frame.x - node.contentOffset.x, y: frame.y - node.contentOffset.y)
    for (i, child) in node.children.enumerated() where !child.isHidden {
      path.steps.append(i)
      let childFrame = Rect(x: origin.x + child.frame.x, y: origin.y + child.frame.y,
                            width: child.frame.width, height: child.frame.height)
      try visit(child, frame: childFrame, parent: index, clip: inner, scope: scope, into: &views)
      path.steps.removeLast()
    }
  }

  /// The cells of a list's sections that overlap its visible area, each followed by its template's views.
  mutating func visitList(_ node: ViewNode, frame: Rect, parent: Int, clip: Rect, scope: Scope,
                          into views: inout [LaidOutView]) throws(GhostframeError) {
    let visible = SkeletonGenerator.intersection(frame, scope.viewport)
    let layout = ListLayout(node: node, frame: frame, visible: visible, cells: tree.cells, path: path.text)
    var section = 0
    try layout.walk(
      begin: { (s: Int) throws(GhostframeError) in section = s },
      cell: { (name: String, rect: Rect, slot: ListLayout.Slot) throws(GhostframeError) in
        // Counted as the generator counts them: every candidate, before the visibility test.
        placedCells += 1
        if placedCells > Skeleton.maximumListCells {
          throw GhostframeError(.limit, "\(path.text): the lists lay out more than \(SkeletonGenerator.formatted(Skeleton.maximumListCells)) cells (rows, items, headers and footers in view)")
        }
        guard SkeletonGenerator.intersects(rect, visible) else { return }
        let content = try cellLayout(name, nesting: scope.nesting + 1)
        // The cell and its copied views, counted before anything is copied.
        guard views.count + 1 + content.count <= ViewTree.maximumLayoutViews else { throw Self.tooManyViews() }
        let kind: LaidOutView.Kind
        var number = 0
        switch slot {
        case .header: kind = .header
        case .row(let r): kind = .row; number = r
        case .item(let i): kind = .item; number = i
        case .footer: kind = .footer
        }
        let cellIndex = views.count
        let hasChildren = !(tree.cells[name]?.children.isEmpty ?? true)
        views.append(LaidOutView(kind: kind, parent: parent, id: name, frame: rect, clip: clip,
                                 hasChildren: hasChildren, section: section, index: number))
        // A cell clips its content to its bounds.
        let cellClip = SkeletonGenerator.intersection(clip, rect)
        for var view in content {
          view.frame.x += rect.x
          view.frame.y += rect.y
          view.clip = SkeletonGenerator.intersection(
            Rect(x: view.clip.x + rect.x, y: view.clip.y + rect.y, width: view.clip.width, height: view.clip.height),
            cellClip)
          view.parent = view.parent.map { $0 + cellIndex + 1 } ?? cellIndex
          views.append(view)
        }
      },
      end: { (_: Int, _: Rect) throws(GhostframeError) in })
  }

  /// The views of the cell template `name` in the cell's coordinates (clipped to its bounds), laid out once and cached.
  mutating func cellLayout(_ name: String, nesting: Int) throws(GhostframeError) -> [LaidOutView] {
    if let cached = cache[name] { return cached }
    guard let template = tree.cells[name] else {
      throw GhostframeError(.notFound, "\(path.text): no cell template '\(name)'")
    }
    if let start = laying.firstIndex(of: name) {
      let through = laying[(start + 1)...].map { "'\($0)'" }.joined(separator: ", ")
      throw .invalid("cell template '\(name)' contains itself" + (through.isEmpty ? "" : " through \(through)"))
    }
    if nesting > SkeletonGenerator.maxListNesting {
      throw GhostframeError(.limit, "\(path.text): lists are nested more than \(SkeletonGenerator.maxListNesting) deep (through cell template '\(name)')")
    }
    laying.append(name)
    let saved = path
    path = SkeletonGenerator.NodePath(prefix: "cells.\(name)")
    let bounds = Rect(x: 0, y: 0, width: template.size.width, height: template.size.height)
    let scope = Scope(viewport: bounds, nesting: nesting)
    var views: [LaidOutView] = []
    for (i, child) in template.children.enumerated() where !child.isHidden {
      path.steps.append(i)
      try visit(child, frame: child.frame, parent: nil, clip: bounds, scope: scope, into: &views)
      path.steps.removeLast()
    }
    path = saved
    laying.removeLast()
    cache[name] = views
    return views
  }
}
