import GhostframeCore

/// The whole input is checked before anything is generated, so a bad tree never yields a partial skeleton and
/// nothing traps: every problem is a ``GhostframeError`` naming where it is (`root.children[2].frame`).
extension SkeletonGenerator {
  /// Checks the viewport, styles, every node of the root and of every cell template (templates by name order),
  /// the lists' references, cycles between templates, and parses every adjustment list.
  mutating func validate() throws(GhostframeError) {
    try Self.checkSize(tree.viewport, at: "viewport")
    try Self.checkStyle(tree.style, at: "style", global: true)
    var nodes = 0
    var references: [String: Set<String>] = [:]
    var unused = Set<String>()
    var steps: [Int] = []
    try checkNode(tree.root, prefix: "root", steps: &steps, depth: 1, nodes: &nodes, references: &unused)
    rootAdjustment = tree.adjust.isEmpty ? nil : try AdjustmentList(lines: tree.adjust)
    for name in tree.cells.keys.sorted() {
      guard let template = tree.cells[name] else { continue }
      try Identifier.check(name, "cells: a cell template name")
      let prefix = "cells.\(name)"
      try Self.checkSize(template.size, at: "\(prefix).size")
      if let style = template.style { try Self.checkStyle(style, at: "\(prefix).style") }
      var refs = Set<String>()
      for (i, child) in template.children.enumerated() {
        steps = [i]
        try checkNode(child, prefix: prefix, steps: &steps, depth: 2, nodes: &nodes, references: &refs)
      }
      references[name] = refs
      if !template.adjust.isEmpty {
        do {
          cellAdjustments[name] = try AdjustmentList(lines: template.adjust)
        } catch {
          throw Self.locate(error, in: prefix)
        }
      }
    }
    try Self.checkCycles(references)
  }

  /// One node and its subtree (recursion stops at ``maxDepth``).
  func checkNode(_ node: ViewNode, prefix: String, steps: inout [Int], depth: Int, nodes: inout Int,
                 references: inout Set<String>) throws(GhostframeError) {
    var where_: String { NodePath(prefix: prefix, steps: steps).text }
    if depth > Self.maxDepth {
      throw GhostframeError(.limit, "\(where_): the view tree is more than \(Self.maxDepth) levels deep")
    }
    nodes += 1
    if nodes > Self.maxNodes {
      throw GhostframeError(.limit, "\(where_): the view tree has more than 100,000 nodes (root and cell templates together)")
    }
    if let id = node.id { try Identifier.check(id, "\(where_).id") }
    try Self.checkRect(node.frame, at: "\(where_).frame")
    if node.lines < 0 {
      throw .invalid("\(where_).lines: \(node.lines) is negative (0 means as many as fit)")
    }
    if node.lines > Self.maxLines {
      throw .invalid("\(where_).lines: \(node.lines) is more than \(Self.maxLines)")
    }
    if let radius = node.cornerRadius { try Self.checkLength(radius, "cornerRadius", at: where_) }
    try Self.checkNumber(node.contentOffset.x, "x", at: "\(where_).contentOffset")
    try Self.checkNumber(node.contentOffset.y, "y", at: "\(where_).contentOffset")
    if let style = node.style { try Self.checkStyle(style, at: "\(where_).style") }
    if !node.sections.isEmpty && node.kind != .table && node.kind != .collection {
      throw .invalid("\(where_).sections: a \(node.kind.rawValue) has no sections (only tables and collections do)")
    }
    for (s, section) in node.sections.enumerated() {
      try checkSection(section, isTable: node.kind == .table, at: "\(where_).sections[\(s)]", references: &references)
    }
    for (i, child) in node.children.enumerated() {
      steps.append(i)
      try checkNode(child, prefix: prefix, steps: &steps, depth: depth + 1, nodes: &nodes, references: &references)
      steps.removeLast()
    }
  }

  /// A list section: its templates exist, its sizes and counts are sane, and a row or item has a positive size.
  func checkSection(_ section: ListSection, isTable: Bool, at place: String,
                    references: inout Set<String>) throws(GhostframeError) {
    try Identifier.check(section.cell, "\(place).cell")
    guard let cell = tree.cells[section.cell] else {
      throw GhostframeError(.notFound, "\(place).cell: no cell template '\(section.cell)'")
    }
    references.insert(section.cell)
    if let rowHeight = section.rowHeight {
      try Self.checkNumber(rowHeight, "rowHeight", at: place)
      if !(rowHeight > 0) { throw .invalid("\(place).rowHeight: \(rowHeight) is not positive") }
    } else if isTable && !(cell.size.height > 0) {
      throw .invalid("\(place).rowHeight: absent, and cell template '\(section.cell)' is \(cell.size.height) high; a row needs a positive height")
    }
    if let rows = section.rows { try Self.checkCount(rows, "rows", at: place) }
    if let items = section.items { try Self.checkCount(items, "items", at: place) }
    if let size = section.itemSize {
      try Self.checkNumber(size.width, "width", at: "\(place).itemSize")
      try Self.checkNumber(size.height, "height", at: "\(place).itemSize")
      if !(size.width > 0 && size.height > 0) {
        throw .invalid("\(place).itemSize: \(size.width) × \(size.height) is not a positive size")
      }
    } else if !isTable && !(cell.size.width > 0 && cell.size.height > 0) {
      throw .invalid("\(place).itemSize: absent, and cell template '\(section.cell)' is \(cell.size.width) × \(cell.size.height); an item needs a positive size")
    }
    try Self.checkLength(section.spacing.width, "width", at: "\(place).spacing")
    try Self.checkLength(section.spacing.height, "height", at: "\(place).spacing")
    try Self.checkLength(section.insets.top, "top", at: "\(place).insets")
    try Self.checkLength(section.insets.left, "left", at: "\(place).insets")
    try Self.checkLength(section.insets.bottom, "bottom", at: "\(place).insets")
    try Self.checkLength(section.insets.right, "right", at: "\(place).insets")
    for (name, supplement) in [("header", section.header), ("footer", section.footer)] {
      guard let supplement else { continue }
      try Identifier.check(supplement.cell, "\(place).\(name).cell")
      guard tree.cells[supplement.cell] != nil else {
        throw GhostframeError(.notFound, "\(place).\(name).cell: no cell template '\(supplement.cell)'")
      }
      references.insert(supplement.cell)
      if let height = supplement.height { try Self.checkLength(height, "height", at: "\(place).\(name)") }
    }
  }

  /// Rejects a template that contains itself, directly or through other templates' lists (iterative: chains of
  /// templates may be long).
  static func checkCycles(_ references: [String: Set<String>]) throws(GhostframeError) {
    var state: [String: Bool] = [:]  // false: on the current path; true: done
    for start in references.keys.sorted() where state[start] == nil {
      var stack: [(name: String, next: [String], position: Int)] = [(start, references[start, default: []].sorted(), 0)]
      state[start] = false
      while !stack.isEmpty {
        let top = stack.count - 1
        if stack[top].position == stack[top].next.count {
          state[stack[top].name] = true
          stack.removeLast()
          continue
        }
        let next = stack[top].next[stack[top].position]
        stack[top].position += 1
        switch state[next] {
        case false?:
          let first = stack.firstIndex { $0.name == next } ?? 0
          let through = stack[(first + 1)...].map { "'\($0.name)'" }.joined(separator: ", ")
          throw .invalid("cell template '\(next)' contains itself" + (through.isEmpty ? "" : " through \(through)"))
        case true?:
          continue
        case nil:
          state[next] = false
          stack.append((next, references[next, default: []].sorted(), 0))
        }
      }
    }
  }

  // MARK: - Numbers

  static func checkNumber(_ value: Double, _ field: String, at place: @autoclosure () -> String) throws(GhostframeError) {
    if !value.isFinite { throw .invalid("\(place()): \(field) must be a finite number, not \(value)") }
  }

  /// A finite, non-negative length.
  static func checkLength(_ value: Double, _ field: String, at place: @autoclosure () -> String) throws(GhostframeError) {
    try checkNumber(value, field, at: place())
    if value < 0 { throw .invalid("\(place()): \(field) must not be negative, got \(value)") }
  }

  static func checkCount(_ value: Int, _ field: String, at place: String) throws(GhostframeError) {
    if value < 0 { throw .invalid("\(place).\(field): \(value) is negative") }
    if value > maxCount { throw .invalid("\(place).\(field): \(value) is more than 1,000,000") }
  }

  static func checkSize(_ size: Size, at place: String) throws(GhostframeError) {
    try checkLength(size.width, "width", at: place)
    try checkLength(size.height, "height", at: place)
  }

  static func checkRect(_ rect: Rect, at place: @autoclosure () -> String) throws(GhostframeError) {
    try checkNumber(rect.x, "x", at: place())
    try checkNumber(rect.y, "y", at: place())
    try checkLength(rect.width, "width", at: place())
    try checkLength(rect.height, "height", at: place())
  }

  static func checkColor(_ color: Color?, _ field: String, at place: String) throws(GhostframeError) {
    guard let color else { return }
    for (name, value) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)] {
      if !Color.isValidChannel(value) {
        throw .invalid("\(place).\(field): \(name) must be a number in [0, 1], not \(value)")
      }
    }
  }

  /// Every number of a style level is finite; geometry is not negative; colours are in [0, 1];
  /// the lifecycle keys of the whole skeleton (`showDelay`, `appearDuration`) only on the
  /// global level (`global`).
  static func checkStyle(_ style: SkeletonStyle, at place: String, global: Bool = false) throws(GhostframeError) {
    if !global {
      for (field, value) in [("showDelay", style.showDelay), ("appearDuration", style.appearDuration)] where value != nil {
        throw .invalid("\(place).\(field): only the global style sets \(field) (the skeleton appears as a whole)")
      }
    }
    let lengths: [(String, Double?)] = [
      ("heightCoefficient", style.heightCoefficient), ("boneHeight", style.boneHeight),
      ("cornerRadius", style.cornerRadius), ("lineHeight", style.lineHeight), ("lineSpacing", style.lineSpacing),
      ("lastLineScale", style.lastLineScale),
      // Not a length, but >= 0 as in the view tree format: a negative factor would make the
      // shimmer's highlight a colour outside [0, 1], which a scene refuses.
      ("shimmerBrightness", style.shimmerBrightness),
      ("shimmerPauseDuration", style.shimmerPauseDuration), ("showDelay", style.showDelay),
      ("appearDuration", style.appearDuration),
    ]
    for (field, value) in lengths { if let value { try checkLength(value, field, at: place) } }
    let numbers: [(String, Double?)] = [
      ("shimmerDuration", style.shimmerDuration), ("shimmerSpeed", style.shimmerSpeed),
      ("breatheDuration", style.breatheDuration),
      ("dropDuration", style.dropDuration), ("dropStayRatio", style.dropStayRatio),
      ("lengthDuration", style.lengthDuration), ("longScale", style.longScale), ("shortScale", style.shortScale),
    ]
    for (field, value) in numbers { if let value { try checkNumber(value, field, at: place) } }
    if let value = style.shimmerAngle { try checkNumber(value, "shimmerAngle", at: place) }
    if let value = style.shimmerHighlightLength, !(value > 0 && value < 1) {
      throw .invalid("\(place).shimmerHighlightLength: must be a number in (0, 1), not \(value)")
    }
    if let value = style.maxAnimationDuration, !(value.isFinite && value > 0) {
      throw .invalid("\(place).maxAnimationDuration: must be a finite number > 0, not \(value)")
    }
    try checkColor(style.shimmerHighlightColor, "shimmerHighlightColor", at: place)
    try checkColor(style.color, "color", at: place)
    try checkColor(style.backgroundColor, "backgroundColor", at: place)
    try checkColor(style.dropColor, "dropColor", at: place)
    if case .color(let shimmerColor) = style.shimmerColor { try checkColor(shimmerColor, "shimmerColor", at: place) }
  }
}
