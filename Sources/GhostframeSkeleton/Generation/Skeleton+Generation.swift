import GhostframeCore

extension Skeleton {
  /// Generates the skeleton of a view tree: TABAnimated's production rules, made predictable.
  ///
  /// **Which nodes become bones.** Hidden and `skip` nodes and their subtrees produce nothing. `block` makes one
  /// bone of the node's frame for the whole subtree; `keep` makes one bone with ``Bone/isKept`` (the real view
  /// shows through) and its subtree produces nothing; both keep the frame as it is and are made even when as
  /// large as the root. With `auto`:
  /// - labels and images: a bone, always; their children are visited too (TABAnimated walks them);
  /// - buttons: a bone, always; their insides (children) are not visited;
  /// - text fields and text views: a bone unless as large as the root; their insides are not visited;
  /// - tables and collections with sections: their sections (below), then their children;
  /// - any other view (or a list without sections): a leaf (no children) is a bone unless as large as the root;
  ///   a container produces nothing itself and its children are visited.
  ///
  /// "As large as the root" is TABAnimated's test: the same size as the root (or, inside a cell, the cell), or
  /// wider, or taller. The root itself is never a bone (it is the first container, group `"root"`), unless it
  /// is `block` or `keep`.
  ///
  /// **Frames** convert to the root's coordinates: a child's origin is its parent's origin plus its frame's
  /// origin minus the parent's `contentOffset` (any node can scroll its children: tables, collections, or a view
  /// acting as a scroll view). The root's own origin is ignored: the root sits at (0, 0).
  ///
  /// **Heights** (x, y and width never change; bars stay top-aligned): a single-line label's bar is
  /// `style.boneHeight` high if set, else the label's height × `heightCoefficient` (0.75); a multi-line label
  /// (`lines` ≠ 1) keeps its whole frame as the text block, with `lineHeight` = `boneHeight` when set, and
  /// ``Bone/lineFrames()`` splits it; images keep their frame; every other bone takes `boneHeight` when set.
  /// Centred labels (`align: center`) get ``Bone/isCentered``.
  ///
  /// **Corner radius**: the node's own `cornerRadius`; else the nearest control-view level (a `style` on the node,
  /// an ancestor or the cell template) that sets `cornerRadius`; else, when the resolved `useCornerRadius` is on
  /// (globally, or turned on or off by a control view), the global `cornerRadius`, or half the bar's height when
  /// that is 0 (for multi-line bones, half the line height); else 0. Adjustment lines (`radius(v)`) come last.
  ///
  /// **Styles and colours**: the root resolves `tree.style` over the palette's defaults; a node's or cell's
  /// `style` resolves over its parent's resolved style and governs its subtree, the node itself included. Every
  /// bone carries the resolved style of the node that made it and its colour; containers are
  /// `backgroundColor`.
  ///
  /// **Indices and groups**: a control view (the root, or a cell template) numbers its bones 0... in depth-first
  /// document order (a node before its children, children in order; TABAnimated numbers children first), and its
  /// adjustment lines (`tree.adjust`, or the template's `adjust`) then apply to them. Bones keep their nodes' ids
  /// for `named(id)`. The root's bones are group `"root"`. In the result every bone's index is its position in
  /// ``bones`` (unique: scene layers are named by it); the root's bones come first, so they keep the numbers the
  /// root's lines used, and copies of cells are numbered on after them in drawing order.
  ///
  /// **Lists**: every section of a table or collection is its own container and group, `LIST/section/N` (LIST is
  /// the list's id, or its path when it has none), over the section's area clipped to the list's frame, coloured
  /// `backgroundColor` of the list's style. Tables stack header, rows and footer per section from the list's top
  /// minus `contentOffset.y`, each `rowHeight` (or the template's height) high and as wide as the list.
  /// Collections lay out the header, then items left to right and top to bottom inside the insets with the spacing
  /// between them, then the footer. When a count is absent it fills the visible area (the list's frame ∩ the
  /// viewport): tables take `ceil((visibleBottom − rowsTop) / rowHeight)` rows, where rowsTop is where the section's
  /// rows start (for the first section of an unscrolled table without a header at the top of the visible area,
  /// `ceil(visibleHeight / rowHeight)`; following sections fill what remains); collections take rows × columns
  /// with `columns = max(1, floor((W − left − right + spacing.w) / (item.w + spacing.w)))` (W: the list's width)
  /// and `rows = ceil((H − top − bottom + spacing.h) / (item.h + spacing.h))` (H: from the top of the section's item
  /// area to the visible bottom). Only rows, items, headers and footers that overlap the visible area produce
  /// bones. A cell template is generated once (per style context: the list's resolved style) in its own
  /// coordinates, adjusted, and its bones are copied to each visible row or item with the section's group,
  /// in template order, row after row. Lists inside cells work the same way with the cell's bounds as their visible area; their
  /// sections are groups named `SECTION/SLOT/INNER` (SLOT `header`, `row/R`, `item/I` or `footer`), so ending a
  /// section can end what is nested in it by prefix.
  ///
  /// **Right to left** (the root's resolved `rightToLeft`): after the adjustment lines, every bone and container
  /// frame is mirrored in the viewport, `x' = viewport.width − x − width` (widths are kept), and every bone's and
  /// container's style says `rightToLeft` so lines and sweeps agree.
  ///
  /// **Order**: ``containers`` is the root's, then every section in document order (a section before the
  /// sections nested in its cells); ``bones`` is the root's bones, then each section's, in that container order.
  ///
  /// **Validation**: the whole tree is checked before anything is generated. Non-finite numbers anywhere (frames,
  /// offsets, radii, styles, sizes), negative sizes, lengths or counts, a zero or negative row height or item
  /// size, more than 1,000,000 rows or items in a section, more than 10,000 label lines, colours outside [0, 1],
  /// sections on a view that is not a list, and a template that contains itself are `.invalidArgument`; a
  /// missing cell template is `.notFound`; each message names the place (`root.children[2].frame: width must not
  /// be negative, got -5.0`). Ids, template names and section cells containing NUL are `.invalidArgument`. More
  /// than 64 levels of views, more than 100,000 nodes (root and templates together), lists nested more than 16
  /// deep, or a fill count over 1,000,000 are `.limit`. Adjustment-line errors keep their code and message; a
  /// cell template's are prefixed with its name (`cells.news.adjust[0], column 1: ...`). Every template's lines
  /// are parsed, used or not.
  ///
  /// **Derived work** is counted before it is done: more than ``maximumBones`` bones, ``maximumContainers``
  /// containers, ``maximumListCells`` list cells laid out or ``maximumViewVisits`` views visited (templates
  /// included, once per style context), or an adjust program of more than
  /// ``AdjustmentList/maxBoneEdits`` bone edits, is `.limit`; ``scene(startTime:)`` counts its layers (lines
  /// included) against ``maximumLayers`` before it lays any out. A list whose finite sizes overflow when laid
  /// out (an item pitch, the width the columns share, a section's bottom) is `.invalidArgument` naming the
  /// section's fields; no count is ever NaN.
  public init(tree: ViewTree) throws(GhostframeError) {
    var generator = SkeletonGenerator(tree: tree)
    self = try generator.generate()
  }

  /// The height a cell template's content asks for: TABAnimated's `recommendHeight`,
  /// `maxY − minY_bg + 2·(minY_bones − minY_bg)`.
  ///
  /// The template is generated as in a list (with `style` as the global style and `cells` for the lists inside
  /// it), adjusted, and measured over the bones it draws (removed bones are not drawn; a multi-line bone is
  /// measured by its lines): the background's top is the cell's top, 0, so the result is the lowest bone bottom
  /// plus twice the highest bone top. TABAnimated calls this mirroring the top padding at the bottom; as written,
  /// the formula leaves a bottom padding of twice the top one (content 10...50 asks for 70). A template without
  /// bones asks for its own height.
  ///
  /// - Throws: As ``init(tree:)``; `.limit` when the bones would draw more than ``maximumLayers`` bars,
  ///   `.invalidArgument` when the height overflows.
  public static func recommendedHeight(
    of template: CellTemplate, style: SkeletonStyle = SkeletonStyle(), cells: [String: CellTemplate] = [:]
  ) throws(GhostframeError) -> Double {
    let tree = ViewTree(viewport: template.size, style: style,
                        root: ViewNode(frame: Rect(x: 0, y: 0, width: template.size.width, height: template.size.height)),
                        cells: cells)
    var generator = SkeletonGenerator(tree: tree)
    try generator.validate()
    try SkeletonGenerator.checkSize(template.size, at: "template.size")
    if let templateStyle = template.style { try SkeletonGenerator.checkStyle(templateStyle, at: "template.style") }
    var nodes = 0
    var references = Set<String>()
    for (i, child) in template.children.enumerated() {
      var steps = [i]
      try generator.checkNode(child, prefix: "template", steps: &steps, depth: 2, nodes: &nodes,
                              references: &references)
    }
    let adjustment: AdjustmentList?
    do {
      adjustment = template.adjust.isEmpty ? nil : try AdjustmentList(lines: template.adjust)
    } catch {
      throw SkeletonGenerator.locate(error, in: "template")
    }
    generator.path = SkeletonGenerator.NodePath(prefix: "template")
    let product = try generator.generateCell(template, adjustment: adjustment, place: "template",
                                             style: SharedBox(generator.global), controlRadius: nil, nesting: 0)
    let drawn = product.bones + product.groups.flatMap(\.bones)
    // Lines multiply bones: count them before measuring any (the scene's own layer limit).
    let lineLayers = drawn.reduce(0) { $0 + ($1.isRemoved ? 0 : $1.layerCount) }
    guard lineLayers <= Skeleton.maximumLayers else {
      throw GhostframeError(
        .limit, "template: its bones draw \(lineLayers) bars; a skeleton makes at most \(SkeletonGenerator.formatted(Skeleton.maximumLayers)) layers")
    }
    var minY = Double.infinity, maxY = -Double.infinity
    for bone in drawn where !bone.isRemoved {
      for rect in bone.lineFrames() {
        minY = min(minY, rect.y)
        maxY = max(maxY, rect.y + rect.height)
      }
    }
    if minY > maxY { return template.size.height }
    let backgroundTop = 0.0
    let height = maxY - backgroundTop + 2 * (minY - backgroundTop)
    guard height.isFinite else {
      throw .invalid("template: the bones reach \(maxY) from \(minY); the recommended height \(height) is not finite")
    }
    return height
  }
}
