import GhostframeCore

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
    /// Containers in `nested`, counted before they are copied.
    var groups = 0
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

  /// Records the cell `name` at `rect` when it overlaps the visible area (the others produce nothing), counting it
  /// against ``Skeleton/maximumListCells`` and its bones and containers against ``Skeleton/maximumBones`` and
  /// ``Skeleton/maximumContainers`` before anything is copied, so the work a list does is bounded by what it may
  /// produce.
  mutating func place(_ name: String, _ rect: Rect, _ slot: @autoclosure () -> String, visible: Rect,
                      inherited: Inherited, scope: Scope, base: (bones: Int, groups: Int),
                      into builder: inout SectionBuilder) throws(GhostframeError) {
    placedCells += 1
    if placedCells > Skeleton.maximumListCells {
      throw GhostframeError(.limit, "\(path.text): the lists lay out more than \(Self.formatted(Skeleton.maximumListCells)) cells (rows, items, headers and footers in view)")
    }
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
    if base.bones + builder.total > Self.maxBones { throw Self.tooManyBones() }
    builder.groups += cell.groups.count
    if base.groups + builder.groups > Skeleton.maximumContainers { throw Self.tooManyContainers() }
    builder.placements.append((name, rect, slot()))
  }

  /// Generates the sections of a table or collection whose frame in control-view coordinates is `frame`.
  ///
  /// Each section becomes a group (`LIST/section/N`, LIST being the node's id or, without one, its path) with a
  /// container over the section's area clipped to the list's frame. Rows, items, headers and footers that
  /// intersect the visible area (the list's frame ∩ the control view's visible rectangle) get copies of their
  /// template's bones; the others produce nothing.
  ///
  /// Every length the layout derives (a section's top and bottom, an item's pitch, the width the columns share)
  /// must be finite: finite inputs near the largest `Double` can still overflow when added, and an overflow is an
  /// `.invalidArgument` error naming the section's fields, never a NaN count.
  mutating func generateList(_ node: ViewNode, frame: Rect, inherited: Inherited, scope: Scope,
                             into product: inout Product) throws(GhostframeError) {
    let listName = node.id ?? path.text
    guard product.listNames.insert(listName).inserted else {
      throw .invalid("\(path.text): another list in the same control view has the id '\(listName)'; list ids name section groups and must be unique")
    }
    let visible = Self.intersection(frame, scope.viewport)
    let listPath = path.text
    let contentX = try Self.finite(frame.x - node.contentOffset.x, "frame.x − contentOffset.x", at: listPath)
    var y = try Self.finite(frame.y - node.contentOffset.y, "frame.y − contentOffset.y", at: listPath)
    for (s, section) in node.sections.enumerated() {
      if product.groups.count + 1 > Skeleton.maximumContainers { throw Self.tooManyContainers() }
      var builder = SectionBuilder(group: "\(listName)/section/\(s)")
      let top = y
      let sectionPath = "\(listPath).sections[\(s)]"
      let base = (bones: product.total, groups: product.groups.count + 1)
      if let header = section.header {
        let height = header.height ?? template(header.cell).size.height
        try place(header.cell, Rect(x: contentX, y: y, width: frame.width, height: height), "header", visible: visible,
                  inherited: inherited, scope: scope, base: base, into: &builder)
        y = try Self.finite(y + height, "the header's bottom", at: sectionPath)
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
        let rows = try Self.candidates(start: y, pitch: rowHeight, count: count,
                                       from: visible.y, to: visible.y + visible.height, at: sectionPath)
        for r in rows {
          let rect = Rect(x: contentX, y: y + Double(r) * rowHeight, width: frame.width, height: rowHeight)
          try place(section.cell, rect, "row/\(r)", visible: visible, inherited: inherited, scope: scope,
                    base: base, into: &builder)
        }
        y = try Self.finite(y + Double(count) * rowHeight, "the rows' bottom (rows × rowHeight)", at: sectionPath)
      } else {
        let item = section.itemSize ?? cell.size
        let spacing = section.spacing
        let insets = section.insets
        let pitchX = try Self.finite(item.width + spacing.width, "itemSize.width + spacing.width", at: sectionPath)
        let pitchY = try Self.finite(item.height + spacing.height, "itemSize.height + spacing.height", at: sectionPath)
        // Columns: as many items as fit across the list's width inside the insets, at least one.
        let available = try Self.finite(frame.width - insets.left - insets.right + spacing.width,
                                        "the width inside the insets (width − insets.left − insets.right + spacing.width)",
                                        at: sectionPath)
        // `available` is finite and `pitchX` finite and positive: the quotient is a number (±∞ at worst), and the
        // clamp brings it into 1...maxCount before it becomes an Int.
        let columns = try Self.count(min(max((available / pitchX).rounded(.down), 1), Double(Self.maxCount)),
                                     "columns", at: sectionPath)
        let count: Int
        if let items = section.items {
          count = items
        } else if visible.height > 0 && visible.width > 0 {
          // Rows × columns: enough rows to reach the visible bottom from the top of the section's item area.
          let height = visible.y + visible.height - y
          let rows = try fillCount((height - insets.top - insets.bottom + spacing.height) / pitchY,
                                   of: "rows", at: sectionPath)
          count = try fillCount(Double(rows) * Double(columns), of: "items", at: sectionPath)
        } else {
          count = 0
        }
        let itemsTop = try Self.finite(y + insets.top, "the items' top (insets.top)", at: sectionPath)
        let itemsLeft = try Self.finite(contentX + insets.left, "the items' left edge (insets.left)", at: sectionPath)
        let gridRows = count == 0 ? 0 : (count - 1) / columns + 1
        let rowRange = try Self.candidates(start: itemsTop, pitch: pitchY, count: gridRows,
                                           from: visible.y, to: visible.y + visible.height, at: sectionPath)
        let columnRange = try Self.candidates(start: itemsLeft, pitch: pitchX, count: columns,
                                              from: visible.x, to: visible.x + visible.width, at: sectionPath)
        for g in rowRange {
          for c in columnRange {
            let i = g * columns + c
            if i >= count { break }
            let rect = Rect(x: itemsLeft + Double(c) * pitchX, y: itemsTop + Double(g) * pitchY,
                            width: item.width, height: item.height)
            try place(section.cell, rect, "item/\(i)", visible: visible, inherited: inherited, scope: scope,
                      base: base, into: &builder)
          }
        }
        let itemsHeight = gridRows == 0 ? 0 : Double(gridRows) * item.height + Double(gridRows - 1) * spacing.height
        y = try Self.finite(itemsTop + itemsHeight + insets.bottom, "the items' bottom (rows × itemSize.height + spacing, insets.bottom)",
                            at: sectionPath)
      }
      if let footer = section.footer {
        let height = footer.height ?? template(footer.cell).size.height
        try place(footer.cell, Rect(x: contentX, y: y, width: frame.width, height: height), "footer", visible: visible,
                  inherited: inherited, scope: scope, base: base, into: &builder)
        y = try Self.finite(y + height, "the footer's bottom", at: sectionPath)
      }
      builder.bones.reserveCapacity(builder.total)
      builder.nested.reserveCapacity(builder.groups)
      for placement in builder.placements {
        // Every placement's template was generated into `cells` by place(_:_:_:visible:inherited:scope:base:into:).
        guard let template = builder.cells[placement.cell] else { continue }
        builder.copy(template, to: placement.rect, slot: placement.slot)
      }
      let height = try Self.finite(y - top, "the section's height", at: sectionPath)
      let area = Rect(x: contentX, y: top, width: frame.width, height: height)
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
  ///
  /// - Throws: `.limit` above ``maxCount`` (+∞ included), `.invalidArgument` for NaN (no count at all).
  func fillCount(_ value: Double, of what: String, at place: String) throws(GhostframeError) -> Int {
    if value.isNaN {
      throw .invalid("\(place): the number of \(what) that fill the visible area is not a number; the section's sizes overflow")
    }
    let count = value.rounded(.up)
    if !(count > 0) { return 0 }
    if count > Double(Self.maxCount) {
      throw GhostframeError(.limit, "\(place): filling the visible area takes \(count) \(what); the limit is 1,000,000")
    }
    return try Self.count(count, what, at: place)
  }

  /// `value` when it is finite; else an `.invalidArgument` error saying which derived length of `place` overflowed.
  static func finite(_ value: Double, _ what: @autoclosure () -> String,
                     at place: @autoclosure () -> String) throws(GhostframeError) -> Double {
    guard value.isFinite else {
      throw .invalid("\(place()): \(what()) is \(value); the sizes and offsets are too large to lay out")
    }
    return value
  }

  /// An integral `value` as an `Int`: never a trapping conversion (NaN, ±∞ and values outside `Int` are errors).
  static func count(_ value: Double, _ what: String, at place: String) throws(GhostframeError) -> Int {
    guard let integer = Int(exactly: value) else {
      throw .invalid("\(place): the number of \(what) (\(value)) is not an integer in range")
    }
    return integer
  }

  /// The indices `0..<count` of cells at `start + i × pitch` that may overlap `from..<to` (a margin of one on each
  /// side; ``place(_:_:_:visible:inherited:scope:base:into:)`` tests the exact rectangle). `start`, `pitch`, `from`
  /// and `to` are finite and `pitch` positive (the caller checked), so every quotient is a number and the clamps
  /// bring it into `0...count − 1` before it becomes an `Int`.
  static func candidates(start: Double, pitch: Double, count: Int, from: Double, to: Double,
                         at place: String) throws(GhostframeError) -> Range<Int> {
    if count <= 0 || !(to > from) { return 0..<0 }
    let last = Double(count - 1)
    let lo = min(max(((from - start) / pitch).rounded(.down) - 1, 0), last)
    let hi = min(max(((to - start) / pitch).rounded(.up) + 1, lo), last)
    return try Self.count(lo, "cells before the visible area", at: place)..<(Self.count(hi, "cells in view", at: place) + 1)
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
