import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Layers: ids, parents before children, and each property as its access reads it.
extension SceneJSONReader {
  /// Reads every layer, then adds them parents first (otherwise in document order).
  static func addLayers(_ reader: JSONTapeReader, to scene: inout Scene) throws(GhostframeError) {
    if let count = reader.arrayCount, count > Scene.maximumLayers {
      throw GhostframeError(
        .limit, "\(reader.path): \(count) layers exceed the limit of \(Scene.maximumLayers) layers")
    }
    let elements = try reader.array()
    // (Capped: see reservationHint.)
    let expected = min(elements.count, reservationHint)
    var layers: [Layer] = []
    layers.reserveCapacity(expected)
    // Each layer's value, for paths in messages (made only then).
    var readers: [JSONTapeReader] = []
    readers.reserveCapacity(expected)
    var indexByID: [String: Int] = [:]
    indexByID.reserveCapacity(expected)
    for element in elements {
      let layer = try self.layer(element)
      // Names first: a parent id with NUL is that, not a missing parent.
      try rebasing(at: element.path) { () throws(GhostframeError) -> Void in try Scene.validateNames(layer) }
      // One hash: a repeated id replaces the first one's index, but then nothing is built.
      if let first = indexByID.updateValue(layers.count, forKey: layer.id) {
        throw .invalid(
          "\(element.path.appending(key: "id")): duplicate layer id \(MessageText.quoted(layer.id)) (also \(readers[first].path))")
      }
      layers.append(layer)
      readers.append(element)
    }
    let order = try parentsFirst(layers, indexByID: indexByID, readers: readers)
    for index in order {
      try rebasing(at: readers[index].path) { () throws(GhostframeError) -> Void in
        try scene.addLayer(layers[index])
      }
    }
  }

  /// The layer indices ordered parents first, otherwise in document order.
  ///
  /// - Throws: `.notFound` for a missing parent and `.invalidArgument` for a cycle, naming
  ///   the layer's `parent` path.
  static func parentsFirst(
    _ layers: [Layer], indexByID: [String: Int], readers: [JSONTapeReader]
  ) throws(GhostframeError) -> [Int] {
    // 0: not visited; 1: on the chain being walked; 2: placed.
    var state = [UInt8](repeating: 0, count: layers.count)
    var order: [Int] = []
    order.reserveCapacity(layers.count)
    var chain: [Int] = []
    for start in layers.indices where state[start] == 0 {
      chain.removeAll(keepingCapacity: true)
      var current = start
      // Walk up to a placed ancestor or a root, then place the chain top down.
      while true {
        state[current] = 1
        chain.append(current)
        guard let parentID = layers[current].parent else { break }
        guard let parent = indexByID[parentID] else {
          let parentPath = readers[current].path.appending(key: "parent")
          throw GhostframeError(
            .notFound,
            "\(parentPath): layer \(MessageText.quoted(layers[current].id)) has parent \(MessageText.quoted(parentID)), which does not exist\(suggestion(for: parentID, among: indexByID))")
        }
        if state[parent] == 2 { break }
        if state[parent] == 1 {
          let parentPath = readers[current].path.appending(key: "parent")
          // The parents from `parent` to `current` lead back to `parent`.
          let loopStart = chain.firstIndex(of: parent) ?? 0
          var ids = ([current] + chain[loopStart...]).map { MessageText.quoted(layers[$0].id) }
          if ids.count > 9 {
            ids = Array(ids.prefix(4)) + ["…"] + Array(ids.suffix(4))
          }
          throw .invalid(
            "\(parentPath): layer \(MessageText.quoted(layers[current].id)) is its own ancestor (\(ids.joined(separator: " → ")))")
        }
        current = parent
      }
      for index in chain.reversed() {
        state[index] = 2
        order.append(index)
      }
    }
    return order
  }

  /// One layer object.
  static func layer(_ reader: JSONTapeReader) throws(GhostframeError) -> Layer {
    let object = try reader.object().checkedMembers(allowed: layerKeySet)
    let idReader = try required(object, LayerKey.id)
    let id = try idReader.string()
    guard !id.isEmpty else { throw .invalid("\(idReader.path): a layer id must not be empty") }
    var layer = Layer(id: id)
    if let parent = present(object, LayerKey.parent) {
      layer.parent = try parent.string()
    }
    // The properties present, in the order of LayerProperty.all (their ordinals in layerKeySet).
    var ordinal = 0
    while let name = LayerProperty.Name(rawValue: ordinal) {
      if let value = object.value(ordinal: LayerKey.propertyBase + ordinal), !value.isNull {
        try read(name.access, value, into: &layer)
      }
      ordinal += 1
    }
    if let contents = present(object, LayerKey.contents) {
      let name = try contents.string()
      guard Layer.isValidContents(name) else { throw .invalid("\(contents.path): contents must be \(Layer.contentsRule)") }
      layer.contents = name
    }
    if let source = present(object, LayerKey.source) {
      layer.source = try self.source(source)
    }
    if let custom = present(object, LayerKey.custom) {
      let members = try custom.object()
      for (key, value) in members {
        guard !key.isEmpty else { throw .invalid("\(custom.path): a custom property name must not be empty") }
        layer.custom[key] = try value.number()
      }
    }
    return layer
  }

  /// Reads one model property of a layer, when present (its default stays otherwise).
  static func read(_ access: LayerProperty.Access, _ reader: JSONTapeReader, into layer: inout Layer)
    throws(GhostframeError)
  {
    switch access {
    case .number(let field): layer[number: field] = try reader.number()
    case .point(let field): layer[point: field] = try point(reader)
    case .flag(let field): layer[flag: field] = try reader.bool()
    case .color(let field): layer[color: field] = try color(reader)
    case .frame:
      let frame = try reader.fourNumbers()
      guard frame.2 >= 0, frame.3 >= 0 else {
        throw .invalid(
          "\(reader.path): width and height must be >= 0, found \(JSONText.number(frame.2)) x \(JSONText.number(frame.3))")
      }
      layer.frame = Rect(x: frame.0, y: frame.1, width: frame.2, height: frame.3)
    case .transform: layer.transform = try transform(reader)
    case .gradient: layer.gradient = try gradient(reader)
    }
  }

  static func transform(_ reader: JSONTapeReader) throws(GhostframeError) -> LayerTransform {
    let object = try reader.object().checkedMembers(allowed: transformKeySet)
    var transform = LayerTransform.identity
    if let scale = present(object, "scale") {
      if let uniform = scale.numberValue {
        (transform.scaleX, transform.scaleY) = (uniform, uniform)
      } else {
        let values = try scale.numbers(count: 2)
        (transform.scaleX, transform.scaleY) = (values[0], values[1])
      }
    }
    transform.rotation = try number(object, "rotation", default: 0)
    let translation = try point(object, "translation", default: .zero)
    (transform.translationX, transform.translationY) = (translation.x, translation.y)
    return transform
  }

  /// A layer's `source`: `{"view": id, "kind": name, "line": n}`, `view` and `line` optional.
  static func source(_ reader: JSONTapeReader) throws(GhostframeError) -> LayerSource {
    let object = try reader.object().checkedMembers(allowed: sourceKeySet)
    let kindReader = try object.required("kind")
    let kind = try kindReader.string()
    guard ViewNode.Kind(rawValue: kind) != nil else {
      let names = ViewNode.Kind.allCases.map(\.rawValue)
      let hint = Suggestion.closest(to: kind, among: Set(names)).map { " (did you mean '\($0)'?)" } ?? ""
      throw .invalid(
        "\(kindReader.path): unknown view kind \(MessageText.quoted(kind))\(hint); expected one of \(names.map { "'\($0)'" }.joined(separator: ", "))")
    }
    var source = LayerSource(viewID: nil, viewKind: kind)
    if let view = present(object, "view") {
      let id = try view.string()
      try Identifier.check(id, "\(view.path)")
      source.viewID = id
    }
    if let line = present(object, "line") {
      source.line = try line.int(in: 0...Int(Int32.max))
    }
    if let problem = source.problem(of: reader.path.description) { throw .invalid(problem) }
    return source
  }

  static func gradient(_ reader: JSONTapeReader) throws(GhostframeError) -> Gradient {
    let object = try reader.object().checkedMembers(allowed: gradientKeySet)
    let colorsReader = try object.required("colors")
    let colorReaders = try colorsReader.array()
    guard colorReaders.count <= Gradient.maximumStops else {
      throw .invalid(
        "\(colorsReader.path): a gradient has at most \(Gradient.maximumStops) colours, found \(colorReaders.count)")
    }
    var colors: [Color] = []
    for colorReader in colorReaders {
      colors.append(try color(colorReader))
    }
    var gradient = Gradient(colors: colors)
    if let locationsReader = present(object, "locations") {
      let locations = try numberList(locationsReader)
      guard locations.isEmpty || locations.count == colors.count else {
        throw .invalid(
          "\(locationsReader.path): expected one location per colour (\(colors.count)) or none, found \(locations.count)")
      }
      gradient.locations = locations
    }
    gradient.startPoint = try point(object, "startPoint", default: gradient.startPoint)
    gradient.endPoint = try point(object, "endPoint", default: gradient.endPoint)
    return gradient
  }
}
