import CGhostframe
import FuzzSupport

/// libFuzzer entry: the input is a view-tree document. gf_view_tree_load_json reads it (a tree
/// that loads is generated with gf_skeleton_generate), and gf_skeleton_from_json reads and
/// generates it in one call; the two must agree on whether it is accepted.
@c(LLVMFuzzerTestOneInput)
public func fuzzViewTreeJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  data.withMemoryRebound(to: CChar.self, capacity: size) { json in
    var tree: OpaquePointer?
    prime()
    var generatedStatus = gf_view_tree_load_json(json, size, &tree)
    let loaded = clean(generatedStatus, "gf_view_tree_load_json")
    var generated: OpaquePointer?
    if loaded, let tree {
      prime()
      generatedStatus = gf_skeleton_generate(tree, &generated)
      clean(generatedStatus, "gf_skeleton_generate")
      gf_view_tree_free(tree)
    }
    var scene: OpaquePointer?
    prime()
    let status = gf_skeleton_from_json(json, size, &scene)
    if clean(status, "gf_skeleton_from_json"), let scene {
      exercise(scene: scene, roundTrip: true)
      gf_scene_free(scene)
    }
    if (status == GF_OK) != (generatedStatus == GF_OK) {
      finding("gf_skeleton_from_json returned \(status), gf_view_tree_load_json then gf_skeleton_generate \(generatedStatus)"
        + (loaded ? "" : " (gf_view_tree_load_json)"))
    }
    gf_scene_free(generated)
  }
  return 0
}
