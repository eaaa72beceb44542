import CGhostframe
import Ghostframe

@c @implementation
public func gf_scene_create(_ outScene: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  guard let outScene else { return fail(GF_E_NULL_ARGUMENT, "out_scene is NULL") }
  return publish(SceneBox(Scene()), as: .scene, into: outScene)
}

@c @implementation
public func gf_scene_free(_ scene: OpaquePointer?) -> gf_status {
  freeHandle(scene, .scene, "scene")
}

@c @implementation
public func gf_layer_desc_init(_ desc: UnsafeMutablePointer<gf_layer_desc>?) {
  guard let desc else { return }
  var d = gf_layer_desc()
  d.struct_size = UInt32(MemoryLayout<gf_layer_desc>.size)
  d.anchor_x = 0.5
  d.anchor_y = 0.5
  d.opacity = 1
  d.scale_x = 1
  d.scale_y = 1
  d.gradient_start_x = 0.5
  d.gradient_end_x = 0.5
  d.gradient_end_y = 1
  desc.pointee = d
}

/// Validates a caller's gf_layer_desc and builds the layer it describes.
private func makeLayer(_ pointer: UnsafePointer<gf_layer_desc>?) -> Result<Layer, StatusError> {
  guard let pointer else { return .failure(StatusError(fail(GF_E_NULL_ARGUMENT, "desc is NULL"))) }
  let d = pointer.pointee
  if let status = checkStructSize(d.struct_size, of: gf_layer_desc.self, expected: MemoryLayout<gf_layer_desc>.size,
                                  name: "gf_layer_desc") {
    return .failure(StatusError(status))
  }
  if let status = checkFlag(d.hidden, "hidden") { return .failure(StatusError(status)) }
  let id: String, parent: String?
  switch requiredText(d.id, "desc.id") {
  case .success(let value): id = value
  case .failure(let error): return .failure(error)
  }
  switch optionalText(d.parent, "desc.parent") {
  case .success(let value): parent = value
  case .failure(let error): return .failure(error)
  }
  let stops = Int(d.gradient_stop_count), locations = Int(d.gradient_location_count)
  guard stops <= 4 else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "gradient_stop_count must be 0 to 4 (got \(stops))")))
  }
  guard locations == 0 || locations == stops else {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT,
      "gradient_location_count must be 0 or gradient_stop_count (got \(locations))")))
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
  return .success(Layer(
    id: id, parent: parent, frame: Rect(x: d.x, y: d.y, width: d.width, height: d.height),
    anchorPoint: Point(x: d.anchor_x, y: d.anchor_y), cornerRadius: d.corner_radius,
    backgroundColor: Color(red: d.r, green: d.g, blue: d.b, alpha: d.a), opacity: d.opacity,
    transform: LayerTransform(scaleX: d.scale_x, scaleY: d.scale_y, rotation: d.rotation,
                              translationX: d.translation_x, translationY: d.translation_y),
    isHidden: d.hidden == 1, zPosition: d.z_position, gradient: gradient))
}

@c @implementation
public func gf_scene_add_layer(
  _ scene: OpaquePointer?, _ desc: UnsafePointer<gf_layer_desc>?, _ outIndex: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  withScene(scene) { box in
    let layer: Layer
    switch makeLayer(desc) {
    case .success(let value): layer = value
    case .failure(let error): return error.status
    }
    do throws(GhostframeError) {
      let index = try box.scene.addLayer(layer)
      outIndex?.pointee = UInt32(truncatingIfNeeded: index)
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_scene_update_layer(_ scene: OpaquePointer?, _ desc: UnsafePointer<gf_layer_desc>?) -> gf_status {
  withScene(scene) { box in
    var layer: Layer
    switch makeLayer(desc) {
    case .success(let value): layer = value
    case .failure(let error): return error.status
    }
    if let index = box.scene.index(ofLayer: layer.id) { layer.custom = box.scene.layers[index].custom }
    do throws(GhostframeError) {
      try box.scene.updateLayer(layer)
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}

@c @implementation
public func gf_scene_remove_layer(_ scene: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> gf_status {
  withScene(scene) { box in
    switch requiredText(id, "id") {
    case .failure(let error): return error.status
    case .success(let text):
      do throws(GhostframeError) {
        try box.scene.removeLayer(id: text)
        return GF_OK
      } catch {
        return fail(error)
      }
    }
  }
}

@c @implementation
public func gf_scene_layer_index(
  _ scene: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ outIndex: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  withScene(scene) { box in
    guard let outIndex else { return fail(GF_E_NULL_ARGUMENT, "out_index is NULL") }
    switch requiredText(id, "id") {
    case .failure(let error): return error.status
    case .success(let text):
      guard let index = box.scene.index(ofLayer: text) else {
        return fail(GF_E_NOT_FOUND, "no layer '\(text)'")
      }
      outIndex.pointee = UInt32(truncatingIfNeeded: index)
      return GF_OK
    }
  }
}

@c @implementation
public func gf_scene_layer_count(_ scene: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?) -> gf_status {
  withScene(scene) { box in
    guard let outCount else { return fail(GF_E_NULL_ARGUMENT, "out_count is NULL") }
    outCount.pointee = box.scene.count
    return GF_OK
  }
}

@c @implementation
public func gf_scene_set_custom(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?, _ value: Double
) -> gf_status {
  withScene(scene) { box in
    if let status = checkFinite(value, "value") { return status }
    let id: String, key: String
    switch requiredText(layerID, "layer_id") {
    case .success(let text): id = text
    case .failure(let error): return error.status
    }
    switch requiredText(name, "name") {
    case .success(let text): key = text
    case .failure(let error): return error.status
    }
    // An empty name is the engine's to refuse (Scene.updateLayer), as the scene format does.
    return editLayer(box, id) { $0.custom[key] = value }
  }
}

@c @implementation
public func gf_scene_set_contents(
  _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?
) -> gf_status {
  withScene(scene) { box in
    let id: String, image: String?
    switch requiredText(layerID, "layer_id") {
    case .success(let text): id = text
    case .failure(let error): return error.status
    }
    switch optionalText(name, "name") {
    case .success(let text): image = text
    case .failure(let error): return error.status
    }
    return editLayer(box, id) { $0.contents = image }
  }
}

/// Changes one property of the layer `id` through `Scene.updateLayer` (which validates it);
/// on error the scene is unchanged.
private func editLayer(_ box: SceneBox, _ id: String, _ change: (inout Layer) -> Void) -> gf_status {
  guard let index = box.scene.index(ofLayer: id) else { return fail(GF_E_NOT_FOUND, "no layer '\(id)'") }
  var layer = box.scene.layers[index]
  change(&layer)
  do {
    try box.scene.updateLayer(layer)
    return GF_OK
  } catch {
    return fail(error)
  }
}

@c @implementation
public func gf_scene_layer_contents(
  _ scene: OpaquePointer?, _ index: UInt32, _ outName: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  withScene(scene) { box in
    guard let outName else { return fail(GF_E_NULL_ARGUMENT, "out_name is NULL") }
    let layers = box.scene.layers
    guard Int(index) < layers.count else {
      return fail(GF_E_NOT_FOUND, "no layer at index \(index) (there are \(layers.count))")
    }
    guard let image = layers[Int(index)].contents else {
      outName.pointee = nil
      return GF_OK
    }
    guard let copy = ownedCString(image) else { return fail(GF_E_INTERNAL, "out of memory copying the name") }
    outName.pointee = copy
    return GF_OK
  }
}

@c @implementation
public func gf_scene_sample(
  _ scene: OpaquePointer?, _ t: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  withScene(scene) { box in
    guard let outCount else { return fail(GF_E_NULL_ARGUMENT, "out_count is NULL") }
    if let status = checkFinite(t, "t") { return status }
    if let status = checkCapacity(capacity, elementSize: MemoryLayout<gf_layer_state>.stride, "capacity") {
      return status
    }
    // The engine's LayerState has gf_layer_state's layout (the conformance suite checks every offset).
    guard MemoryLayout<LayerState>.size == MemoryLayout<gf_layer_state>.size else {
      return fail(GF_E_INTERNAL, "LayerState and gf_layer_state differ in size")
    }
    let sampler = box.sampler
    let needed = sampler.layerCount
    guard capacity >= needed else {
      outCount.pointee = needed
      return fail(GF_E_BUFFER_TOO_SMALL, "\(needed) layer states needed, capacity is \(capacity)")
    }
    guard needed == 0 || outStates != nil else { return fail(GF_E_NULL_ARGUMENT, "out_states is NULL") }
    if let outStates, needed > 0 {
      let states = UnsafeMutableRawPointer(outStates).bindMemory(to: LayerState.self, capacity: needed)
      do throws(GhostframeError) {
        try sampler.sample(at: t, into: UnsafeMutableBufferPointer(start: states, count: needed))
      } catch {
        return fail(error)
      }
      UnsafeMutableRawPointer(states).bindMemory(to: gf_layer_state.self, capacity: needed)
    }
    outCount.pointee = needed
    return GF_OK
  }
}

@c @implementation
public func gf_scene_sample_custom(
  _ scene: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ t: Double, _ outValues: UnsafeMutablePointer<Double>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  withScene(scene) { box in
    guard let outCount else { return fail(GF_E_NULL_ARGUMENT, "out_count is NULL") }
    if let status = checkFinite(t, "t") { return status }
    if let status = checkCapacity(capacity, elementSize: MemoryLayout<Double>.stride, "capacity") { return status }
    let key: String
    switch requiredText(name, "name") {
    case .success(let text): key = text
    case .failure(let error): return error.status
    }
    let property: AnimatableProperty
    do throws(GhostframeError) {
      property = try AnimatableProperty(keyPath: "custom." + key)
    } catch {
      return fail(error)
    }
    let sampler = box.sampler
    let needed = sampler.layerCount
    guard capacity >= needed else {
      outCount.pointee = needed
      return fail(GF_E_BUFFER_TOO_SMALL, "\(needed) values needed, capacity is \(capacity)")
    }
    guard needed == 0 || outValues != nil else { return fail(GF_E_NULL_ARGUMENT, "out_values is NULL") }
    if let outValues {
      let values = sampler.customValues(of: property, at: t)
      for (index, value) in values.enumerated() where index < needed { outValues[index] = value }
    }
    outCount.pointee = needed
    return GF_OK
  }
}
