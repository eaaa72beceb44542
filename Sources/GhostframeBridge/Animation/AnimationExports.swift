import CGhostframe
import Ghostframe

/// The most curves gf_animation_set_segment_curves takes.
private let maximumSegmentCurves = 1 << 20

/// Reads an optional timing handle: nil for NULL, or the GF_E_MISUSE it failed with.
private func timingOf(_ timing: OpaquePointer?) -> Result<Timing?, StatusError> {
  guard let timing else { return .success(nil) }
  return resolve(timing, .timing, "timing", as: TimingBox.self).map { $0.timing }
}

/// Publishes a new draft for a key-path animation kind.
private func createDraft(
  _ kind: AnimationDraft.Kind, keyPath: UnsafePointer<CChar>?, timing: OpaquePointer?, requireTiming: Bool,
  out: UnsafeMutablePointer<OpaquePointer?>?, configure: (AnimationDraft) -> Void = { _ in }
) -> gf_status {
  guard let out else { return fail(GF_E_NULL_ARGUMENT, "out_animation is NULL") }
  if requireTiming, timing == nil { return fail(GF_E_NULL_ARGUMENT, "timing is NULL") }
  let madeTiming: Timing?
  switch timingOf(timing) {
  case .success(let value): madeTiming = value
  case .failure(let error): return error.status
  }
  var property: AnimatableProperty?
  if kind != .group && kind != .transition {
    switch requiredText(keyPath, "key_path") {
    case .failure(let error): return error.status
    case .success(let text):
      do {
        property = try AnimatableProperty(keyPath: text)
      } catch {
        return fail(error)
      }
    }
  }
  let draft = AnimationDraft(kind: kind, property: property, timing: madeTiming)
  configure(draft)
  return publish(draft, as: .animation, into: out)
}

@c @implementation
public func gf_animation_create_basic(
  _ keyPath: UnsafePointer<CChar>?, _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  createDraft(.basic, keyPath: keyPath, timing: timing, requireTiming: true, out: outAnimation)
}

@c @implementation
public func gf_animation_create_keyframes(
  _ keyPath: UnsafePointer<CChar>?, _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  createDraft(.keyframes, keyPath: keyPath, timing: timing, requireTiming: true, out: outAnimation)
}

@c @implementation
public func gf_animation_create_spring(
  _ keyPath: UnsafePointer<CChar>?, _ spring: UnsafePointer<gf_spring>?, _ timing: OpaquePointer?,
  _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  // The handle first: a misused handle is reported as such whatever the other arguments.
  if case .failure(let error) = timingOf(timing) { return error.status }
  guard let spring else { return fail(GF_E_NULL_ARGUMENT, "spring is NULL") }
  let raw = spring.pointee
  if let status = checkStructSize(raw.struct_size, of: gf_spring.self, expected: MemoryLayout<gf_spring>.size,
                                  name: "gf_spring") {
    return status
  }
  if let status = checkFlag(raw.allows_overdamping, "allows_overdamping") { return status }
  let made: Spring
  do {
    made = try Spring(mass: raw.mass, stiffness: raw.stiffness, damping: raw.damping,
                      initialVelocity: raw.initial_velocity, allowsOverdamping: raw.allows_overdamping == 1)
    if timing == nil { _ = try made.settlingDuration() }
  } catch {
    return fail(error)
  }
  return createDraft(.spring, keyPath: keyPath, timing: timing, requireTiming: false, out: outAnimation) {
    $0.spring = made
  }
}

@c @implementation
public func gf_animation_create_group(
  _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  if let timing {
    switch resolve(timing, .timing, "timing", as: TimingBox.self) {
    case .failure(let error): return error.status
    case .success(let box):
      guard box.timing.duration.isFinite else {
        return fail(GF_E_INVALID_ARGUMENT, "timing: a group's duration must be finite")
      }
    }
  }
  return createDraft(.group, keyPath: nil, timing: timing, requireTiming: true, out: outAnimation)
}

@c @implementation
public func gf_animation_create_transition(
  _ kind: Int32, _ direction: Int32, _ fromLayerID: UnsafePointer<CChar>?, _ startProgress: Double,
  _ endProgress: Double, _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  let kinds: [Int32: Transition.Kind] = [GF_TRANSITION_FADE: .fade, GF_TRANSITION_MOVE_IN: .moveIn,
                                         GF_TRANSITION_PUSH: .push, GF_TRANSITION_REVEAL: .reveal]
  let directions: [Int32: Transition.Direction] = [
    GF_TRANSITION_FROM_LEFT: .fromLeft, GF_TRANSITION_FROM_RIGHT: .fromRight, GF_TRANSITION_FROM_TOP: .fromTop,
    GF_TRANSITION_FROM_BOTTOM: .fromBottom,
  ]
  guard let transitionKind = kinds[kind] else {
    return fail(GF_E_INVALID_ARGUMENT, "kind \(kind) is not a GF_TRANSITION_* value")
  }
  guard let transitionDirection = directions[direction] else {
    return fail(GF_E_INVALID_ARGUMENT, "direction \(direction) is not a GF_TRANSITION_FROM_* value")
  }
  if let status = checkFinite(startProgress, "start_progress") { return status }
  if let status = checkFinite(endProgress, "end_progress") { return status }
  guard 0 <= startProgress, startProgress <= endProgress, endProgress <= 1 else {
    return fail(GF_E_INVALID_ARGUMENT,
      "start_progress and end_progress must satisfy 0 <= start <= end <= 1 (got \(startProgress), \(endProgress))")
  }
  let from: String
  switch requiredText(fromLayerID, "from_layer_id") {
  case .success(let text): from = text
  case .failure(let error): return error.status
  }
  return createDraft(.transition, keyPath: nil, timing: timing, requireTiming: true, out: outAnimation) {
    $0.transition = Transition(kind: transitionKind, direction: transitionDirection, fromLayer: from,
                               startProgress: startProgress, endProgress: endProgress)
  }
}

@c @implementation
public func gf_animation_free(_ animation: OpaquePointer?) -> gf_status {
  freeHandle(animation, .animation, "animation")
}

@c @implementation
public func gf_animation_set_values(
  _ animation: OpaquePointer?, _ which: Int32, _ values: UnsafePointer<Double>?, _ count: Int
) -> gf_status {
  withAnimation(animation, "animation", use: .write) { draft in
    guard [GF_VALUE_FROM, GF_VALUE_TO, GF_VALUE_BY, GF_VALUE_VELOCITY].contains(which) else {
      return fail(GF_E_INVALID_ARGUMENT, "which \(which) is not a GF_VALUE_* value")
    }
    guard let property = draft.property, draft.kind == .basic || draft.kind == .spring else {
      return fail(GF_E_INVALID_ARGUMENT, "values: only basic and spring animations take from/to/by values")
    }
    guard count == property.valueWidth else {
      return fail(GF_E_INVALID_ARGUMENT, "count: '\(property.keyPath)' takes \(property.valueWidth) value(s), got \(count)")
    }
    switch readDoubles(values, count, "values") {
    case .success(let read): draft.values[which] = read
    case .failure(let error): return error.status
    }
    return GF_OK
  }
}

@c @implementation
public func gf_animation_set_flags(_ animation: OpaquePointer?, _ flags: UInt32) -> gf_status {
  withAnimation(animation, "animation", use: .write) { draft in
    let known = UInt32(GF_ANIMATION_ADDITIVE) | UInt32(GF_ANIMATION_CUMULATIVE) | UInt32(GF_ANIMATION_KEEP_AFTER_END)
    guard flags & ~known == 0 else { return fail(GF_E_INVALID_ARGUMENT, "flags \(flags) has unknown bits") }
    draft.flags = flags
    return GF_OK
  }
}

@c @implementation
public func gf_animation_set_keyframes(
  _ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ valueCount: Int,
  _ keyTimes: UnsafePointer<Double>?, _ keyTimeCount: Int
) -> gf_status {
  withAnimation(animation, "animation", use: .write) { draft in
    guard draft.kind == .keyframes, let property = draft.property else {
      return fail(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation")
    }
    let width = property.valueWidth
    guard valueCount > 0, valueCount % width == 0 else {
      return fail(GF_E_INVALID_ARGUMENT,
        "value_count must be a positive multiple of \(width), the components of '\(property.keyPath)' (got \(valueCount))")
    }
    let flat: [Double]
    switch readDoubles(values, valueCount, "values") {
    case .success(let read): flat = read
    case .failure(let error): return error.status
    }
    var times: [Double]?
    if keyTimes != nil || keyTimeCount != 0 {
      switch readDoubles(keyTimes, keyTimeCount, "key_times") {
      case .success(let read): times = read
      case .failure(let error): return error.status
      }
    }
    draft.keyframeValues = flat
    draft.keyTimes = times
    return GF_OK
  }
}

@c @implementation
public func gf_animation_set_calculation_mode(_ animation: OpaquePointer?, _ mode: Int32) -> gf_status {
  withAnimation(animation, "animation", use: .write) { draft in
    let modes: [Int32: Keyframes.CalculationMode] = [
      GF_CALCULATION_LINEAR: .linear, GF_CALCULATION_DISCRETE: .discrete, GF_CALCULATION_PACED: .paced,
      GF_CALCULATION_CUBIC: .cubic, GF_CALCULATION_CUBIC_PACED: .cubicPaced,
    ]
    guard let value = modes[mode] else { return fail(GF_E_INVALID_ARGUMENT, "mode \(mode) is not a GF_CALCULATION_* value") }
    guard draft.kind == .keyframes else { return fail(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation") }
    draft.mode = value
    return GF_OK
  }
}

@c @implementation
public func gf_animation_set_segment_curves(
  _ animation: OpaquePointer?, _ curves: UnsafePointer<OpaquePointer?>?, _ count: Int
) -> gf_status {
  withAnimation(animation, "animation", use: .write) { draft in
    guard draft.kind == .keyframes else { return fail(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation") }
    guard count >= 0, count <= maximumSegmentCurves else {
      return fail(GF_E_LIMIT, "count \(UInt(bitPattern: count)) exceeds the limit of \(maximumSegmentCurves) curves")
    }
    guard count == 0 || curves != nil else { return fail(GF_E_NULL_ARGUMENT, "curves is NULL") }
    guard let curves, count > 0 else {
      // No curves clears them (every segment linear again).
      draft.curves = nil
      return GF_OK
    }
    var read: [Curve] = []
    read.reserveCapacity(count)
    for index in 0..<count {
      guard let handle = curves[index] else {
        read.append(.linear)
        continue
      }
      switch resolve(handle, .curve, "curves[\(index)]", as: CurveBox.self) {
      case .success(let box): read.append(box.curve)
      case .failure(let error): return error.status
      }
    }
    draft.curves = read
    return GF_OK
  }
}

@c @implementation
public func gf_animation_set_tcb(
  _ animation: OpaquePointer?, _ tension: UnsafePointer<Double>?, _ continuity: UnsafePointer<Double>?,
  _ bias: UnsafePointer<Double>?, _ count: Int
) -> gf_status {
  withAnimation(animation, "animation", use: .write) { draft in
    guard draft.kind == .keyframes else { return fail(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation") }
    var read: [[Double]?] = []
    for (pointer, name) in [(tension, "tension"), (continuity, "continuity"), (bias, "bias")] as [(UnsafePointer<Double>?, StaticString)] {
      guard let pointer else {
        read.append(nil)
        continue
      }
      switch readDoubles(pointer, count, name) {
      case .success(let values): read.append(values)
      case .failure(let error): return error.status
      }
    }
    draft.tension = read[0]
    draft.continuity = read[1]
    draft.bias = read[2]
    return GF_OK
  }
}

@c @implementation
public func gf_animation_add_child(_ group: OpaquePointer?, _ child: OpaquePointer?) -> gf_status {
  withAnimation(group, "group", use: .write) { parent in
    guard let child else { return fail(GF_E_NULL_ARGUMENT, "child is NULL") }
    guard parent.kind == .group else { return fail(GF_E_INVALID_ARGUMENT, "group is not a group animation") }
    guard parent.children.count < Animation.maximumGroupChildren else {
      return fail(GF_E_LIMIT, "a group holds at most \(Animation.maximumGroupChildren) animations")
    }
    // A group may receive a copy of itself; it is already entered for writing.
    func append(_ draft: AnimationDraft) -> gf_status {
      do {
        parent.children.append(try draft.build())
        return GF_OK
      } catch {
        return fail(error)
      }
    }
    if child == group { return append(parent) }
    return withAnimation(child, "child", use: .read, append)
  }
}

@c @implementation
public func gf_key_path_components(_ keyPath: UnsafePointer<CChar>?, _ outComponents: UnsafeMutablePointer<UInt32>?) -> gf_status {
  guard let outComponents else { return fail(GF_E_NULL_ARGUMENT, "out_components is NULL") }
  switch requiredText(keyPath, "key_path") {
  case .failure(let error): return error.status
  case .success(let text):
    do {
      outComponents.pointee = UInt32(try AnimatableProperty(keyPath: text).valueWidth)
      return GF_OK
    } catch {
      return fail(error)
    }
  }
}
