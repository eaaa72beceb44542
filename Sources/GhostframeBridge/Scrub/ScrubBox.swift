import CGhostframe
import Ghostframe

/// The object behind a `gf_scrub *`: the engine's scrub over a copy of the scene it was made from.
final class ScrubBox: LayerStateSource {
  static var kind: HandleKind { .scrub }

  var scrub: Scrub
  init(_ scrub: Scrub) { self.scrub = scrub }

  /// The scene's layer count.
  var layerCount: Int { scrub.scene.count }
}
