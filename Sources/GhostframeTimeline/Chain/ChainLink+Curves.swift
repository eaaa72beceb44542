import GhostframeCore

/// The timing-curve names of AXAnimationChain (`CAMediaTimingFunction+Extends`).
///
/// The Penner names are Robert Penner's exact equations (``/GhostframeCore/PennerEasing``), not the
/// cubic-bezier approximations AXAnimationChain used for most of them (its `easeInBack` differs from
/// Penner's by up to 0.067).
extension ChainLink {
  /// Linear timing.
  public var linear: Self { timing(.linear) }
  /// Core Animation's `default` (CSS `ease`).
  public var easeDefault: Self { timing(.ease) }
  /// Core Animation's `easeIn`.
  public var easeIn: Self { timing(.easeIn) }
  /// Core Animation's `easeOut`.
  public var easeOut: Self { timing(.easeOut) }
  /// Core Animation's `easeInEaseOut`.
  public var easeInOut: Self { timing(.easeInOut) }
  /// Penner's `easeInSine`.
  public var easeInSine: Self { timing(.penner(.easeInSine)) }
  /// Penner's `easeOutSine`.
  public var easeOutSine: Self { timing(.penner(.easeOutSine)) }
  /// Penner's `easeInOutSine`.
  public var easeInOutSine: Self { timing(.penner(.easeInOutSine)) }
  /// Penner's `easeInQuad`.
  public var easeInQuad: Self { timing(.penner(.easeInQuad)) }
  /// Penner's `easeOutQuad`.
  public var easeOutQuad: Self { timing(.penner(.easeOutQuad)) }
  /// Penner's `easeInOutQuad`.
  public var easeInOutQuad: Self { timing(.penner(.easeInOutQuad)) }
  /// Penner's `easeInCubic`.
  public var easeInCubic: Self { timing(.penner(.easeInCubic)) }
  /// Penner's `easeOutCubic`.
  public var easeOutCubic: Self { timing(.penner(.easeOutCubic)) }
  /// Penner's `easeInOutCubic`.
  public var easeInOutCubic: Self { timing(.penner(.easeInOutCubic)) }
  /// Penner's `easeInQuart`.
  public var easeInQuart: Self { timing(.penner(.easeInQuart)) }
  /// Penner's `easeOutQuart`.
  public var easeOutQuart: Self { timing(.penner(.easeOutQuart)) }
  /// Penner's `easeInOutQuart`.
  public var easeInOutQuart: Self { timing(.penner(.easeInOutQuart)) }
  /// Penner's `easeInQuint`.
  public var easeInQuint: Self { timing(.penner(.easeInQuint)) }
  /// Penner's `easeOutQuint`.
  public var easeOutQuint: Self { timing(.penner(.easeOutQuint)) }
  /// Penner's `easeInOutQuint`.
  public var easeInOutQuint: Self { timing(.penner(.easeInOutQuint)) }
  /// Penner's `easeInExpo`.
  public var easeInExpo: Self { timing(.penner(.easeInExpo)) }
  /// Penner's `easeOutExpo`.
  public var easeOutExpo: Self { timing(.penner(.easeOutExpo)) }
  /// Penner's `easeInOutExpo`.
  public var easeInOutExpo: Self { timing(.penner(.easeInOutExpo)) }
  /// Penner's `easeInCirc`.
  public var easeInCirc: Self { timing(.penner(.easeInCirc)) }
  /// Penner's `easeOutCirc`.
  public var easeOutCirc: Self { timing(.penner(.easeOutCirc)) }
  /// Penner's `easeInOutCirc`.
  public var easeInOutCirc: Self { timing(.penner(.easeInOutCirc)) }
  /// Penner's `easeInBack`.
  public var easeInBack: Self { timing(.penner(.easeInBack)) }
  /// Penner's `easeOutBack`.
  public var easeOutBack: Self { timing(.penner(.easeOutBack)) }
  /// Penner's `easeInOutBack`.
  public var easeInOutBack: Self { timing(.penner(.easeInOutBack)) }
  /// Penner's `easeInElastic`.
  public var easeInElastic: Self { timing(.penner(.easeInElastic)) }
  /// Penner's `easeOutElastic`.
  public var easeOutElastic: Self { timing(.penner(.easeOutElastic)) }
  /// Penner's `easeInOutElastic`.
  public var easeInOutElastic: Self { timing(.penner(.easeInOutElastic)) }
  /// Penner's `easeInBounce`.
  public var easeInBounce: Self { timing(.penner(.easeInBounce)) }
  /// Penner's `easeOutBounce`.
  public var easeOutBounce: Self { timing(.penner(.easeOutBounce)) }
  /// Penner's `easeInOutBounce`.
  public var easeInOutBounce: Self { timing(.penner(.easeInOutBounce)) }
}
