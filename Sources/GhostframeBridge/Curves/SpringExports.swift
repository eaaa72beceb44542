import CGhostframe
import Ghostframe

@c @implementation
public func gf_spring_init(_ spring: UnsafeMutablePointer<gf_spring>?) {
  guard let spring else { return }
  spring.pointee = gf_spring(
    struct_size: UInt32(MemoryLayout<gf_spring>.size), allows_overdamping: 0,
    mass: 1, stiffness: 100, damping: 10, initial_velocity: 0)
}

/// Validates a caller's gf_spring and builds the Swift spring it describes.
private func makeSpring(_ pointer: UnsafePointer<gf_spring>?) -> Result<Spring, StatusError> {
  guard let pointer else { return .failure(StatusError(fail(GF_E_NULL_ARGUMENT, "spring is NULL"))) }
  let raw = pointer.pointee
  if let status = checkStructSize(raw.struct_size, of: gf_spring.self,
                                  expected: MemoryLayout<gf_spring>.size, name: "gf_spring") {
    return .failure(StatusError(status))
  }
  if let status = checkFlag(raw.allows_overdamping, "allows_overdamping") {
    return .failure(StatusError(status))
  }
  do {
    return .success(try Spring(
      mass: raw.mass, stiffness: raw.stiffness, damping: raw.damping,
      initialVelocity: raw.initial_velocity, allowsOverdamping: raw.allows_overdamping == 1))
  } catch {
    return .failure(StatusError(fail(error)))
  }
}

@c @implementation
public func gf_spring_value(
  _ spring: UnsafePointer<gf_spring>?, _ t: Double, _ outValue: UnsafeMutablePointer<Double>?
) -> gf_status {
  guard let outValue else { return fail(GF_E_NULL_ARGUMENT, "out_value is NULL") }
  if let status = checkFinite(t, "t") { return status }
  switch makeSpring(spring) {
  case .success(let value): outValue.pointee = value.value(at: t); return GF_OK
  case .failure(let error): return error.status
  }
}

@c @implementation
public func gf_spring_velocity(
  _ spring: UnsafePointer<gf_spring>?, _ t: Double, _ outVelocity: UnsafeMutablePointer<Double>?
) -> gf_status {
  guard let outVelocity else { return fail(GF_E_NULL_ARGUMENT, "out_velocity is NULL") }
  if let status = checkFinite(t, "t") { return status }
  switch makeSpring(spring) {
  case .success(let value): outVelocity.pointee = value.velocity(at: t); return GF_OK
  case .failure(let error): return error.status
  }
}

@c @implementation
public func gf_spring_settling_duration(
  _ spring: UnsafePointer<gf_spring>?, _ epsilon: Double, _ outSeconds: UnsafeMutablePointer<Double>?
) -> gf_status {
  guard let outSeconds else { return fail(GF_E_NULL_ARGUMENT, "out_seconds is NULL") }
  switch makeSpring(spring) {
  case .success(let value):
    do {
      outSeconds.pointee = try value.settlingDuration(epsilon: epsilon)
      return GF_OK
    } catch {
      return fail(error)
    }
  case .failure(let error): return error.status
  }
}
