import CGhostframe
import FuzzSupport

/// libFuzzer entry: the input is a curve spec. gf_curve_parse_n reads it with its length
/// (NUL bytes included), gf_curve_parse up to its first NUL. A curve that parses is
/// evaluated, its canonical spec written, and that spec must parse to a curve giving the
/// same values.
@c(LLVMFuzzerTestOneInput)
public func fuzzCurveSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var curve: OpaquePointer?
  prime()
  let status = data.withMemoryRebound(to: CChar.self, capacity: size) { gf_curve_parse_n($0, size, &curve) }
  if clean(status, "gf_curve_parse_n"), let curve {
    check(curve)
    gf_curve_free(curve)
  }
  var terminated: OpaquePointer?
  prime()
  if clean(withCString(data, size) { gf_curve_parse($0, &terminated) }, "gf_curve_parse") {
    gf_curve_free(terminated)
  }
  return 0
}

private let inputs: [Double] = [0, 0.25, 0.5, 0.999, 1, -0.5, 1.5, 1e300, -1e300, .leastNonzeroMagnitude, -0.0]

private func check(_ curve: OpaquePointer) {
  var ys = [Double](repeating: 0, count: inputs.count)
  for (i, x) in inputs.enumerated() {
    for flag: Int32 in [0, 1] {
      var y = 0.0
      prime()
      if clean(gf_curve_eval(curve, x, flag, &y), "gf_curve_eval(\(x))"), flag == 0 { ys[i] = y }
    }
  }
  var batch = inputs
  prime()
  clean(batch.withUnsafeMutableBufferPointer { gf_curve_eval_n(curve, $0.baseAddress, $0.baseAddress, $0.count) },
        "gf_curve_eval_n")
  var spec: UnsafeMutablePointer<CChar>?
  prime()
  guard clean(gf_curve_spec(curve, &spec), "gf_curve_spec"), let spec else { return }
  defer { gf_string_free(spec) }
  var again: OpaquePointer?
  prime()
  let status = gf_curve_parse(spec, &again)
  defer { gf_curve_free(again) }
  guard clean(status, "gf_curve_parse(gf_curve_spec(curve))"), let again else {
    finding("gf_curve_spec wrote '\(String(cString: spec).prefix(60))', which gf_curve_parse refuses: "
      + String(cString: gf_last_error_message()))
  }
  for (i, x) in inputs.enumerated() {
    var y = 0.0
    if gf_curve_eval(again, x, 0, &y) == GF_OK, !(y == ys[i] || (y.isNaN && ys[i].isNaN)) {
      finding("the curve read back from '\(String(cString: spec).prefix(60))' gives \(y) at \(x), the original \(ys[i])")
    }
  }
}
