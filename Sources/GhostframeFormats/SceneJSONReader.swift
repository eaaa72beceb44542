import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Reads the scene format (docs/scene-format.md) from a parsed JSON document.
///
/// Every error names the JSON path of the problem. The engine's own errors (from
/// ``Scene/addLayer(_:)``, ``Timing``, ``Spring``, ``Curve/init(parsing:)``, the animation
/// factories) keep their code and get the path of the object they came from as a prefix.
enum SceneJSONReader {
  /// The kinds of animation, as `"type"` names them.
  enum Kind: String, CaseIterable {
    case basic, keyframes, spring, group, transition
  }

  static let documentKeys: Set<String> = ["format", "version", "layers", "animations"]
  /// A layer's keys: its id and parent, its model properties (``LayerProperty/all``), its
  /// custom values and contents.
  static let layerKeys = Set(["id", "parent", "custom", "contents"] + LayerProperty.all.map(\.key))
  static let transformKeys: Set<String> = ["scale", "rotation", "translation"]
  static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]
  static let timingKeys: Set<String> = [
    "duration", "delay", "endDelay", "iterations", "iterationStart", "direction", "fill", "easing", "playbackRate",
    "timeOffset", "timeScale",
  ]
  static let coreAnimationKeys: Set<String> = [
    "duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    "easing",
  ]
  static let springKeys: Set<String> = ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping"]
  /// The Core Animation name of each Web Animations field that has one, for hints when a
  /// field is put in the wrong kind of timing object.
  static let coreAnimationNames = [
    "delay": "beginTime", "iterations": "repeatCount", "direction": "autoreverses", "fill": "fillMode",
    "playbackRate": "speed",
  ]
  /// Keys every animation object may have.
  static let commonAnimationKeys: Set<String> = ["type", "timing", "coreAnimation", "removedOnCompletion"]
  /// Keys each kind adds.
  static func kindKeys(_ kind: Kind) -> Set<String> {
    switch kind {
    case .basic: return ["keyPath", "from", "to", "by", "additive", "cumulative"]
    case .keyframes:
      return [
        "keyPath", "values", "keyTimes", "curves", "calculationMode", "tension", "continuity", "bias", "additive",
        "cumulative",
      ]
    case .spring: return ["keyPath", "from", "to", "velocity", "spring", "additive", "cumulative"]
    case .group: return ["animations"]
    case .transition: return ["kind", "direction", "fromLayer", "startProgress", "endProgress"]
    }
  }

  /// Every key of an animation object of any kind, each known by its raw value as its ordinal
  /// in the key set of each kind that allows it (``topLevelAnimationKeys``), so a member is read
  /// by its ordinal, with no key compared. The members of basic and keyframe animations come
  /// first: they have slots in ``JSONTapeMembers`` (the rest are found by scanning).
  enum AnimationKey: Int, CaseIterable {
    case type, timing, coreAnimation, removedOnCompletion, layer, key, keyPath, from, to, by, additive, cumulative
    case values, keyTimes, curves, calculationMode, tension, continuity, bias, velocity, spring, animations
    case kind, direction, fromLayer, startProgress, endProgress

    /// The keys as written, by raw value (each case's name; a test checks they agree).
    static let names = [
      "type", "timing", "coreAnimation", "removedOnCompletion", "layer", "key", "keyPath", "from", "to", "by",
      "additive", "cumulative", "values", "keyTimes", "curves", "calculationMode", "tension", "continuity", "bias",
      "velocity", "spring", "animations", "kind", "direction", "fromLayer", "startProgress", "endProgress",
    ]
  }

  /// The keys of a `timing` object, each known by its raw value as its ordinal in ``timingKeySet``.
  enum TimingKey: Int, CaseIterable {
    case duration, delay, endDelay, iterations, iterationStart, direction, fill, easing, playbackRate, timeOffset
    case timeScale

    /// The keys as written, by raw value (each case's name; a test checks they agree).
    static let names = [
      "duration", "delay", "endDelay", "iterations", "iterationStart", "direction", "fill", "easing", "playbackRate",
      "timeOffset", "timeScale",
    ]
  }

  /// The keys of `allowed` placed at their ``AnimationKey`` ordinals.
  static func animationKeySet(_ allowed: Set<String>) -> JSONKeySet {
    JSONKeySet(ordinals: AnimationKey.names.map { allowed.contains($0) ? $0 : nil })
  }

  /// The keys a top-level animation of each kind may have (built once, not per animation), in
  /// the order of ``Kind/allCases``, at their ``AnimationKey`` ordinals.
  static let topLevelAnimationKeys = Kind.allCases.map {
    animationKeySet(commonAnimationKeys.union(kindKeys($0)).union(["layer", "key"]))
  }
  /// The keys a group's child animation of each kind may have, in the order of ``Kind/allCases``.
  static let childAnimationKeys = Kind.allCases.map { animationKeySet(commonAnimationKeys.union(kindKeys($0))) }
  /// The key sets above, looked up by key bytes.
  static let documentKeySet = JSONKeySet(documentKeys)
  /// A layer's keys: ``LayerKey``'s, then the properties in the order of ``LayerProperty/all``
  /// (a property's ordinal is ``LayerKey/propertyBase`` plus its ``LayerProperty/Name`` raw value).
  static let layerKeySet = JSONKeySet(
    ordered: LayerKey.names + LayerProperty.all.map(\.key))

  /// The keys of a layer other than its properties, by their ordinals in ``layerKeySet``.
  enum LayerKey: Int, CaseIterable {
    case id, parent, custom, contents
    /// The keys as written, by raw value.
    static let names = ["id", "parent", "custom", "contents"]
    /// The ordinal of the first property.
    static let propertyBase = 4
  }
  static let transformKeySet = JSONKeySet(transformKeys)
  static let gradientKeySet = JSONKeySet(gradientKeys)
  /// The keys of a `timing` object at their ``TimingKey`` ordinals.
  static let timingKeySet = JSONKeySet(ordinals: TimingKey.names.map { timingKeys.contains($0) ? $0 : nil })
  static let coreAnimationKeySet = JSONKeySet(coreAnimationKeys)
  static let springKeySet = JSONKeySet(springKeys)
  /// The Web Animations name of each Core Animation timing field that has one (hints for a
  /// Core Animation field put in a `timing` object).
  static let webAnimationNames = Dictionary(uniqueKeysWithValues: coreAnimationNames.map { ($0.value, $0.key) })

  /// The fixed key paths of ``AnimatableProperty``, for "did you mean" suggestions
  /// (`custom.NAME` is open-ended). A test checks each one parses.
  static let knownKeyPaths: Set<String> = [
    "frame", "position", "position.x", "position.y", "bounds.size", "bounds.size.width", "bounds.size.height",
    "anchorPoint", "opacity", "cornerRadius", "backgroundColor", "zPosition", "transform.scale",
    "transform.scale.x", "transform.scale.y", "transform.rotation", "transform.rotation.z", "transform.translation",
    "transform.translation.x", "transform.translation.y", "gradient.startPoint", "gradient.endPoint",
    "gradient.locations", "gradient.colors",
  ]

  /// ``Kind/allCases``, made once.
  static let kinds = Kind.allCases

  /// Suggestions compare the unknown id with every layer id; past this many layers they are skipped.
  static let suggestionLayerLimit = 10_000

  /// What one document's read has parsed already: key paths and curve specs repeat across
  /// a document's animations, and looking them up here (a few entries, compared as strings)
  /// costs less than parsing a key path again or a probe of the shared curve cache under its lock.
  ///
  /// Entries are found by the bytes of their text (code unit by code unit), so a repeat makes
  /// no `String`; a text spelled differently but equal as a `String` (canonically equivalent)
  /// is parsed once more, to the same result.
  final class ReadCache {
    /// Properties by the UTF-8 bytes of their key path, in the order first read (at most ``limit``).
    var properties: [(keyPath: [UInt8], property: AnimatableProperty)] = []
    /// Curves by the UTF-8 bytes of their spec, in the order first read (at most ``limit``;
    /// host curves are not kept).
    var curves: [(spec: [UInt8], curve: Curve)] = []
    /// The most entries of each kind kept (a linear search).
    static let limit = 16

    /// The property of the key path with these bytes, if read before.
    func property(_ keyPath: UnsafeBufferPointer<UInt8>) -> AnimatableProperty? {
      for entry in properties where Self.same(entry.keyPath, keyPath) { return entry.property }
      return nil
    }

    /// Keeps the property of the key path `keyPath` (when there is room).
    func keep(_ property: AnimatableProperty, keyPath: UnsafeBufferPointer<UInt8>) {
      if properties.count < Self.limit { properties.append((Array(keyPath), property)) }
    }

    /// The curve of the spec with these bytes, if read before.
    func curve(_ spec: UnsafeBufferPointer<UInt8>) -> Curve? {
      for entry in curves where Self.same(entry.spec, spec) { return entry.curve }
      return nil
    }

    /// Keeps the curve of `spec` (when there is room).
    func keep(_ curve: Curve, spec: UnsafeBufferPointer<UInt8>) {
      if curves.count < Self.limit { curves.append((Array(spec), curve)) }
    }

    /// Whether `bytes` and `text` hold the same bytes.
    static func same(_ bytes: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
      bytes.count == text.count && bytes.withUnsafeBufferPointer { JSONTape.sameBytes($0, text) }
    }
  }

  // MARK: - Document

  /// The scene a document describes.
  static func scene(from document: JSONTapeReader) throws(GhostframeError) -> Scene {
    let root = try document.object().checkedMembers(allowed: documentKeySet)
    let formatReader = try root.required("format")
    let format = try formatReader.string()
    guard format == Scene.jsonFormatName else {
      throw .invalid(
        "\(formatReader.path): expected '\(Scene.jsonFormatName)', found \(MessageText.quoted(format))")
    }
    let versionReader = try root.required("version")
    let version = try versionReader.number()
    guard version == Double(Scene.jsonFormatVersion) else {
      throw .invalid(
        "\(versionReader.path): unsupported version \(JSONText.number(version)) (this library reads version \(Scene.jsonFormatVersion))")
    }
    var scene = Scene()
    // Room for what the arrays hold (a hint: the counts are checked when read).
    let layerCount = present(root, "layers")?.arrayCount ?? 0
    let animationCount = present(root, "animations")?.arrayCount ?? 0
    scene.reserveCapacity(layers: min(layerCount, Scene.maximumLayers), animations: min(animationCount, 1 << 20))
    if let layers = present(root, "layers") {
      try addLayers(layers, to: &scene)
    }
    if let animations = present(root, "animations") {
      try addAnimations(animations, to: &scene, cache: ReadCache())
    }
    return scene
  }

  // MARK: - Layers

  /// Reads every layer, then adds them parents first (otherwise in document order).
  private static func addLayers(_ reader: JSONTapeReader, to scene: inout Scene) throws(GhostframeError) {
    if let count = reader.arrayCount, count > Scene.maximumLayers {
      throw GhostframeError(
        .limit, "\(reader.path): \(count) layers exceed the limit of \(Scene.maximumLayers) layers")
    }
    let elements = try reader.array()
    var layers: [Layer] = []
    layers.reserveCapacity(elements.count)
    // Each layer's value, for paths in messages (made only then).
    var readers: [JSONTapeReader] = []
    readers.reserveCapacity(elements.count)
    var indexByID: [String: Int] = [:]
    indexByID.reserveCapacity(elements.count)
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
  private static func parentsFirst(
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
  private static func read(_ access: LayerProperty.Access, _ reader: JSONTapeReader, into layer: inout Layer)
    throws(GhostframeError)
  {
    switch access {
    case .number(let field): layer[number: field] = try reader.number()
    case .point(let field): layer[point: field] = try point(reader)
    case .flag(let field): layer[flag: field] = try reader.bool()
    case .color(let field): layer[color: field] = try color(reader)
    case .frame:
      var frame = (0.0, 0.0, 0.0, 0.0)
      var position = 0
      try reader.forEachNumber(count: 4) { number in
        switch position {
        case 0: frame.0 = number
        case 1: frame.1 = number
        case 2: frame.2 = number
        default: frame.3 = number
        }
        position += 1
      }
      guard frame.2 >= 0, frame.3 >= 0 else {
        throw .invalid(
          "\(reader.path): width and height must be >= 0, found \(JSONText.number(frame.2)) x \(JSONText.number(frame.3))")
      }
      layer.frame = Rect(x: frame.0, y: frame.1, width: frame.2, height: frame.3)
    case .transform: layer.transform = try transform(reader)
    case .gradient: layer.gradient = try gradient(reader)
    }
  }

  private static func transform(_ reader: JSONTapeReader) throws(GhostframeError) -> LayerTransform {
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

  private static func gradient(_ reader: JSONTapeReader) throws(GhostframeError) -> Gradient {
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

  // MARK: - Animations

  /// Reads and attaches the animations in document order.
  private static func addAnimations(
    _ reader: JSONTapeReader, to scene: inout Scene, cache: ReadCache
  ) throws(GhostframeError) {
    struct LayerAndKey: Hashable {
      let layer: String
      let key: String
    }
    // The animation that took each key, for the message about a second one.
    var keyPaths: [LayerAndKey: JSONTapeReader] = [:]
    // The layer of the animation before: documents list a layer's animations together, and the
    // same id again needs no new `String` and no probe of the scene's index (which adding
    // animations leaves as it is).
    var previous: (reader: JSONTapeReader, id: String, index: Int)?
    for element in try reader.array() {
      let object = try element.object()
      let layerReader = try object.required("layer")
      let layerID: String
      let layerIndex: Int
      if let previous, layerReader.isSameString(as: previous.reader) {
        (layerID, layerIndex) = (previous.id, previous.index)
      } else {
        layerID = try layerReader.string()
        guard let index = scene.index(ofLayer: layerID) else {
          throw GhostframeError(
            .notFound,
            "\(layerReader.path): no layer \(MessageText.quoted(layerID))\(suggestion(for: layerID, among: scene.indexByID))")
        }
        layerIndex = index
        previous = (layerReader, layerID, index)
      }
      var key: String?
      if let keyReader = present(object, "key") {
        let text = try keyReader.string()
        let layerKey = LayerAndKey(layer: layerID, key: text)
        if let first = keyPaths[layerKey] {
          throw .invalid(
            "\(keyReader.path): layer \(MessageText.quoted(layerID)) already has an animation with key \(MessageText.quoted(text)) (\(first.path))")
        }
        keyPaths[layerKey] = element
        key = text
      }
      // What the factories return is validated; a spring's `cumulative` is set after its factory.
      // Moved into the scene, not copied (no closure captures it).
      let animation = try self.animation(element, topLevel: true, cache: cache)
      let isValidated = !animation.isSpring
      if let fromLayer = animation.transitionSource {
        let fromPath = element.path.appending(key: "fromLayer")
        guard scene.index(ofLayer: fromLayer) != nil else {
          throw GhostframeError(
            .notFound,
            "\(fromPath): no layer \(MessageText.quoted(fromLayer))\(suggestion(for: fromLayer, among: scene.indexByID))")
        }
        guard fromLayer != layerID else {
          throw .invalid("\(fromPath): a layer cannot transition from itself")
        }
      }
      do {
        try scene.addAnimation(consume animation, to: layerID, at: layerIndex, key: key, isValidated: isValidated)
      } catch {
        throw rebased(error, at: element.path)
      }
    }
  }

  /// One animation object: a top-level one (with `layer` and `key`, read by the caller) or a
  /// group's child.
  static func animation(
    _ reader: JSONTapeReader, topLevel: Bool, cache: ReadCache = ReadCache()
  ) throws(GhostframeError) -> Animation {
    let plainObject = try reader.object()
    let typeReader = try plainObject.required("type")
    let kind = try choice(typeReader, "animation type", kindChoices)
    if !topLevel {
      for key in ["layer", "key"] where plainObject.optional(named: key) != nil {
        throw .invalid(
          "\(plainObject.path): unknown key '\(key)' (a group's children animate the group's layer and have no key)")
      }
      if kind == .transition {
        throw .invalid("\(typeReader.path): a transition cannot be part of a group")
      }
    }
    let allowedSets = topLevel ? topLevelAnimationKeys : childAnimationKeys
    let kindIndex = kinds.firstIndex(of: kind) ?? 0
    let allowed = kindIndex < allowedSets.count ? allowedSets[kindIndex] : JSONKeySet([])
    let object = try plainObject.checkedMembers(allowed: allowed)
    let removedOnCompletion = try bool(object, AnimationKey.removedOnCompletion, default: true)

    switch kind {
    case .basic:
      let property = try self.property(object, cache: cache)
      let from = try optionalValue(object, AnimationKey.from, property)
      let to = try optionalValue(object, AnimationKey.to, property)
      let by = try optionalValue(object, AnimationKey.by, property)
      let timing = try requiredTiming(object, cache: cache)
      let additive = try bool(object, AnimationKey.additive, default: false)
      let cumulative = try bool(object, AnimationKey.cumulative, default: false)
      // What `Animation.basic` does, with the key path parsed once (above).
      let animation = Animation(
        property: property, timing: timing, content: .basic(BasicValues(from: from, to: to, by: by)),
        isAdditive: additive, isCumulative: cumulative, removedOnCompletion: removedOnCompletion)
      do { try animation.validate() } catch { throw rebased(error, at: object.path) }
      return animation

    case .keyframes:
      let property = try self.property(object, cache: cache)
      let valuesReader = try required(object, AnimationKey.values)
      // Flat from the start: a keyframe costs its numbers, not an array of its own.
      var values: [Double] = []
      let elements = try valuesReader.array()
      values.reserveCapacity(elements.count * property.valueWidth)
      let isScalar = property.valueWidth == 1
      for element in elements {
        // A number of a one-component property goes straight in (no array of one is made).
        if isScalar, let number = element.numberValue {
          values.append(number)
        } else {
          values.append(contentsOf: try value(element, for: property))
        }
      }
      var keyframes = Keyframes(flatValues: values, width: property.valueWidth)
      if let keyTimes = present(object, AnimationKey.keyTimes) {
        keyframes.keyTimes = try numberList(keyTimes)
      }
      if let curvesReader = present(object, AnimationKey.curves) {
        var curves: [Curve] = []
        for element in try curvesReader.array() {
          curves.append(try curve(element, cache: cache))
        }
        keyframes.curves = curves
      }
      if let mode = present(object, AnimationKey.calculationMode) {
        keyframes.mode = try choice(mode, "calculation mode", calculationModeChoices)
      }
      if let tension = present(object, AnimationKey.tension) { keyframes.tension = try numberList(tension) }
      if let continuity = present(object, AnimationKey.continuity) { keyframes.continuity = try numberList(continuity) }
      if let bias = present(object, AnimationKey.bias) { keyframes.bias = try numberList(bias) }
      let timing = try requiredTiming(object, cache: cache)
      let additive = try bool(object, AnimationKey.additive, default: false)
      let cumulative = try bool(object, AnimationKey.cumulative, default: false)
      // What `Animation.keyframes` does, with the key path parsed once (above).
      let animation = Animation(
        property: property, timing: timing, content: .keyframes(keyframes), isAdditive: additive,
        isCumulative: cumulative, removedOnCompletion: removedOnCompletion)
      do { try animation.validate() } catch { throw rebased(error, at: object.path) }
      return animation

    case .spring:
      let property = try self.property(object, cache: cache)
      let from = try optionalValue(object, AnimationKey.from, property)
      let to = try value(required(object, AnimationKey.to), for: property)
      let velocity = try optionalValue(object, AnimationKey.velocity, property)
      let spring = try self.spring(present(object, AnimationKey.spring))
      let timing = try self.timing(in: object, cache: cache)
      let additive = try bool(object, AnimationKey.additive, default: false)
      let cumulative = try bool(object, AnimationKey.cumulative, default: false)
      var animation = try rebasing(at: object.path) { () throws(GhostframeError) -> Animation in
        try .spring(
          property.keyPath, SpringValues(from: from, to: to, velocity: velocity, spring: spring), timing: timing,
          isAdditive: additive, removedOnCompletion: removedOnCompletion)
      }
      animation.isCumulative = cumulative
      return animation

    case .group:
      let childrenReader = try required(object, AnimationKey.animations)
      var children: [Animation] = []
      for element in try childrenReader.array() {
        children.append(try animation(element, topLevel: false, cache: cache))
      }
      let timing = try requiredTiming(object, cache: cache)
      return try rebasing(at: object.path) { () throws(GhostframeError) -> Animation in
        try .group(children, timing: timing, removedOnCompletion: removedOnCompletion)
      }

    case .transition:
      let transitionKind = try choice(required(object, AnimationKey.kind), "transition kind", as: Transition.Kind.self)
      var direction = Transition.Direction.fromRight
      if let directionReader = present(object, AnimationKey.direction) {
        direction = try choice(directionReader, "transition direction", as: Transition.Direction.self)
      }
      let fromLayer = try required(object, AnimationKey.fromLayer).string()
      let transition = Transition(
        kind: transitionKind, direction: direction, fromLayer: fromLayer,
        startProgress: try number(object, AnimationKey.startProgress, default: 0),
        endProgress: try number(object, AnimationKey.endProgress, default: 1))
      let timing = try requiredTiming(object, cache: cache)
      return try rebasing(at: object.path) { () throws(GhostframeError) -> Animation in
        try .transition(transition, timing: timing, removedOnCompletion: removedOnCompletion)
      }
    }
  }

  /// The `keyPath` member as a property.
  private static func property(
    _ object: JSONTapeMembers, cache: ReadCache
  ) throws(GhostframeError) -> AnimatableProperty {
    let reader = try required(object, AnimationKey.keyPath)
    if let bytes = reader.stringBytes, let known = cache.property(bytes) { return known }
    let keyPath = try reader.string()
    do {
      let property = try AnimatableProperty(keyPath: keyPath)
      if let bytes = reader.stringBytes { cache.keep(property, keyPath: bytes) }
      return property
    } catch {
      var rebased = rebased(error, at: reader.path)
      if let suggestion = Suggestion.closest(to: keyPath, among: knownKeyPaths) {
        rebased.message += " (did you mean \(MessageText.quoted(suggestion))?)"
      }
      throw rebased
    }
  }

  /// An animation value of `property`: a number for one-component key paths, else an array
  /// of `valueWidth` numbers; colours may be colour strings (`backgroundColor`) or an array
  /// of 4 colours (`gradient.colors`), each a colour string or `[r, g, b, a]`. Unlike a
  /// layer's colours, an animation's `[r, g, b, a]` is not limited to [0, 1] (a `by` value, a
  /// spring's overshoot), in either form.
  static func value(_ reader: JSONTapeReader, for property: AnimatableProperty) throws(GhostframeError) -> [Double] {
    switch property.keyPath {
    case "backgroundColor":
      if reader.kind == .string {
        return try color(reader).components
      }
    case "gradient.colors":
      if reader.arrayCount == Gradient.maximumStops {
        var components: [Double] = []
        for element in try reader.array() {
          if element.kind == .array {
            components += try element.numbers(count: 4)
          } else {
            components += try color(element).components
          }
        }
        return components
      }
    default:
      break
    }
    if property.valueWidth == 1 {
      return [try reader.number()]
    }
    return try reader.numbers(count: property.valueWidth)
  }

  private static func optionalValue(
    _ object: JSONTapeMembers, _ key: AnimationKey, _ property: AnimatableProperty
  ) throws(GhostframeError) -> [Double]? {
    guard let reader = present(object, key) else { return nil }
    return try value(reader, for: property)
  }

  /// The `spring` member, or the default spring when absent.
  private static func spring(_ reader: JSONTapeReader?) throws(GhostframeError) -> Spring {
    guard let reader else { return try Spring() }
    let object = try reader.object().checkedMembers(allowed: springKeySet)
    let mass = try number(object, "mass", default: 1)
    let stiffness = try number(object, "stiffness", default: 100)
    let damping = try number(object, "damping", default: 10)
    let initialVelocity = try number(object, "initialVelocity", default: 0)
    let allowsOverdamping = try bool(object, "allowsOverdamping", default: false)
    return try rebasing(at: reader.path) { () throws(GhostframeError) -> Spring in
      try Spring(
        mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
        allowsOverdamping: allowsOverdamping)
    }
  }

  // MARK: - Timing

  /// The timing of an animation that must have one.
  private static func requiredTiming(
    _ object: JSONTapeMembers, cache: ReadCache
  ) throws(GhostframeError) -> Timing {
    guard let timing = try timing(in: object, cache: cache) else {
      throw .invalid("\(object.path): missing required key 'timing' (or 'coreAnimation')")
    }
    return timing
  }

  /// The `timing` or `coreAnimation` member, or nil when there is neither.
  private static func timing(
    in object: JSONTapeMembers, cache: ReadCache
  ) throws(GhostframeError) -> Timing? {
    switch (present(object, AnimationKey.timing), present(object, AnimationKey.coreAnimation)) {
    case (let web?, nil): return try webTiming(web, cache: cache)
    case (nil, let core?): return try coreAnimationTiming(core, cache: cache)
    case (_?, _?): throw .invalid("\(object.path): give either 'timing' or 'coreAnimation', not both")
    case (nil, nil): return nil
    }
  }

  /// A `timing` object: Web Animations parameters.
  static func webTiming(_ reader: JSONTapeReader, cache: ReadCache = ReadCache()) throws(GhostframeError) -> Timing {
    let object = try members(reader.object(), allowed: timingKeySet, hints: webAnimationNames)
    let duration = try numberOrInfinity(required(object, TimingKey.duration))
    let delay = try number(object, TimingKey.delay, default: 0)
    let endDelay = try number(object, TimingKey.endDelay, default: 0)
    let iterations = try present(object, TimingKey.iterations).map(numberOrInfinity) ?? 1
    let iterationStart = try number(object, TimingKey.iterationStart, default: 0)
    var direction = PlaybackDirection.normal
    if let directionReader = present(object, TimingKey.direction) {
      direction = try choice(directionReader, "direction", directionChoices)
    }
    var fill = FillMode.none
    if let fillReader = present(object, TimingKey.fill) {
      fill = try choice(fillReader, "fill mode", fillChoices)
    }
    let easing: Curve
    if let easingReader = present(object, TimingKey.easing) {
      easing = try curve(easingReader, cache: cache)
    } else {
      easing = .linear
    }
    let playbackRate = try number(object, TimingKey.playbackRate, default: 1)
    let timeOffset = try number(object, TimingKey.timeOffset, default: 0)
    let timeScale = try number(object, TimingKey.timeScale, default: 1)
    return try rebasing(at: reader.path) { () throws(GhostframeError) -> Timing in
      try Timing(
        duration: duration, delay: delay, endDelay: endDelay, iterations: iterations,
        iterationStart: iterationStart, direction: direction, fill: fill, easing: easing,
        playbackRate: playbackRate, timeOffset: timeOffset, timeScale: timeScale)
    }
  }

  /// A `coreAnimation` object: `CAMediaTiming` parameters, mapped by ``Timing/coreAnimation(duration:beginTime:speed:timeOffset:repeatCount:repeatDuration:autoreverses:fillMode:easing:)``.
  static func coreAnimationTiming(
    _ reader: JSONTapeReader, cache: ReadCache = ReadCache()
  ) throws(GhostframeError) -> Timing {
    let object = try members(reader.object(), allowed: coreAnimationKeySet, hints: coreAnimationNames)
    let duration = try number(object, "duration", default: 0)
    let beginTime = try number(object, "beginTime", default: 0)
    let speed = try number(object, "speed", default: 1)
    let timeOffset = try number(object, "timeOffset", default: 0)
    let repeatCount = try present(object, "repeatCount").map(numberOrInfinity) ?? 0
    let repeatDuration = try present(object, "repeatDuration").map(numberOrInfinity) ?? 0
    let autoreverses = try bool(object, "autoreverses", default: false)
    var fillMode = FillMode.none
    if let fillReader = present(object, "fillMode") {
      fillMode = try choice(fillReader, "fill mode", as: FillMode.self, aliases: ["removed": .none])
    }
    var easing = Curve.linear
    if let easingReader = present(object, "easing") { easing = try curve(easingReader, cache: cache) }
    return try rebasing(at: reader.path) { () throws(GhostframeError) -> Timing in
      try Timing.coreAnimation(
        duration: duration, beginTime: beginTime, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
        repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode, easing: easing)
    }
  }

  /// ``JSONObjectReader/rejectUnknownKeys(allowed:)``, but a key in `hints` (a field of the
  /// other timing model) suggests its counterpart: `unknown key 'fill' (did you mean 'fillMode'?)`.
  private static func members(
    _ object: JSONTapeObjectReader, allowed: JSONKeySet, hints: [String: String]
  ) throws(GhostframeError) -> JSONTapeMembers {
    if let members = object.members(allowed: allowed) { return members }
    guard let key = object.firstUnknownKey(allowed: allowed) else { return try object.checkedMembers(allowed: allowed) }
    if let hint = hints[key] {
      throw .invalid(
        "\(object.path): unknown key \(MessageText.quoted(key)) (did you mean \(MessageText.quoted(hint))?)")
    }
    throw allowed.unknownKeyError(key, at: object.path)
  }

  // MARK: - Values

  /// The member `key`, or nil when it is absent or `null`.
  static func present(_ object: JSONObjectReader, _ key: String) -> JSONReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key`, or nil when it is absent or `null`.
  @inline(__always)
  static func present(_ object: JSONTapeObjectReader, _ key: StaticString) -> JSONTapeReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key`, or nil when it is absent or `null`.
  @inline(__always)
  static func present(_ object: JSONTapeMembers, _ key: StaticString) -> JSONTapeReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key` (by its ordinal in the object's key set), or nil when it is absent or `null`.
  @inline(__always)
  static func present<Key: RawRepresentable<Int>>(_ object: JSONTapeMembers, _ key: Key) -> JSONTapeReader? {
    guard let reader = object.value(ordinal: key.rawValue), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key` (by its ordinal in the object's key set), which must be present.
  @inline(__always)
  static func required<Key: RawRepresentable<Int>>(
    _ object: JSONTapeMembers, _ key: Key
  ) throws(GhostframeError) -> JSONTapeReader {
    try object.required(ordinal: key.rawValue)
  }

  private static func number<Key: RawRepresentable<Int>>(
    _ object: JSONTapeMembers, _ key: Key, default value: Double
  ) throws(GhostframeError) -> Double {
    guard let reader = present(object, key) else { return value }
    return try reader.number()
  }

  private static func bool<Key: RawRepresentable<Int>>(
    _ object: JSONTapeMembers, _ key: Key, default value: Bool
  ) throws(GhostframeError) -> Bool {
    guard let reader = present(object, key) else { return value }
    return try reader.bool()
  }

  private static func number(
    _ object: JSONTapeMembers, _ key: StaticString, default value: Double
  ) throws(GhostframeError) -> Double {
    guard let reader = present(object, key) else { return value }
    return try reader.number()
  }

  private static func bool(
    _ object: JSONTapeMembers, _ key: StaticString, default value: Bool
  ) throws(GhostframeError) -> Bool {
    guard let reader = present(object, key) else { return value }
    return try reader.bool()
  }

  private static func point(
    _ object: JSONTapeMembers, _ key: StaticString, default value: Point
  ) throws(GhostframeError) -> Point {
    guard let reader = present(object, key) else { return value }
    return try point(reader)
  }

  /// An array of two numbers as a point.
  private static func point(_ reader: JSONTapeReader) throws(GhostframeError) -> Point {
    var point = Point.zero
    var isFirst = true
    try reader.forEachNumber(count: 2) { number in
      if isFirst { point.x = number } else { point.y = number }
      isFirst = false
    }
    return point
  }

  /// An array of any number of numbers.
  private static func numberList(_ reader: JSONTapeReader) throws(GhostframeError) -> [Double] {
    var numbers: [Double] = []
    let elements = try reader.array()
    numbers.reserveCapacity(elements.count)
    for element in elements {
      numbers.append(try element.number())
    }
    return numbers
  }

  /// A number, or the string `"infinity"`.
  static func numberOrInfinity(_ reader: JSONTapeReader) throws(GhostframeError) -> Double {
    if let number = reader.numberValue { return number }
    if reader.isString("infinity") { return .infinity }
    if let text = reader.stringValue {
      throw .invalid("\(reader.path): expected a number or \"infinity\", found \(MessageText.quoted(text))")
    }
    throw .invalid("\(reader.path): expected a number or \"infinity\", found \(reader.kindDescription)")
  }

  /// A curve spec string.
  ///
  /// Documents repeat a few easings many times, and parsing a spec builds the curve (a
  /// cubic-bezier's solver table), so specs read before are looked up in ``parsedCurves``
  /// first: for a built-in curve `Curve(parsing:)` is a pure function of the text, so the result
  /// is the same value. Host curves are never cached: their name's meaning changes when a host
  /// re-registers or removes it, and a cached one would keep its user data alive.
  static func curve(_ reader: JSONReader) throws(GhostframeError) -> Curve {
    try curve(spec: reader.string(), at: reader.path)
  }

  /// A curve spec string of a scene document, as ``curve(_:)-(JSONReader)`` reads one.
  static func curve(_ reader: JSONTapeReader) throws(GhostframeError) -> Curve {
    try curve(spec: reader.string(), at: reader.path)
  }

  /// ``curve(_:)-(JSONTapeReader)`` through the read's `cache` first.
  static func curve(_ reader: JSONTapeReader, cache: ReadCache) throws(GhostframeError) -> Curve {
    if let bytes = reader.stringBytes, let known = cache.curve(bytes) { return known }
    let spec = try reader.string()
    let curve = try curve(spec: spec, at: reader.path)
    if curve.hostCurve == nil, let bytes = reader.stringBytes { cache.keep(curve, spec: bytes) }
    return curve
  }

  /// The curve of `spec`, from ``parsedCurves`` when parsed before; errors are prefixed with `path`.
  private static func curve(
    spec: String, at path: @autoclosure () -> JSONPath
  ) throws(GhostframeError) -> Curve {
    if let known = parsedCurves.withLock({ $0[spec] }) { return known }
    let curve = try rebasing(at: path()) { () throws(GhostframeError) -> Curve in try Curve(parsing: spec) }
    guard curve.hostCurve == nil else { return curve }
    parsedCurves.withLock { cache in
      if cache.count >= parsedCurveLimit { cache.removeAll(keepingCapacity: true) }
      cache[spec] = curve
    }
    return curve
  }

  /// The curves of specs parsed before, shared by every reader (at most ``parsedCurveLimit``
  /// entries, emptied when full; specs longer than a few hundred bytes are rare).
  static let parsedCurves = PosixLocked<[String: Curve]>([:])
  /// How many specs ``parsedCurves`` holds at most.
  static let parsedCurveLimit = 256

  /// A colour, as ``JSONColor/color(_:)`` reads it.
  static func color(_ reader: JSONTapeReader) throws(GhostframeError) -> Color { try JSONColor.color(reader) }

  /// The names of an enumeration's cases, for ``choice(_:_:_:)``: found by their bytes, with
  /// no `String` made.
  final class Choices<T: RawRepresentable & CaseIterable>: Sendable where T.RawValue == String, T: Sendable {
    /// The raw values, each at its case's place in ``cases``.
    let names: JSONKeySet
    /// The cases, in the order of `allCases`.
    let cases: [T]

    init() {
      cases = Array(T.allCases)
      names = JSONKeySet(ordinals: cases.map { $0.rawValue })
    }
  }

  static let kindChoices = Choices<Kind>()
  static let directionChoices = Choices<PlaybackDirection>()
  static let fillChoices = Choices<FillMode>()
  static let calculationModeChoices = Choices<Keyframes.CalculationMode>()

  /// A string naming one case of `T`, found by its bytes; anything else (another spelling
  /// `T(rawValue:)` accepts, a wrong one, not a string) as ``choice(_:_:as:aliases:)`` reads it.
  static func choice<T>(
    _ reader: JSONTapeReader, _ noun: String, _ choices: Choices<T>
  ) throws(GhostframeError) -> T {
    if let bytes = reader.stringBytes, let ordinal = choices.names.ordinal(of: bytes), ordinal < choices.cases.count {
      return choices.cases[ordinal]
    }
    return try choice(reader, noun, as: T.self)
  }

  /// A string naming one case of `type` (or an alias), with a suggestion when it names none.
  static func choice<T: RawRepresentable & CaseIterable>(
    _ reader: JSONTapeReader, _ noun: String, as type: T.Type, aliases: [String: T] = [:]
  ) throws(GhostframeError) -> T where T.RawValue == String {
    let text = try reader.string()
    if let value = T(rawValue: text) ?? aliases[text] {
      return value
    }
    let names = Set(T.allCases.map(\.rawValue)).union(aliases.keys)
    var message = "\(reader.path): unknown \(noun) \(MessageText.quoted(text))"
    if let suggestion = Suggestion.closest(to: text, among: names) {
      message += " (did you mean \(MessageText.quoted(suggestion))?)"
    } else {
      message += " (expected one of \(names.sorted().map(MessageText.quoted).joined(separator: ", ")))"
    }
    throw .invalid(message)
  }

  /// ` (did you mean 'x'?)` for an unknown layer id, or an empty string.
  private static func suggestion(for id: String, among ids: [String: Int]) -> String {
    guard ids.count <= suggestionLayerLimit,
      let suggestion = Suggestion.closest(to: id, among: Set(ids.keys))
    else { return "" }
    return " (did you mean \(MessageText.quoted(suggestion))?)"
  }

  // MARK: - Engine errors

  /// Runs `body`, prefixing any error with `path`.
  static func rebasing<T>(_ path: JSONPath, _ body: () throws(GhostframeError) -> T) throws(GhostframeError) -> T {
    do {
      return try body()
    } catch {
      throw rebased(error, at: path)
    }
  }

  /// Runs `body`, prefixing any error with `path`, which is made only then.
  @inline(__always)
  static func rebasing<T>(
    at path: @autoclosure () -> JSONPath, _ body: () throws(GhostframeError) -> T
  ) throws(GhostframeError) -> T {
    do {
      return try body()
    } catch {
      throw rebased(error, at: path())
    }
  }

  /// An engine error with the JSON path in front, keeping its code.
  ///
  /// Animation validation names places as `animation.keyTimes[1]` or
  /// `animation.children[0].from`: that leading `animation` becomes `path`, and `children`
  /// becomes `animations` as the format calls them. A leading `spring: ` is dropped under a
  /// `spring` member, whose path already says it. Any other message gets `path: ` in front.
  static func rebased(_ error: GhostframeError, at path: JSONPath) -> GhostframeError {
    let message = error.message
    let head = "animation"
    if message.hasPrefix(head) {
      let rest = message.dropFirst(head.count)
      if let next = rest.first, next == "." || next == ":" || next == "[" {
        // The engine's path runs to the first ':' or space.
        let end = rest.firstIndex(where: { $0 == ":" || $0 == " " }) ?? rest.endIndex
        let place = String(rest[..<end]).replacing(".children[", with: ".animations[")
        return GhostframeError(error.code, "\(path)\(place)\(rest[end...])")
      }
    }
    if case .key(let key)? = path.lastComponent, message.hasPrefix("\(key): ") {
      return GhostframeError(error.code, "\(path): \(message.dropFirst(key.count + 2))")
    }
    return GhostframeError(error.code, "\(path): \(message)")
  }
}
