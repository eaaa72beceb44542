import CGhostframe
import Ghostframe

/// The object behind a `gf_pull_to_refresh *`: the engine's control.
final class PullToRefreshBox: LayerStateSource {
  static var kind: HandleKind { .pullToRefresh }

  var control: PullToRefresh
  init(_ control: PullToRefresh) { self.control = control }

  /// The control's four layers.
  var layerCount: Int { control.scene.count }
}
