import CGhostframe
import Ghostframe

@c @implementation
public func gf_curve_parse(
  _ spec: UnsafePointer<CChar>?, _ outCurve: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in try parseCurve(required(spec, "spec"), length: nil, into: outCurve) }
}

@c @implementation
public func gf_curve_parse_n(
  _ spec: UnsafePointer<CChar>?, _ length: Int, _ outCurve: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in try parseCurve(required(spec, "spec"), length: length, into: outCurve) }
}

private func parseCurve(
  _ spec: UnsafePointer<CChar>, length: Int?, into outCurve: UnsafeMutablePointer<OpaquePointer?>?
) throws(BridgeError) {
  let out = try required(outCurve, "out_curve")
  let text = try readText(spec, length: length, "spec")
  try publish(CurveBox(engine(Curve(parsing: text))), into: out)
}

@c @implementation
public func gf_curve_free(_ curve: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(curve, .curve, "curve") }
}

@c @implementation
public func gf_curve_eval(
  _ curve: OpaquePointer?, _ x: Double, _ beforeFlag: Int32, _ outY: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: CurveBox = try resolve(curve, "curve")
    let y = try required(outY, "out_y")
    try finite(x, "x")
    let before = try flag(beforeFlag, "before_flag")
    if box.isHost {
      y.pointee = try engine(box.checkedValue(at: x, beforeFlag: before))
    } else {
      y.pointee = box.value(at: x, beforeFlag: before)
    }
  }
}

@c @implementation
public func gf_curve_eval_n(
  _ curve: OpaquePointer?, _ xs: UnsafePointer<Double>?, _ ys: UnsafeMutablePointer<Double>?, _ n: Int
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: CurveBox = try resolve(curve, "curve")
    guard n != 0 else { return }
    guard n > 0, n <= Int.max / MemoryLayout<Double>.stride else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "n is too large (\(UInt(bitPattern: n)))")
    }
    let inputs = UnsafeBufferPointer(start: try required(xs, "xs"), count: n)
    let outputs = UnsafeMutableBufferPointer(start: try required(ys, "ys"), count: n)
    // Validate everything first so a bad input leaves ys untouched.
    if let index = Curve.firstNonFiniteIndex(in: inputs) {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "xs[\(index)] must be finite (got \(inputs[index]))")
    }
    if box.isHost {
      try engine(box.checkedEvaluate(inputs, into: outputs))
    } else {
      box.evaluate(inputs, into: outputs)
    }
  }
}

@c @implementation
public func gf_curve_spec(
  _ curve: OpaquePointer?, _ outSpec: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: CurveBox = try resolve(curve, "curve")
    let out = try required(outSpec, "out_spec")
    guard let copy = ownedCString(box.curve.description) else {
      throw BridgeError(GF_E_INTERNAL, "out of memory copying the spec")
    }
    out.pointee = copy
  }
}
