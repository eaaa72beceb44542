// Readable descriptions of what chains and timelines report (runs, completions, events), in
// GhostframeCore's style: the type's name and its public fields, labelled, without
// module-qualified names, `Optional(...)` wrappers or the closures a run holds.

extension ChainRun: CustomStringConvertible {
  /// `ChainRun(layer: "card", links: ["position" → animation 1, ends at 1.27, ...])`: each link
  /// in creation order with the animation it added and its end on the scene clock.
  public var description: String {
    let ordered = links.sorted { $0.value.index < $1.value.index }
    let linkTexts = ordered.map { id, link in
      "\(String(reflecting: link.name)) → animation \(id), ends at \(link.end)"
    }
    return "ChainRun(layer: \(String(reflecting: layer)), links: [\(linkTexts.joined(separator: ", "))])"
  }
}

extension ChainCompletion: CustomStringConvertible {
  /// `ChainCompletion(name: "position", index: 0, layer: "card", time: 1.27, isReversed: false)`.
  public var description: String {
    "ChainCompletion(name: \(String(reflecting: name)), index: \(index), layer: \(String(reflecting: layer)), "
      + "time: \(time), isReversed: \(isReversed))"
  }
}

extension TimelineEvent.Kind: CustomStringConvertible {
  /// `started` or `ended`.
  public var description: String { rawValue }
}

extension TimelineEvent: CustomStringConvertible {
  /// `TimelineEvent(kind: started, instance: 0, name: "slideUp", layers: ["card"], time: 0.0,
  /// isReversed: false)`.
  public var description: String {
    "TimelineEvent(kind: \(kind), instance: \(instance), name: \(String(reflecting: name)), "
      + "layers: \(layers), time: \(time), isReversed: \(isReversed))"
  }
}
