import CGhostframe
import Ghostframe
import Glibc

/// The conformance cases run through libghostframe.so, every call made with libffi from
/// the library's exported symbols: exactly what a dynamic host (ctypes, cffi, a game
/// engine's plugin loader) does. Struct layouts come from the public header.
struct LibraryEngine: Engine {
  let library: NativeLibrary
  init(_ library: NativeLibrary) { self.library = library }
  var description: String { "libghostframe.so via libffi" }

  // MARK: - Raw calls

  private func status(_ name: String, _ arguments: [(FFIType, FFIValue)]) -> Int32 {
    library.call(name, returns: .int32, arguments).int32
  }

  private func lastError() -> String {
    guard let message = library.call("gf_last_error_message", returns: .pointer, []).pointer else { return "<NULL>" }
    return String(cString: message.assumingMemoryBound(to: CChar.self))
  }

  private func failed<T>(_ status: Int32) -> Outcome<T> { .failed(status, lastError()) }

  /// Parses a curve; the caller frees it.
  private func parse(_ spec: String) -> Outcome<UnsafeMutableRawPointer> {
    var handle: UnsafeMutableRawPointer? = nil
    let code = spec.withCString { text in
      withUnsafeMutablePointer(to: &handle) { out in
        status("gf_curve_parse", [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                                  (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    guard code == GF_OK, let handle else { return failed(code) }
    return .ok(handle)
  }

  private func free(curve: UnsafeMutableRawPointer?) {
    _ = library.call("gf_curve_free", returns: .void, [(.pointer, .pointer(curve))])
  }

  // MARK: - Curves

  func evaluate(_ spec: String, at xs: [Double], beforeFlag: Bool) -> Outcome<[Double]> {
    let parsed = parse(spec)
    guard let curve = parsed.value else { return .failed(parsed.status, parsed.message) }
    defer { free(curve: curve) }
    var ys: [Double] = []
    for x in xs {
      var y = Double.nan
      let code = withUnsafeMutablePointer(to: &y) { out in
        status("gf_curve_eval", [(.pointer, .pointer(curve)), (.double, .double(x)),
                                 (.int32, .int32(beforeFlag ? 1 : 0)), (.pointer, .pointer(out))])
      }
      guard code == GF_OK else { return failed(code) }
      ys.append(y)
    }
    return .ok(ys)
  }

  func evaluateBatch(_ spec: String, at xs: [Double]) -> Outcome<[Double]> {
    let parsed = parse(spec)
    guard let curve = parsed.value else { return .failed(parsed.status, parsed.message) }
    defer { free(curve: curve) }
    var ys = [Double](repeating: .nan, count: xs.count)
    let code = xs.withUnsafeBufferPointer { input in
      ys.withUnsafeMutableBufferPointer { output in
        status("gf_curve_eval_n", [(.pointer, .pointer(curve)),
                                   (.pointer, .pointer(UnsafeMutableRawPointer(mutating: input.baseAddress))),
                                   (.pointer, .pointer(output.baseAddress.map { UnsafeMutableRawPointer($0) })),
                                   (.size, .size(UInt64(xs.count)))])
      }
    }
    return code == GF_OK ? .ok(ys) : failed(code)
  }

  func canonical(_ spec: String) -> Outcome<String> {
    let parsed = parse(spec)
    guard let curve = parsed.value else { return .failed(parsed.status, parsed.message) }
    defer { free(curve: curve) }
    var text: UnsafeMutableRawPointer? = nil
    let code = withUnsafeMutablePointer(to: &text) { out in
      status("gf_curve_spec", [(.pointer, .pointer(curve)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
    guard code == GF_OK, let text else { return failed(code) }
    defer { _ = library.call("gf_string_free", returns: .void, [(.pointer, .pointer(text))]) }
    return .ok(String(cString: text.assumingMemoryBound(to: CChar.self)))
  }

  // MARK: - Springs

  private func springCall(_ name: String, _ r: SpringRequest, _ number: Double) -> Outcome<Double> {
    var spring = gf_spring()
    _ = withUnsafeMutablePointer(to: &spring) { p in
      library.call("gf_spring_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer(p)))])
    }
    spring.mass = r.mass
    spring.stiffness = r.stiffness
    spring.damping = r.damping
    spring.initial_velocity = r.initialVelocity
    spring.allows_overdamping = r.allowsOverdamping ? 1 : 0
    var result = Double.nan
    let code = withUnsafeMutablePointer(to: &spring) { s in
      withUnsafeMutablePointer(to: &result) { out in
        status(name, [(.pointer, .pointer(UnsafeMutableRawPointer(s))), (.double, .double(number)),
                      (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    return code == GF_OK ? .ok(result) : failed(code)
  }

  func springValue(_ r: SpringRequest, at t: Double) -> Outcome<Double> { springCall("gf_spring_value", r, t) }
  func springVelocity(_ r: SpringRequest, at t: Double) -> Outcome<Double> { springCall("gf_spring_velocity", r, t) }
  func settlingDuration(_ r: SpringRequest, epsilon: Double) -> Outcome<Double> {
    springCall("gf_spring_settling_duration", r, epsilon)
  }

  // MARK: - Timing

  private static func code(_ direction: PlaybackDirection) -> Int32 {
    switch direction {
    case .normal: GF_DIRECTION_NORMAL
    case .reverse: GF_DIRECTION_REVERSE
    case .alternate: GF_DIRECTION_ALTERNATE
    case .alternateReverse: GF_DIRECTION_ALTERNATE_REVERSE
    }
  }

  private static func code(_ fill: FillMode) -> Int32 {
    switch fill {
    case .none: GF_FILL_NONE
    case .forwards: GF_FILL_FORWARDS
    case .backwards: GF_FILL_BACKWARDS
    case .both: GF_FILL_BOTH
    }
  }

  /// Builds a gf_timing through the library; the caller frees it with `release`.
  private func makeTiming(_ request: TimingRequest) -> Outcome<UnsafeMutableRawPointer> {
    let easingSpec: String?
    switch request {
    case .web(_, _, _, _, _, _, _, let easing, _, _): easingSpec = easing
    case .coreAnimation(_, _, _, _, _, _, _, _, let easing): easingSpec = easing
    }
    var easing: UnsafeMutableRawPointer? = nil
    if let easingSpec {
      let parsed = parse(easingSpec)
      guard let curve = parsed.value else { return .failed(parsed.status, parsed.message) }
      easing = curve
    }
    // The timing keeps its own reference to the easing, so ours goes right away.
    defer { free(curve: easing) }
    var timing: UnsafeMutableRawPointer? = nil
    let code: Int32
    switch request {
    case let .web(duration, delay, endDelay, iterations, iterationStart, direction, fill, _, rate, offset):
      var p = gf_timing_params()
      _ = withUnsafeMutablePointer(to: &p) {
        library.call("gf_timing_params_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer($0)))])
      }
      p.duration = duration; p.delay = delay; p.end_delay = endDelay; p.iterations = iterations
      p.iteration_start = iterationStart; p.direction = Self.code(direction); p.fill = Self.code(fill)
      p.playback_rate = rate; p.time_offset = offset; p.easing = easing.map { OpaquePointer($0) }
      code = withUnsafeMutablePointer(to: &p) { params in
        withUnsafeMutablePointer(to: &timing) { out in
          status("gf_timing_create", [(.pointer, .pointer(UnsafeMutableRawPointer(params))),
                                      (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
    case let .coreAnimation(duration, begin, speed, offset, count, repeatDuration, autoreverses, fill, _):
      var p = gf_core_animation_timing()
      _ = withUnsafeMutablePointer(to: &p) {
        library.call("gf_core_animation_timing_init", returns: .void,
                     [(.pointer, .pointer(UnsafeMutableRawPointer($0)))])
      }
      p.duration = duration; p.begin_time = begin; p.speed = speed; p.time_offset = offset
      p.repeat_count = count; p.repeat_duration = repeatDuration; p.autoreverses = autoreverses ? 1 : 0
      p.fill_mode = Self.code(fill); p.easing = easing.map { OpaquePointer($0) }
      code = withUnsafeMutablePointer(to: &p) { params in
        withUnsafeMutablePointer(to: &timing) { out in
          status("gf_timing_create_core_animation", [(.pointer, .pointer(UnsafeMutableRawPointer(params))),
                                                     (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
    }
    guard code == GF_OK, let timing else { return failed(code) }
    return .ok(timing)
  }

  private func release(timing: UnsafeMutableRawPointer) {
    _ = library.call("gf_timing_free", returns: .void, [(.pointer, .pointer(timing))])
  }

  func timingStates(_ request: TimingRequest, at times: [Double]) -> Outcome<[TimingState]> {
    let made = makeTiming(request)
    guard let timing = made.value else { return .failed(made.status, made.message) }
    defer { release(timing: timing) }
    var states: [TimingState] = []
    for t in times {
      var raw = gf_timing_state()
      let code = withUnsafeMutablePointer(to: &raw) { out in
        status("gf_timing_at", [(.pointer, .pointer(timing)), (.double, .double(t)),
                                (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
      guard code == GF_OK else { return failed(code) }
      let phase: TimingPhase = raw.phase == GF_PHASE_BEFORE ? .before : raw.phase == GF_PHASE_ACTIVE ? .active : .after
      let resolved = raw.flags & GF_TIMING_STATE_RESOLVED != 0
      states.append(TimingState(
        phase: phase, activeTime: resolved ? raw.active_time : nil,
        currentIteration: resolved ? raw.current_iteration : nil, progress: resolved ? raw.progress : nil))
    }
    return .ok(states)
  }

  func timingSummary(_ request: TimingRequest) -> Outcome<(activeDuration: Double, endTime: Double, iterations: Double)> {
    let made = makeTiming(request)
    guard let timing = made.value else { return .failed(made.status, made.message) }
    defer { release(timing: timing) }
    var active = Double.nan, end = Double.nan
    var params = gf_timing_params()
    _ = withUnsafeMutablePointer(to: &params) {
      library.call("gf_timing_params_init", returns: .void, [(.pointer, .pointer(UnsafeMutableRawPointer($0)))])
    }
    let codes = [
      withUnsafeMutablePointer(to: &active) {
        status("gf_timing_active_duration", [(.pointer, .pointer(timing)), (.pointer, .pointer(UnsafeMutableRawPointer($0)))])
      },
      withUnsafeMutablePointer(to: &end) {
        status("gf_timing_end_time", [(.pointer, .pointer(timing)), (.pointer, .pointer(UnsafeMutableRawPointer($0)))])
      },
      withUnsafeMutablePointer(to: &params) {
        status("gf_timing_get_params", [(.pointer, .pointer(timing)), (.pointer, .pointer(UnsafeMutableRawPointer($0)))])
      },
    ]
    if let bad = codes.first(where: { $0 != GF_OK }) { return failed(bad) }
    return .ok((active, end, params.iterations))
  }

  // MARK: - Scenes

  func sceneStates(json: String, at times: [Double]) -> Outcome<[[LayerState]]> {
    var scene: UnsafeMutableRawPointer? = nil
    let loaded = json.withCString { text in
      withUnsafeMutablePointer(to: &scene) { out in
        status("gf_scene_load_json", [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                                      (.size, .size(UInt64(json.utf8.count))),
                                      (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    guard loaded == GF_OK, let scene else { return failed(loaded) }
    defer { _ = library.call("gf_scene_free", returns: .void, [(.pointer, .pointer(scene))]) }
    var all: [[LayerState]] = []
    for t in times {
      var count = 0
      // Ask for the count first (capacity 0), then sample into a buffer of that size.
      let sized = withUnsafeMutablePointer(to: &count) { out in
        status("gf_scene_sample", [(.pointer, .pointer(scene)), (.double, .double(t)), (.pointer, .pointer(nil)),
                                   (.size, .size(0)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
      guard sized == GF_OK || sized == GF_E_BUFFER_TOO_SMALL else { return failed(sized) }
      var raw = [gf_layer_state](repeating: gf_layer_state(), count: count)
      let code = raw.withUnsafeMutableBufferPointer { buffer in
        withUnsafeMutablePointer(to: &count) { out in
          status("gf_scene_sample", [(.pointer, .pointer(scene)), (.double, .double(t)),
                                     (.pointer, .pointer(buffer.baseAddress.map { UnsafeMutableRawPointer($0) })),
                                     (.size, .size(UInt64(buffer.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
      guard code == GF_OK else { return failed(code) }
      // The layouts are equal (checked in ABITests), so the bytes read back as LayerState.
      all.append(raw.map { unsafeBitCast($0, to: LayerState.self) })
    }
    return .ok(all)
  }

  func sceneCustomValues(json: String, name: String, at times: [Double]) -> Outcome<[[Double]]> {
    var scene: UnsafeMutableRawPointer? = nil
    let loaded = json.withCString { text in
      withUnsafeMutablePointer(to: &scene) { out in
        status("gf_scene_load_json", [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                                      (.size, .size(UInt64(json.utf8.count))),
                                      (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    guard loaded == GF_OK, let scene else { return failed(loaded) }
    defer { _ = library.call("gf_scene_free", returns: .void, [(.pointer, .pointer(scene))]) }
    var all: [[Double]] = []
    for t in times {
      var count = 0
      let sized = name.withCString { key in
        withUnsafeMutablePointer(to: &count) { out in
          status("gf_scene_sample_custom", [(.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(mutating: key))),
                                            (.double, .double(t)), (.pointer, .pointer(nil)), (.size, .size(0)),
                                            (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
      guard sized == GF_OK || sized == GF_E_BUFFER_TOO_SMALL else { return failed(sized) }
      var values = [Double](repeating: 0, count: count)
      let code = name.withCString { key in
        values.withUnsafeMutableBufferPointer { buffer in
          withUnsafeMutablePointer(to: &count) { out in
            status("gf_scene_sample_custom", [(.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(mutating: key))),
                                              (.double, .double(t)),
                                              (.pointer, .pointer(buffer.baseAddress.map { UnsafeMutableRawPointer($0) })),
                                              (.size, .size(UInt64(buffer.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
          }
        }
      }
      guard code == GF_OK else { return failed(code) }
      all.append(values)
    }
    return .ok(all)
  }

  // MARK: - Skeletons

  func skeletonStates(json: String, layers: [String], at times: [Double]) -> Outcome<(count: Int, states: [[LayerState?]])> {
    var scene: UnsafeMutableRawPointer? = nil
    let made = json.withCString { text in
      withUnsafeMutablePointer(to: &scene) { out in
        status("gf_skeleton_from_json", [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                                         (.size, .size(UInt64(json.utf8.count))),
                                         (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    guard made == GF_OK, let scene else { return failed(made) }
    defer { _ = library.call("gf_scene_free", returns: .void, [(.pointer, .pointer(scene))]) }
    let indices: [Int?] = layers.map { id in
      var index: UInt32 = 0
      let code = id.withCString { text in
        withUnsafeMutablePointer(to: &index) { out in
          status("gf_scene_layer_index", [(.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                                          (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
      return code == GF_OK ? Int(index) : nil
    }
    var count = 0
    _ = withUnsafeMutablePointer(to: &count) { out in
      status("gf_scene_layer_count", [(.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
    var states: [[LayerState?]] = []
    for t in times {
      var raw = [gf_layer_state](repeating: gf_layer_state(), count: count)
      var written = 0
      let code = raw.withUnsafeMutableBufferPointer { buffer in
        withUnsafeMutablePointer(to: &written) { out in
          status("gf_scene_sample", [(.pointer, .pointer(scene)), (.double, .double(t)),
                                     (.pointer, .pointer(buffer.baseAddress.map { UnsafeMutableRawPointer($0) })),
                                     (.size, .size(UInt64(buffer.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
      guard code == GF_OK else { return failed(code) }
      let all = raw.map { unsafeBitCast($0, to: LayerState.self) }
      states.append(indices.map { index in index.map { all[$0] } })
    }
    return .ok((count, states))
  }
}
