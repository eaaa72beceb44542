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
  /// template's bones; the others produce nothing. Where the cells go is ``ListLayout``'s rule, which the layout
  /// report (``ViewTree/layout()``) shares.
  mutating func generateList(_ node: ViewNode, frame: Rect, inherited: Inherited, scope: Scope,
                             into product: inout Product) throws(GhostframeError) {
    let listName = node.id ?? path.text
    guard product.listNames.insert(listName).inserted else {
      throw .invalid("\(path.text): another list in the same control view has the id '\(listName)'; list ids name section groups and must be unique")
    }
    let visible = Self.intersection(frame, scope.viewport)
    let layout = ListLayout(node: node, frame: frame, visible: visible, cells: tree.cells, path: path.text)
    var builder = SectionBuilder(group: "")
    var base = (bones: 0, groups: 0)
    try layout.walk(
      begin: { (s: Int) throws(GhostframeError) in
        if product.groups.count + 1 > Skeleton.maximumContainers { throw Self.tooManyContainers() }
        builder = SectionBuilder(group: "\(listName)/section/\(s)")
        base = (bones: product.total, groups: product.groups.count + 1)
      },
      cell: { (name: String, rect: Rect, slot: ListLayout.Slot) throws(GhostframeError) in
        try place(name, rect, slot.name, visible: visible, inherited: inherited, scope: scope, base: base,
                  into: &builder)
      },
      end: { (_: Int, area: Rect) throws(GhostframeError) in
        builder.bones.reserveCapacity(builder.total)
        builder.nested.reserveCapacity(builder.groups)
        for placement in builder.placements {
          // Every placement's template was generated into `cells` by place(_:_:_:visible:inherited:scope:base:into:).
          guard let template = builder.cells[placement.cell] else { continue }
          builder.copy(template, to: placement.rect, slot: placement.slot)
        }
        let container = Skeleton.Container(
          group: builder.group, frame: Self.intersection(area, frame), color: inherited.style.value.backgroundColor,
          cornerRadius: 0, style: inherited.style.value)
        product.groups.append(Group(container: container, bones: builder.bones))
        product.groups.append(contentsOf: builder.nested)
        product.total += builder.total
      })
  }

  /// ``ListLayout/fillCount(_:of:at:)``: a fill count, rounded up, in 0...``maxCount``.
  func fillCount(_ value: Double, of what: String, at place: String) throws(GhostframeError) -> Int {
    try ListLayout.fillCount(value, of: what, at: place)
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
