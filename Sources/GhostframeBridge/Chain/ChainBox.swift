import Ghostframe

/// The object behind a `gf_chain *`: the engine's chain, its links by index (the anchors new links
/// are placed by), the runs gf_chain_apply made, and the C strings schedules hand out.
final class ChainBox: ExclusiveHandleBox {
  static var kind: HandleKind { .chain }

  /// One gf_chain_apply: the scene it went to (weak: a freed scene's run is dropped) and the run.
  struct Applied {
    weak var scene: SceneBox?
    let run: ChainRun
  }

  let chain: AnimationChain
  var links: [ChainLink] = []
  var runs: [Applied] = []
  /// The layer id and link names as C strings, made once each and freed with the box:
  /// gf_chain_schedule's strings stay valid until gf_chain_free.
  let strings = CStringPool()

  init(layer: String) {
    chain = AnimationChain(layer: layer)
  }
}
