import CGhostframe
import Ghostframe

/// The object behind a `gf_snapshot_pool *`: the engine's pool, which acquire and release change.
final class SnapshotPoolBox: ExclusiveHandleBox {
  static var kind: HandleKind { .snapshotPool }

  var pool: SnapshotLayerPool
  init(_ pool: SnapshotLayerPool) { self.pool = pool }
}
