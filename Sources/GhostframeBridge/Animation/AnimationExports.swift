import CGhostframe
import Ghostframe

/// The most curves gf_animation_set_segment_curves takes.
private let maximumSegmentCurves = 1 << 20

/// Reads an optional timing handle: nil for NULL.
private func optionalTiming(_ timing: OpaquePointer?) throws(BridgeError) -> Timing? {
  guard let timing else { return nil }
  let box: TimingBox = try resolve(timing, "timing")
  return box.timing
}

/// Publishes a new draft for an animation kind.
private func createDraft(
  _ kind: AnimationDraft.Kind, keyPath: UnsafePointer<CChar>?, timing: OpaquePointer?, requireTiming: Bool,
  into outAnimation: UnsafeMutablePointer<OpaquePointer?>?, configure: (AnimationDraft) -> Void = { _ in }
) throws(BridgeError) {
  let out = try required(outAnimation, "out_animation")
  if requireTiming, timing == nil { throw BridgeError(GF_E_NULL_ARGUMENT, "timing is NULL") }
  let madeTiming = try optionalTiming(timing)
  var property: AnimatableProperty?
  if kind != .group && kind != .transition {
    let text = try requiredText(keyPath, "key_path")
    property = try engine(AnimatableProperty(keyPath: text))
  }
  let draft = AnimationDraft(kind: kind, property: property, timing: madeTiming)
  configure(draft)
  try publish(draft, into: out)
}

@c @implementation
public func gf_animation_create_basic(
  _ keyPath: UnsafePointer<CChar>?, _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    try createDraft(.basic, keyPath: keyPath, timing: timing, requireTiming: true, into: outAnimation)
  }
}

@c @implementation
public func gf_animation_create_keyframes(
  _ keyPath: UnsafePointer<CChar>?, _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    try createDraft(.keyframes, keyPath: keyPath, timing: timing, requireTiming: true, into: outAnimation)
  }
}

@c @implementation
public func gf_animation_create_spring(
  _ keyPath: UnsafePointer<CChar>?, _ spring: UnsafePointer<gf_spring>?, _ timing: OpaquePointer?,
  _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    // The handle first: a misused handle is reported as such whatever the other arguments.
    _ = try optionalTiming(timing)
    let made = try readSpring(spring)
    if timing == nil { _ = try engine(made.settlingDuration()) }
    try createDraft(.spring, keyPath: keyPath, timing: timing, requireTiming: false, into: outAnimation) {
      $0.spring = made
    }
  }
}

@c @implementation
public func gf_animation_create_group(
  _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    if let timing = try optionalTiming(timing), !timing.duration.isFinite {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "timing: a group's duration must be finite")
    }
    try createDraft(.group, keyPath: nil, timing: timing, requireTiming: true, into: outAnimation)
  }
}

@c @implementation
public func gf_animation_create_transition(
  _ kind: Int32, _ direction: Int32, _ fromLayerID: UnsafePointer<CChar>?, _ startProgress: Double,
  _ endProgress: Double, _ timing: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let kinds: [Int32: Transition.Kind] = [GF_TRANSITION_FADE: .fade, GF_TRANSITION_MOVE_IN: .moveIn,
                                           GF_TRANSITION_PUSH: .push, GF_TRANSITION_REVEAL: .reveal]
    let directions: [Int32: Transition.Direction] = [
      GF_TRANSITION_FROM_LEFT: .fromLeft, GF_TRANSITION_FROM_RIGHT: .fromRight, GF_TRANSITION_FROM_TOP: .fromTop,
      GF_TRANSITION_FROM_BOTTOM: .fromBottom,
    ]
    guard let transitionKind = kinds[kind] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "kind \(kind) is not a GF_TRANSITION_* value")
    }
    guard let transitionDirection = directions[direction] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "direction \(direction) is not a GF_TRANSITION_FROM_* value")
    }
    try finite(startProgress, "start_progress")
    try finite(endProgress, "end_progress")
    guard 0 <= startProgress, startProgress <= endProgress, endProgress <= 1 else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
        "start_progress and end_progress must satisfy 0 <= start <= end <= 1 (got \(startProgress), \(endProgress))")
    }
    let from = try requiredText(fromLayerID, "from_layer_id")
    try createDraft(.transition, keyPath: nil, timing: timing, requireTiming: true, into: outAnimation) {
      $0.transition = Transition(kind: transitionKind, direction: transitionDirection, fromLayer: from,
                                 startProgress: startProgress, endProgress: endProgress)
    }
  }
}

@c @implementation
public func gf_animation_free(_ animation: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(animation, .animation, "animation") }
}

@c @implementation
public func gf_animation_set_values(
  _ animation: OpaquePointer?, _ which: Int32, _ values: UnsafePointer<Double>?, _ count: Int
) -> gf_status {
  bridge { call throws(BridgeError) in
    let draft: AnimationDraft = try call.enter(animation, "animation", .write)
    guard [GF_VALUE_FROM, GF_VALUE_TO, GF_VALUE_BY, GF_VALUE_VELOCITY].contains(which) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "which \(which) is not a GF_VALUE_* value")
    }
    guard let property = draft.property, draft.kind == .basic || draft.kind == .spring else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "values: only basic and spring animations take from/to/by values")
    }
    guard count == property.valueWidth else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
        "count: '\(property.keyPath)' takes \(property.valueWidth) value(s), got \(count)")
    }
    draft.values[which] = try readDoubles(values, count, "values")
  }
}

@c @implementation
public func gf_animation_set_flags(_ animation: OpaquePointer?, _ flags: UInt32) -> gf_status {
  bridge { call throws(BridgeError) in
    let draft: AnimationDraft = try call.enter(animation, "animation", .write)
    let known = UInt32(GF_ANIMATION_ADDITIVE) | UInt32(GF_ANIMATION_CUMULATIVE) | UInt32(GF_ANIMATION_KEEP_AFTER_END)
    guard flags & ~known == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "flags \(flags) has unknown bits") }
    draft.flags = flags
  }
}

@c @implementation
public func gf_animation_set_keyframes(
  _ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ valueCount: Int,
  _ keyTimes: UnsafePointer<Double>?, _ keyTimeCount: Int
) -> gf_status {
  bridge { call throws(BridgeError) in
    let draft: AnimationDraft = try call.enter(animation, "animation", .write)
    guard draft.kind == .keyframes, let property = draft.property else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation")
    }
    let width = property.valueWidth
    guard valueCount > 0, valueCount % width == 0 else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
        "value_count must be a positive multiple of \(width), the components of '\(property.keyPath)' (got \(valueCount))")
    }
    let flat = try readDoubles(values, valueCount, "values")
    var times: [Double]?
    if keyTimes != nil || keyTimeCount != 0 {
      times = try readDoubles(keyTimes, keyTimeCount, "key_times")
    }
    draft.keyframeValues = flat
    draft.keyTimes = times
  }
}

@c @implementation
public func gf_animation_set_calculation_mode(_ animation: OpaquePointer?, _ mode: Int32) -> gf_status {
  bridge { call throws(BridgeError) in
    let draft: AnimationDraft = try call.enter(animation, "animation", .write)
    let modes: [Int32: Keyframes.CalculationMode] = [
      GF_CALCULATION_LINEAR: .linear, GF_CALCULATION_DISCRETE: .discrete, GF_CALCULATION_PACED: .paced,
      GF_CALCULATION_CUBIC: .cubic, GF_CALCULATION_CUBIC_PACED: .cubicPaced,
    ]
    guard let value = modes[mode] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "mode \(mode) is not a GF_CALCULATION_* value")
    }
    guard draft.kind == .keyframes else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation")
    }
    draft.mode = value
  }
}

@c @implementation
public func gf_animation_set_segment_curves(
  _ animation: OpaquePointer?, _ curves: UnsafePointer<OpaquePointer?>?, _ count: Int
) -> gf_status {
  bridge { call throws(BridgeError) in
    let draft: AnimationDraft = try call.enter(animation, "animation", .write)
    guard draft.kind == .keyframes else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation")
    }
    guard count >= 0, count <= maximumSegmentCurves else {
      throw BridgeError(GF_E_LIMIT, "count \(UInt(bitPattern: count)) exceeds the limit of \(maximumSegmentCurves) curves")
    }
    guard count == 0 || curves != nil else { throw BridgeError(GF_E_NULL_ARGUMENT, "curves is NULL") }
    guard let curves, count > 0 else {
      // No curves clears them (every segment linear again).
      draft.curves = nil
      return
    }
    var read: [Curve] = []
    read.reserveCapacity(count)
    for index in 0..<count {
      guard let element = curves[index] else {
        read.append(.linear)
        continue
      }
      let box: CurveBox = try resolve(element, "curves[\(index)]")
      read.append(box.curve)
    }
    draft.curves = read
  }
}

@c @implementation
public func gf_animation_set_tcb(
  _ animation: OpaquePointer?, _ tension: UnsafePointer<Double>?, _ continuity: UnsafePointer<Double>?,
  _ bias: UnsafePointer<Double>?, _ count: Int
) -> gf_status {
  bridge { call throws(BridgeError) in
    let draft: AnimationDraft = try call.enter(animation, "animation", .write)
    guard draft.kind == .keyframes else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "animation is not a keyframe animation")
    }
    // Each array may be NULL (that parameter is not given); a given one holds `count` values.
    func read(_ pointer: UnsafePointer<Double>?, _ name: StaticString) throws(BridgeError) -> [Double]? {
      guard let pointer else { return nil }
      return try readDoubles(pointer, count, name)
    }
    let readTension = try read(tension, "tension")
    let readContinuity = try read(continuity, "continuity")
    let readBias = try read(bias, "bias")
    draft.tension = readTension
    draft.continuity = readContinuity
    draft.bias = readBias
  }
}

@c @implementation
public func gf_animation_add_child(_ group: OpaquePointer?, _ child: OpaquePointer?) -> gf_status {
  bridge { call throws(BridgeError) in
    let parent: AnimationDraft = try call.enter(group, "group", .write)
    let childHandle = try required(child, "child")
    guard parent.kind == .group else { throw BridgeError(GF_E_INVALID_ARGUMENT, "group is not a group animation") }
    guard parent.children.count < Animation.maximumGroupChildren else {
      throw BridgeError(GF_E_LIMIT, "a group holds at most \(Animation.maximumGroupChildren) animations")
    }
    // A group may receive a copy of itself; it is already entered for writing.
    let draft: AnimationDraft = childHandle == group ? parent : try call.enter(childHandle, "child", .read)
    parent.children.append(try engine(draft.build()))
  }
}

@c @implementation
public func gf_key_path_components(_ keyPath: UnsafePointer<CChar>?, _ outComponents: UnsafeMutablePointer<UInt32>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outComponents, "out_components")
    let text = try requiredText(keyPath, "key_path")
    out.pointee = UInt32(try engine(AnimatableProperty(keyPath: text)).valueWidth)
  }
}
