// TEMPORARY: replaced by the real Curves/ when the `curves` branch merges. Same signatures.
public struct Curve: Sendable, Hashable, CustomStringConvertible {
  let name: String
  public init(parsing spec: String) throws(GhostframeError) {
    guard spec == "linear" else { throw .parse("stub: only 'linear' until the engine lands") }
    name = spec
  }
  init(name: String) { self.name = name }
  public static let linear = Curve(name: "linear")
  public static let ease = Curve(name: "linear"), easeIn = Curve(name: "linear"), easeOut = Curve(name: "linear"),
    easeInOut = Curve(name: "linear"), stepStart = Curve(name: "linear"), stepEnd = Curve(name: "linear")
  public func callAsFunction(_ x: Double, beforeFlag: Bool = false) -> Double { x }
  public func evaluate(_ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
    for i in 0..<min(xs.count, ys.count) { ys[i] = xs[i] }
  }
  public var description: String { name }
}
public struct Spring: Sendable, Hashable {
  public let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool
  public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
              allowsOverdamping: Bool = false) throws(GhostframeError) {
    self.mass = mass; self.stiffness = stiffness; self.damping = damping
    self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
  }
  public func value(at t: Double) -> Double { 0 }
  public func velocity(at t: Double) -> Double { 0 }
  public func settlingDuration(epsilon: Double = 1e-3) throws(GhostframeError) -> Double { 0 }
}
