import GhostframeCore

/// The limits of a view tree, whether it is built in Swift, with ``ViewTreeBuilder`` or read from
/// JSON (GhostframeFormats): the generator checks them before it generates anything.
extension ViewTree {
  /// Views nested deeper than this (the root, or a cell template, being level 1) are `.limit`.
  public static let maximumDepth = 64
  /// More nodes than this, in the root's subtree and every cell template together, are `.limit`.
  public static let maximumNodes = 100_000
  /// More cell templates than this are `.limit`.
  public static let maximumCellTemplates = 1_000
  /// Labels with more lines than this are `.invalidArgument`.
  public static let maximumLines = 10_000
  /// Sections with more rows or items than this are `.invalidArgument`.
  public static let maximumListCount = 1_000_000
  /// Lists nested deeper than this (a list in a cell of a list is depth 2) are `.limit` when the
  /// skeleton is generated.
  public static let maximumListNesting = 16
}
