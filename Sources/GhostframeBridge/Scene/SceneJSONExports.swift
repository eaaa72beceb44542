import CGhostframe
import Ghostframe

@c @implementation
public func gf_scene_load_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outScene, "out_scene")
    let text = try jsonText(json, length)
    try publish(SceneBox(engine(Scene(json: text))), into: out)
  }
}

@c @implementation
public func gf_scene_from_file(
  _ path: UnsafePointer<CChar>?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outScene, "out_scene")
    let file = try DocumentFile(path: path)
    try file.named { () throws(BridgeError) in try publish(SceneBox(engine(Scene(json: file.text))), into: out) }
  }
}

@c @implementation
public func gf_scene_to_json(
  _ scene: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let out = try required(outJSON, "out_json")
    let text = try engine(box.scene.json())
    guard let copy = ownedCString(text) else { throw BridgeError(GF_E_INTERNAL, "out of memory copying the JSON") }
    out.pointee = copy
  }
}
