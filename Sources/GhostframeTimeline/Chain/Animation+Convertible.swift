import GhostframeCore

/// AXAnimationChain's *Convertible*: a basic or spring animation turned into an equivalent
/// keyframe animation.
extension Animation {
  /// The most keyframes a conversion makes.
  public static let maximumConversionSamples = 1 << 20

  /// A signature of Robert Penner's easing equations: the value at time `t` of a change `c`
  /// from `b` over `d` seconds (`t` in [0, d]).
  public typealias ValuesFunction = (_ t: Double, _ b: Double, _ c: Double, _ d: Double) -> Double

  /// The animation as keyframes: its value sampled at `samples` evenly spaced points of one
  /// iteration, `p_k = k / (samples − 1)`, joined by straight lines (linear mode, even key times),
  /// with the timing's easing folded into the values and reset to linear. Everything else (begin,
  /// duration, repeats, direction, fill, additivity) is kept.
  ///
  /// Unlike AXAnimationChain, which prepends the from value and shows sample *k* at `(k+1)/N`, the
  /// keyframes sit exactly on the curve, so the keyframe version differs from the original only
  /// between samples: for a value `f(p)` with a continuous second derivative the error is at most
  /// `h²/8 · max|f''|` with `h = 1 / (samples − 1)` (linear interpolation).
  ///
  /// A basic animation needs both ends resolved (from + to, from + by, by + to; or additive, where a
  /// missing end is 0); a spring needs its from value unless additive, and keeps its velocity.
  ///
  /// - Parameter samples: At least 2 and at most ``maximumConversionSamples``.
  /// - Returns: The keyframe animation.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for another kind of animation, a
  ///   sample count out of range, or an end that depends on the value under the animation;
  ///   ``/GhostframeCore/GhostframeError/Code/callback`` when the easing is a host curve that
  ///   returns a non-finite value.
  public func convertedToKeyframes(samples: Int) throws(GhostframeError) -> Animation {
    try HostCallbackFailure.checking { () throws(GhostframeError) in try converted(samples: samples, valuesFunction: nil) }
  }

  /// The animation as keyframes whose values come from a Penner-style `valuesFunction(t, b, c, d)`
  /// per component (b = from, c = to − from, d = the iteration duration, t = p_k · d) instead of
  /// the animation's own easing or spring (AXAnimationChain's `animationWithBasic:usingValuesFunction:`).
  ///
  /// - Throws: As ``convertedToKeyframes(samples:)``, and for a non-finite value from the function.
  public func convertedToKeyframes(samples: Int, valuesFunction: ValuesFunction) throws(GhostframeError) -> Animation {
    try withoutActuallyEscaping(valuesFunction) { (function) throws(GhostframeError) in
      try converted(samples: samples, valuesFunction: function)
    }
  }

  private func converted(samples: Int, valuesFunction: ValuesFunction?) throws(GhostframeError) -> Animation {
    guard samples >= 2 && samples <= Self.maximumConversionSamples else {
      throw .invalid("convert: samples must be in 2...\(Self.maximumConversionSamples) (got \(samples))")
    }
    try validate()
    guard let property else { throw .invalid("convert: only basic and spring animations convert to keyframes") }
    let width = property.valueWidth
    let zero = [Double](repeating: 0, count: width)
    let last = Double(samples - 1)
    let local = timing.duration * timing.timeScale
    var flat: [Double] = []
    flat.reserveCapacity(samples * width)
    switch content {
    case .basic(let values):
      let ends = try Self.ends(values, additive: isAdditive, zero: zero)
      for k in 0..<samples {
        let p = Double(k) / last
        let eased = valuesFunction == nil ? timing.easing(p) : 0
        for c in 0..<width {
          let (b, change) = (ends.from[c], ends.to[c] - ends.from[c])
          flat.append(valuesFunction.map { $0(p * timing.duration, b, change, timing.duration) } ?? b + change * eased)
        }
      }
    case .spring(let values):
      guard let from = values.from ?? (isAdditive ? zero : nil) else {
        throw .invalid("convert: a spring without a from value starts from the value under it; give one")
      }
      let s = values.spring
      let resting = try Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: 0,
                               allowsOverdamping: s.allowsOverdamping)
      let moving = try Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: 1,
                              allowsOverdamping: s.allowsOverdamping)
      let velocity = values.velocity ?? zero
      for k in 0..<samples {
        let p = Double(k) / last
        // The sampler's superposition: y = to + (from − to)·(1 − x₀(τ)) + v·(x₁(τ) − x₀(τ)).
        let tau = timing.easing(p) * local
        let x0 = resting.value(at: tau), x1 = moving.value(at: tau)
        for c in 0..<width {
          if let valuesFunction {
            flat.append(valuesFunction(p * timing.duration, from[c], values.to[c] - from[c], timing.duration))
          } else {
            flat.append(values.to[c] + (from[c] - values.to[c]) * (1 - x0) + velocity[c] * (x1 - x0))
          }
        }
      }
    default:
      throw .invalid("convert: only basic and spring animations convert to keyframes")
    }
    guard flat.allSatisfy(\.isFinite) else { throw .invalid("convert: a sampled value is not finite") }
    let linearTiming = try Timing(
      duration: timing.duration, delay: timing.delay, endDelay: timing.endDelay, iterations: timing.iterations,
      iterationStart: timing.iterationStart, direction: timing.direction, fill: timing.fill, easing: .linear,
      playbackRate: timing.playbackRate, timeOffset: timing.timeOffset, timeScale: timing.timeScale)
    return Animation(property: property, timing: linearTiming,
                     content: .keyframes(Keyframes(flatValues: flat, width: width)), isAdditive: isAdditive,
                     isCumulative: isCumulative, removedOnCompletion: removedOnCompletion)
  }

  /// A basic animation's two ends by Core Animation's table, 0 for a missing end when additive.
  private static func ends(_ v: BasicValues, additive: Bool, zero: [Double]) throws(GhostframeError)
    -> (from: [Double], to: [Double])
  {
    func sum(_ a: [Double], _ b: [Double], _ sign: Double) -> [Double] { zip(a, b).map { $0 + sign * $1 } }
    switch (v.from, v.to, v.by) {
    case let (from?, to?, _): return (from, to)
    case let (from?, nil, by?): return (from, sum(from, by, 1))
    case let (nil, to?, by?): return (sum(to, by, -1), to)
    case let (nil, nil, by?) where additive: return (zero, by)
    case let (nil, to?, nil) where additive: return (zero, to)
    case let (from?, nil, nil) where additive: return (from, zero)
    default:
      throw .invalid(
        "convert: an end of this basic animation is the value under it; give from and to (or make it additive)")
    }
  }
}
