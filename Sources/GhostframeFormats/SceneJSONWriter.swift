import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Writes a ``Scene`` in the canonical form of the scene format (docs/scene-format.md).
enum SceneJSONWriter {
  // MARK: - Layers

  static func layer(_ layer: Layer) -> JSONValue {
    var object = JSONObject()
    object["id"] = .string(layer.id)
    if let parent = layer.parent {
      object["parent"] = .string(parent)
    }
    for property in LayerProperty.all {
      if let value = value(of: property, in: layer) { object[property.key] = value }
    }
    if let contents = layer.contents { object["contents"] = .string(contents) }
    if let source = layer.source {
      var fields = JSONObject()
      if let view = source.viewID { fields["view"] = .string(view) }
      fields["kind"] = .string(source.viewKind)
      if let line = source.line { fields["line"] = .number(Double(line)) }
      object["source"] = .object(fields)
    }
    // Dictionary order is arbitrary: sort by code units for stable text.
    let custom = layer.custom.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    object["custom"] = .object(JSONObject(custom.map { ($0.key, JSONValue.number($0.value)) }))
    return .object(object)
  }

  /// One model property of a layer as the format writes it; nil when it is not written (no gradient).
  static func value(of property: LayerProperty, in layer: Layer) -> JSONValue? {
    switch property.access {
    case .number(let field): return .number(layer[number: field])
    case .point(let field): return point(layer[point: field])
    case .color(let field): return color(layer[color: field])
    case .flag(let field): return .bool(layer[flag: field])
    case .frame: return numbers([layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height])
    case .transform:
      let transform = layer.transform
      return [
        "scale": numbers([transform.scaleX, transform.scaleY]),
        "rotation": .number(transform.rotation),
        "translation": numbers([transform.translationX, transform.translationY]),
      ]
    case .gradient:
      guard let gradient = layer.gradient else { return nil }
      return [
        "colors": .array(gradient.colors.map(color)),
        "locations": numbers(gradient.locations),
        "startPoint": point(gradient.startPoint),
        "endPoint": point(gradient.endPoint),
      ]
    }
  }

  /// `"#RRGGBBAA"` when every channel is exactly `n / 255` (bit for bit, so `-0` is not),
  /// else `[r, g, b, a]`.
  static func color(_ color: Color) -> JSONValue {
    var hex = "#"
    for channel in color.components {
      let scaled = (channel * 255).rounded()
      // What the reader computes from the two digits, compared bit for bit.
      guard scaled >= 0, scaled <= 255, (Double(UInt32(scaled)) / 255).bitPattern == channel.bitPattern else {
        return numbers(color.components)
      }
      hex += MessageText.hex(UInt32(scaled), digits: 2)
    }
    return .string(hex)
  }

  // MARK: - Animations

  static func attached(_ attached: Scene.AttachedAnimation) -> JSONValue {
    var object = JSONObject()
    object["layer"] = .string(attached.layer)
    if let key = attached.key {
      object["key"] = .string(key)
    }
    append(attached.animation, to: &object)
    return .object(object)
  }

  /// Appends an animation's members (all but `layer` and `key`).
  static func append(_ animation: Animation, to object: inout JSONObject) {
    let width = animation.property?.valueWidth ?? 0
    func value(_ components: [Double]) -> JSONValue {
      width == 1 && components.count == 1 ? .number(components[0]) : numbers(components)
    }
    func propertyMembers(_ type: String) {
      object["type"] = .string(type)
      object["keyPath"] = .string(animation.property?.keyPath ?? "")
    }
    func closingMembers(additive: Bool) {
      object["timing"] = timing(animation.timing)
      if additive {
        object["additive"] = .bool(animation.isAdditive)
        object["cumulative"] = .bool(animation.isCumulative)
      }
      object["removedOnCompletion"] = .bool(animation.removedOnCompletion)
    }

    switch animation.content {
    case .basic(let values):
      propertyMembers("basic")
      if let from = values.from { object["from"] = value(from) }
      if let to = values.to { object["to"] = value(to) }
      if let by = values.by { object["by"] = value(by) }
      closingMembers(additive: true)

    case .keyframes(let keyframes):
      propertyMembers("keyframes")
      object["values"] = .array(keyframes.values.map(value))
      if let keyTimes = keyframes.keyTimes { object["keyTimes"] = numbers(keyTimes) }
      if let curves = keyframes.curves { object["curves"] = .array(curves.map { .string($0.description) }) }
      object["calculationMode"] = .string(keyframes.mode.rawValue)
      if let tension = keyframes.tension { object["tension"] = numbers(tension) }
      if let continuity = keyframes.continuity { object["continuity"] = numbers(continuity) }
      if let bias = keyframes.bias { object["bias"] = numbers(bias) }
      closingMembers(additive: true)

    case .spring(let values):
      propertyMembers("spring")
      if let from = values.from { object["from"] = value(from) }
      object["to"] = value(values.to)
      if let velocity = values.velocity { object["velocity"] = value(velocity) }
      let spring = values.spring
      object["spring"] = [
        "mass": .number(spring.mass),
        "stiffness": .number(spring.stiffness),
        "damping": .number(spring.damping),
        "initialVelocity": .number(spring.initialVelocity),
        "allowsOverdamping": .bool(spring.allowsOverdamping),
      ]
      closingMembers(additive: true)

    case .group(let children):
      object["type"] = "group"
      closingMembers(additive: false)
      object["animations"] = .array(
        children.map { child in
          var member = JSONObject()
          append(child, to: &member)
          return .object(member)
        })

    case .transition(let transition):
      object["type"] = "transition"
      object["kind"] = .string(transition.kind.rawValue)
      object["direction"] = .string(transition.direction.rawValue)
      object["fromLayer"] = .string(transition.fromLayer)
      object["startProgress"] = .number(transition.startProgress)
      object["endProgress"] = .number(transition.endProgress)
      closingMembers(additive: false)
    }
  }

  /// Every Web Animations field of a timing; a Core Animation timing is written as what it
  /// maps to.
  static func timing(_ timing: Timing) -> JSONValue {
    [
      "duration": numberOrInfinity(timing.duration),
      "delay": .number(timing.delay),
      "endDelay": .number(timing.endDelay),
      "iterations": numberOrInfinity(timing.iterations),
      "iterationStart": .number(timing.iterationStart),
      "direction": .string(timing.direction.rawValue),
      "fill": .string(timing.fill.rawValue),
      "easing": .string(timing.easing.description),
      "playbackRate": .number(timing.playbackRate),
      "timeOffset": .number(timing.timeOffset),
      "timeScale": .number(timing.timeScale),
    ]
  }

  // MARK: - Values

  static func numbers(_ values: [Double]) -> JSONValue {
    .array(values.map(JSONValue.number))
  }

  static func point(_ point: Point) -> JSONValue {
    numbers([point.x, point.y])
  }

  /// `"infinity"` for +∞, else the number.
  static func numberOrInfinity(_ value: Double) -> JSONValue {
    value == .infinity ? .string("infinity") : .number(value)
  }

  // MARK: - Text

  /// The scene's text, pretty (as ``prettyText(_:)``) or compact (as
  /// ``JSONValue/serialized(pretty:)``) of the whole document, written one layer and
  /// one attachment at a time, so only the text is held, never the whole document.
  ///
  /// - Parameters:
  ///   - scene: The scene.
  ///   - pretty: Whether to indent.
  ///   - limits: What the text must stay within: by default what ``Scene/init(json:)`` reads.
  /// - Throws: `.limit` as soon as the text passes `limits`' bytes, values or depth: the work
  ///   done is bounded by the limits, not by the scene.
  static func text(for scene: Scene, pretty: Bool, limits: JSONLimits = .default) throws(GhostframeError) -> String {
    // The document object, its format and version, and the two arrays.
    var values = 5, deepest = 2
    var output: [UInt8] = []
    func open(_ key: String, first: Bool) {
      if !first { output.append(UInt8(ascii: ",")) }
      if pretty { output.append(contentsOf: "\n  ".utf8) }
      JSONText.appendQuoted(key, to: &output)
      output.append(contentsOf: (pretty ? ": " : ":").utf8)
    }
    func array(_ key: String, count: Int, element: (Int) -> JSONValue) throws(GhostframeError) {
      open(key, first: false)
      output.append(UInt8(ascii: "["))
      for index in 0..<count {
        let value = element(index)
        let (pieceValues, pieceDepth) = measure(value)
        values += pieceValues
        deepest = max(deepest, 2 + pieceDepth)
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty {
          output.append(contentsOf: "\n    ".utf8)
          appendPretty(value, depth: 2, to: &output)
        } else {
          output.append(contentsOf: value.serialized(pretty: false).utf8)
        }
        try checkReadable(bytes: output.count, values: values, depth: deepest, limits: limits)
      }
      if pretty && count > 0 { output.append(contentsOf: "\n  ".utf8) }
      output.append(UInt8(ascii: "]"))
    }
    output.append(UInt8(ascii: "{"))
    open("format", first: true)
    JSONText.appendQuoted(Scene.jsonFormatName, to: &output)
    open("version", first: false)
    output.append(contentsOf: JSONText.number(Double(Scene.jsonFormatVersion)).utf8)
    try array("layers", count: scene.layers.count) { layer(scene.layers[$0]) }
    try array("animations", count: scene.animations.count) { attached(scene.animations[$0]) }
    if pretty { output.append(UInt8(ascii: "\n")) }
    output.append(UInt8(ascii: "}"))
    try checkReadable(bytes: output.count, values: values, depth: deepest, limits: limits)
    return String(decoding: output, as: UTF8.self)
  }

  // MARK: - What the reader accepts

  /// Throws `.limit` when a text of `bytes` bytes, `values` values and `depth` levels could not be
  /// read back under `limits`.
  static func checkReadable(bytes: Int, values: Int, depth: Int, limits: JSONLimits) throws(GhostframeError) {
    guard bytes <= limits.maxBytes else {
      throw GhostframeError(
        .limit,
        "the scene's JSON would be more than \(limits.maxBytes) bytes; a scene document is read up to \(limits.maxBytes) bytes (JSONLimits.default.maxBytes, GF_MAX_TEXT_BYTES), so it could not be read back")
    }
    guard values <= limits.maxElements else {
      throw GhostframeError(
        .limit,
        "the scene's JSON would hold more than \(limits.maxElements) values; a scene document is read up to \(limits.maxElements) (JSONLimits.default.maxElements), so it could not be read back")
    }
    guard depth <= limits.effectiveMaxDepth else {
      throw GhostframeError(
        .limit,
        "the scene's JSON would nest \(depth) levels; a scene document is read up to \(limits.effectiveMaxDepth) (JSONLimits.default.maxDepth), so it could not be read back")
    }
  }

  /// The values of `document` as the parser counts them (every scalar, array and object, keys
  /// not counted) and its deepest nesting of arrays and objects (`[[1]]` is 2). Iterative.
  static func measure(_ document: JSONValue) -> (values: Int, depth: Int) {
    var values = 0, deepest = 0
    var pending: [(value: JSONValue, depth: Int)] = [(document, 0)]
    while let (value, depth) = pending.popLast() {
      values += 1
      switch value {
      case .array(let elements):
        deepest = max(deepest, depth + 1)
        for element in elements { pending.append((element, depth + 1)) }
      case .object(let object):
        deepest = max(deepest, depth + 1)
        for member in object.members { pending.append((member.value, depth + 1)) }
      default:
        break
      }
    }
    return (values, deepest)
  }

  // MARK: - Pretty text

  /// An open container and the position of its next element or member.
  private enum Frame {
    case array([JSONValue], next: Int)
    case object([JSONObject.Element], next: Int)
  }

  /// `value` indented by 2 spaces a level, with `": "` after keys, like
  /// ``JSONValue/serialized(pretty:)``, except that an array of scalars stays on one line
  /// (`[16, 100, 343, 200]`). Iterative: any depth is safe.
  static func prettyText(_ value: JSONValue) -> String {
    var output: [UInt8] = []
    appendPretty(value, depth: 0, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends ``prettyText(_:)`` of `value` as it reads nested `depth` levels deep (its lines
  /// indented by `2 × depth` more spaces).
  static func appendPretty(_ value: JSONValue, depth base: Int, to output: inout [UInt8]) {
    var stack: [Frame] = []
    var pending: JSONValue? = value

    func newline(depth: Int) {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (base + depth)))
    }

    while true {
      if let value = pending {
        pending = nil
        switch value {
        case .array(let elements) where elements.allSatisfy(isScalar):
          output.append(UInt8(ascii: "["))
          for (index, element) in elements.enumerated() {
            if index > 0 { output.append(contentsOf: ", ".utf8) }
            appendScalar(element, to: &output)
          }
          output.append(UInt8(ascii: "]"))
        case .array(let elements):
          output.append(UInt8(ascii: "["))
          stack.append(.array(elements, next: 0))
        case .object(let object) where object.isEmpty:
          output.append(contentsOf: "{}".utf8)
        case .object(let object):
          output.append(UInt8(ascii: "{"))
          stack.append(.object(object.members, next: 0))
        default:
          appendScalar(value, to: &output)
        }
      }
      guard let frame = stack.popLast() else { break }
      switch frame {
      case .array(let elements, let next):
        if next < elements.count {
          if next > 0 { output.append(UInt8(ascii: ",")) }
          newline(depth: stack.count + 1)
          pending = elements[next]
          stack.append(.array(elements, next: next + 1))
        } else {
          newline(depth: stack.count)
          output.append(UInt8(ascii: "]"))
        }
      case .object(let members, let next):
        if next < members.count {
          if next > 0 { output.append(UInt8(ascii: ",")) }
          newline(depth: stack.count + 1)
          JSONText.appendQuoted(members[next].key, to: &output)
          output.append(contentsOf: ": ".utf8)
          pending = members[next].value
          stack.append(.object(members, next: next + 1))
        } else {
          newline(depth: stack.count)
          output.append(UInt8(ascii: "}"))
        }
      }
    }
  }

  private static func isScalar(_ value: JSONValue) -> Bool {
    switch value {
    case .array, .object: return false
    default: return true
    }
  }

  /// Appends a non-container value as the JSON writer does.
  private static func appendScalar(_ value: JSONValue, to output: inout [UInt8]) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number): output.append(contentsOf: JSONText.number(number).utf8)
    case .string(let text): JSONText.appendQuoted(text, to: &output)
    case .array, .object: output.append(contentsOf: value.serialized(pretty: false).utf8)
    }
  }
}
