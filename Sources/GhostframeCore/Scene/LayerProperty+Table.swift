extension LayerProperty {
  /// Every model property, in the order the scene format writes them, each with its first slot
  /// in ``LayerSlots``.
  package static let all: [LayerProperty] = {
    typealias Entry = (key: String, slot: Int, access: Access, names: [String],
                       keyPaths: [(String, Int, AnimatableProperty.Mapping)], state: PartialKeyPath<LayerState>?)
    let entries: [Entry] = [
      ("frame", LayerSlots.positionX, .frame, ["frame.x", "frame.y", "frame.width", "frame.height"],
       [("frame", 4, .frame), ("position", 2, .slots(0)), ("position.x", 1, .slots(0)), ("position.y", 1, .slots(1)),
        ("bounds.size", 2, .slots(2)), ("bounds.size.width", 1, .slots(2)), ("bounds.size.height", 1, .slots(3))],
       nil),
      ("anchorPoint", LayerSlots.anchorX, .point(.anchorPoint), ["anchorPoint.x", "anchorPoint.y"],
       [("anchorPoint", 2, .slots(0))], nil),
      ("cornerRadius", LayerSlots.cornerRadius, .number(.cornerRadius), ["cornerRadius"],
       [("cornerRadius", 1, .slots(0))], \LayerState.cornerRadius),
      ("backgroundColor", LayerSlots.color, .color(.backgroundColor),
       ["backgroundColor.red", "backgroundColor.green", "backgroundColor.blue", "backgroundColor.alpha"],
       [("backgroundColor", 4, .slots(0))], \LayerState.red),
      ("opacity", LayerSlots.opacity, .number(.opacity), ["opacity"], [("opacity", 1, .slots(0))], nil),
      ("hidden", LayerSlots.hidden, .flag(.hidden), [], [], nil),
      ("zPosition", LayerSlots.zPosition, .number(.zPosition), ["zPosition"], [("zPosition", 1, .slots(0))],
       \LayerState.zPosition),
      ("transform", LayerSlots.scaleX, .transform,
       ["transform.scaleX", "transform.scaleY", "transform.rotation", "transform.translationX", "transform.translationY"],
       [("transform.scale", 1, .uniformScale), ("transform.scale.x", 1, .slots(0)), ("transform.scale.y", 1, .slots(1)),
        ("transform.rotation", 1, .slots(2)), ("transform.rotation.z", 1, .slots(2)),
        ("transform.translation", 2, .slots(3)), ("transform.translation.x", 1, .slots(3)),
        ("transform.translation.y", 1, .slots(4))],
       nil),
      ("gradient", LayerSlots.gradientStart, .gradient, [],
       [("gradient.startPoint", 2, .slots(0)), ("gradient.endPoint", 2, .slots(2)),
        ("gradient.locations", Gradient.maximumStops, .slots(4)),
        ("gradient.colors", 4 * Gradient.maximumStops, .slots(4 + Gradient.maximumStops))],
       nil),
    ]
    var properties: [LayerProperty] = []
    for entry in entries {
      let keyPaths = entry.keyPaths.map { path, width, mapping -> (String, Int, AnimatableProperty.Mapping) in
        guard case .slots(let offset) = mapping else { return (path, width, mapping) }
        return (path, width, .slots(entry.slot + offset))
      }
      properties.append(LayerProperty(
        key: entry.key, access: entry.access, numberNames: entry.names, slot: entry.slot, keyPaths: keyPaths,
        stateOffset: entry.state.flatMap { MemoryLayout<LayerState>.offset(of: $0) }))
    }
    return properties
  }()

  /// Each property's access and first slot, for the loops that run per layer (validation, slot
  /// writing): plain values, so walking them copies no strings or arrays.
  static let accessAndSlot: [(access: Access, slot: Int)] = all.map { ($0.access, $0.slot) }
}
