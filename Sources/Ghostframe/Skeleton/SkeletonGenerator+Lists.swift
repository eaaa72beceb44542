/// Tables and collections: sections laid out from their cell templates, filled to the visible area.
extension SkeletonGenerator {
  /// The bones and containers of one section while it is laid out.
  struct SectionBuilder {
    /// "LIST/section/N".
    var group: String
    /// The section's own bones: copies of its cells' own bones.
    var bones: [Bone] = []
    /// The sections of lists inside its cells.
    var nested: [Group] = []
    /// Bones in `bones` and `nested`.
    var total = 0
    /// The cells that intersect the visible area and produce something: template, rectangle, slot.
    var placements: [(cell: String, rect: Rect, slot: String)] = []
    /// The generated templates the placements use.
    var cells: [String: Product] = [:]

    /// Copies a cell's bones to `rect`: own bones join the section (the generator numbers them at the end); the sections
    /// of lists inside the cell keep their own groups, named `SECTION/SLOT/INNER` (SLOT: `header`, `row/R`,
    /// `item/I`, `footer`).
    mutating func copy(_ cell: Product, to rect: Rect, slot: String) {
      let dx = rect.x, dy = rect.y
      for bone in cell.bones {
        var copy = bone
        copy.frame.x += dx
        copy.frame.y += dy
        copy.group = group
        bones.append(copy)
      }
      for inner in cell.groups {
        let name = "\(group)/\(slot)/\(inner.container.group)"
        var container = inner.container
        container.group = name
        container.frame.x += dx
        container.frame.y += dy
        var innerBones = inner.bones
        for i in innerBones.indices {
          innerBones[i].frame.x += dx
          innerBones[i].frame.y += dy
          innerBones[i].group = name
        }
        nested.append(Group(container: container, bones: innerBones))
      }
    }
  }

  /// Records the cell `name` at `rect` when it overlaps the visible area (the others produce nothing), counting its
  /// bones against the limit before anything is copied.
  mutating func place(_ name: String, _ rect: Rect, _ slot: @autoclosure () -> String, visible: Rect,
                      inherited: Inherited, scope: Scope, base: Int,
                      into builder: inout SectionBuilder) throws(GhostframeError) {
    guard Self.intersects(rect, visible) else { return }
    let cell: Product
    if let known = builder.cells[name] {
      cell = known
    } else {
      cell = try cellProduct(name, style: inherited.style, controlRadius: inherited.controlRadius,
                             nesting: scope.nesting + 1)
      builder.cells[name] = cell
    }
    if cell.total == 0 && cell.groups.isEmpty { return }
    builder.total += cell.total
    if base + builder.total > Self.maxBones { throw Self.tooManyBones() }
    builder.placements.append((name, rect, slot()))
  }

  /// Generates the sections of a table or collection whose frame in control-view coordinates is `frame`.
  ///
  /// Each section becomes a group (`LIST/section/N`, LIST being the node's id or, without one, its path) with a
  /// container over the section's area clipped to the list's frame. Rows, items, headers and footers that
  /// intersect the visible area (the list's frame ∩ the control view's visible rectangle) get copies of their
  /// template's bones; the others produce nothing.
  mutating func generateList(_ node: ViewNode, frame: Rect, inherited: Inherited, scope: Scope,
                             into product: inout Product) throws(GhostframeError) {
    let listName = node.id ?? path.text
    guard product.listNames.insert(listName).inserted else {
      throw .invalid("\(path.text): another list in the same control view has the id '\(listName)'; list ids name section groups and must be unique")
    }
    let visible = Self.intersection(frame, scope.viewport)
    let contentX = frame.x - node.contentOffset.x
    var y = frame.y - node.contentOffset.y
    for (s, section) in node.sections.enumerated() {
      var builder = SectionBuilder(group: "\(listName)/section/\(s)")
      let top = y
      let sectionPath = "\(path.text).sections[\(s)]"
      if let header = section.header {
        let height = header.height ?? template(header.cell).size.height
        try place(header.cell, Rect(x: contentX, y: y, width: frame.width, height: height), "header", visible: visible,
                  inherited: inherited, scope: scope, base: product.total, into: &builder)
        y += height
      }
      let cell = template(section.cell)
      if node.kind == .table {
        let rowHeight = section.rowHeight ?? cell.size.height
        let count: Int
        if let rows = section.rows {
          count = rows
        } else {
          count = try fillCount(visible.height > 0 && visible.width > 0 ? (visible.y + visible.height - y) / rowHeight : 0,
                                of: "rows", at: sectionPath)
        }
        let rows = Self.candidates(start: y, pitch: rowHeight, count: count,
                                   from: visible.y, to: visible.y + visible.height)
        for r in rows {
          let rect = Rect(x: contentX, y: y + Double(r) * rowHeight, width: frame.width, height: rowHeight)
          try place(section.cell, rect, "row/\(r)", visible: visible, inherited: inherited, scope: scope,
                    base: product.total, into: &builder)
        }
        y += Double(count) * rowHeight
      } else {
        let item = section.itemSize ?? cell.size
        let spacing = section.spacing
        let insets = section.insets
        // Columns: as many items as fit across the list's width inside the insets, at least one.
        let across = ((frame.width - insets.left - insets.right + spacing.width) / (item.width + spacing.width))
          .rounded(.down)
        let columns = Int(min(max(across, 1), Double(Self.maxCount)))
        let count: Int
        if let items = section.items {
          count = items
        } else if visible.height > 0 && visible.width > 0 {
          // Rows × columns: enough rows to reach the visible bottom from the top of the section's item area.
          let height = visible.y + visible.height - y
          let rows = try fillCount(
            (height - insets.top - insets.bottom + spacing.height) / (item.height + spacing.height),
            of: "rows", at: sectionPath)
          count = try fillCount(Double(rows) * Double(columns), of: "items", at: sectionPath)
        } else {
          count = 0
        }
        let itemsTop = y + insets.top
        let itemsLeft = contentX + insets.left
        let gridRows = count == 0 ? 0 : (count - 1) / columns + 1
        let rowRange = Self.candidates(start: itemsTop, pitch: item.height + spacing.height, count: gridRows,
                                       from: visible.y, to: visible.y + visible.height)
        let columnRange = Self.candidates(start: itemsLeft, pitch: item.width + spacing.width, count: columns,
                                          from: visible.x, to: visible.x + visible.width)
        for g in rowRange {
          for c in columnRange {
            let i = g * columns + c
            if i >= count { break }
            let rect = Rect(x: itemsLeft + Double(c) * (item.width + spacing.width),
                            y: itemsTop + Double(g) * (item.height + spacing.height),
                            width: item.width, height: item.height)
            try place(section.cell, rect, "item/\(i)", visible: visible, inherited: inherited, scope: scope,
                      base: product.total, into: &builder)
          }
        }
        let itemsHeight = gridRows == 0 ? 0 : Double(gridRows) * item.height + Double(gridRows - 1) * spacing.height
        y = itemsTop + itemsHeight + insets.bottom
      }
      if let footer = section.footer {
        let height = footer.height ?? template(footer.cell).size.height
        try place(footer.cell, Rect(x: contentX, y: y, width: frame.width, height: height), "footer", visible: visible,
                  inherited: inherited, scope: scope, base: product.total, into: &builder)
        y += height
      }
      builder.bones.reserveCapacity(builder.total)
      for placement in builder.placements {
        builder.copy(builder.cells[placement.cell]!, to: placement.rect, slot: placement.slot)
      }
      let area = Rect(x: contentX, y: top, width: frame.width, height: y - top)
      let container = Skeleton.Container(
        group: builder.group, frame: Self.intersection(area, frame), color: inherited.style.value.backgroundColor,
        cornerRadius: 0, style: inherited.style.value)
      product.groups.append(Group(container: container, bones: builder.bones))
      product.groups.append(contentsOf: builder.nested)
      product.total += builder.total
    }
  }

  /// A template validation has checked exists.
  func template(_ name: String) -> CellTemplate {
    tree.cells[name] ?? CellTemplate(size: Size(width: 0, height: 0))
  }

  /// A fill count: `value` rounded up, at least 0, at most ``maxCount``.
  func fillCount(_ value: Double, of what: String, at place: String) throws(GhostframeError) -> Int {
    let count = value.rounded(.up)
    if !(count > 0) { return 0 }
    if count > Double(Self.maxCount) {
      throw GhostframeError(.limit, "\(place): filling the visible area takes \(count) \(what); the limit is 1,000,000")
    }
    return Int(count)
  }

  /// The indices `0..<count` of cells at `start + i × pitch` that may overlap `from..<to` (a margin of one on each
  /// side; ``place(_:_:_:visible:inherited:scope:base:into:)`` tests the exact rectangle).
  static func candidates(start: Double, pitch: Double, count: Int, from: Double, to: Double) -> Range<Int> {
    if count <= 0 || !(to > from) { return 0..<0 }
    let last = Double(count - 1)
    let lo = min(max(((from - start) / pitch).rounded(.down) - 1, 0), last)
    let hi = min(max(((to - start) / pitch).rounded(.up) + 1, lo), last)
    return Int(lo)..<(Int(hi) + 1)
  }

  /// The overlap of two rectangles (zero-sized when they do not overlap).
  static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
    let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
    return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// Whether two rectangles overlap in an area (touching edges do not count).
  static func intersects(_ a: Rect, _ b: Rect) -> Bool {
    min(a.x + a.width, b.x + b.width) > max(a.x, b.x) && min(a.y + a.height, b.y + b.height) > max(a.y, b.y)
  }
}
