import Ghostframe

/// The conformance cases run through the public Swift API.
struct SwiftEngine: Engine {
  var description: String { "Swift API" }

  private func run<T>(_ body: () throws(GhostframeError) -> T) -> Outcome<T> {
    do { return .ok(try body()) } catch { return .failed(error.code.rawValue, error.message) }
  }

  func evaluate(_ spec: String, at xs: [Double], beforeFlag: Bool) -> Outcome<[Double]> {
    run { () throws(GhostframeError) in
      let curve = try Curve(parsing: spec)
      return xs.map { curve($0, beforeFlag: beforeFlag) }
    }
  }

  func evaluateBatch(_ spec: String, at xs: [Double]) -> Outcome<[Double]> {
    run { () throws(GhostframeError) in
      let curve = try Curve(parsing: spec)
      var ys = [Double](repeating: .nan, count: xs.count)
      xs.withUnsafeBufferPointer { input in
        ys.withUnsafeMutableBufferPointer { curve.evaluate(input, into: $0) }
      }
      return ys
    }
  }

  func canonical(_ spec: String) -> Outcome<String> {
    run { () throws(GhostframeError) in try Curve(parsing: spec).description }
  }

  private func spring(_ r: SpringRequest) throws(GhostframeError) -> Spring {
    try Spring(mass: r.mass, stiffness: r.stiffness, damping: r.damping,
               initialVelocity: r.initialVelocity, allowsOverdamping: r.allowsOverdamping)
  }

  func springValue(_ r: SpringRequest, at t: Double) -> Outcome<Double> {
    run { () throws(GhostframeError) in try spring(r).value(at: t) }
  }

  func springVelocity(_ r: SpringRequest, at t: Double) -> Outcome<Double> {
    run { () throws(GhostframeError) in try spring(r).velocity(at: t) }
  }

  func settlingDuration(_ r: SpringRequest, epsilon: Double) -> Outcome<Double> {
    run { () throws(GhostframeError) in try spring(r).settlingDuration(epsilon: epsilon) }
  }

  private func timing(_ request: TimingRequest) throws(GhostframeError) -> Timing {
    switch request {
    case let .web(duration, delay, endDelay, iterations, iterationStart, direction, fill, easing, rate, offset):
      return try Timing(
        duration: duration, delay: delay, endDelay: endDelay, iterations: iterations,
        iterationStart: iterationStart, direction: direction, fill: fill,
        easing: easing.map { s throws(GhostframeError) in try Curve(parsing: s) } ?? .linear,
        playbackRate: rate, timeOffset: offset)
    case let .coreAnimation(duration, begin, speed, offset, count, repeatDuration, autoreverses, fill, easing):
      return try Timing.coreAnimation(
        duration: duration, beginTime: begin, speed: speed, timeOffset: offset, repeatCount: count,
        repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill,
        easing: easing.map { s throws(GhostframeError) in try Curve(parsing: s) } ?? .linear)
    }
  }

  func timingStates(_ request: TimingRequest, at times: [Double]) -> Outcome<[TimingState]> {
    run { () throws(GhostframeError) in
      let t = try timing(request)
      return times.map { t.state(at: $0) }
    }
  }

  func timingSummary(_ request: TimingRequest) -> Outcome<(activeDuration: Double, endTime: Double, iterations: Double)> {
    run { () throws(GhostframeError) in
      let t = try timing(request)
      return (t.activeDuration, t.endTime, t.iterations)
    }
  }

  func sceneStates(json: String, at times: [Double]) -> Outcome<[[LayerState]]> {
    run { () throws(GhostframeError) in
      let sampler = try Scene(json: json).compiled()
      return times.map { sampler.sample(at: $0) }
    }
  }

  func sceneCustomValues(json: String, name: String, at times: [Double]) -> Outcome<[[Double]]> {
    run { () throws(GhostframeError) in
      let sampler = try Scene(json: json).compiled()
      let property = try AnimatableProperty(keyPath: "custom." + name)
      return times.map { sampler.customValues(of: property, at: $0) }
    }
  }

  func skeletonStates(json: String, layers: [String], at times: [Double]) -> Outcome<(count: Int, states: [[LayerState?]])> {
    run { () throws(GhostframeError) in
      let scene = try Skeleton(tree: ViewTree(json: json)).scene()
      let sampler = scene.compiled()
      let indices = layers.map { scene.index(ofLayer: $0) }
      let states = times.map { t in
        let all = sampler.sample(at: t)
        return indices.map { index in index.map { all[$0] } }
      }
      return (scene.count, states)
    }
  }
}
