extension Scene {
  /// Adds a layer under its parent (which must already be in the scene).
  ///
  /// - Returns: The layer's index.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a duplicate id, a non-finite or
  ///   negative number, a colour channel outside [0, 1], an empty custom property name or
  ///   gradient locations neither none nor one per colour (what the scene format cannot
  ///   hold, so ``json(pretty:)`` always writes a document `init(json:)` reads back),
  ///   ``GhostframeError/Code/notFound`` for a missing parent,
  ///   ``GhostframeError/Code/limit`` past ``maximumLayers`` or ``maximumDepth``. On error the
  ///   scene is unchanged.
  @discardableResult
  public mutating func addLayer(_ layer: Layer) throws(GhostframeError) -> Int {
    try Self.validate(layer)
    guard indexByID[layer.id] == nil else { throw .invalid("layer '\(layer.id)' already exists") }
    guard layers.count < Self.maximumLayers else {
      throw GhostframeError(.limit, "a scene holds at most \(Self.maximumLayers) layers")
    }
    if let parent = layer.parent {
      guard indexByID[parent] != nil else {
        throw GhostframeError(.notFound, "layer '\(layer.id)': parent '\(parent)' does not exist")
      }
      guard depth(of: parent) + 1 < Self.maximumDepth else {
        throw GhostframeError(.limit, "layer '\(layer.id)' nests deeper than \(Self.maximumDepth) levels")
      }
    }
    layers.append(layer)
    indexByID[layer.id] = layers.count - 1
    return layers.count - 1
  }

  /// Replaces the layer with the same id (its properties, and its parent if the new parent
  /// is not inside its own subtree).
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown id or parent,
  ///   ``GhostframeError/Code/invalidArgument`` for a cycle or a value ``addLayer(_:)``
  ///   refuses. On error the scene is unchanged.
  public mutating func updateLayer(_ layer: Layer) throws(GhostframeError) {
    try Self.validate(layer)
    guard let index = indexByID[layer.id] else { throw GhostframeError(.notFound, "no layer '\(layer.id)'") }
    let reparented = layer.parent != layers[index].parent
    if reparented, let parent = layer.parent {
      guard indexByID[parent] != nil else {
        throw GhostframeError(.notFound, "layer '\(layer.id)': parent '\(parent)' does not exist")
      }
      guard !isInSubtree(parent, of: layer.id) else {
        throw .invalid("layer '\(layer.id)': making '\(parent)' its parent would create a cycle")
      }
    }
    var updated = self
    updated.layers[index] = layer
    if reparented { try updated.sortParentsFirst() }
    self = updated
  }

  /// Removes the layer with `id`, its subtree, and every animation attached to them.
  public mutating func removeLayer(id: String) throws(GhostframeError) {
    guard indexByID[id] != nil else { throw GhostframeError(.notFound, "no layer '\(id)'") }
    let doomed = Set(layers.map(\.id).filter { isInSubtree($0, of: id) })
    layers.removeAll { doomed.contains($0.id) }
    animations.removeAll { animation in
      if doomed.contains(animation.layer) { return true }
      if case .transition(let t) = animation.animation.content { return doomed.contains(t.fromLayer) }
      return false
    }
    reindex()
  }

  /// Whether `candidate` is `root` or lies under it.
  func isInSubtree(_ candidate: String, of root: String) -> Bool {
    var current: String? = candidate
    var steps = 0
    while let id = current, steps <= layers.count {
      if id == root { return true }
      current = indexByID[id].map { layers[$0].parent } ?? nil
      steps += 1
    }
    return false
  }

  /// The number of ancestors of the layer with `id`.
  func depth(of id: String) -> Int {
    var depth = 0
    var current = indexByID[id].flatMap { layers[$0].parent }
    while let parent = current, depth <= layers.count {
      depth += 1
      current = indexByID[parent].flatMap { layers[$0].parent }
    }
    return depth
  }

  /// Orders layers parents first (stable), rejecting cycles and missing parents.
  mutating func sortParentsFirst() throws(GhostframeError) {
    let byID = Dictionary(layers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var placed = Set<String>()
    var sorted: [Layer] = []
    sorted.reserveCapacity(layers.count)
    var remaining = layers
    while !remaining.isEmpty {
      var next: [Layer] = []
      for layer in remaining {
        if let parent = layer.parent, !placed.contains(parent) {
          guard byID[parent] != nil else {
            throw GhostframeError(.notFound, "layer '\(layer.id)': parent '\(parent)' does not exist")
          }
          next.append(layer)
        } else {
          sorted.append(layer)
          placed.insert(layer.id)
        }
      }
      guard next.count < remaining.count else {
        let ids = next.prefix(3).map { "'\($0.id)'" }.joined(separator: ", ")
        throw .invalid("the parents of \(ids) form a cycle")
      }
      remaining = next
    }
    layers = sorted
    reindex()
    if let deep = layers.first(where: { depth(of: $0.id) >= Self.maximumDepth }) {
      throw GhostframeError(.limit, "layer '\(deep.id)' nests deeper than \(Self.maximumDepth) levels")
    }
  }

  mutating func reindex() {
    indexByID = [:]
    indexByID.reserveCapacity(layers.count)
    for (index, layer) in layers.enumerated() { indexByID[layer.id] = index }
  }

  /// Rejects what the scene format cannot hold, naming the field: non-finite numbers,
  /// negative sizes, colour channels outside [0, 1] (``Color/isValidChannel(_:)``), empty
  /// custom property names, invalid contents, oversized gradients and gradient locations that
  /// are neither none nor one per colour. So every scene ``json(pretty:)`` writes, `init(json:)`
  /// reads back.
  static func validate(_ layer: Layer) throws(GhostframeError) {
    guard !layer.id.isEmpty else { throw .invalid("a layer id must not be empty") }
    // The common case in one pass without building names: messages are made only on error.
    let f = layer.frame, a = layer.anchorPoint, t = layer.transform
    let finite = f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite && a.x.isFinite
      && a.y.isFinite && layer.cornerRadius.isFinite && layer.opacity.isFinite && t.scaleX.isFinite
      && t.scaleY.isFinite && t.rotation.isFinite && t.translationX.isFinite && t.translationY.isFinite
      && layer.zPosition.isFinite
    var gradientValid = true
    if let g = layer.gradient {
      gradientValid = g.colors.count <= Gradient.maximumStops
        && (g.locations.isEmpty || g.locations.count == g.colors.count)
        && g.startPoint.x.isFinite && g.startPoint.y.isFinite && g.endPoint.x.isFinite && g.endPoint.y.isFinite
        && g.locations.allSatisfy(\.isFinite) && g.colors.allSatisfy(\.hasValidChannels)
    }
    if finite && gradientValid && layer.backgroundColor.hasValidChannels && f.width >= 0 && f.height >= 0
      && layer.custom.allSatisfy({ !$0.key.isEmpty && $0.value.isFinite })
      && (layer.contents.map(Layer.isValidContents) ?? true)
    {
      return
    }
    try validateNamingTheField(layer)
  }

  /// The full check, naming the first bad field.
  private static func validateNamingTheField(_ layer: Layer) throws(GhostframeError) {
    let name = "layer '\(layer.id)'"
    let numbers: [(String, Double)] = [
      ("frame.x", layer.frame.x), ("frame.y", layer.frame.y), ("frame.width", layer.frame.width),
      ("frame.height", layer.frame.height), ("anchorPoint.x", layer.anchorPoint.x),
      ("anchorPoint.y", layer.anchorPoint.y), ("cornerRadius", layer.cornerRadius),
      ("backgroundColor.red", layer.backgroundColor.red), ("backgroundColor.green", layer.backgroundColor.green),
      ("backgroundColor.blue", layer.backgroundColor.blue), ("backgroundColor.alpha", layer.backgroundColor.alpha),
      ("opacity", layer.opacity), ("transform.scaleX", layer.transform.scaleX),
      ("transform.scaleY", layer.transform.scaleY), ("transform.rotation", layer.transform.rotation),
      ("transform.translationX", layer.transform.translationX),
      ("transform.translationY", layer.transform.translationY), ("zPosition", layer.zPosition),
    ]
    for (field, value) in numbers where !value.isFinite {
      throw .invalid("\(name): \(field) must be finite (got \(value))")
    }
    guard layer.frame.width >= 0, layer.frame.height >= 0 else {
      throw .invalid("\(name): frame size must not be negative (got \(layer.frame.width) x \(layer.frame.height))")
    }
    try checkChannels(layer.backgroundColor, "backgroundColor", of: name)
    if layer.custom.keys.contains("") { throw .invalid("\(name): a custom property name must not be empty") }
    for (key, value) in layer.custom where !value.isFinite {
      throw .invalid("\(name): custom.\(key) must be finite (got \(value))")
    }
    if let contents = layer.contents, !Layer.isValidContents(contents) {
      throw .invalid("\(name): contents must be \(Layer.contentsRule)")
    }
    if let gradient = layer.gradient {
      guard gradient.colors.count <= Gradient.maximumStops else {
        throw .invalid("\(name): a gradient has at most \(Gradient.maximumStops) stops (got \(gradient.colors.count))")
      }
      guard gradient.locations.isEmpty || gradient.locations.count == gradient.colors.count else {
        throw .invalid(
          "\(name): gradient.locations must be empty or one per colour (\(gradient.colors.count)), got \(gradient.locations.count)")
      }
      let values = gradient.colors.flatMap(\.components) + gradient.locations
        + [gradient.startPoint.x, gradient.startPoint.y, gradient.endPoint.x, gradient.endPoint.y]
      guard values.allSatisfy(\.isFinite) else { throw .invalid("\(name): gradient numbers must be finite") }
      for (index, color) in gradient.colors.enumerated() {
        try checkChannels(color, "gradient.colors[\(index)]", of: name)
      }
    }
  }

  /// Rejects a colour channel outside [0, 1], naming it: `layer 'a': backgroundColor.red must
  /// be in [0, 1] (got 1.5)`.
  private static func checkChannels(_ color: Color, _ field: String, of name: String) throws(GhostframeError) {
    let channels = [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)]
    for (channel, value) in channels where !Color.isValidChannel(value) {
      throw .invalid("\(name): \(field).\(channel) must be in [0, 1] (got \(value))")
    }
  }
}
