import CGhostframe
import Ghostframe

@c @implementation
public func gf_scene_load_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let outScene else { return fail(GF_E_NULL_ARGUMENT, "out_scene is NULL") }
  let text: String
  if let json {
    switch readText(json, length: length, name: "json") {
    case .success(let value): text = value
    case .failure(let error): return error.status
    }
  } else {
    // NULL with length 0 is the empty document, which is not JSON (a parse error below).
    guard length == 0 else { return fail(GF_E_NULL_ARGUMENT, "json is NULL") }
    text = ""
  }
  do {
    let scene = try Scene(json: text)
    return publish(SceneBox(scene), as: .scene, into: outScene)
  } catch {
    return fail(error)
  }
}

@c @implementation
public func gf_scene_to_json(
  _ scene: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  withScene(scene) { box in
    guard let outJSON else { return fail(GF_E_NULL_ARGUMENT, "out_json is NULL") }
    let text: String
    do throws(GhostframeError) {
      text = try box.scene.json()
    } catch {
      return fail(error)
    }
    guard let copy = ownedCString(text) else {
      return fail(GF_E_INTERNAL, "out of memory copying the JSON")
    }
    outJSON.pointee = copy
    return GF_OK
  }
}
