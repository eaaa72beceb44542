import GhostframeCore

extension ViewTreeBuilder {
  /// A builder holding an existing tree, so more views, cells and styles can be added to it.
  /// Handles number the root 0, then its descendants depth first, then each cell's content
  /// node (cells in name order) and its views.
  public init(tree: ViewTree) throws(GhostframeError) {
    try self.init(formatViewport: tree.viewport)
    style = tree.style
    adjust = tree.adjust
    let root = try setRoot(tree.root)
    try addChildren(of: tree.root, under: root)
    for name in tree.cells.keys.sorted() {
      guard let cell = tree.cells[name] else { continue }
      let content = try insertCell(named: name, size: cell.size)
      if let cellStyle = cell.style { try setStyle(cellStyle, on: content) }
      for line in cell.adjust { try addAdjust(line, on: content) }
      for child in cell.children {
        let handle = try addNode(child, under: content)
        try addChildren(of: child, under: handle)
      }
    }
  }

  private mutating func addChildren(of node: ViewNode, under handle: Int) throws(GhostframeError) {
    for child in node.children {
      let childHandle = try addNode(child, under: handle)
      try addChildren(of: child, under: childHandle)
    }
  }
}
