extension Animation {
  /// The most children a group may have, counting nested groups' children.
  public static let maximumGroupChildren = 100_000
  /// The deepest groups may nest: a group directly in a group is depth 2. Bounds the recursion of validation,
  /// compilation and release, and keeps a scene document within the JSON reader's 128 levels (each group
  /// level takes two levels of JSON), so every scene the engine holds can be written and read back.
  public static let maximumGroupDepth = 32

  /// Checks that the animation is well formed: value widths match the property, numbers are
  /// finite, keyframe arrays agree in length, key times are ordered in [0, 1], groups have a
  /// finite duration, a transition's `fromLayer` and a custom property's name have no NUL.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` naming the problem;
  ///   ``GhostframeError/Code/limit`` past ``maximumGroupChildren`` or ``maximumGroupDepth``.
  public func validate() throws(GhostframeError) {
    var budget = Self.maximumGroupChildren
    try validate(path: "animation", depth: 1, budget: &budget)
  }

  /// `path` is only evaluated to write an error message, so valid animations build no strings.
  private func validate(path pathText: @autoclosure () -> String, depth: Int, budget: inout Int) throws(GhostframeError) {
    switch content {
    case .basic(let v):
      guard let property else { throw .invalid("\(pathText()): a basic animation needs a key path") }
      try Self.check(v.from, "from", property, path: pathText())
      try Self.check(v.to, "to", property, path: pathText())
      try Self.check(v.by, "by", property, path: pathText())
    case .spring(let v):
      guard let property else { throw .invalid("\(pathText()): a spring animation needs a key path") }
      try Self.check(v.from, "from", property, path: pathText())
      try Self.check(v.to, "to", property, path: pathText())
      try Self.check(v.velocity, "velocity", property, path: pathText())
    case .keyframes(let k):
      guard let property else { throw .invalid("\(pathText()): a keyframe animation needs a key path") }
      // The keyframes and the property are passed, not the animation (no copy of it is made).
      try Self.validateKeyframes(k, property, path: pathText())
    case .group(let children):
      guard property == nil else { throw .invalid("\(pathText()): a group has no key path of its own") }
      guard timing.duration.isFinite else { throw .invalid("\(pathText()): a group's duration must be finite") }
      guard depth <= Self.maximumGroupDepth else {
        throw GhostframeError(.limit, "\(pathText()): groups nest more than \(Self.maximumGroupDepth) deep")
      }
      budget -= children.count
      guard budget >= 0 else {
        throw GhostframeError(.limit, "\(pathText()): more than \(Self.maximumGroupChildren) animations in one group tree")
      }
      for (index, child) in children.enumerated() {
        if case .transition = child.content {
          throw .invalid("\(pathText()).children[\(index)]: a transition cannot be part of a group")
        }
        try child.validate(path: "\(pathText()).children[\(index)]", depth: depth + 1, budget: &budget)
      }
    case .transition(let t):
      try Identifier.check(t.fromLayer, "\(pathText()).fromLayer")
      guard t.startProgress.isFinite, t.endProgress.isFinite, 0 <= t.startProgress,
            t.startProgress <= t.endProgress, t.endProgress <= 1 else {
        throw .invalid("\(pathText()): transition progress must satisfy 0 <= start <= end <= 1 (got \(t.startProgress), \(t.endProgress))")
      }
    }
  }

  /// Checks one value of `property`: its width, and that its numbers are finite.
  private static func check(
    _ value: [Double]?, _ name: String, _ property: AnimatableProperty, path pathText: @autoclosure () -> String
  ) throws(GhostframeError) {
    guard let value else { return }
    guard value.count == property.valueWidth else {
      throw .invalid("\(pathText()).\(name): '\(property.keyPath)' takes \(property.valueWidth) number(s), got \(value.count)")
    }
    if let bad = value.firstIndex(where: { !$0.isFinite }) {
      throw .invalid("\(pathText()).\(name)[\(bad)] must be finite (got \(value[bad]))")
    }
    try checkBoundsOrigin(value[...], property, path: "\(pathText()).\(name)")
  }

  /// Refuses a `bounds` value whose origin is not zero: a layer's bounds origin (Core
  /// Animation's offset of its sublayers' coordinates) is not modelled, and an animation of it
  /// would otherwise do nothing without a word.
  private static func checkBoundsOrigin(
    _ value: ArraySlice<Double>, _ property: AnimatableProperty, path: @autoclosure () -> String
  ) throws(GhostframeError) {
    guard case .bounds = property.mapping, value.count >= 2 else { return }
    let x = value[value.startIndex], y = value[value.startIndex + 1]
    guard x == 0, y == 0 else {
      throw .invalid("\(path()): the bounds origin must be (0, 0), got (\(x), \(y)): Ghostframe does not model "
        + "a layer's bounds origin (the offset of its sublayers); animate 'position' or 'frame.origin' to move it")
    }
  }

  /// Checks that a keyframe animation's lists agree with each other and with `property`.
  private static func validateKeyframes(
    _ k: Keyframes, _ property: AnimatableProperty, path: @autoclosure () -> String
  ) throws(GhostframeError) {
    let n = k.count
    guard n >= 1 else { throw .invalid("\(path()).values: at least one keyframe is needed") }
    if let ragged = k.ragged {
      for (index, value) in ragged.enumerated() { try check(value, "values[\(index)]", property, path: path()) }
    }
    if k.width != property.valueWidth || k.flatValues.count != n * k.width {
      throw .invalid("\(path()).values: '\(property.keyPath)' takes \(property.valueWidth) number(s) per keyframe, "
        + "got \(k.flatValues.count) number(s) in keyframes of \(k.width)")
    }
    if let bad = k.flatValues.firstIndex(where: { !$0.isFinite }) {
      throw .invalid("\(path()).values[\(bad / k.width)][\(bad % k.width)] must be finite (got \(k.flatValues[bad]))")
    }
    if case .bounds = property.mapping, k.width > 0 {
      for index in 0..<n {
        let start = index * k.width
        try checkBoundsOrigin(k.flatValues[start..<(start + k.width)], property, path: "\(path()).values[\(index)]")
      }
    }
    let timed = k.mode == .linear || k.mode == .discrete || k.mode == .cubic
    if let times = k.keyTimes, timed {
      let expected = k.mode == .discrete ? n + 1 : n
      guard times.count == expected else {
        throw .invalid("\(path()).keyTimes: \(k.mode.rawValue) mode with \(n) values needs \(expected) key times, got \(times.count)")
      }
      var previous = 0.0
      for (index, time) in times.enumerated() {
        guard time.isFinite, time >= previous, time <= 1 else {
          throw .invalid("\(path()).keyTimes[\(index)] must be in [\(previous), 1] (got \(time))")
        }
        previous = time
      }
      guard times.first == 0, times.last == 1 else {
        throw .invalid("\(path()).keyTimes must start at 0 and end at 1")
      }
    }
    if let curves = k.curves, n > 1 {
      let segments = k.mode == .discrete ? n : n - 1
      guard curves.count == segments else {
        throw .invalid("\(path()).curves: \(segments) segment curve(s) expected, got \(curves.count)")
      }
    }
    // One by one, in this order (no array of the three is made).
    try checkParameters(k.tension, "tension", count: n, path: path())
    try checkParameters(k.continuity, "continuity", count: n, path: path())
    try checkParameters(k.bias, "bias", count: n, path: path())
  }

  /// Checks a keyframe animation's tension, continuity or bias: one finite number per keyframe.
  private static func checkParameters(
    _ values: [Double]?, _ name: String, count n: Int, path: @autoclosure () -> String
  ) throws(GhostframeError) {
    guard let values else { return }
    guard values.count == n else { throw .invalid("\(path()).\(name): \(n) values expected, got \(values.count)") }
    if let bad = values.firstIndex(where: { !$0.isFinite }) {
      throw .invalid("\(path()).\(name)[\(bad)] must be finite")
    }
  }
}
