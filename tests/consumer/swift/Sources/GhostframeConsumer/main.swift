// Samples a spring animation through Ghostframe's Swift API and checks it against the closed form
// of the damped oscillator, then prints the value (scripts/check_swift_consumer.sh reads it).
import Ghostframe

#if canImport(Glibc)
import Glibc
#endif

do {
  var scene = Scene()
  // position.y is the frame's centre: 100 + 200 / 2 = 200; the spring takes it to 400.
  try scene.addLayer(Layer(id: "card", frame: Rect(x: 16, y: 100, width: 343, height: 200)))
  try scene.addAnimation(.spring("position.y", SpringValues(to: [400], spring: Spring())), to: "card", key: "move")
  let t = 0.25
  let y = scene.presentationValue(of: try AnimatableProperty(keyPath: "position.y"), layer: 0, at: t)[0]

  // Spring() is mass 1, stiffness 100, damping 10, initial velocity 0: omega0 = 10, zeta = 0.5,
  // x(t) = 1 - exp(-zeta omega0 t) (cos(wd t) + zeta omega0 / wd sin(wd t)), wd = omega0 sqrt(1 - zeta^2).
  let omega0 = 10.0, zeta = 0.5
  let wd = omega0 * (1 - zeta * zeta).squareRoot()
  let fraction = 1 - exp(-zeta * omega0 * t) * (cos(wd * t) + zeta * omega0 / wd * sin(wd * t))
  let expected = 200 + 200 * fraction
  guard abs(y - expected) <= 1e-9 * expected else {
    print("GhostframeConsumer: position.y at \(t) s = \(y), the closed form says \(expected)")
    exit(1)
  }
  print("Ghostframe \(GhostframeVersion.string): position.y at \(t) s = \((y * 1e6).rounded() / 1e6)")
} catch {
  print("GhostframeConsumer: \(error)")
  exit(1)
}
