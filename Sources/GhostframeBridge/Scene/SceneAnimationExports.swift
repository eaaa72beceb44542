import CGhostframe
import Ghostframe

/// Shared by gf_scene_add_animation and its hand-off variant.
private func addAnimation(
  _ call: inout BridgeCall, _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ animation: OpaquePointer?,
  _ key: UnsafePointer<CChar>?, handoff: Scene.Handoff, _ outID: UnsafeMutablePointer<UInt64>?
) throws(BridgeError) {
  let box: SceneBox = try call.enter(scene, "scene")
  guard animation != nil else { throw BridgeError(GF_E_NULL_ARGUMENT, "animation is NULL") }
  let layer = try requiredText(layerID, "layer_id")
  let keyText = try optionalText(key, "key")
  let draft: AnimationDraft = try call.enter(animation, "animation", .read)
  let built = try engine(draft.build())
  let id = try engine(box.scene.addAnimation(built, to: layer, key: keyText, handoff: handoff))
  outID?.pointee = id
}

@c @implementation
public func gf_scene_add_animation(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ animation: OpaquePointer?,
  _ key: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try addAnimation(&call, scene, layerID, animation, key, handoff: .none, outID)
  }
}

@c @implementation
public func gf_scene_add_animation_handoff(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ animation: OpaquePointer?,
  _ key: UnsafePointer<CChar>?, _ handoffTime: Double, _ outID: UnsafeMutablePointer<UInt64>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try finite(handoffTime, "handoff_time")
    try addAnimation(&call, scene, layerID, animation, key, handoff: .presentation(at: handoffTime), outID)
  }
}

@c @implementation
public func gf_scene_remove_animation(_ scene: OpaquePointer?, _ id: UInt64) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    try engine(box.scene.removeAnimation(id: id))
  }
}

@c @implementation
public func gf_scene_advance(
  _ scene: OpaquePointer?, _ t: Double, _ callback: gf_event_fn?, _ userData: UnsafeMutableRawPointer?
) -> gf_status {
  bridge { call throws(BridgeError) in
    // The scene stays entered while the callback runs: a callback calling into this scene is
    // answered with GF_E_MISUSE (concurrent use).
    let box: SceneBox = try call.enter(scene, "scene")
    try finite(t, "t")
    let events = try engine(box.scene.advance(to: t))
    guard let callback else { return }
    for event in events {
      event.layer.withCString { layer in
        func deliver(_ key: UnsafePointer<CChar>?) {
          var raw = gf_event(
            kind: event.kind == .started ? GF_EVENT_STARTED : GF_EVENT_ENDED, reversed: event.isReversed ? 1 : 0,
            animation_id: event.animation, time: event.time, layer_id: layer, key: key)
          callback(userData, &raw)
        }
        if let key = event.key { key.withCString { deliver($0) } } else { deliver(nil) }
      }
    }
  }
}
