import CGhostframe
import FuzzSupport

/// libFuzzer entry: the input is a scene document for gf_scene_load_json. A scene that loads
/// is sampled, advanced and written; what it writes must load again.
@c(LLVMFuzzerTestOneInput)
public func fuzzSceneJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var scene: OpaquePointer?
  prime()
  let status = data.withMemoryRebound(to: CChar.self, capacity: size) { gf_scene_load_json($0, size, &scene) }
  if clean(status, "gf_scene_load_json"), let scene {
    exercise(scene: scene, roundTrip: true)
    gf_scene_free(scene)
  }
  return 0
}
