import CGhostframe
import Ghostframe
import Glibc
import Testing

/// The library side of a "both sides" case: calls into libghostframe.so through libffi with the
/// header's signatures, and the loops those cases share (make a handle, read a number, sample
/// layer states with the two-call pattern at every time or value of a case).
struct Bridged {
  let library: NativeLibrary

  /// Calls `name` with the header's parameter types.
  @discardableResult
  func call(_ name: String, _ values: [FFIValue], returns: FFIType = .int32) -> FFIReturn {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: returns, Array(zip(types, values)))
  }

  /// The outcome of a failed call: its status and gf_last_error_message.
  func failed<T>(_ status: Int32) -> Outcome<T> {
    let message = call("gf_last_error_message", [], returns: .pointer).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    return .failed(status, message)
  }

  /// Calls a constructor whose last argument is its out-pointer: its status and what it made.
  func make(_ name: String, _ values: [FFIValue]) -> (Int32, UnsafeMutableRawPointer?) {
    var handle: UnsafeMutableRawPointer?
    let status = withUnsafeMutablePointer(to: &handle) { call(name, values + [.pointer(UnsafeMutableRawPointer($0))]).int32 }
    return (status, handle)
  }

  /// `name(handle, x, &out)`: its status and the double it wrote.
  func number(_ name: String, _ handle: UnsafeMutableRawPointer, _ x: Double) -> (Int32, Double) {
    var out = 0.0
    let status = withUnsafeMutablePointer(to: &out) {
      call(name, [.pointer(handle), .double(x), .pointer(UnsafeMutableRawPointer($0))]).int32
    }
    return (status, out)
  }

  /// `name(handle, x, states, capacity, &count)` with the two-call pattern (gf_scene_sample,
  /// gf_scrub_sample, gf_pull_to_refresh_sample, ...): its status and the states it wrote.
  func states(_ name: String, _ handle: UnsafeMutableRawPointer, _ x: Double) -> (Int32, [LayerState]) {
    var count = 0
    _ = withUnsafeMutablePointer(to: &count) {
      call(name, [.pointer(handle), .double(x), .pointer(nil), .size(0), .pointer(UnsafeMutableRawPointer($0))])
    }
    var raw = [gf_layer_state](repeating: gf_layer_state(), count: max(count, 1))
    let status = raw.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &count) {
        call(name, [.pointer(handle), .double(x), .pointer(UnsafeMutableRawPointer(buffer.baseAddress)),
                    .size(UInt64(buffer.count)), .pointer(UnsafeMutableRawPointer($0))]).int32
      }
    }
    // The layouts are equal (ABITests), so the bytes read back as LayerState.
    return (status, raw[0..<min(count, raw.count)].map { unsafeBitCast($0, to: LayerState.self) })
  }

  /// ``states(_:_:_:)`` at every x, in order: the states, or the first failing status.
  func states(_ name: String, _ handle: UnsafeMutableRawPointer, at xs: [Double]) -> (Int32, [[LayerState]]) {
    var all: [[LayerState]] = []
    all.reserveCapacity(xs.count)
    for x in xs {
      let (status, sampled) = states(name, handle, x)
      guard status == GF_OK else { return (status, all) }
      all.append(sampled)
    }
    return (GF_OK, all)
  }
}

/// The two sides of a case agree: the same status and the same value (or both none).
func expectSidesAgree<T: Equatable>(
  _ swift: Outcome<T>, _ bridged: Outcome<T>, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(swift.status == bridged.status, "Swift: \(swift.message); library: \(bridged.message)",
          sourceLocation: sourceLocation)
  #expect(swift.value == bridged.value, sourceLocation: sourceLocation)
}
