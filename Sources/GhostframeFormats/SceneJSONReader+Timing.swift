import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Timings: the Web Animations and Core Animation forms.
extension SceneJSONReader {
  /// The timing of an animation that must have one.
  static func requiredTiming(
    _ object: JSONTapeMembers, cache: ReadCache
  ) throws(GhostframeError) -> Timing {
    guard let timing = try timing(in: object, cache: cache) else {
      throw .invalid("\(object.path): missing required key 'timing' (or 'coreAnimation')")
    }
    return timing
  }

  /// The `timing` or `coreAnimation` member, or nil when there is neither.
  static func timing(
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
  static func members(
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
}
