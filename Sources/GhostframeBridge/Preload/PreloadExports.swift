import CGhostframe
import Ghostframe

@c @implementation
public func gf_preload_params_init(_ params: UnsafeMutablePointer<gf_preload_params>?) {
  guard let params else { return }
  params.pointee = defaultPreloadParams()
}

/// The defaults gf_preload_params_init writes: the engine's ``PreloadParameters`` defaults.
private func defaultPreloadParams() -> gf_preload_params {
  let d = PreloadParameters()
  var p = gf_preload_params()
  p.struct_size = UInt32(MemoryLayout<gf_preload_params>.size)
  (p.background_r, p.background_g, p.background_b, p.background_a) =
    (d.backgroundColor.red, d.backgroundColor.green, d.backgroundColor.blue, d.backgroundColor.alpha)
  (p.loading_width, p.loading_height) = (d.loadingWidth, d.loadingHeight)
  (p.marker_width, p.marker_height) = (d.markerWidth, d.markerHeight)
  (p.marker_r, p.marker_g, p.marker_b, p.marker_a) =
    (d.markerColor.red, d.markerColor.green, d.markerColor.blue, d.markerColor.alpha)
  (p.shadow_width, p.shadow_height) = (d.shadowWidth, d.shadowHeight)
  (p.shadow_r, p.shadow_g, p.shadow_b, p.shadow_a) =
    (d.shadowColor.red, d.shadowColor.green, d.shadowColor.blue, d.shadowColor.alpha)
  p.shadow_narrowing = d.shadowNarrowing
  p.jump_height = d.jumpHeight
  p.jump_duration = d.jumpDuration
  p.down_duration = d.downDuration
  p.begin_time = d.beginTime
  return p
}

@c @implementation
public func gf_preload_create(
  _ params: UnsafePointer<gf_preload_params>?, _ outPreload: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let raw = try required(params, "params")
    let out = try required(outPreload, "out_preload")
    let p = try readVersioned(raw, defaults: { $0.pointee = defaultPreloadParams() },
                              oldestSize: MemoryLayout<gf_preload_params>.size, "params")
    guard p.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "params.reserved must be 0") }
    // The engine checks every number (NaN, signs, ranges) and names the first bad one.
    let parameters = PreloadParameters(
      backgroundColor: Color(red: p.background_r, green: p.background_g, blue: p.background_b, alpha: p.background_a),
      loadingWidth: p.loading_width, loadingHeight: p.loading_height, markerWidth: p.marker_width,
      markerHeight: p.marker_height,
      markerColor: Color(red: p.marker_r, green: p.marker_g, blue: p.marker_b, alpha: p.marker_a),
      shadowWidth: p.shadow_width, shadowHeight: p.shadow_height,
      shadowColor: Color(red: p.shadow_r, green: p.shadow_g, blue: p.shadow_b, alpha: p.shadow_a),
      shadowNarrowing: p.shadow_narrowing, jumpHeight: p.jump_height, jumpDuration: p.jump_duration,
      downDuration: p.down_duration, beginTime: p.begin_time)
    let overlay = try engine(PreloadOverlay(width: p.width, height: p.height, parameters: parameters))
    try publish(PreloadBox(overlay), into: out)
  }
}

@c @implementation
public func gf_preload_free(_ preload: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(preload, .preload, "preload") }
}

@c @implementation
public func gf_preload_scene(_ preload: OpaquePointer?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: PreloadBox = try call.enter(preload, "preload", .read)
    let out = try required(outScene, "out_scene")
    try publish(SceneBox(box.overlay.scene), into: out)
  }
}

@c @implementation
public func gf_preload_dismiss(_ preload: OpaquePointer?, _ t: Double) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: PreloadBox = try call.enter(preload, "preload")
    try finite(t, "t")
    try engine(box.overlay.dismiss(at: t))
  }
}

@c @implementation
public func gf_preload_removal_time(_ preload: OpaquePointer?, _ outTime: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: PreloadBox = try call.enter(preload, "preload", .read)
    let out = try required(outTime, "out_time")
    guard let time = box.overlay.removalTime else {
      throw BridgeError(GF_E_NOT_FOUND, "the overlay has not been dismissed")
    }
    out.pointee = time
  }
}
