import GhostframeCore

/// AXAnimationChain's view shorthand (`UIView+AnimationChain`): property shorthands that all run
/// together, each from the begin time set by ``after(_:)``.
///
/// The rules are the original's:
/// - ``spring`` and ``basic`` only choose the kind of the *next* shorthand (basic when neither
///   was given since the last shorthand);
/// - every shorthand (``centerBy(x:y:)``, ``sizeBy(width:height:)``, ``cornerRadiusBy(_:)``, ...) adds a
///   link *combined* with the chain's first link (AXAnimationChain's top animator), beginning at
///   the current ``after(_:)`` time;
/// - ``after(_:)`` adds to that time (0 at first; a total below 0 is 0), so a later shorthand
///   starts later;
/// - ``duration(_:)``, the curves (``easeOut``, ...), ``named(_:)`` and ``completion(_:)``
///   apply to the last shorthand.
///
/// So the seed's one-liner runs its three springs together from t = 0 (AXAnimationChain's
/// unlabelled spellings, `centerBy(0, 100)`, forward to these):
///
/// ```swift
/// let run = try ViewAnimationChain(layer: "card")
///   .spring.centerBy(x: 0, y: 100).easeOut
///   .spring.sizeBy(width: 100, height: 100)
///   .spring.cornerRadiusBy(4)
///   .animate(in: &scene)
/// ```
///
/// ``chain`` is the ``AnimationChain`` underneath, for the chain-animator vocabulary
/// (`nextTo…`, `combine…`). Mistakes (a non-finite ``after(_:)``, a modifier before any
/// shorthand) are recorded on it and thrown by ``schedule()`` and ``animate(in:layer:at:)``.
public final class ViewAnimationChain {
  /// The chain the shorthands add to.
  public let chain: AnimationChain
  /// The kind of the next shorthand's link.
  var nextKind: ChainLinkSpec.Kind = .basic
  /// The begin time of the next shorthand's link, in seconds from the chain's start.
  var begin = 0.0
  /// The link the last shorthand added.
  var last: BasicChainLink?

  /// A view shorthand animating the layer `layer` (see ``AnimationChain/init(layer:)``).
  public init(layer: String) {
    chain = AnimationChain(layer: layer)
  }

  // MARK: - Kind and time

  /// Makes the next shorthand a spring (`CASpringAnimation`).
  public var spring: Self {
    nextKind = .spring
    return self
  }

  /// Makes the next shorthand a basic animation (the default).
  public var basic: Self {
    nextKind = .basic
    return self
  }

  /// Moves the begin time of the shorthands that follow by `seconds` (finite; the total is
  /// held at 0 or more, as AXAnimationChain's `after`).
  @discardableResult
  public func after(_ seconds: Double) -> Self {
    guard seconds.isFinite else {
      chain.record(.invalid("chain: after(\(seconds)) must be finite"))
      return self
    }
    begin = max(begin + seconds, 0)
    return self
  }

  /// Adds the next shorthand's link animating `keyPath` to `values`.
  func add(_ keyPath: String, to values: Double...) -> Self { add { $0.property(keyPath).toValue(values) } }

  /// Adds the next shorthand's link animating `keyPath` by `values`.
  func add(_ keyPath: String, by values: Double...) -> Self { add { $0.property(keyPath).byValue(values) } }

  /// Adds the next shorthand's link, combined with the chain's first link, at the current begin
  /// time, and lets `body` set what it animates.
  func add(_ body: (BasicChainLink) -> Void) -> Self {
    let combined = chain.count > 0
    let index = chain.append(nextKind, combined: combined, anchor: combined ? 0 : nil)
    let link = nextKind == .spring ? SpringChainLink(chain, index: index) : BasicChainLink(chain, index: index)
    body(link.beginTime(begin))
    nextKind = .basic
    last = link
    return self
  }

  /// Applies `body` to the last shorthand's link; before any, records the mistake.
  func modifyLast(_ what: String, _ body: (BasicChainLink) -> Void) -> Self {
    guard let last else {
      chain.record(.invalid("chain: \(what) needs a shorthand before it (centerBy, sizeBy, ...)"))
      return self
    }
    body(last)
    return self
  }

  // MARK: - The last shorthand's timing

  /// The last shorthand's duration (see ``ChainLink/duration(_:)``).
  @discardableResult
  public func duration(_ seconds: Double) -> Self { modifyLast("duration") { $0.duration(seconds) } }
  /// The last shorthand's timing curve (see ``ChainLink/timing(_:)``).
  @discardableResult
  public func timing(_ curve: Curve) -> Self { modifyLast("a curve") { $0.timing(curve) } }
  /// The last shorthand's curve: linear.
  public var linear: Self { timing(.linear) }
  /// The last shorthand's curve: Core Animation's `easeIn`.
  public var easeIn: Self { timing(.easeIn) }
  /// The last shorthand's curve: Core Animation's `easeOut`.
  public var easeOut: Self { timing(.easeOut) }
  /// The last shorthand's curve: Core Animation's `easeInEaseOut`.
  public var easeInOut: Self { timing(.easeInOut) }
  /// The last shorthand's name (see ``ChainLink/named(_:)``).
  @discardableResult
  public func named(_ name: String) -> Self { modifyLast("named") { $0.named(name) } }
  /// The last shorthand's completion (see ``ChainLink/completion(_:)``).
  @discardableResult
  public func completion(_ body: @escaping (ChainCompletion) -> Void) -> Self {
    modifyLast("completion") { $0.completion(body) }
  }

  // MARK: - Running

  /// Animates the chain: see ``AnimationChain/animate(in:layer:at:)``.
  @discardableResult
  public func animate(in scene: inout Scene, layer: String? = nil, at start: Double = 0) throws(GhostframeError)
    -> ChainRun
  {
    try chain.animate(in: &scene, layer: layer, at: start)
  }

  /// The chain's schedule: see ``AnimationChain/schedule()``.
  public func schedule() throws(GhostframeError) -> TimelineSchedule { try chain.schedule() }
}
