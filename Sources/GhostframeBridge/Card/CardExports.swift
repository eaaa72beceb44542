import CGhostframe
import Ghostframe

@c @implementation
public func gf_expand_params_init(_ params: UnsafeMutablePointer<gf_expand_params>?) {
  guard let params else { return }
  var p = gf_expand_params()
  p.struct_size = UInt32(MemoryLayout<gf_expand_params>.size)
  p.ratio = 2.0 / 3.0
  p.duration = 0.5
  params.pointee = p
}

@c @implementation
public func gf_expand_transition_create(
  _ params: UnsafePointer<gf_expand_params>?, _ outTransition: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let p = try required(params, "params").pointee
    let out = try required(outTransition, "out_transition")
    try structSize(p.struct_size, atLeast: MemoryLayout<gf_expand_params>.size, "gf_expand_params")
    guard p.image_count >= 0, p.image_count <= Int(GF_MAX_EXPAND_IMAGES) else {
      throw BridgeError(GF_E_LIMIT, "image_count \(UInt(bitPattern: p.image_count)) exceeds GF_MAX_EXPAND_IMAGES (\(GF_MAX_EXPAND_IMAGES))")
    }
    // NaN and infinities are refused here and again by the engine; 4 doubles per image.
    let flat = try readDoubles(p.images, p.image_count * 4, "images")
    let images = stride(from: 0, to: flat.count, by: 4).map {
      Rect(x: flat[$0], y: flat[$0 + 1], width: flat[$0 + 2], height: flat[$0 + 3])
    }
    let spec = try optionalText(p.curve, "curve")
    let curve = try spec.map { (spec) throws(BridgeError) in try engine(Curve(parsing: spec)) } ?? .easeInOut
    let transition = try engine(ExpandTransition(
      window: Size(width: p.window_width, height: p.window_height), images: images, tapped: p.tapped,
      ratio: p.ratio, duration: p.duration, curve: curve))
    try publish(ExpandTransitionBox(transition), into: out)
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
