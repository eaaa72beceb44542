import CGhostframe
import Ghostframe
import Glibc

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
  /// NUL-terminated copies of the layer id and link names, freed with the box: gf_chain_schedule's
  /// strings stay valid until gf_chain_free.
  private var strings: [String: UnsafeMutablePointer<CChar>] = [:]

  init(layer: String) {
    chain = AnimationChain(layer: layer)
  }

  deinit {
    for pointer in strings.values { free(pointer) }
  }

  /// The chain-owned C string equal to `text`, made once.
  func cString(_ text: String) throws(BridgeError) -> UnsafePointer<CChar> {
    if let existing = strings[text] { return UnsafePointer(existing) }
    guard let copy = strdup(text) else { throw BridgeError(GF_E_INTERNAL, "out of memory copying a chain string") }
    strings[text] = copy
    return UnsafePointer(copy)
  }
}
