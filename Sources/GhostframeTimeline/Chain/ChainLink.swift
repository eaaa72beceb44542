import GhostframeCore

/// One link of an ``AnimationChain``: an animation on the chain's layer, with Core Animation's
/// timing parameters, placed after or alongside the other links.
///
/// Every modifier changes this link and returns it, so a chain reads as one expression; the
/// link kinds (``BasicChainLink``, ``SpringChainLink``, ``KeyframeChainLink``,
/// ``TransitionChainLink``) add what their animator has. ``nextToBasic`` and its siblings start
/// a new link after this link *and everything combined with it* (its stage); ``combineBasic`` and
/// its siblings add one that runs alongside, in this link's stage. Any link may be continued,
/// not only the last: a next-to from an earlier link joins the stage after that link's.
/// `basic`, `spring`, `keyframe` and `transition` on a link are the
/// `nextTo…` forms (the seed's view one-liner, whose shorthands run together, is
/// ``ViewAnimationChain``).
///
/// Values are checked when the chain is compiled (``AnimationChain/schedule()``,
/// ``animate(in:layer:at:)``), not here.
public class ChainLink {
  /// The chain the link belongs to.
  public let chain: AnimationChain
  /// The link's position in creation order.
  public let index: Int

  init(_ chain: AnimationChain, index: Int) {
    self.chain = chain
    self.index = index
  }

  /// Changes this link's description.
  @discardableResult
  func update(_ body: (inout ChainLinkSpec) -> Void) -> Self {
    body(&chain.specs[index])
    return self
  }

  /// Sets the animated key path: the one setter behind ``BasicChainLink/property(_:)`` (and so
  /// ``SpringChainLink``'s) and ``KeyframeChainLink/property(_:)``, and what the C builder calls
  /// for a link of either kind. Links without a key path (transitions) ignore it when compiled.
  @discardableResult
  package func setKeyPath(_ keyPath: String) -> Self { update { $0.keyPath = keyPath } }

  /// Sets one of a basic link's values (`\.from`, `\.to` or `\.by`), one number per component:
  /// the one setter behind the from / to / by modifiers and their conveniences.
  @discardableResult
  func setValue(_ field: WritableKeyPath<ChainLinkSpec, [Double]?>, _ components: [Double]) -> Self {
    update { $0[keyPath: field] = components }
  }

  // MARK: - Timing (CAMediaTiming)

  /// The basic duration in seconds, finite and `>= 0`; 0 (and the default for basic, keyframe
  /// and transition links) is Core Animation's 0.25 s. On a spring it stretches the settled
  /// motion over `seconds` (AXSpringAnimation's behaviour) instead of its settling duration.
  @discardableResult
  public func duration(_ seconds: Double) -> Self { update { $0.duration = seconds } }

  /// Seconds after the start of the link's stage, finite and `>= 0` (0 by default).
  @discardableResult
  public func beginTime(_ seconds: Double) -> Self { update { $0.beginTime = seconds } }

  /// Core Animation's `repeatCount`: the cycles to play, finite and `>= 0`, fractional allowed;
  /// 0 (the default) plays once. A cycle with ``autoreverses`` is forwards then back.
  @discardableResult
  public func repeatCount(_ count: Double) -> Self { update { $0.repeatCount = count } }

  /// Plays each cycle forwards, then backwards (doubling the link's length).
  public var autoreverses: Self { update { $0.autoreverses = true } }

  /// Adds the link's values to what is under them instead of replacing it (a by-only change is
  /// always additive).
  public var additive: Self { update { $0.isAdditive = true } }

  /// The timing curve. Basic, keyframe and transition links default to ``/GhostframeCore/Curve/ease``
  /// (Core Animation's `default`, as AXAnimationChain's animators). On a spring the curve warps
  /// the spring's time (`value = spring(T · curve(p))`, AXSpringAnimation's rule), with the warped
  /// time held within [0, T]; a spring without a curve runs in physical seconds.
  @discardableResult
  public func timing(_ curve: Curve) -> Self { update { $0.curve = curve } }

  // MARK: - Identity and completion

  /// The link's name in ``AnimationChain/schedule()`` and ``ChainCompletion``; by default the key
  /// path it animates (`"position"`, `"bounds.size"`, ...) or `"transition"`.
  @discardableResult
  public func named(_ name: String) -> Self { update { $0.name = name } }

  /// Called, through ``ChainRun/advance(_:to:)``, each time the scene's clock crosses this link's
  /// end: once going forwards past it, once going backwards back into it (see
  /// ``ChainCompletion/isReversed``). A second call replaces the callback.
  @discardableResult
  public func completion(_ body: @escaping (ChainCompletion) -> Void) -> Self {
    update { $0.completion = body }
  }

  // MARK: - Next-to and combine-with

  /// A basic link that starts when this link's stage has finished.
  public var nextToBasic: BasicChainLink {
    BasicChainLink(chain, index: chain.append(.basic, combined: false, anchor: index))
  }
  /// A spring link that starts when this link's stage has finished.
  public var nextToSpring: SpringChainLink {
    SpringChainLink(chain, index: chain.append(.spring, combined: false, anchor: index))
  }
  /// A keyframe link that starts when this link's stage has finished.
  public var nextToKeyframe: KeyframeChainLink {
    KeyframeChainLink(chain, index: chain.append(.keyframe, combined: false, anchor: index))
  }
  /// A transition link that starts when this link's stage has finished.
  public var nextToTransition: TransitionChainLink {
    TransitionChainLink(chain, index: chain.append(.transition, combined: false, anchor: index))
  }

  /// A basic link that runs alongside this one (same stage).
  public var combineBasic: BasicChainLink {
    BasicChainLink(chain, index: chain.append(.basic, combined: true, anchor: index))
  }
  /// A spring link that runs alongside this one.
  public var combineSpring: SpringChainLink {
    SpringChainLink(chain, index: chain.append(.spring, combined: true, anchor: index))
  }
  /// A keyframe link that runs alongside this one.
  public var combineKeyframe: KeyframeChainLink {
    KeyframeChainLink(chain, index: chain.append(.keyframe, combined: true, anchor: index))
  }
  /// A transition link that runs alongside this one.
  public var combineTransition: TransitionChainLink {
    TransitionChainLink(chain, index: chain.append(.transition, combined: true, anchor: index))
  }

  /// ``nextToBasic``, short. (In the view shorthand, ``ViewAnimationChain``, `basic` only
  /// chooses the next shorthand's kind.)
  public var basic: BasicChainLink { nextToBasic }
  /// ``nextToSpring``, short: a link that begins when this link's stage has finished. (In the
  /// view shorthand, ``ViewAnimationChain``, `spring` only chooses the next shorthand's kind.)
  public var spring: SpringChainLink { nextToSpring }
  /// ``nextToKeyframe``, short.
  public var keyframe: KeyframeChainLink { nextToKeyframe }
  /// ``nextToTransition``, short.
  public var transition: TransitionChainLink { nextToTransition }

  // MARK: - Running

  /// Animates the whole chain from its root, whichever link this is: see
  /// ``AnimationChain/animate(in:layer:at:)``.
  @discardableResult
  public func animate(in scene: inout Scene, layer: String? = nil, at start: Double = 0) throws(GhostframeError)
    -> ChainRun
  {
    try chain.animate(in: &scene, layer: layer, at: start)
  }

  /// The whole chain's schedule: see ``AnimationChain/schedule()``.
  public func schedule() throws(GhostframeError) -> TimelineSchedule { try chain.schedule() }
}
