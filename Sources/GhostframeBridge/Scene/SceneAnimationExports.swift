import CGhostframe
import Ghostframe

/// Shared by gf_scene_add_animation and its hand-off variant.
private func addAnimation(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ animation: OpaquePointer?,
  _ key: UnsafePointer<CChar>?, handoff: Scene.Handoff, _ outID: UnsafeMutablePointer<UInt64>?
) -> gf_status {
  withScene(scene) { box in
    guard animation != nil else { return fail(GF_E_NULL_ARGUMENT, "animation is NULL") }
    let layer: String, keyText: String?
    switch requiredText(layerID, "layer_id") {
    case .success(let text): layer = text
    case .failure(let error): return error.status
    }
    switch optionalText(key, "key") {
    case .success(let text): keyText = text
    case .failure(let error): return error.status
    }
    return withAnimation(animation, "animation", use: .read) { draft in
      do throws(GhostframeError) {
        let built = try draft.build()
        let id = try box.scene.addAnimation(built, to: layer, key: keyText, handoff: handoff)
        outID?.pointee = id
        return GF_OK
      } catch {
        return fail(error)
      }
    }
  }
}

@c @implementation
public func gf_scene_add_animation(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ animation: OpaquePointer?,
  _ key: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> gf_status {
  addAnimation(scene, layerID, animation, key, handoff: .none, outID)
}

@c @implementation
public func gf_scene_add_animation_handoff(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ animation: OpaquePointer?,
  _ key: UnsafePointer<CChar>?, _ handoffTime: Double, _ outID: UnsafeMutablePointer<UInt64>?
) -> gf_status {
  if let status = checkFinite(handoffTime, "handoff_time") { return status }
  return addAnimation(scene, layerID, animation, key, handoff: .presentation(at: handoffTime), outID)
}

@c @implementation
public func gf_scene_remove_animation(_ scene: OpaquePointer?, _ id: UInt64) -> gf_status {
  withScene(scene) { box in
    do throws(GhostframeError) {
      try box.scene.removeAnimation(id: id)
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_scene_advance(
  _ scene: OpaquePointer?, _ t: Double, _ callback: gf_event_fn?, _ userData: UnsafeMutableRawPointer?
) -> gf_status {
  // The scene stays entered while the callback runs: a callback calling into this scene is
  // answered with GF_E_MISUSE (concurrent use).
  withScene(scene) { box in
    if let status = checkFinite(t, "t") { return status }
    let events: [AnimationEvent]
    do throws(GhostframeError) {
      events = try box.scene.advance(to: t)
    } catch {
      return fail(error)
    }
    guard let callback else { return GF_OK }
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
    return GF_OK
  }
}
