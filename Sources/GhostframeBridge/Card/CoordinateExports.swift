import CGhostframe
import Ghostframe

@c @implementation
public func gf_scene_convert_rect(
  _ scene: OpaquePointer?, _ rect: UnsafePointer<Double>?, _ fromLayer: UnsafePointer<CChar>?,
  _ toLayer: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene", .read)
    let r = try readDoubles(try required(rect, "rect"), 4, "rect")
    let from = try optionalText(fromLayer, "from_layer"), to = try optionalText(toLayer, "to_layer")
    let output = try required(out, "out")
    let converted = try engine(box.scene.convert(Rect(x: r[0], y: r[1], width: r[2], height: r[3]), from: from, to: to))
    output[0] = converted.x
    output[1] = converted.y
    output[2] = converted.width
    output[3] = converted.height
  }
}

@c @implementation
public func gf_scene_convert_point(
  _ scene: OpaquePointer?, _ point: UnsafePointer<Double>?, _ fromLayer: UnsafePointer<CChar>?,
  _ toLayer: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene", .read)
    let p = try readDoubles(try required(point, "point"), 2, "point")
    let from = try optionalText(fromLayer, "from_layer"), to = try optionalText(toLayer, "to_layer")
    let output = try required(out, "out")
    let converted = try engine(box.scene.convert(Point(x: p[0], y: p[1]), from: from, to: to))
    output[0] = converted.x
    output[1] = converted.y
  }
}
