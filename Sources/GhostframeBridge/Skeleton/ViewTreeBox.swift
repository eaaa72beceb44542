import CGhostframe
import Ghostframe

/// The object behind a `gf_view_tree *`.
final class ViewTreeBox: ExclusiveHandleBox {
  static var kind: HandleKind { .viewTree }

  var builder: ViewTreeBuilder
  init(_ builder: ViewTreeBuilder) { self.builder = builder }
}
