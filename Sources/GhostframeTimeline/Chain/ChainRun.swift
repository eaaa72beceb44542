import GhostframeCore

/// A chain animated in a scene: the animations it added, and the completion callbacks it delivers
/// as the scene's clock moves.
///
/// Ghostframe has no render loop: the host moves the scene's clock with ``advance(_:to:)`` (or
/// with ``/GhostframeCore/Scene/advance(to:)`` and then ``deliver(_:)``), and each link's
/// completion is called once per crossing of its end, forwards or backwards, in the order the
/// crossings happen, synchronously on the calling thread, after the scene's clock has moved.
/// A run holds closures, so it is not `Sendable`.
public struct ChainRun {
  /// What the run knows of one link's animation.
  struct Link {
    let name: String
    let index: Int
    let end: Double
    let completion: ((ChainCompletion) -> Void)?
  }

  /// The layer the chain animates.
  public let layer: String
  /// The ids of the added animations, one per link in creation order.
  public let animationIDs: [UInt64]
  /// The links by animation id.
  let links: [UInt64: Link]

  /// Moves the scene's clock to `t` (``/GhostframeCore/Scene/advance(to:)``) and calls the
  /// completions of the links whose end was crossed.
  ///
  /// - Returns: Every event of the scene since its previous time, the chain's and others'.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite time (nothing is called).
  @discardableResult
  public func advance(_ scene: inout Scene, to t: Double) throws(GhostframeError) -> [AnimationEvent] {
    let events = try scene.advance(to: t)
    deliver(events)
    return events
  }

  /// Calls the completions for `events` (from the scene this run was animated in), in order.
  ///
  /// - Returns: How many completions were due (callbacks called, or links without one).
  @discardableResult
  public func deliver(_ events: [AnimationEvent]) -> Int {
    var count = 0
    for event in events {
      guard let completion = completion(for: event) else { continue }
      count += 1
      links[event.animation]?.completion?(completion)
    }
    return count
  }

  /// The completion `event` stands for: the end of one of the run's links crossed, forwards
  /// (`ended`) or backwards (`started` from the end); nil for anything else.
  public func completion(for event: AnimationEvent) -> ChainCompletion? {
    guard let link = links[event.animation] else { return nil }
    let crossesEnd = event.isReversed ? event.kind == .started : event.kind == .ended
    guard crossesEnd else { return nil }
    return ChainCompletion(name: link.name, index: link.index, layer: layer, time: event.time,
                           isReversed: event.isReversed)
  }
}
