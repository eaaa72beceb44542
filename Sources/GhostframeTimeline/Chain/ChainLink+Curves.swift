import GhostframeCore

/// The timing-curve names of AXAnimationChain (`CAMediaTimingFunction+Extends`), moving as they
/// did on iOS.
///
/// Sine, Quad, Cubic, Quart, Quint, Expo, Circ and Back are AXAnimationChain's cubic-bezier
/// approximations (its `easeInBack` is `cubic-bezier(0.6, -0.28, 0.735, 0.045)`, up to 0.067 from
/// Penner's equation); Elastic and Bounce are Robert Penner's exact equations, as AXAnimationChain
/// computes them. Penner's exact curves stay available by spec: `timing(Curve(parsing: "easeInBack"))`
/// or ``/GhostframeCore/Curve/penner(_:)``.
extension ChainLink {
  /// AXAnimationChain's `functionWithControlPoints`: constants in range, so the error path only
  /// records a mistake that cannot happen.
  func axBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Self {
    do {
      return timing(try .cubicBezier(x1, y1, x2, y2))
    } catch {
      chain.record(error)
      return self
    }
  }

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
  /// AXAnimationChain's `easeInSine`: `cubic-bezier(0.47, 0, 0.745, 0.715)`.
  public var easeInSine: Self { axBezier(0.47, 0, 0.745, 0.715) }
  /// AXAnimationChain's `easeOutSine`: `cubic-bezier(0.39, 0.575, 0.565, 1)`.
  public var easeOutSine: Self { axBezier(0.39, 0.575, 0.565, 1) }
  /// AXAnimationChain's `easeInOutSine`: `cubic-bezier(0.445, 0.05, 0.55, 0.95)`.
  public var easeInOutSine: Self { axBezier(0.445, 0.05, 0.55, 0.95) }
  /// AXAnimationChain's `easeInQuad`: `cubic-bezier(0.55, 0.085, 0.68, 0.53)`.
  public var easeInQuad: Self { axBezier(0.55, 0.085, 0.68, 0.53) }
  /// AXAnimationChain's `easeOutQuad`: `cubic-bezier(0.25, 0.46, 0.45, 0.94)`.
  public var easeOutQuad: Self { axBezier(0.25, 0.46, 0.45, 0.94) }
  /// AXAnimationChain's `easeInOutQuad`: `cubic-bezier(0.455, 0.03, 0.515, 0.955)`.
  public var easeInOutQuad: Self { axBezier(0.455, 0.03, 0.515, 0.955) }
  /// AXAnimationChain's `easeInCubic`: `cubic-bezier(0.55, 0.055, 0.675, 0.19)`.
  public var easeInCubic: Self { axBezier(0.55, 0.055, 0.675, 0.19) }
  /// AXAnimationChain's `easeOutCubic`: `cubic-bezier(0.215, 0.61, 0.355, 1)`.
  public var easeOutCubic: Self { axBezier(0.215, 0.61, 0.355, 1) }
  /// AXAnimationChain's `easeInOutCubic`: `cubic-bezier(0.645, 0.045, 0.355, 1)`.
  public var easeInOutCubic: Self { axBezier(0.645, 0.045, 0.355, 1) }
  /// AXAnimationChain's `easeInQuart`: `cubic-bezier(0.895, 0.03, 0.685, 0.22)`.
  public var easeInQuart: Self { axBezier(0.895, 0.03, 0.685, 0.22) }
  /// AXAnimationChain's `easeOutQuart`: `cubic-bezier(0.165, 0.84, 0.44, 1)`.
  public var easeOutQuart: Self { axBezier(0.165, 0.84, 0.44, 1) }
  /// AXAnimationChain's `easeInOutQuart`: `cubic-bezier(0.77, 0, 0.175, 1)`.
  public var easeInOutQuart: Self { axBezier(0.77, 0, 0.175, 1) }
  /// AXAnimationChain's `easeInQuint`: `cubic-bezier(0.755, 0.05, 0.855, 0.06)`.
  public var easeInQuint: Self { axBezier(0.755, 0.05, 0.855, 0.06) }
  /// AXAnimationChain's `easeOutQuint`: `cubic-bezier(0.23, 1, 0.32, 1)`.
  public var easeOutQuint: Self { axBezier(0.23, 1, 0.32, 1) }
  /// AXAnimationChain's `easeInOutQuint`: `cubic-bezier(0.86, 0, 0.07, 1)`.
  public var easeInOutQuint: Self { axBezier(0.86, 0, 0.07, 1) }
  /// AXAnimationChain's `easeInExpo`: `cubic-bezier(0.95, 0.05, 0.795, 0.035)`.
  public var easeInExpo: Self { axBezier(0.95, 0.05, 0.795, 0.035) }
  /// AXAnimationChain's `easeOutExpo`: `cubic-bezier(0.19, 1, 0.22, 1)`.
  public var easeOutExpo: Self { axBezier(0.19, 1, 0.22, 1) }
  /// AXAnimationChain's `easeInOutExpo`: `cubic-bezier(1, 0, 0, 1)`.
  public var easeInOutExpo: Self { axBezier(1, 0, 0, 1) }
  /// AXAnimationChain's `easeInCirc`: `cubic-bezier(0.6, 0.04, 0.98, 0.335)`.
  public var easeInCirc: Self { axBezier(0.6, 0.04, 0.98, 0.335) }
  /// AXAnimationChain's `easeOutCirc`: `cubic-bezier(0.075, 0.82, 0.165, 1)`.
  public var easeOutCirc: Self { axBezier(0.075, 0.82, 0.165, 1) }
  /// AXAnimationChain's `easeInOutCirc`: `cubic-bezier(0.785, 0.135, 0.15, 0.86)`.
  public var easeInOutCirc: Self { axBezier(0.785, 0.135, 0.15, 0.86) }
  /// AXAnimationChain's `easeInBack`: `cubic-bezier(0.6, -0.28, 0.735, 0.045)`.
  public var easeInBack: Self { axBezier(0.6, -0.28, 0.735, 0.045) }
  /// AXAnimationChain's `easeOutBack`: `cubic-bezier(0.175, 0.885, 0.32, 1.275)`.
  public var easeOutBack: Self { axBezier(0.175, 0.885, 0.32, 1.275) }
  /// AXAnimationChain's `easeInOutBack`: `cubic-bezier(0.68, -0.55, 0.265, 1.55)`.
  public var easeInOutBack: Self { axBezier(0.68, -0.55, 0.265, 1.55) }
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
