import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Animations: their kind, key path, values and timing, built and validated as the factories do.
extension SceneJSONReader {
  /// Reads and attaches the animations in document order.
  static func addAnimations(
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
      // (A hint, capped as reservationHint says: a short document of many one-byte numbers
      // for a wide property would otherwise reserve 64 times its size at once.)
      values.reserveCapacity(min(elements.count, reservationHint) * property.valueWidth)
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
  static func property(
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

  static func optionalValue(
    _ object: JSONTapeMembers, _ key: AnimationKey, _ property: AnimatableProperty
  ) throws(GhostframeError) -> [Double]? {
    guard let reader = present(object, key) else { return nil }
    return try value(reader, for: property)
  }

  /// The `spring` member, or the default spring when absent.
  static func spring(_ reader: JSONTapeReader?) throws(GhostframeError) -> Spring {
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
}
