import GhostframeCore

extension ViewTree {
  /// The most views ``layout()`` reports (list cells and the views of their copies included).
  public static let maximumLayoutViews = 1_000_000

  /// The tree's real views as the host shows them: every view that is not hidden (whatever its
  /// `skeleton` mode), and every header, row, item and footer of its lists that overlaps the visible
  /// area, with the views of its cell template, each with its frame in the root's points.
  ///
  /// The rules are the skeleton generator's (``Skeleton/init(tree:)``), so each bone lies on the
  /// view it stands for: the root sits at (0, 0); a child's origin is its parent's origin plus its
  /// frame's origin minus the parent's `contentOffset`; lists place their cells by the one list rule
  /// both share (ListLayout.swift), filling the list's frame ∩ the control view's visible area (the
  /// viewport for the root, the cell's bounds inside a cell); a right-to-left tree is mirrored across
  /// the viewport's width.
  ///
  /// Each view's ``LaidOutView/clip`` is the viewport narrowed by its ancestors that clip: lists,
  /// scrolled views (a non-zero `contentOffset`) and list cells. Views come in depth-first document
  /// order, a view before its children, a list's cells (section by section, in the generator's order)
  /// before its child views, and each cell followed by the views of its template; every
  /// ``LaidOutView/parent`` index points backwards.
  ///
  /// - Throws: the errors of ``Skeleton/init(tree:)``'s validation of the tree (the same checks, the
  ///   same messages), the list layout's
  ///   (a derived length that overflows, a fill count past ``maximumListCount``, lists nested past
  ///   ``maximumListNesting``), and `.limit` past ``maximumLayoutViews`` views or
  ///   ``Skeleton/maximumListCells`` laid-out cells, counted before they are built. Limits of what
  ///   generation builds (bones, layers, adjustment edits) do not apply: nothing of that is built.
  /// - Complexity: O(nodes + reported views).
  public func layout() throws(GhostframeError) -> [LaidOutView] {
    var walker = LayoutWalker(tree: self)
    return try walker.layout()
  }
}
