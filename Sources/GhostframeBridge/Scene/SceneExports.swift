import CGhostframe
import Ghostframe

@c @implementation
public func gf_scene_create(_ outScene: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outScene, "out_scene")
    try publish(SceneBox(Scene()), into: out)
  }
}

@c @implementation
public func gf_scene_free(_ scene: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(scene, .scene, "scene") }
}

@c @implementation
public func gf_layer_desc_init(_ desc: UnsafeMutablePointer<gf_layer_desc>?) {
  guard let desc else { return }
  desc.pointee = defaultLayerDesc()
}

/// A descriptor of the engine's default layer: `Layer(id:)`'s properties, and a default
/// `Gradient`'s points (no stops, so no gradient), read from the engine rather than written out
/// again, so C hosts (and Python, through them) start from exactly what Swift's `Layer` does.
/// The id and parent stay NULL.
private func defaultLayerDesc() -> gf_layer_desc {
  let layer = Layer(id: "")
  let gradient = layer.gradient ?? Gradient(colors: [])
  var d = gf_layer_desc()
  d.struct_size = UInt32(MemoryLayout<gf_layer_desc>.size)
  d.hidden = layer.isHidden ? 1 : 0
  (d.x, d.y, d.width, d.height) = (layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height)
  (d.anchor_x, d.anchor_y) = (layer.anchorPoint.x, layer.anchorPoint.y)
  d.corner_radius = layer.cornerRadius
  let color = layer.backgroundColor
  (d.r, d.g, d.b, d.a) = (color.red, color.green, color.blue, color.alpha)
  d.opacity = layer.opacity
  let t = layer.transform
  (d.scale_x, d.scale_y, d.rotation) = (t.scaleX, t.scaleY, t.rotation)
  (d.translation_x, d.translation_y) = (t.translationX, t.translationY)
  d.z_position = layer.zPosition
  (d.gradient_start_x, d.gradient_start_y) = (gradient.startPoint.x, gradient.startPoint.y)
  (d.gradient_end_x, d.gradient_end_y) = (gradient.endPoint.x, gradient.endPoint.y)
  return d
}

/// Validates a caller's gf_layer_desc and builds the layer it describes.
private func readLayer(_ pointer: UnsafePointer<gf_layer_desc>?) throws(BridgeError) -> Layer {
  let d = try required(pointer, "desc").pointee
  try structSize(d.struct_size, atLeast: MemoryLayout<gf_layer_desc>.size, "gf_layer_desc")
  let hidden = try flag(d.hidden, "hidden")
  let id = try requiredText(d.id, "desc.id")
  let parent = try optionalText(d.parent, "desc.parent")
  let stops = Int(d.gradient_stop_count), locations = Int(d.gradient_location_count)
  guard stops <= 4 else {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "gradient_stop_count must be 0 to 4 (got \(stops))")
  }
  guard locations == 0 || locations == stops else {
    throw BridgeError(GF_E_INVALID_ARGUMENT,
      "gradient_location_count must be 0 or gradient_stop_count (got \(locations))")
  }
  var gradient: Gradient?
  if stops > 0 {
    let colors = withUnsafeBytes(of: d.gradient_colors) { Array($0.bindMemory(to: Double.self)) }
    let stopLocations = withUnsafeBytes(of: d.gradient_locations) { Array($0.bindMemory(to: Double.self)) }
    gradient = Gradient(
      colors: (0..<stops).map { Color(red: colors[4 * $0], green: colors[4 * $0 + 1], blue: colors[4 * $0 + 2],
                                       alpha: colors[4 * $0 + 3]) },
      locations: Array(stopLocations.prefix(locations)),
      startPoint: Point(x: d.gradient_start_x, y: d.gradient_start_y),
      endPoint: Point(x: d.gradient_end_x, y: d.gradient_end_y))
  }
  return Layer(
    id: id, parent: parent, frame: Rect(x: d.x, y: d.y, width: d.width, height: d.height),
    anchorPoint: Point(x: d.anchor_x, y: d.anchor_y), cornerRadius: d.corner_radius,
    backgroundColor: Color(red: d.r, green: d.g, blue: d.b, alpha: d.a), opacity: d.opacity,
    transform: LayerTransform(scaleX: d.scale_x, scaleY: d.scale_y, rotation: d.rotation,
                              translationX: d.translation_x, translationY: d.translation_y),
    isHidden: hidden, zPosition: d.z_position, gradient: gradient)
}

@c @implementation
public func gf_scene_add_layer(
  _ scene: OpaquePointer?, _ desc: UnsafePointer<gf_layer_desc>?, _ outIndex: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let layer = try readLayer(desc)
    let index = try engine(box.scene.addLayer(layer))
    outIndex?.pointee = UInt32(truncatingIfNeeded: index)
  }
}

@c @implementation
public func gf_scene_update_layer(_ scene: OpaquePointer?, _ desc: UnsafePointer<gf_layer_desc>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let layer = try readLayer(desc)
    try engine(box.scene.updateProperties(layer))
  }
}

@c @implementation
public func gf_scene_remove_layer(_ scene: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let text = try requiredText(id, "id")
    try engine(box.scene.removeLayer(id: text))
  }
}

@c @implementation
public func gf_scene_layer_index(
  _ scene: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ outIndex: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let out = try required(outIndex, "out_index")
    let text = try requiredText(id, "id")
    guard let index = box.scene.index(ofLayer: text) else { throw BridgeError(GF_E_NOT_FOUND, "no layer '\(text)'") }
    out.pointee = UInt32(truncatingIfNeeded: index)
  }
}

@c @implementation
public func gf_scene_layer_count(_ scene: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    try required(outCount, "out_count").pointee = box.scene.count
  }
}

@c @implementation
public func gf_scene_set_custom(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?, _ value: Double
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    try finite(value, "value")
    let id = try requiredText(layerID, "layer_id")
    let key = try requiredText(name, "name")
    // An empty name is the engine's to refuse, as the scene format does.
    try engine(box.scene.setCustom(key, value, onLayer: id))
  }
}

@c @implementation
public func gf_scene_set_contents(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let id = try requiredText(layerID, "layer_id")
    let image = try optionalText(name, "name")
    try engine(box.scene.setContents(image, onLayer: id))
  }
}

@c @implementation
public func gf_scene_layer_contents(
  _ scene: OpaquePointer?, _ index: UInt32, _ outName: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let out = try required(outName, "out_name")
    let layers = box.scene.layers
    guard Int(index) < layers.count else {
      throw BridgeError(GF_E_NOT_FOUND, "no layer at index \(index) (there are \(layers.count))")
    }
    guard let image = layers[Int(index)].contents else {
      out.pointee = nil
      return
    }
    guard let copy = ownedCString(image) else { throw BridgeError(GF_E_INTERNAL, "out of memory copying the name") }
    out.pointee = copy
  }
}

@c @implementation
public func gf_scene_sample(
  _ scene: OpaquePointer?, _ t: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let count = try required(outCount, "out_count")
    try finite(t, "t")
    try writeLayerStates(box.scene.count, into: outStates, capacity: capacity, count: count) {
      (states) throws(GhostframeError) in try box.scene.sample(at: t, into: states)
    }
  }
}

@c @implementation
public func gf_scene_sample_custom(
  _ scene: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ t: Double, _ outValues: UnsafeMutablePointer<Double>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene")
    let count = try required(outCount, "out_count")
    try finite(t, "t")
    try validCapacity(capacity, elementSize: MemoryLayout<Double>.stride, "capacity")
    let key = try requiredText(name, "name")
    let property = try engine(AnimatableProperty(keyPath: "custom." + key))
    let needed = box.scene.count
    guard capacity >= needed else {
      count.pointee = needed
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(needed) values needed, capacity is \(capacity)")
    }
    guard needed == 0 || outValues != nil else { throw BridgeError(GF_E_NULL_ARGUMENT, "out_values is NULL") }
    if let outValues {
      try engine(box.scene.customValues(of: property, at: t, into: UnsafeMutableBufferPointer(start: outValues,
                                                                                            count: needed)))
    }
    count.pointee = needed
  }
}

@c @implementation
public func gf_scene_sample_range(
  _ scene: OpaquePointer?, _ t: Double, _ begin: Int, _ end: Int, _ outStates: UnsafeMutablePointer<gf_layer_state>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene", .read)
    let count = try required(outCount, "out_count")
    try finite(t, "t")
    try validCapacity(capacity, elementSize: MemoryLayout<gf_layer_state>.stride, "capacity")
    guard MemoryLayout<LayerState>.size == MemoryLayout<gf_layer_state>.size else {
      throw BridgeError(GF_E_INTERNAL, "LayerState and gf_layer_state differ in size")
    }
    let layers = box.scene.count
    // begin and end arrive as size_t: a "negative" value is a huge one, outside the layers.
    guard begin >= 0, begin <= layers else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "begin is \(UInt(bitPattern: begin)), past the \(layers) layers")
    }
    guard end >= begin, end <= layers else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
                        "end is \(UInt(bitPattern: end)), not within begin (\(begin)) ... the \(layers) layers")
    }
    // out_states is a whole frame's buffer, as gf_scene_sample's.
    guard capacity >= layers else {
      count.pointee = layers
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(layers) layer states needed, capacity is \(capacity)")
    }
    guard begin == end || outStates != nil else { throw BridgeError(GF_E_NULL_ARGUMENT, "out_states is NULL") }
    if let outStates, begin < end {
      let states = UnsafeMutableRawPointer(outStates).bindMemory(to: LayerState.self, capacity: layers)
      try engine(box.scene.sample(at: t, layers: begin..<end,
                                  into: UnsafeMutableBufferPointer(start: states, count: layers)))
      UnsafeMutableRawPointer(states).bindMemory(to: gf_layer_state.self, capacity: layers)
    }
    count.pointee = layers
  }
}

@c @implementation
public func gf_scene_sample_threads(
  _ scene: OpaquePointer?, _ t: Double, _ threads: UInt32, _ outStates: UnsafeMutablePointer<gf_layer_state>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene", .read)
    let count = try required(outCount, "out_count")
    try finite(t, "t")
    guard threads >= 1, Int(threads) <= Int(GF_MAX_SAMPLE_THREADS) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "threads is \(threads), not in 1...\(GF_MAX_SAMPLE_THREADS)")
    }
    try writeLayerStates(box.scene.count, into: outStates, capacity: capacity, count: count) {
      (states) throws(GhostframeError) in try box.scene.sample(at: t, into: states, threads: Int(threads))
    }
  }
}
