import GhostframeCore

/// Where a table's or a collection's cells go: the one rule that both the skeleton generator
/// (``Skeleton/init(tree:)``) and the layout report (``ViewTree/layout()``) follow, so a bone and the
/// real view it stands for always share a frame.
///
/// Sections stack from the list's content origin (its frame's origin minus its `contentOffset`): a
/// header, then rows of `rowHeight` (tables) or items in rows and columns inside the insets with the
/// spacing between them (collections), then a footer. An absent count fills the visible area. Only
/// the cells that may overlap the visible area are visited (a margin of one row or column each
/// side); the caller tests each rectangle exactly.
///
/// Every length the layout derives (a section's top and bottom, an item's pitch, the width the
/// columns share) must be finite: finite inputs near the largest `Double` can still overflow when
/// added, and an overflow is an `.invalidArgument` error naming the section's fields, never a NaN
/// count.
struct ListLayout {
  /// A cell's place in its section.
  enum Slot: Equatable {
    case header
    /// The row's number in its section.
    case row(Int)
    /// The item's number in its section.
    case item(Int)
    case footer

    /// `header`, `row/R`, `item/I`, `footer`: how the generator names the groups of lists inside the cell.
    var name: String {
      switch self {
      case .header: "header"
      case .row(let r): "row/\(r)"
      case .item(let i): "item/\(i)"
      case .footer: "footer"
      }
    }
  }

  /// The table or collection (its kind and sections; validation has checked them).
  let node: ViewNode
  /// The list's frame in its control view's coordinates.
  let frame: Rect
  /// The list's frame ∩ the control view's visible rectangle: what absent counts fill.
  let visible: Rect
  /// The cell templates by name (validation has checked that every one the sections name exists).
  let cells: [String: CellTemplate]
  /// The list's place in the input (`root.children[3]`), for messages.
  let path: String

  /// Walks the sections in order. For section `s`: `begin(s)`, then `cell(template, rect, slot)` for
  /// its header, each candidate row or item and its footer (in control-view coordinates; a candidate
  /// may lie outside ``visible``), then `end(s, area)` with the section's whole area (not clipped).
  ///
  /// - Throws: `.invalidArgument` when a derived length overflows or a count is not a number,
  ///   `.limit` when filling the visible area takes more than ``ViewTree/maximumListCount`` cells,
  ///   and whatever the closures throw.
  func walk(begin: (Int) throws(GhostframeError) -> Void,
            cell: (String, Rect, Slot) throws(GhostframeError) -> Void,
            end: (Int, Rect) throws(GhostframeError) -> Void) throws(GhostframeError) {
    typealias G = SkeletonGenerator
    let contentX = try G.finite(frame.x - node.contentOffset.x, "frame.x − contentOffset.x", at: path)
    var y = try G.finite(frame.y - node.contentOffset.y, "frame.y − contentOffset.y", at: path)
    for (s, section) in node.sections.enumerated() {
      try begin(s)
      let top = y
      let sectionPath = "\(path).sections[\(s)]"
      if let header = section.header {
        let height = header.height ?? template(header.cell).size.height
        try cell(header.cell, Rect(x: contentX, y: y, width: frame.width, height: height), .header)
        y = try G.finite(y + height, "the header's bottom", at: sectionPath)
      }
      let repeated = template(section.cell)
      if node.kind == .table {
        let rowHeight = section.rowHeight ?? repeated.size.height
        let count: Int
        if let rows = section.rows {
          count = rows
        } else {
          count = try Self.fillCount(
            visible.height > 0 && visible.width > 0 ? (visible.y + visible.height - y) / rowHeight : 0,
            of: "rows", at: sectionPath)
        }
        let rows = try G.candidates(start: y, pitch: rowHeight, count: count,
                                    from: visible.y, to: visible.y + visible.height, at: sectionPath)
        for r in rows {
          try cell(section.cell, Rect(x: contentX, y: y + Double(r) * rowHeight, width: frame.width, height: rowHeight),
                   .row(r))
        }
        y = try G.finite(y + Double(count) * rowHeight, "the rows' bottom (rows × rowHeight)", at: sectionPath)
      } else {
        let item = section.itemSize ?? repeated.size
        let spacing = section.spacing
        let insets = section.insets
        let pitchX = try G.finite(item.width + spacing.width, "itemSize.width + spacing.width", at: sectionPath)
        let pitchY = try G.finite(item.height + spacing.height, "itemSize.height + spacing.height", at: sectionPath)
        // Columns: as many items as fit across the list's width inside the insets, at least one.
        let available = try G.finite(frame.width - insets.left - insets.right + spacing.width,
                                     "the width inside the insets (width − insets.left − insets.right + spacing.width)",
                                     at: sectionPath)
        // `available` is finite and `pitchX` finite and positive: the quotient is a number (±∞ at worst), and the
        // clamp brings it into 1...maxCount before it becomes an Int.
        let columns = try G.count(min(max((available / pitchX).rounded(.down), 1), Double(G.maxCount)),
                                  "columns", at: sectionPath)
        let count: Int
        if let items = section.items {
          count = items
        } else if visible.height > 0 && visible.width > 0 {
          // Rows × columns: enough rows to reach the visible bottom from the top of the section's item area.
          let height = visible.y + visible.height - y
          let rows = try Self.fillCount((height - insets.top - insets.bottom + spacing.height) / pitchY,
                                        of: "rows", at: sectionPath)
          count = try Self.fillCount(Double(rows) * Double(columns), of: "items", at: sectionPath)
        } else {
          count = 0
        }
        let itemsTop = try G.finite(y + insets.top, "the items' top (insets.top)", at: sectionPath)
        let itemsLeft = try G.finite(contentX + insets.left, "the items' left edge (insets.left)", at: sectionPath)
        let gridRows = count == 0 ? 0 : (count - 1) / columns + 1
        let rowRange = try G.candidates(start: itemsTop, pitch: pitchY, count: gridRows,
                                        from: visible.y, to: visible.y + visible.height, at: sectionPath)
        let columnRange = try G.candidates(start: itemsLeft, pitch: pitchX, count: columns,
                                           from: visible.x, to: visible.x + visible.width, at: sectionPath)
        for g in rowRange {
          for c in columnRange {
            let i = g * columns + c
            if i >= count { break }
            try cell(section.cell, Rect(x: itemsLeft + Double(c) * pitchX, y: itemsTop + Double(g) * pitchY,
                                        width: item.width, height: item.height), .item(i))
          }
        }
        let itemsHeight = gridRows == 0 ? 0 : Double(gridRows) * item.height + Double(gridRows - 1) * spacing.height
        y = try G.finite(itemsTop + itemsHeight + insets.bottom,
                         "the items' bottom (rows × itemSize.height + spacing, insets.bottom)", at: sectionPath)
      }
      if let footer = section.footer {
        let height = footer.height ?? template(footer.cell).size.height
        try cell(footer.cell, Rect(x: contentX, y: y, width: frame.width, height: height), .footer)
        y = try G.finite(y + height, "the footer's bottom", at: sectionPath)
      }
      let height = try G.finite(y - top, "the section's height", at: sectionPath)
      try end(s, Rect(x: contentX, y: top, width: frame.width, height: height))
    }
  }

  /// A template validation has checked exists.
  func template(_ name: String) -> CellTemplate {
    cells[name] ?? CellTemplate(size: Size(width: 0, height: 0))
  }

  /// A fill count: `value` rounded up, at least 0, at most ``ViewTree/maximumListCount``.
  ///
  /// - Throws: `.limit` above the maximum (+∞ included), `.invalidArgument` for NaN (no count at all).
  static func fillCount(_ value: Double, of what: String, at place: String) throws(GhostframeError) -> Int {
    if value.isNaN {
      throw .invalid("\(place): the number of \(what) that fill the visible area is not a number; the section's sizes overflow")
    }
    let count = value.rounded(.up)
    if !(count > 0) { return 0 }
    if count > Double(SkeletonGenerator.maxCount) {
      throw GhostframeError(.limit, "\(place): filling the visible area takes \(count) \(what); the limit is 1,000,000")
    }
    return try SkeletonGenerator.count(count, what, at: place)
  }
}
