import CGhostframe
import Ghostframe

@c @implementation
public func gf_curve_parse(
  _ spec: UnsafePointer<CChar>?, _ outCurve: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let spec else { return fail(GF_E_NULL_ARGUMENT, "spec is NULL") }
  return parseCurve(spec, length: nil, into: outCurve)
}

@c @implementation
public func gf_curve_parse_n(
  _ spec: UnsafePointer<CChar>?, _ length: Int, _ outCurve: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let spec else { return fail(GF_E_NULL_ARGUMENT, "spec is NULL") }
  return parseCurve(spec, length: length, into: outCurve)
}

private func parseCurve(
  _ spec: UnsafePointer<CChar>, length: Int?, into outCurve: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  guard let outCurve else { return fail(GF_E_NULL_ARGUMENT, "out_curve is NULL") }
  let text: String
  switch readText(spec, length: length, name: "spec") {
  case .success(let value): text = value
  case .failure(let error): return error.status
  }
  do {
    let curve = try Curve(parsing: text)
    return publish(CurveBox(curve), as: .curve, into: outCurve)
  } catch {
    return fail(error)
  }
}

@c @implementation
public func gf_curve_free(_ curve: OpaquePointer?) -> gf_status {
  freeHandle(curve, .curve, "curve")
}

@c @implementation
public func gf_curve_eval(
  _ curve: OpaquePointer?, _ x: Double, _ beforeFlag: Int32, _ outY: UnsafeMutablePointer<Double>?
) -> gf_status {
  withCurve(curve, "curve") { box in
    guard let outY else { return fail(GF_E_NULL_ARGUMENT, "out_y is NULL") }
    if let status = checkFinite(x, "x") { return status }
    if let status = checkFlag(beforeFlag, "before_flag") { return status }
    outY.pointee = box.curve(x, beforeFlag: beforeFlag == 1)
    return GF_OK
  }
}

@c @implementation
public func gf_curve_eval_n(
  _ curve: OpaquePointer?, _ xs: UnsafePointer<Double>?, _ ys: UnsafeMutablePointer<Double>?, _ n: Int
) -> gf_status {
  withCurve(curve, "curve") { box in
    guard n != 0 else { return GF_OK }
    guard n > 0, n <= Int.max / MemoryLayout<Double>.stride else {
      return fail(GF_E_INVALID_ARGUMENT, "n is too large (\(UInt(bitPattern: n)))")
    }
    guard let xs else { return fail(GF_E_NULL_ARGUMENT, "xs is NULL") }
    guard let ys else { return fail(GF_E_NULL_ARGUMENT, "ys is NULL") }
    let inputs = UnsafeBufferPointer(start: xs, count: n)
    // Validate everything first so a bad input leaves ys untouched.
    for index in 0..<n where !inputs[index].isFinite {
      return fail(GF_E_INVALID_ARGUMENT, "xs[\(index)] must be finite (got \(inputs[index]))")
    }
    box.curve.evaluate(inputs, into: UnsafeMutableBufferPointer(start: ys, count: n))
    return GF_OK
  }
}

@c @implementation
public func gf_curve_spec(
  _ curve: OpaquePointer?, _ outSpec: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  withCurve(curve, "curve") { box in
    guard let outSpec else { return fail(GF_E_NULL_ARGUMENT, "out_spec is NULL") }
    guard let copy = ownedCString(box.curve.description) else {
      return fail(GF_E_INTERNAL, "out of memory copying the spec")
    }
    outSpec.pointee = copy
    return GF_OK
  }
}
