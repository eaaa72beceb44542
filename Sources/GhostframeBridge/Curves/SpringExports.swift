import CGhostframe
import Ghostframe

@c @implementation
public func gf_spring_init(_ spring: UnsafeMutablePointer<gf_spring>?) {
  guard let spring else { return }
  spring.pointee = gf_spring(
    struct_size: UInt32(MemoryLayout<gf_spring>.size), allows_overdamping: 0,
    mass: 1, stiffness: 100, damping: 10, initial_velocity: 0)
}

/// Validates a caller's gf_spring (the `spring` argument) and builds the Swift spring it
/// describes; gf_animation_create_spring reads its argument with it too.
func readSpring(_ pointer: UnsafePointer<gf_spring>?) throws(BridgeError) -> Spring {
  let raw = try required(pointer, "spring").pointee
  try structSize(raw.struct_size, atLeast: MemoryLayout<gf_spring>.size, "gf_spring")
  let allowsOverdamping = try flag(raw.allows_overdamping, "allows_overdamping")
  return try engine(Spring(
    mass: raw.mass, stiffness: raw.stiffness, damping: raw.damping,
    initialVelocity: raw.initial_velocity, allowsOverdamping: allowsOverdamping))
}

@c @implementation
public func gf_spring_value(
  _ spring: UnsafePointer<gf_spring>?, _ t: Double, _ outValue: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outValue, "out_value")
    try finite(t, "t")
    out.pointee = try readSpring(spring).value(at: t)
  }
}

@c @implementation
public func gf_spring_velocity(
  _ spring: UnsafePointer<gf_spring>?, _ t: Double, _ outVelocity: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outVelocity, "out_velocity")
    try finite(t, "t")
    out.pointee = try readSpring(spring).velocity(at: t)
  }
}

@c @implementation
public func gf_spring_settling_duration(
  _ spring: UnsafePointer<gf_spring>?, _ epsilon: Double, _ outSeconds: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outSeconds, "out_seconds")
    let made = try readSpring(spring)
    out.pointee = try engine(made.settlingDuration(epsilon: epsilon))
  }
}
