// Readable descriptions of the values the engine reports (timing states, events, sampled layer
// states), so that `print`, string interpolation and test failures show them as
// `TimingState(phase: active, ...)` instead of module-qualified names, `Optional(...)` wrappers
// and raw bits. One style: the type's name and its public fields, labelled.

extension TimingPhase: CustomStringConvertible {
  /// The phase's name: `before`, `active` or `after`.
  public var description: String { rawValue }
}

extension PlaybackDirection: CustomStringConvertible {
  /// The direction's CSS name (`normal`, `alternate-reverse`, ...).
  public var description: String { rawValue }
}

extension FillMode: CustomStringConvertible {
  /// The fill's CSS name (`none`, `forwards`, `backwards`, `both`).
  public var description: String { rawValue }
}

extension TimingState: CustomStringConvertible {
  /// `TimingState(phase: active, activeTime: 0.5, currentIteration: 0.0, progress: 0.5)`;
  /// an unresolved value reads `nil`.
  public var description: String {
    "TimingState(phase: \(phase), activeTime: \(describe(activeTime)), "
      + "currentIteration: \(describe(currentIteration)), progress: \(describe(progress)))"
  }
}

extension AnimationEvent.Kind: CustomStringConvertible {
  /// `started` or `ended`.
  public var description: String { rawValue }
}

extension AnimationEvent: CustomStringConvertible {
  /// `AnimationEvent(kind: ended, animation: 3, layer: "card", key: "move", time: 0.6,
  /// isReversed: false)`.
  public var description: String {
    "AnimationEvent(kind: \(kind), animation: \(animation), layer: \(quoted(layer)), "
      + "key: \(key.map(quoted) ?? "nil"), time: \(time), isReversed: \(isReversed))"
  }
}

extension LayerState.Flags: CustomStringConvertible {
  /// The set flags by name, `[hidden, gradient]`; `[]` for none, and any bit without a name
  /// in hexadecimal.
  public var description: String {
    var names: [String] = []
    for (flag, name) in [(Self.hidden, "hidden"), (.gradient, "gradient"), (.contents, "contents")]
    where contains(flag) {
      names.append(name)
    }
    let unnamed = subtracting([.hidden, .gradient, .contents]).rawValue
    if unnamed != 0 { names.append("0x" + String(unnamed, radix: 16)) }
    return "[" + names.joined(separator: ", ") + "]"
  }
}

extension LayerState: CustomStringConvertible {
  /// The index, parent, flags, ``frame``, corner radius, ``color``, opacity, transform and z
  /// position, and the gradient's stops (location and RGBA) and points when it has any.
  public var description: String {
    let t = transform
    let transformText =
      t == .identity ? "identity" : "[\(t.a), \(t.b), \(t.c), \(t.d), \(t.tx), \(t.ty)]"
    var text =
      "LayerState(index: \(index), parent: \(parent), flags: \(flags), "
      + "frame: (\(x), \(y), \(width), \(height)), cornerRadius: \(cornerRadius), "
      + "color: (\(red), \(green), \(blue), \(alpha)), opacity: \(opacity), "
      + "transform: \(transformText), zPosition: \(zPosition)"
    let stops = Int(min(gradientStopCount, UInt32(gradientLocations.count)))
    if stops > 0 {
      let colors = gradientColors
      let stopTexts = (0..<stops).map { i in
        "\(gradientLocations[i]): (\(colors[4 * i]), \(colors[4 * i + 1]), \(colors[4 * i + 2]), \(colors[4 * i + 3]))"
      }
      text += ", gradient: [\(stopTexts.joined(separator: ", "))] from (\(gradientStart.x), \(gradientStart.y))"
        + " to (\(gradientEnd.x), \(gradientEnd.y))"
    }
    return text + ")"
  }
}

/// A number, or `nil` where the timing model leaves it unresolved.
private func describe(_ value: Double?) -> String { value.map { "\($0)" } ?? "nil" }

/// A text as Swift writes a string literal: `"card"`.
private func quoted(_ text: String) -> String { String(reflecting: text) }
