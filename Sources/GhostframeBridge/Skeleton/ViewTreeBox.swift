import CGhostframe
import Ghostframe

/// The object behind a `gf_view_tree *`.
final class ViewTreeBox: ExclusiveHandleBox {
  static var kind: HandleKind { .viewTree }

  var builder: ViewTreeBuilder
  /// The id strings gf_view_tree_layout hands out, kept until the tree is freed (LayoutExports.swift).
  let layoutNames = LayoutNames()
  init(_ builder: ViewTreeBuilder) { self.builder = builder }
}
