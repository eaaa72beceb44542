import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Spring animations against an RK4 integration of m·x'' + c·x' + k·(x − to) = 0.
@Suite("Spring animations")
struct SpringAnimationTests {
  /// RK4 with step 1e-5 s: an independent reference (tolerance 1e-6 of the distance).
  func integrate(from: Double, to: Double, velocity: Double, spring: Spring, until t: Double) -> Double {
    var x = from, v = velocity
    let h = 1e-5
    func accel(_ x: Double, _ v: Double) -> Double {
      (-spring.stiffness * (x - to) - spring.damping * v) / spring.mass
    }
    var time = 0.0
    while time < t - 1e-12 {
      let step = min(h, t - time)
      let k1x = v, k1v = accel(x, v)
      let k2x = v + 0.5 * step * k1v, k2v = accel(x + 0.5 * step * k1x, v + 0.5 * step * k1v)
      let k3x = v + 0.5 * step * k2v, k3v = accel(x + 0.5 * step * k2x, v + 0.5 * step * k2v)
      let k4x = v + step * k3v, k4v = accel(x + step * k3x, v + step * k3v)
      x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      time += step
    }
    return x
  }

  @Test("a spring on position with an initial velocity follows the oscillator", arguments: [
    (10.0, 1.0), (26.0, 1.0), (5.0, 2.5),
  ])
  func followsOscillator(damping: Double, mass: Double) throws {
    let spring = try Spring(mass: mass, stiffness: 120, damping: damping, allowsOverdamping: true)
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", frame: Rect(x: 0, y: 0, width: 20, height: 20)))
    let values = SpringValues(from: [0, 5], to: [100, -40], velocity: [300, 50], spring: spring)
    try scene.addAnimation(.spring("position", values, timing: Timing(duration: 2, fill: .forwards)), to: "a")
    let sampler = scene.compiled()
    for t in [0.0, 0.05, 0.2, 0.5, 1.0] {
      let s = sampler.sample(at: t)[0]
      // The frame's origin is position − 10.
      let x = integrate(from: 0, to: 100, velocity: 300, spring: spring, until: t)
      let y = integrate(from: 5, to: -40, velocity: 50, spring: spring, until: t)
      #expect(abs(s.x + 10 - x) < 1e-4 && abs(s.y + 10 - y) < 1e-4, "t = \(t): \(s.x + 10), \(s.y + 10) vs \(x), \(y)")
    }
  }

  @Test("without a timing it runs for the settling duration and holds the target")
  func defaultTiming() throws {
    let spring = try Spring()
    let animation = try Animation.spring("opacity", SpringValues(from: [0], to: [1], spring: spring))
    #expect(animation.timing.duration == (try spring.settlingDuration()))
    var scene = try oneLayerScene()
    try scene.addAnimation(animation, to: "a")
    #expect(abs(state(scene, at: 100).opacity - 0.2) < 1e-12)  // removed on completion by default
  }
}
