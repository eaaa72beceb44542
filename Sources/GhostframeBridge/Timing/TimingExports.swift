import CGhostframe
import Ghostframe

private let directions: [Int32: PlaybackDirection] = [
  GF_DIRECTION_NORMAL: .normal, GF_DIRECTION_REVERSE: .reverse,
  GF_DIRECTION_ALTERNATE: .alternate, GF_DIRECTION_ALTERNATE_REVERSE: .alternateReverse,
]
private let fills: [Int32: FillMode] = [
  GF_FILL_NONE: .none, GF_FILL_FORWARDS: .forwards, GF_FILL_BACKWARDS: .backwards, GF_FILL_BOTH: .both,
]

private func code(of direction: PlaybackDirection) -> Int32 {
  directions.first { $0.value == direction }?.key ?? GF_DIRECTION_NORMAL
}

private func code(of fill: FillMode) -> Int32 {
  fills.first { $0.value == fill }?.key ?? GF_FILL_NONE
}

@c @implementation
public func gf_timing_params_init(_ params: UnsafeMutablePointer<gf_timing_params>?) {
  guard let params else { return }
  params.pointee = gf_timing_params(
    struct_size: UInt32(MemoryLayout<gf_timing_params>.size), direction: GF_DIRECTION_NORMAL,
    fill: GF_FILL_NONE, reserved: 0, delay: 0, end_delay: 0, duration: 0, iterations: 1,
    iteration_start: 0, playback_rate: 1, time_offset: 0, easing: nil, time_scale: 1)
}

/// The size of gf_timing_params before time_scale was added: callers built then pass it.
private let timingParamsSizeBeforeTimeScale =
  MemoryLayout<gf_timing_params>.offset(of: \gf_timing_params.time_scale) ?? MemoryLayout<gf_timing_params>.size

@c @implementation
public func gf_core_animation_timing_init(_ params: UnsafeMutablePointer<gf_core_animation_timing>?) {
  guard let params else { return }
  params.pointee = gf_core_animation_timing(
    struct_size: UInt32(MemoryLayout<gf_core_animation_timing>.size), autoreverses: 0,
    fill_mode: GF_FILL_NONE, reserved: 0, duration: 0, begin_time: 0, speed: 1, time_offset: 0,
    repeat_count: 0, repeat_duration: 0, easing: nil)
}

/// Publishes a new timing handle, keeping the caller's easing curve alive beside it.
private func publishTiming(
  _ make: (Curve) throws(GhostframeError) -> Timing, easing: OpaquePointer?,
  into out: UnsafeMutablePointer<OpaquePointer?>
) throws(BridgeError) {
  var easingBox: CurveBox?
  if let easing { easingBox = try resolve(easing, "easing") as CurveBox }
  let timing = try engine(make(easingBox?.curve ?? .linear))
  let box = TimingBox(timing, easing: easingBox)
  guard easingBox == nil || box.easingHandle != nil else {
    throw BridgeError(GF_E_INTERNAL, "out of memory making the timing's easing handle")
  }
  try publish(box, into: out)
}

@c @implementation
public func gf_timing_create(
  _ params: UnsafePointer<gf_timing_params>?, _ outTiming: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let pointer = try required(params, "params")
    let out = try required(outTiming, "out_timing")
    let p = try readVersioned(pointer, defaults: { gf_timing_params_init($0) },
                              oldestSize: timingParamsSizeBeforeTimeScale, "gf_timing_params")
    guard p.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "reserved must be 0") }
    guard let direction = directions[p.direction] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "direction \(p.direction) is not a GF_DIRECTION_* value")
    }
    guard let fill = fills[p.fill] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "fill \(p.fill) is not a GF_FILL_* value")
    }
    try publishTiming({ easing throws(GhostframeError) in
      try Timing(
        duration: p.duration, delay: p.delay, endDelay: p.end_delay, iterations: p.iterations,
        iterationStart: p.iteration_start, direction: direction, fill: fill, easing: easing,
        playbackRate: p.playback_rate, timeOffset: p.time_offset, timeScale: p.time_scale)
    }, easing: p.easing, into: out)
  }
}

@c @implementation
public func gf_timing_create_core_animation(
  _ params: UnsafePointer<gf_core_animation_timing>?, _ outTiming: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let pointer = try required(params, "params")
    let out = try required(outTiming, "out_timing")
    let p = pointer.pointee
    try structSize(p.struct_size, atLeast: MemoryLayout<gf_core_animation_timing>.size, "gf_core_animation_timing")
    guard p.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "reserved must be 0") }
    let autoreverses = try flag(p.autoreverses, "autoreverses")
    guard let fill = fills[p.fill_mode] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "fill_mode \(p.fill_mode) is not a GF_FILL_* value")
    }
    try publishTiming({ easing throws(GhostframeError) in
      try Timing.coreAnimation(
        duration: p.duration, beginTime: p.begin_time, speed: p.speed, timeOffset: p.time_offset,
        repeatCount: p.repeat_count, repeatDuration: p.repeat_duration,
        autoreverses: autoreverses, fillMode: fill, easing: easing)
    }, easing: p.easing, into: out)
  }
}

@c @implementation
public func gf_timing_free(_ timing: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(timing, .timing, "timing") }
}

@c @implementation
public func gf_timing_get_params(
  _ timing: OpaquePointer?, _ outParams: UnsafeMutablePointer<gf_timing_params>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: TimingBox = try resolve(timing, "timing")
    let out = try required(outParams, "out_params")
    let size = Int(out.pointee.struct_size)
    try structSize(out.pointee.struct_size, atLeast: timingParamsSizeBeforeTimeScale, "gf_timing_params")
    let t = box.timing
    var params = gf_timing_params(
      struct_size: out.pointee.struct_size, direction: code(of: t.direction), fill: code(of: t.fill),
      reserved: 0, delay: t.delay, end_delay: t.endDelay, duration: t.duration, iterations: t.iterations,
      iteration_start: t.iterationStart, playback_rate: t.playbackRate, time_offset: t.timeOffset,
      easing: box.easingHandle, time_scale: t.timeScale)
    // Only the fields the caller's struct has: an older caller's struct ends before time_scale.
    withUnsafeBytes(of: &params) { bytes in
      UnsafeMutableRawPointer(out).copyMemory(
        from: bytes.baseAddress ?? UnsafeRawPointer(out), byteCount: min(size, bytes.count))
    }
  }
}

@c @implementation
public func gf_timing_active_duration(_ timing: OpaquePointer?, _ outSeconds: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: TimingBox = try resolve(timing, "timing")
    try required(outSeconds, "out_seconds").pointee = box.timing.activeDuration
  }
}

@c @implementation
public func gf_timing_end_time(_ timing: OpaquePointer?, _ outSeconds: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: TimingBox = try resolve(timing, "timing")
    try required(outSeconds, "out_seconds").pointee = box.timing.endTime
  }
}

@c @implementation
public func gf_timing_at(
  _ timing: OpaquePointer?, _ localTime: Double, _ outState: UnsafeMutablePointer<gf_timing_state>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let box: TimingBox = try resolve(timing, "timing")
    let out = try required(outState, "out_state")
    try finite(localTime, "local_time")
    let state = try engine(box.timing.checkedState(at: localTime))
    let phase: Int32 = switch state.phase {
    case .before: GF_PHASE_BEFORE
    case .active: GF_PHASE_ACTIVE
    case .after: GF_PHASE_AFTER
    }
    let resolved = state.progress != nil
    out.pointee = gf_timing_state(
      phase: phase, flags: resolved ? GF_TIMING_STATE_RESOLVED : 0,
      active_time: state.activeTime ?? .nan, current_iteration: state.currentIteration ?? .nan,
      progress: state.progress ?? .nan)
  }
}
