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
  static let layerKeys = Set(["id", "parent", "custom", "contents", "source"] + LayerProperty.all.map(\.key))
  static let transformKeys: Set<String> = ["scale", "rotation", "translation"]
  static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]
  /// A layer's `source`: the view a skeleton bone stands for.
  static let sourceKeys: Set<String> = ["view", "kind", "line"]
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
    case id, parent, custom, contents, source
    /// The keys as written, by raw value.
    static let names = ["id", "parent", "custom", "contents", "source"]
    /// The ordinal of the first property.
    static let propertyBase = 5
  }
  static let transformKeySet = JSONKeySet(transformKeys)
  static let gradientKeySet = JSONKeySet(gradientKeys)
  static let sourceKeySet = JSONKeySet(sourceKeys)
  /// The keys of a `timing` object at their ``TimingKey`` ordinals.
  static let timingKeySet = JSONKeySet(ordinals: TimingKey.names.map { timingKeys.contains($0) ? $0 : nil })
  static let coreAnimationKeySet = JSONKeySet(coreAnimationKeys)
  static let springKeySet = JSONKeySet(springKeys)
  /// The Web Animations name of each Core Animation timing field that has one (hints for a
  /// Core Animation field put in a `timing` object).
  static let webAnimationNames = Dictionary(uniqueKeysWithValues: coreAnimationNames.map { ($0.value, $0.key) })

  /// The fixed key paths of ``AnimatableProperty``, for "did you mean" suggestions
  /// (`custom.NAME` is open-ended): Core's own list, derived from the layer properties.
  static let knownKeyPaths: Set<String> = AnimatableProperty.fixedKeyPaths

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

  /// The most layers, and animations, a document's counts reserve room for before reading them.
  static let reservationHint = 1 << 16

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
    // Room for what the arrays hold: a hint, capped so that a short document of empty objects
    // (which fails on its first element) cannot reserve hundreds of megabytes first; larger
    // scenes grow past it as arrays do. The counts themselves are checked when read.
    let layerCount = present(root, "layers")?.arrayCount ?? 0
    let animationCount = present(root, "animations")?.arrayCount ?? 0
    scene.reserveCapacity(layers: min(layerCount, Self.reservationHint), animations: min(animationCount, Self.reservationHint))
    if let layers = present(root, "layers") {
      try addLayers(layers, to: &scene)
    }
    if let animations = present(root, "animations") {
      try addAnimations(animations, to: &scene, cache: ReadCache())
    }
    return scene
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
