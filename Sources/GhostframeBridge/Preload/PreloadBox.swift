import CGhostframe
import Ghostframe

/// The object behind a `gf_preload *`: the overlay, which gf_preload_dismiss changes.
final class PreloadBox: ExclusiveHandleBox {
  static var kind: HandleKind { .preload }

  var overlay: PreloadOverlay
  init(_ overlay: PreloadOverlay) { self.overlay = overlay }
}
