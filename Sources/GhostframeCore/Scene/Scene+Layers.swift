extension Scene {
  /// Adds a layer under its parent (which must already be in the scene).
  ///
  /// - Returns: The layer's index.
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a duplicate id, a non-finite or
  ///   negative number, a colour channel outside [0, 1], an empty custom property name,
  ///   gradient locations neither none nor one per colour (what the scene format cannot hold,
  ///   so `json(pretty:)` (GhostframeFormats) always writes a document `init(json:)` reads back),
  ///   or an id, parent or custom property name containing NUL; ``GhostframeError/Code/notFound``
  ///   for a missing parent; ``GhostframeError/Code/limit`` past ``maximumLayers``,
  ///   ``maximumDepth`` or ``maximumCustomSlots``. On error the scene is unchanged.
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
    try budget.check(layerCount: layers.count + 1, names: layer.custom.isEmpty ? [:] : SceneBudget.nameChanges(from: nil, to: layer))
    layers.append(layer)
    indexByID[layer.id] = layers.count - 1
    budget.count(layer, by: 1)
    return layers.count - 1
  }

  /// Replaces the layer with the same id (its properties, and its parent if the new parent
  /// is not inside its own subtree).
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown id or parent,
  ///   ``GhostframeError/Code/invalidArgument`` for a cycle or bad numbers or names,
  ///   ``GhostframeError/Code/limit`` past ``maximumDepth`` or ``maximumCustomSlots``. On error
  ///   the scene is unchanged.
  /// - Complexity: O(1) plus the layer's custom properties when the parent stays; a new parent
  ///   re-sorts the layers, O(layers × depth).
  public mutating func updateLayer(_ layer: Layer) throws(GhostframeError) {
    try Self.validate(layer)
    guard let index = indexByID[layer.id] else { throw GhostframeError(.notFound, "no layer '\(layer.id)'") }
    let old = layers[index]
    let reparented = layer.parent != old.parent
    if reparented, let parent = layer.parent {
      guard indexByID[parent] != nil else {
        throw GhostframeError(.notFound, "layer '\(layer.id)': parent '\(parent)' does not exist")
      }
      guard !isInSubtree(parent, of: layer.id) else {
        throw .invalid("layer '\(layer.id)': making '\(parent)' its parent would create a cycle")
      }
    }
    let customChanged = layer.custom.keys != old.custom.keys
    if customChanged {
      try budget.check(layerCount: layers.count, names: SceneBudget.nameChanges(from: old, to: layer))
    }
    if reparented {
      // Sorting can fail (depth): work on a copy so the scene stays as it was.
      var updated = self
      updated.layers[index] = layer
      try updated.sortParentsFirst()
      self = updated
    } else {
      layers[index] = layer
    }
    if customChanged {
      budget.count(old, by: -1)
      budget.count(layer, by: 1)
    }
  }

  /// Replaces the model properties of the layer with `layer.id` (parent, frame, anchor point,
  /// corner radius, colour, opacity, transform, hidden flag, z position and gradient: what a C
  /// host's `gf_layer_desc` describes) and keeps its custom values, contents and source, which
  /// ``setCustom(_:_:onLayer:)`` and ``setContents(_:onLayer:)`` change (the source: the
  /// generator that made the layer). `layer.custom`, `layer.contents` and `layer.source` are not
  /// read. This is `gf_scene_update_layer` and Python's
  /// `Scene.update_layer`; ``updateLayer(_:)`` replaces everything.
  ///
  /// - Parameter layer: The new properties, and the id of the layer to change.
  /// - Throws: As ``updateLayer(_:)``; on error the scene is unchanged.
  /// - Complexity: As ``updateLayer(_:)``.
  public mutating func updateProperties(_ layer: Layer) throws(GhostframeError) {
    guard let index = indexByID[layer.id] else { throw GhostframeError(.notFound, "no layer '\(layer.id)'") }
    var updated = layer
    updated.custom = layers[index].custom
    updated.contents = layers[index].contents
    updated.source = layers[index].source
    try updateLayer(updated)
  }

  /// Sets the custom scalar property `name` of the layer `id` (animatable as `custom.NAME`).
  ///
  /// - Parameters:
  ///   - name: A non-empty name without NUL.
  ///   - value: A finite value.
  ///   - id: The layer's id.
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown layer,
  ///   ``GhostframeError/Code/invalidArgument`` for a bad name or value,
  ///   ``GhostframeError/Code/limit`` when a new name takes the scene past ``maximumCustomSlots``.
  ///   On error the scene is unchanged.
  public mutating func setCustom(_ name: String, _ value: Double, onLayer id: String) throws(GhostframeError) {
    try editLayer(id) { $0.custom[name] = value }
  }

  /// Sets the image the layer `id` shows (its contents, a bone's placeholder), or clears it with nil.
  ///
  /// - Parameters:
  ///   - name: The image's name, the host's to resolve (see ``Layer/contents``), or nil.
  ///   - id: The layer's id.
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown layer,
  ///   ``GhostframeError/Code/invalidArgument`` for a name the contents rule refuses. On error
  ///   the scene is unchanged.
  public mutating func setContents(_ name: String?, onLayer id: String) throws(GhostframeError) {
    try editLayer(id) { $0.contents = name }
  }

  /// Changes the layer `id` through ``updateLayer(_:)``, which validates the result.
  private mutating func editLayer(_ id: String, _ change: (inout Layer) -> Void) throws(GhostframeError) {
    guard let index = indexByID[id] else { throw GhostframeError(.notFound, "no layer '\(id)'") }
    var layer = layers[index]
    change(&layer)
    try updateLayer(layer)
  }

  /// Removes the layer with `id`, its subtree, and every animation attached to them (or
  /// transitioning from them).
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown id; the scene is then unchanged.
  /// - Complexity: O((n − i) + a), where n is the number of layers, i the removed layer's index
  ///   and a the number of attached animations. Layers are kept parents first, so the subtree
  ///   lies at i and after it and one pass from i finds it (no walk up to the root per layer);
  ///   every layer after i then moves down and gets its new index, which is the index
  ///   maintenance a position-indexed layer list cannot avoid; the animations are filtered once.
  public mutating func removeLayer(id: String) throws(GhostframeError) {
    guard let first = indexByID[id] else { throw GhostframeError(.notFound, "no layer '\(id)'") }
    // removed[k]: whether layers[first + k] is in the subtree. A parent precedes its children, so
    // its mark is final when a child is reached.
    var removed = [Bool](repeating: false, count: layers.count - first)
    removed[0] = true
    var removedIDs: Set<String> = [id]
    for index in (first + 1)..<layers.count {
      guard let parent = layers[index].parent, let parentIndex = indexByID[parent], parentIndex >= first,
            removed[parentIndex - first] else { continue }
      removed[index - first] = true
      removedIDs.insert(layers[index].id)
    }
    // Compact in place: kept layers move down and are re-indexed; removed ones leave the index.
    var write = first
    for read in first..<layers.count {
      if removed[read - first] {
        budget.count(layers[read], by: -1)
        indexByID[layers[read].id] = nil
        continue
      }
      if write != read { layers[write] = layers[read] }
      indexByID[layers[write].id] = write
      write += 1
    }
    layers.removeLast(layers.count - write)
    removeAnimations { attached in
      if removedIDs.contains(attached.layer) { return true }
      if case .transition(let t) = attached.animation.content { return removedIDs.contains(t.fromLayer) }
      return false
    }
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
  /// negative sizes, colour channels outside [0, 1] (``Color/hasValidChannels``), empty
  /// custom property names, invalid contents or source, oversized gradients, gradient locations that
  /// are neither none nor one per colour, and names containing NUL (``Identifier``). So every
  /// scene `json(pretty:)` writes, `init(json:)` reads back.
  ///
  /// - Parameter namesChecked: The id, parent and custom property names are known to follow the
  ///   names rule already (engine-made); only the numbers are checked.
  static func validate(_ layer: Layer, namesChecked: Bool = false) throws(GhostframeError) {
    if !namesChecked { try validateNames(layer) }
    // The common case in one pass without building names: messages are made only on error.
    let f = layer.frame
    let finite = LayerProperty.allFinite(in: layer)
    var gradientValid = true
    if let g = layer.gradient {
      gradientValid = g.colors.count <= Gradient.maximumStops
        && (g.locations.isEmpty || g.locations.count == g.colors.count)
        && g.startPoint.x.isFinite && g.startPoint.y.isFinite && g.endPoint.x.isFinite && g.endPoint.y.isFinite
        && g.locations.allSatisfy(\.isFinite) && g.colors.allSatisfy(\.hasValidChannels)
    }
    if finite && gradientValid && layer.backgroundColor.hasValidChannels && f.width >= 0 && f.height >= 0
      && layer.custom.values.allSatisfy(\.isFinite)
      && (layer.contents.map(Layer.isValidContents) ?? true)
      && (layer.source == nil || layer.source?.problem(of: "") == nil)
      && (namesChecked || layer.custom.isEmpty
        || layer.custom.keys.allSatisfy({ !$0.isEmpty && !Identifier.containsNUL($0) }))
    {
      return
    }
    try validateNamingTheField(layer)
  }

  /// The names rule alone (a non-empty id; id and parent without NUL): what a reader checks
  /// before it resolves parents, so a bad name is reported as such rather than as a missing parent.
  package static func validateNames(_ layer: Layer) throws(GhostframeError) {
    guard !layer.id.isEmpty else { throw .invalid("a layer id must not be empty") }
    // Checked for every generated layer: test first, build the message only on failure.
    if Identifier.containsNUL(layer.id) { try Identifier.check(layer.id, "a layer id") }
    if let parent = layer.parent, Identifier.containsNUL(parent) {
      try Identifier.check(parent, "layer '\(layer.id)': the parent id")
    }
  }

  /// The full check, naming the first bad field.
  private static func validateNamingTheField(_ layer: Layer) throws(GhostframeError) {
    let name = "layer '\(layer.id)'"
    for property in LayerProperty.all {
      for (field, value) in zip(property.numberNames, property.numbers(of: layer)) where !value.isFinite {
        throw .invalid("\(name): \(field) must be finite (got \(value))")
      }
    }
    guard layer.frame.width >= 0, layer.frame.height >= 0 else {
      throw .invalid("\(name): frame size must not be negative (got \(layer.frame.width) x \(layer.frame.height))")
    }
    try checkChannels(layer.backgroundColor, "backgroundColor", of: name)
    for (key, value) in layer.custom where !value.isFinite {
      throw .invalid("\(name): custom.\(key) must be finite (got \(value))")
    }
    for key in layer.custom.keys {
      guard !key.isEmpty else { throw .invalid("\(name): a custom property name must not be empty") }
      try Identifier.check(key, "\(name): the custom property name")
    }
    if let contents = layer.contents, !Layer.isValidContents(contents) {
      throw .invalid("\(name): contents must be \(Layer.contentsRule)")
    }
    if let problem = layer.source?.problem(of: name) { throw .invalid(problem) }
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
