import GhostframeCore

/// Turns a ``ViewTree`` into bones and containers: TABAnimated's production rules, made predictable.
/// ``Skeleton/init(tree:)`` is the public entry; Skeleton+Generation.swift documents the rules.
///
/// One generator serves one tree: it validates the whole input first (SkeletonGenerator+Validation.swift),
/// then walks the root and, on demand, the cell templates its lists use (SkeletonGenerator+Lists.swift).
/// Every template is generated once per style context and its bones are copied to each visible row.
struct SkeletonGenerator {
  /// Nesting of views, the root (or a cell template) being level 1.
  static let maxDepth = ViewTree.maximumDepth
  /// Nodes in the root's subtree and in every cell template together.
  static let maxNodes = ViewTree.maximumNodes
  /// Bones in the result (and in any one cell template's output): ``Skeleton/maximumBones``.
  static let maxBones = Skeleton.maximumBones
  /// Rows or items of one section, given or filled.
  static let maxCount = ViewTree.maximumListCount
  /// Lines of one label.
  static let maxLines = ViewTree.maximumLines
  /// Lists inside cells inside lists.
  static let maxListNesting = ViewTree.maximumListNesting

  /// What a control view (the root, or one cell template) produces, in its own coordinates.
  struct Product {
    /// The control view's own bones, numbered 0... in document order.
    var bones: [Bone] = []
    /// The list sections inside it, at any depth, each with its bones; group names relative to the control view.
    var groups: [Group] = []
    /// `bones.count` plus every group's bone count.
    var total = 0
    /// The names of the lists directly in this control view (their section groups must not collide).
    var listNames: Set<String> = []
  }

  /// A container and its bones.
  struct Group {
    var container: Skeleton.Container
    var bones: [Bone]
  }

  /// The control view a node belongs to: what "as large as the root" compares with, and what lists fill.
  struct Scope {
    /// The root's (or the cell's) size.
    var size: Size
    /// The visible rectangle in the control view's coordinates: the viewport for the root, the cell's bounds in a cell.
    var viewport: Rect
    /// How many lists enclose this control view.
    var nesting: Int
  }

  /// What a node inherits from its parent.
  struct Inherited {
    /// Where the parent's content origin sits in the control view's coordinates (the parent's content offset applied).
    var origin: Point
    /// The parent's resolved style, boxed so the bones it makes share it.
    var style: SharedBox<ResolvedSkeletonStyle>
    /// The nearest control-view level (node or cell style) that sets a corner radius, if any.
    var controlRadius: Double?
  }

  /// A node's place in the input, for messages: `root.children[2]`, `cells.news.children[0]`.
  struct NodePath {
    var prefix: String
    var steps: [Int] = []
    var text: String {
      var s = prefix
      for step in steps { s += ".children[\(step)]" }
      return s
    }
  }

  /// A cell template generated in one style context.
  struct CellKey: Hashable {
    var name: String
    var style: ResolvedSkeletonStyle
    var controlRadius: Double?
  }

  let tree: ViewTree
  /// The tree's style over the palette's defaults.
  let global: ResolvedSkeletonStyle
  /// The root's adjustment lines, parsed during validation.
  var rootAdjustment: AdjustmentList?
  /// Every template's adjustment lines, parsed during validation.
  var cellAdjustments: [String: AdjustmentList] = [:]
  /// Generated templates.
  var cache: [CellKey: Product] = [:]
  /// Templates being generated, outermost first (a cycle guard; validation already rejects cycles).
  var generating: [String] = []
  /// The node being visited.
  var path = NodePath(prefix: "root")
  /// List cells laid out so far (root and templates), against ``Skeleton/maximumListCells``.
  var placedCells = 0
  /// Views visited so far (root and template generations), against ``Skeleton/maximumViewVisits``.
  var visitedViews = 0

  init(tree: ViewTree) {
    self.tree = tree
    global = tree.style.resolved(over: SkeletonDefaults.style(tree.style.palette ?? .light))
  }

  // MARK: - The root

  /// Validates the tree and generates its skeleton.
  mutating func generate() throws(GhostframeError) -> Skeleton {
    try validate()
    let root = tree.root
    let styleBox = SharedBox(root.style?.resolved(over: global) ?? global)
    let style = styleBox.value
    let inherited = Inherited(origin: .zero, style: styleBox, controlRadius: root.style?.cornerRadius)
    let frame = Rect(x: 0, y: 0, width: root.frame.width, height: root.frame.height)
    let scope = Scope(
      size: Size(width: frame.width, height: frame.height),
      viewport: Rect(x: 0, y: 0, width: tree.viewport.width, height: tree.viewport.height), nesting: 0)
    var product = Product()
    path = NodePath(prefix: "root")
    if !root.isHidden && root.skeleton != .skip {
      switch root.skeleton {
      case .block, .keep:
        try append(makeBone(root, frame: frame, style: styleBox, controlRadius: inherited.controlRadius), to: &product)
      case .auto, .skip:
        try visitContent(of: root, frame: frame, inherited: inherited, scope: scope, into: &product)
      }
    }
    // The root's adjust lines may edit its background (backgroundComponent).
    var background: Skeleton.Container? = Skeleton.Container(
      group: "root", frame: frame, color: style.backgroundColor, cornerRadius: root.cornerRadius ?? 0, style: style)
    if let rootAdjustment {
      try adjust(&product, with: rootAdjustment, containerWidth: rootWidth, place: nil, background: &background)
    }
    for i in product.bones.indices { product.bones[i].group = "root" }  // created bones included
    var containers = background.map { [$0] } ?? []
    containers.reserveCapacity(product.groups.count + 1)
    var bones: [Bone] = []
    swap(&bones, &product.bones)  // moved, not copied: the root's bones are most of them
    bones.reserveCapacity(product.total)
    for group in product.groups {
      containers.append(group.container)
      bones.append(contentsOf: group.bones)
    }
    var globalStyle = global
    let rtl = style.rightToLeft
    globalStyle.rightToLeft = rtl
    let width = tree.viewport.width
    for i in containers.indices {
      containers[i].style.rightToLeft = rtl
      if rtl { containers[i].frame.x = width - containers[i].frame.x - containers[i].frame.width }
    }
    // Bones share style boxes: restyle each box once, not each bone.
    var restyled: (from: SharedBox<ResolvedSkeletonStyle>, to: SharedBox<ResolvedSkeletonStyle>)?
    for i in bones.indices {
      // Unique indices in drawing order: the root's bones keep the numbers its adjustment lines used; copies of
      // cells are numbered on (scene layer ids are "bone:<index>").
      bones[i].index = i
      let box = bones[i].styleBox
      if box.value.rightToLeft != rtl {
        if let restyled, restyled.from === box {
          bones[i].styleBox = restyled.to
        } else {
          var style = box.value
          style.rightToLeft = rtl
          bones[i].styleBox = SharedBox(style)
          restyled = (box, bones[i].styleBox)
        }
      }
      if rtl { bones[i].frame.x = width - bones[i].frame.x - bones[i].frame.width }
    }
    return Skeleton(viewport: tree.viewport, style: globalStyle, containers: containers, bones: bones)
  }

  /// The width centred labels centre on: the root's, or the viewport's when the root has none.
  var rootWidth: Double { tree.root.frame.width > 0 ? tree.root.frame.width : tree.viewport.width }

  /// Applies adjustment lines to a product's own bones, checking the bone limit afterwards (lines may create bones).
  /// A cell template's errors are prefixed by its place (`adjust[0], column 1: ...` becomes
  /// `cells.news.adjust[0], column 1: ...`); the root's keep the adjustment list's own `adjust[i]` prefix.
  mutating func adjust(_ product: inout Product, with list: AdjustmentList, containerWidth: Double,
                       place: String?, background: inout Skeleton.Container?) throws(GhostframeError) {
    let before = product.bones.count
    do {
      if var edited = background {
        try list.apply(to: &product.bones, background: &edited, containerWidth: containerWidth)
        background = edited
      } else {
        try list.apply(to: &product.bones, containerWidth: containerWidth)
      }
    } catch {
      throw Self.locate(error, in: place)
    }
    product.total += product.bones.count - before
    if product.total > Self.maxBones { throw Self.tooManyBones() }
  }

  // MARK: - Nodes

  /// One node and its subtree: bones into `product.bones`, list sections into `product.groups`.
  mutating func visit(_ node: ViewNode, inherited: Inherited, scope: Scope,
                      into product: inout Product) throws(GhostframeError) {
    visitedViews += 1
    if visitedViews > Skeleton.maximumViewVisits {
      throw GhostframeError(.limit, "\(path.text): generating the skeleton visits more than \(Self.formatted(Skeleton.maximumViewVisits)) views (a cell template is generated once for each style of list that shows it)")
    }
    if node.isHidden || node.skeleton == .skip { return }
    let style = node.styleBox.map { SharedBox($0.value.resolved(over: inherited.style.value)) } ?? inherited.style
    let controlRadius = node.styleBox?.value.cornerRadius ?? inherited.controlRadius
    let frame = Rect(x: inherited.origin.x + node.frame.x, y: inherited.origin.y + node.frame.y,
                     width: node.frame.width, height: node.frame.height)
    let here = Inherited(origin: inherited.origin, style: style, controlRadius: controlRadius)
    switch node.skeleton {
    case .block, .keep:
      try append(makeBone(node, frame: frame, style: style, controlRadius: controlRadius), to: &product)
      return
    case .auto, .skip:
      break
    }
    switch node.kind {
    case .label, .image:
      // Always a bone, even as large as the root (TABAnimated); their subviews are visited too.
      try append(makeBone(node, frame: frame, style: style, controlRadius: controlRadius), to: &product)
      try visitChildren(of: node, frame: frame, inherited: here, scope: scope, into: &product)
    case .button:
      // Always a bone; its title and image are not.
      try append(makeBone(node, frame: frame, style: style, controlRadius: controlRadius), to: &product)
    case .textField, .textView:
      // A bone unless as large as the root; their insides are not.
      if !Self.isAsLargeAsRoot(frame, scope.size) {
        try append(makeBone(node, frame: frame, style: style, controlRadius: controlRadius), to: &product)
      }
    case .table where !node.sections.isEmpty, .collection where !node.sections.isEmpty:
      // A list: its sections, then any children it has.
      try visitContent(of: node, frame: frame, inherited: here, scope: scope, into: &product)
    case .view, .table, .collection:
      // A leaf is a bone unless as large as the root (a list without sections is one block); a container recurses.
      if node.children.isEmpty {
        if !Self.isAsLargeAsRoot(frame, scope.size) {
          try append(makeBone(node, frame: frame, style: style, controlRadius: controlRadius), to: &product)
        }
      } else {
        try visitChildren(of: node, frame: frame, inherited: here, scope: scope, into: &product)
      }
    }
  }

  /// A container's content: its list sections (tables and collections), then its children.
  mutating func visitContent(of node: ViewNode, frame: Rect, inherited: Inherited, scope: Scope,
                             into product: inout Product) throws(GhostframeError) {
    if (node.kind == .table || node.kind == .collection) && !node.sections.isEmpty {
      try generateList(node, frame: frame, inherited: inherited, scope: scope, into: &product)
    }
    try visitChildren(of: node, frame: frame, inherited: inherited, scope: scope, into: &product)
  }

  /// The children of a node whose frame (in control-view coordinates) is `frame`; they scroll by its content offset.
  mutating func visitChildren(of node: ViewNode, frame: Rect, inherited: Inherited, scope: Scope,
                              into product: inout Product) throws(GhostframeError) {
    if node.children.isEmpty { return }
    var inner = inherited
    inner.origin = Point(x: frame.x - node.contentOffset.x, y: frame.y - node.contentOffset.y)
    for (i, child) in node.children.enumerated() {
      path.steps.append(i)
      try visit(child, inherited: inner, scope: scope, into: &product)
      path.steps.removeLast()
    }
  }

  /// TABAnimated's "as large as the root": the same size, or wider, or taller.
  static func isAsLargeAsRoot(_ frame: Rect, _ root: Size) -> Bool {
    (frame.width == root.width && frame.height == root.height) || frame.width > root.width
      || frame.height > root.height
  }

  /// Appends a bone to a product's own bones, numbering it.
  mutating func append(_ bone: consuming Bone, to product: inout Product) throws(GhostframeError) {
    bone.index = product.bones.count  // consumed, so numbered in place rather than copied
    product.bones.append(bone)
    product.total += 1
    if product.total > Self.maxBones { throw Self.tooManyBones() }
  }

  /// An adjustment-list error of the lines at `place` (`cells.news`); nil for the root's.
  static func locate(_ error: GhostframeError, in place: String?) -> GhostframeError {
    guard let place else { return error }
    let message = error.message.hasPrefix("adjust") ? "\(place).\(error.message)" : "\(place).adjust: \(error.message)"
    return GhostframeError(error.code, message)
  }

  static func tooManyBones() -> GhostframeError {
    GhostframeError(.limit, "the skeleton would have more than \(formatted(maxBones)) bones")
  }

  static func tooManyContainers() -> GhostframeError {
    GhostframeError(.limit, "the skeleton would have more than \(formatted(Skeleton.maximumContainers)) containers (list sections, copies of nested ones included)")
  }

  /// `1,000,000` for messages.
  static func formatted(_ value: Int) -> String {
    var digits = String(value.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(Substring(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
  }

  /// The bone a node produces at `frame` (control-view coordinates): height rules, radius cascade, colour.
  func makeBone(_ node: ViewNode, frame: Rect, style styleBox: SharedBox<ResolvedSkeletonStyle>,
                controlRadius: Double?) -> Bone {
    let style = styleBox.value
    var barFrame = frame
    var lines = 1
    var lineHeight: Double?
    if node.skeleton == .auto {
      switch node.kind {
      case .image:
        break
      case .label where node.lines != 1:
        // The text block keeps the label's frame; lines are drawn by ``Bone/lineFrames()``.
        lines = node.lines
        lineHeight = style.boneHeight
      case .label:
        barFrame.height = style.boneHeight ?? frame.height * style.heightCoefficient
      default:
        if let boneHeight = style.boneHeight { barFrame.height = boneHeight }
      }
    }
    // Corner radius: the view's own > the nearest control view's > global (value, or half the height) > 0.
    let radius: Double
    if let own = node.cornerRadius {
      radius = own
    } else if let controlRadius {
      radius = controlRadius
    } else if style.useCornerRadius {
      let height = lines == 1 ? barFrame.height : (lineHeight ?? style.lineHeight)
      radius = style.cornerRadius == 0 ? height / 2 : style.cornerRadius
    } else {
      radius = 0
    }
    return Bone(index: 0, id: node.id, kind: node.kind, frame: barFrame, cornerRadius: radius, color: style.color,
                lines: lines, group: "", styleBox: styleBox, lineHeight: lineHeight,
                isCentered: node.kind == .label && node.align == .center, isKept: node.skeleton == .keep)
  }

  // MARK: - Cell templates

  /// The bones of the cell template `name` in a style context, generated once and cached.
  mutating func cellProduct(_ name: String, style: SharedBox<ResolvedSkeletonStyle>, controlRadius: Double?,
                            nesting: Int) throws(GhostframeError) -> Product {
    let key = CellKey(name: name, style: style.value, controlRadius: controlRadius)
    if let cached = cache[key] { return cached }
    guard let template = tree.cells[name] else {
      throw GhostframeError(.notFound, "\(path.text): no cell template '\(name)'")
    }
    if let start = generating.firstIndex(of: name) {
      let through = generating[(start + 1)...].map { "'\($0)'" }.joined(separator: ", ")
      throw .invalid("cell template '\(name)' contains itself" + (through.isEmpty ? "" : " through \(through)"))
    }
    if nesting > Self.maxListNesting {
      throw GhostframeError(.limit, "\(path.text): lists are nested more than \(Self.maxListNesting) deep (through cell template '\(name)')")
    }
    generating.append(name)
    let saved = path
    path = NodePath(prefix: "cells.\(name)")
    let product = try generateCell(template, adjustment: cellAdjustments[name], place: "cells.\(name)",
                                   style: style, controlRadius: controlRadius, nesting: nesting)
    path = saved
    generating.removeLast()
    cache[key] = product
    return product
  }

  /// A cell template's bones in the cell's coordinates, adjusted; own bones have group "".
  mutating func generateCell(_ template: CellTemplate, adjustment: AdjustmentList?, place: String?,
                             style parentStyle: SharedBox<ResolvedSkeletonStyle>, controlRadius parentRadius: Double?,
                             nesting: Int) throws(GhostframeError) -> Product {
    let style = template.style.map { SharedBox($0.resolved(over: parentStyle.value)) } ?? parentStyle
    let inherited = Inherited(origin: .zero, style: style,
                              controlRadius: template.style?.cornerRadius ?? parentRadius)
    let scope = Scope(size: template.size,
                      viewport: Rect(x: 0, y: 0, width: template.size.width, height: template.size.height),
                      nesting: nesting)
    var product = Product()
    for (i, child) in template.children.enumerated() {
      path.steps.append(i)
      try visit(child, inherited: inherited, scope: scope, into: &product)
      path.steps.removeLast()
    }
    if let adjustment {
      var none: Skeleton.Container?  // a cell draws on its list section's container
      try adjust(&product, with: adjustment, containerWidth: template.size.width, place: place, background: &none)
    }
    return product
  }
}
