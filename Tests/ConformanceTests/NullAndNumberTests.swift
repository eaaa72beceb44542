import CGhostframe
import Testing

/// Memory a recipe's calls point into: valid inputs and sentinel-filled outputs.
private final class Scratch {
  let library: NativeLibrary
  let bytes = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
  var curve: UnsafeMutableRawPointer?
  var timing: UnsafeMutableRawPointer?

  // Offsets into `bytes`.
  let spec = 0, xs = 64, ys = 128, outDouble = 192, outPointer = 200, outState = 256, outParams = 320
  let spring = 512, params = 640, caParams = 768, scratchStruct = 896

  init(_ library: NativeLibrary) {
    self.library = library
    bytes.initializeMemory(as: UInt8.self, repeating: 0xA5, count: 4096)
    "ease".withCString { bytes.copyMemory(from: $0, byteCount: 5) }
    for i in 0..<4 { (bytes + xs + 8 * i).storeBytes(of: 0.25 * Double(i), as: Double.self) }
    call("gf_spring_init", returns: .void, [.pointer(bytes + spring)])
    call("gf_timing_params_init", returns: .void, [.pointer(bytes + params)])
    (bytes + params).assumingMemoryBound(to: gf_timing_params.self).pointee.duration = 1
    call("gf_core_animation_timing_init", returns: .void, [.pointer(bytes + caParams)])
    call("gf_timing_params_init", returns: .void, [.pointer(bytes + outParams)])
    var handle: UnsafeMutableRawPointer?
    withUnsafeMutablePointer(to: &handle) { out in
      _ = call("gf_curve_parse", returns: .int32, [.pointer(bytes + spec), .pointer(UnsafeMutableRawPointer(out))])
    }
    curve = handle
    withUnsafeMutablePointer(to: &handle) { out in
      _ = call("gf_timing_create", returns: .int32, [.pointer(bytes + params), .pointer(UnsafeMutableRawPointer(out))])
    }
    timing = handle
  }

  deinit {
    call("gf_curve_free", returns: .void, [.pointer(curve)])
    call("gf_timing_free", returns: .void, [.pointer(timing)])
    bytes.deallocate()
  }

  @discardableResult
  func call(_ name: String, returns: FFIType, _ values: [FFIValue]) -> FFIReturn {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: returns, Array(zip(types, values)))
  }

  func ptr(_ offset: Int) -> FFIValue { .pointer(bytes + offset) }

  /// A copy of every output region, to prove a failing call wrote nothing.
  func snapshot() -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: bytes, count: 4096))
  }
}

/// A valid call of one exported function, and how to release what it returns.
private struct Recipe: Sendable {
  let arguments: @Sendable (Scratch) -> [FFIValue]
  var cleanup: @Sendable (Scratch) -> Void = { _ in }
}

private func freeOut(_ function: String) -> @Sendable (Scratch) -> Void {
  { s in
    let p = (s.bytes + s.outPointer).load(as: UnsafeMutableRawPointer?.self)
    s.call(function, returns: .void, [.pointer(p)])
    (s.bytes + s.outPointer).initializeMemory(as: UInt8.self, repeating: 0xA5, count: 8)
  }
}

private let recipes: [String: Recipe] = [
  "gf_version_string": Recipe { _ in [] },
  "gf_version_number": Recipe { _ in [] },
  "gf_abi_version": Recipe { _ in [] },
  "gf_status_string": Recipe { _ in [.int32(GF_E_PARSE)] },
  "gf_last_error_message": Recipe { _ in [] },
  "gf_string_free": Recipe { _ in [.pointer(nil)] },
  "gf_curve_parse": Recipe(arguments: { s in [s.ptr(s.spec), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_curve_free")),
  "gf_curve_parse_n": Recipe(arguments: { s in [s.ptr(s.spec), .size(4), s.ptr(s.outPointer)] },
                             cleanup: freeOut("gf_curve_free")),
  "gf_curve_free": Recipe { _ in [.pointer(nil)] },
  "gf_curve_eval": Recipe { s in [.pointer(s.curve), .double(0.5), .int32(0), s.ptr(s.outDouble)] },
  "gf_curve_eval_n": Recipe { s in [.pointer(s.curve), s.ptr(s.xs), s.ptr(s.ys), .size(4)] },
  "gf_curve_spec": Recipe(arguments: { s in [.pointer(s.curve), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_string_free")),
  "gf_spring_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_spring_value": Recipe { s in [s.ptr(s.spring), .double(0.5), s.ptr(s.outDouble)] },
  "gf_spring_velocity": Recipe { s in [s.ptr(s.spring), .double(0.5), s.ptr(s.outDouble)] },
  "gf_spring_settling_duration": Recipe { s in [s.ptr(s.spring), .double(1e-3), s.ptr(s.outDouble)] },
  "gf_timing_params_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_timing_create": Recipe(arguments: { s in [s.ptr(s.params), s.ptr(s.outPointer)] }, cleanup: freeOut("gf_timing_free")),
  "gf_core_animation_timing_init": Recipe { s in [s.ptr(s.scratchStruct)] },
  "gf_timing_create_core_animation": Recipe(arguments: { s in [s.ptr(s.caParams), s.ptr(s.outPointer)] },
                                            cleanup: freeOut("gf_timing_free")),
  "gf_timing_free": Recipe { _ in [.pointer(nil)] },
  "gf_timing_get_params": Recipe { s in [.pointer(s.timing), s.ptr(s.outParams)] },
  "gf_timing_active_duration": Recipe { s in [.pointer(s.timing), s.ptr(s.outDouble)] },
  "gf_timing_end_time": Recipe { s in [.pointer(s.timing), s.ptr(s.outDouble)] },
  "gf_timing_at": Recipe { s in [.pointer(s.timing), .double(0.5), s.ptr(s.outState)] },
]

/// Header-driven robustness: every declared function is called through libffi with each
/// pointer argument NULL and each double argument NaN or ±infinity. A failing call must
/// return its status, leave a message, and write nothing; nothing may crash.
@Suite("Every entry point against NULL and non-finite numbers (libffi)")
struct NullAndNumberTests {
  @Test("every declared function has a recipe")
  func coverage() {
    let missing = Header.functions.map(\.name).filter { recipes[$0] == nil }
    #expect(missing.isEmpty, "no robustness recipe for \(missing)")
  }

  @Test("the valid call succeeds", arguments: Header.functions)
  func baseline(function: DeclaredFunction) {
    guard case .success(let library) = NativeLibrary.shared, let recipe = recipes[function.name] else { return }
    let s = Scratch(library)
    let result = s.call(function.name, returns: function.returns, recipe.arguments(s))
    if function.returns == .int32, function.name != "gf_status_string" {
      #expect(result.int32 == GF_OK, "\(function.name) baseline failed")
      // Only a successful call produced something to release.
      guard result.int32 == GF_OK else { return }
    }
    if function.returns == .pointer { #expect(result.pointer != nil) }
    recipe.cleanup(s)
  }

  @Test("NULL pointers and non-finite numbers fail cleanly", arguments: Header.functions)
  func badArguments(function: DeclaredFunction) {
    guard case .success(let library) = NativeLibrary.shared, let recipe = recipes[function.name] else { return }
    let s = Scratch(library)
    let valid = recipe.arguments(s)
    for (index, parameter) in function.parameters.enumerated() {
      let replacements: [(FFIValue, Int32)]
      switch parameter.type {
      case .pointer: replacements = [(.pointer(nil), GF_E_NULL_ARGUMENT)]
      case .double: replacements = [Double.nan, .infinity, -.infinity].map { (.double($0), GF_E_INVALID_ARGUMENT) }
      case .int32 where parameter.name.hasSuffix("flag"): replacements = [(.int32(2), GF_E_INVALID_ARGUMENT),
                                                                          (.int32(-1), GF_E_INVALID_ARGUMENT)]
      default: replacements = []
      }
      for (bad, expected) in replacements {
        var arguments = valid
        arguments[index] = bad
        let before = s.snapshot()
        let result = s.call(function.name, returns: function.returns, arguments)
        // Void functions (free, init) only have to survive a NULL.
        guard function.returns == .int32 else { continue }
        let what = "\(function.name) with \(parameter.name) = \(bad)"
        #expect(result.int32 == expected, "\(what): got \(result.int32)")
        let unchanged = s.snapshot() == before
        #expect(unchanged, "\(what) wrote to its outputs")
        let message = s.call("gf_last_error_message", returns: .pointer, []).pointer
          .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
        #expect(message.contains(parameter.name), "\(what): message '\(message)' does not name the argument")
      }
    }
  }

  @Test("struct_size too small and unknown enum values are rejected")
  func structsAndEnums() {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let s = Scratch(library)
    let params = (s.bytes + s.params).assumingMemoryBound(to: gf_timing_params.self)
    let cases: [(String, (inout gf_timing_params) -> Void)] = [
      ("struct_size", { $0.struct_size = 8 }), ("direction", { $0.direction = 9 }), ("fill", { $0.fill = -1 }),
      ("reserved", { $0.reserved = 1 }),
    ]
    for (field, corrupt) in cases {
      let saved = params.pointee
      corrupt(&params.pointee)
      let status = s.call("gf_timing_create", returns: .int32, [s.ptr(s.params), s.ptr(s.outPointer)]).int32
      #expect(status == GF_E_INVALID_ARGUMENT, "gf_timing_params.\(field)")
      params.pointee = saved
    }
    let spring = (s.bytes + s.spring).assumingMemoryBound(to: gf_spring.self)
    spring.pointee.allows_overdamping = 7
    #expect(s.call("gf_spring_value", returns: .int32, [s.ptr(s.spring), .double(0.1), s.ptr(s.outDouble)]).int32
            == GF_E_INVALID_ARGUMENT)
  }

  @Test("invalid UTF-8 and oversized lengths are rejected")
  func text() {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let s = Scratch(library)
    let invalid: [UInt8] = [0x65, 0xFF, 0xFE, 0x00]
    invalid.withUnsafeBytes { bytes in
      let status = s.call("gf_curve_parse", returns: .int32,
                          [.pointer(UnsafeMutableRawPointer(mutating: bytes.baseAddress)), s.ptr(s.outPointer)]).int32
      #expect(status == GF_E_INVALID_UTF8)
    }
    let huge = s.call("gf_curve_parse_n", returns: .int32, [s.ptr(s.spec), .size(UInt64.max), s.ptr(s.outPointer)]).int32
    #expect(huge == GF_E_LIMIT)
    let n = s.call("gf_curve_eval_n", returns: .int32, [.pointer(s.curve), s.ptr(s.xs), s.ptr(s.ys), .size(UInt64.max)]).int32
    #expect(n == GF_E_INVALID_ARGUMENT)
    // One bad value in a batch: an error naming its index, and no output written.
    (s.bytes + s.xs + 16).storeBytes(of: Double.nan, as: Double.self)
    let before = s.snapshot()
    let status = s.call("gf_curve_eval_n", returns: .int32, [.pointer(s.curve), s.ptr(s.xs), s.ptr(s.ys), .size(4)]).int32
    #expect(status == GF_E_INVALID_ARGUMENT)
    let unchanged = s.snapshot() == before
    #expect(unchanged)
    let message = s.call("gf_last_error_message", returns: .pointer, []).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    #expect(message.contains("xs[2]"))
  }
}
