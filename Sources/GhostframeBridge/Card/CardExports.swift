import CGhostframe
import Ghostframe

@c @implementation
public func gf_expand_params_init(_ params: UnsafeMutablePointer<gf_expand_params>?) {
  guard let params else { return }
  params.pointee = defaultExpandParams()
}

/// The defaults gf_expand_params_init writes: the engine's ``ExpandTransition`` defaults
/// (curve NULL stands for ``ExpandTransition/defaultCurve``).
private func defaultExpandParams() -> gf_expand_params {
  var p = gf_expand_params()
  p.struct_size = UInt32(MemoryLayout<gf_expand_params>.size)
  p.ratio = 2.0 / 3.0
  p.duration = ExpandTransition.defaultDuration
  p.delay = ExpandTransition.defaultDelay
  return p
}

/// The size of gf_expand_params before `delay`: a caller built then gets no delay, as it had.
private let expandParamsSizeBeforeDelay = MemoryLayout<gf_expand_params>.offset(of: \gf_expand_params.delay) ?? 0

/// Builds the transition `params` describes, its part layers taken from `pool` (a fresh pool
/// when nil), and publishes it: the body gf_expand_transition_create and
/// gf_expand_transition_create_in_pool share.
private func createTransition(
  _ params: UnsafePointer<gf_expand_params>?, pool: SnapshotPoolBox?,
  _ outTransition: UnsafeMutablePointer<OpaquePointer?>?
) throws(BridgeError) {
  let p = try readVersioned(try required(params, "params"), defaults: { defaults in
    defaults.pointee = defaultExpandParams()
    defaults.pointee.delay = 0
  }, oldestSize: expandParamsSizeBeforeDelay, "gf_expand_params")
  let out = try required(outTransition, "out_transition")
  guard p.image_count >= 0, p.image_count <= Int(GF_MAX_EXPAND_IMAGES) else {
    throw BridgeError(GF_E_LIMIT, "image_count \(UInt(bitPattern: p.image_count)) exceeds GF_MAX_EXPAND_IMAGES (\(GF_MAX_EXPAND_IMAGES))")
  }
  // NaN and infinities are refused here and again by the engine; 4 doubles per image.
  let flat = try readDoubles(p.images, p.image_count * 4, "images")
  let images = stride(from: 0, to: flat.count, by: 4).map {
    Rect(x: flat[$0], y: flat[$0 + 1], width: flat[$0 + 2], height: flat[$0 + 3])
  }
  let spec = try optionalText(p.curve, "curve")
  let curve = try spec.map { (spec) throws(BridgeError) in try engine(Curve(parsing: spec)) } ?? ExpandTransition.defaultCurve
  let window = Size(width: p.window_width, height: p.window_height)
  let transition: ExpandTransition
  if let pool {
    // The engine takes the layers all or none: on error the pool is unchanged.
    transition = try engine(ExpandTransition(
      window: window, images: images, tapped: p.tapped, ratio: p.ratio, duration: p.duration, delay: p.delay,
      curve: curve, pool: &pool.pool))
  } else {
    transition = try engine(ExpandTransition(
      window: window, images: images, tapped: p.tapped, ratio: p.ratio, duration: p.duration, delay: p.delay,
      curve: curve))
  }
  try publish(ExpandTransitionBox(transition), into: out)
}

@c @implementation
public func gf_expand_transition_create(
  _ params: UnsafePointer<gf_expand_params>?, _ outTransition: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in try createTransition(params, pool: nil, outTransition) }
}

@c @implementation
public func gf_expand_transition_create_in_pool(
  _ params: UnsafePointer<gf_expand_params>?, _ pool: OpaquePointer?,
  _ outTransition: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let poolBox: SnapshotPoolBox = try call.enter(pool, "pool")
    try createTransition(params, pool: poolBox, outTransition)
  }
}

@c @implementation
public func gf_expand_transition_release(_ transition: OpaquePointer?, _ pool: OpaquePointer?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ExpandTransitionBox = try call.enter(transition, "transition", .read)
    let poolBox: SnapshotPoolBox = try call.enter(pool, "pool")
    try engine(box.transition.release(into: &poolBox.pool))
  }
}

@c @implementation
public func gf_expand_transition_free(_ transition: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(transition, .expandTransition, "transition") }
}

@c @implementation
public func gf_expand_transition_parts(
  _ transition: OpaquePointer?, _ outParts: UnsafeMutablePointer<gf_expand_part>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ExpandTransitionBox = try call.enter(transition, "transition", .read)
    let count = try required(outCount, "out_count")
    try validCapacity(capacity, elementSize: MemoryLayout<gf_expand_part>.stride, "capacity")
    let needed = box.parts.count
    guard capacity >= needed else {
      count.pointee = needed
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(needed) parts needed, capacity is \(capacity)")
    }
    let out = try required(outParts, "out_parts")
    _ = UnsafeMutableBufferPointer(start: out, count: needed).update(fromContentsOf: box.parts)
    count.pointee = needed
  }
}

@c @implementation
public func gf_expand_transition_scene(
  _ transition: OpaquePointer?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ExpandTransitionBox = try call.enter(transition, "transition", .read)
    let out = try required(outScene, "out_scene")
    try publish(SceneBox(box.transition.scene), into: out)
  }
}

@c @implementation
public func gf_expand_transition_exit(
  _ transition: OpaquePointer?, _ t: Double, _ outScene: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ExpandTransitionBox = try call.enter(transition, "transition", .read)
    let out = try required(outScene, "out_scene")
    try finite(t, "t")
    try publish(SceneBox(engine(box.transition.exit(at: t))), into: out)
  }
}
