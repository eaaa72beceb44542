import CGhostframe
import Ghostframe

/// A gf_chain_link_desc, validated and converted: what a link is set to.
struct ChainLinkSettings {
  var kind: Int32
  var combined: Bool
  var name: String?
  var property: String?
  var from: [Double]?, to: [Double]?, by: [Double]?
  var duration: Double
  var beginTime: Double
  var repeatCount: Double
  var autoreverses: Bool
  var additive: Bool
  var timing: Curve?
  var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
  var values: [[Double]]?
  var keyTimes: [Double]?
  var mode: Keyframes.CalculationMode
  var transitionKind: Transition.Kind
  var direction: Transition.Direction
  var fromLayer: String?
  var startProgress: Double, endProgress: Double
  var completion: gf_chain_completion_fn?
  var userData: UnsafeMutableRawPointer?
  var anchor: UInt32

  /// Reads and checks a caller's desc: pointers, counts, flags, finite numbers, text; the
  /// engine checks the rest (key paths, widths, ranges) when the link is tried.
  init(_ pointer: UnsafePointer<gf_chain_link_desc>?) throws(BridgeError) {
    let d = try required(pointer, "desc").pointee
    try structSize(d.struct_size, atLeast: MemoryLayout<gf_chain_link_desc>.size, "gf_chain_link_desc")
    guard (GF_CHAIN_BASIC...GF_CHAIN_TRANSITION).contains(d.kind) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "kind \(d.kind) is not a GF_CHAIN_* kind")
    }
    guard d.placement == GF_CHAIN_NEXT || d.placement == GF_CHAIN_COMBINE else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "placement \(d.placement) is neither GF_CHAIN_NEXT nor GF_CHAIN_COMBINE")
    }
    kind = d.kind
    combined = d.placement == GF_CHAIN_COMBINE
    autoreverses = try flag(d.autoreverses, "autoreverses")
    additive = try flag(d.additive, "additive")
    name = try optionalText(d.name, "desc.name")
    property = try optionalText(d.property, "desc.property")
    let width = Int(d.value_count)
    func vector(_ p: UnsafePointer<Double>?, _ label: StaticString) throws(BridgeError) -> [Double]? {
      guard p != nil else { return nil }
      guard width > 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "\(label) is given but value_count is 0") }
      return try readDoubles(p, width, label)
    }
    from = try vector(d.from_value, "from_value")
    to = try vector(d.to_value, "to_value")
    by = try vector(d.by_value, "by_value")
    for (value, label) in [(d.duration, "duration"), (d.begin_time, "begin_time"), (d.repeat_count, "repeat_count")]
    where !value.isFinite {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "\(label) must be finite (got \(value))")
    }
    duration = d.duration
    beginTime = d.begin_time
    repeatCount = d.repeat_count
    timing = try optionalText(d.timing, "desc.timing").map { text throws(BridgeError) in
      try engine(Curve(parsing: text))
    }
    try finite(d.mass, "mass")
    try finite(d.stiffness, "stiffness")
    try finite(d.damping, "damping")
    try finite(d.initial_velocity, "initial_velocity")
    (mass, stiffness, damping, initialVelocity) = (d.mass, d.stiffness, d.damping, d.initial_velocity)
    if d.keyframe_count > 0 {
      guard width > 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "values are given but value_count is 0") }
      let count = Int(d.keyframe_count)
      guard count <= maximumArrayCount / width else {
        throw BridgeError(GF_E_LIMIT, "values: \(count) x \(width) numbers exceed the limit of \(maximumArrayCount)")
      }
      let flat = try readDoubles(d.values, count * width, "values")
      values = (0..<count).map { Array(flat[($0 * width)..<(($0 + 1) * width)]) }
    } else {
      guard d.values == nil else { throw BridgeError(GF_E_INVALID_ARGUMENT, "values is given but keyframe_count is 0") }
      values = nil
    }
    keyTimes = d.key_time_count > 0 ? try readDoubles(d.key_times, Int(d.key_time_count), "key_times") : nil
    let modeText = try optionalText(d.calculation_mode, "desc.calculation_mode") ?? "linear"
    guard let mode = Keyframes.CalculationMode(rawValue: modeText) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
        "calculation_mode '\(modeText)' is not linear, discrete, paced, cubic or cubicPaced")
    }
    self.mode = mode
    let typeText = try optionalText(d.transition_type, "desc.transition_type") ?? "fade"
    guard let transitionKind = Transition.Kind(rawValue: typeText) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "transition_type '\(typeText)' is not fade, moveIn, push or reveal")
    }
    self.transitionKind = transitionKind
    let subtypeText = try optionalText(d.transition_subtype, "desc.transition_subtype") ?? "fromRight"
    guard let direction = Transition.Direction(rawValue: subtypeText) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
        "transition_subtype '\(subtypeText)' is not fromLeft, fromRight, fromTop or fromBottom")
    }
    self.direction = direction
    fromLayer = try optionalText(d.from_layer, "desc.from_layer")
    try finite(d.start_progress, "start_progress")
    try finite(d.end_progress, "end_progress")
    (startProgress, endProgress) = (d.start_progress, d.end_progress)
    completion = d.completion
    userData = d.user_data
    guard d.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "reserved must be 0") }
    anchor = d.anchor
  }

  /// Adds the described link to `chain` (after or beside `last`) and returns it.
  func add(to chain: AnimationChain, after last: ChainLink?) -> ChainLink {
    let link: ChainLink
    switch (kind, last) {
    case (GF_CHAIN_SPRING, let last?): link = combined ? last.combineSpring : last.nextToSpring
    case (GF_CHAIN_SPRING, nil): link = chain.spring
    case (GF_CHAIN_KEYFRAME, let last?): link = combined ? last.combineKeyframe : last.nextToKeyframe
    case (GF_CHAIN_KEYFRAME, nil): link = chain.keyframe
    case (GF_CHAIN_TRANSITION, let last?): link = combined ? last.combineTransition : last.nextToTransition
    case (GF_CHAIN_TRANSITION, nil): link = chain.transition
    case (_, let last?): link = combined ? last.combineBasic : last.nextToBasic
    case (_, nil): link = chain.basic
    }
    configure(link)
    return link
  }

  /// Sets the link's fields from the settings.
  private func configure(_ link: ChainLink) {
    // 0 is the default: Core Animation's 0.25 s, which the engine also reads 0 as, except
    // for a spring, whose default is its settling duration (no duration set).
    if duration > 0 || kind != GF_CHAIN_SPRING { link.duration(duration) }
    link.beginTime(beginTime).repeatCount(repeatCount)
    if autoreverses { _ = link.autoreverses }
    if additive { _ = link.additive }
    if let timing { link.timing(timing) }
    if let name { link.named(name) }
    // Basic, spring and keyframe links animate a key path; transitions have none.
    if let property, link is BasicChainLink || link is KeyframeChainLink { link.setKeyPath(property) }
    if let basic = link as? BasicChainLink {
      if let from { basic.fromValue(from) }
      if let to { basic.toValue(to) }
      if let by { basic.byValue(by) }
    }
    if let spring = link as? SpringChainLink {
      spring.mass(mass).stiffness(stiffness).damping(damping).initialVelocity(initialVelocity)
    }
    if let keyframe = link as? KeyframeChainLink {
      if let values { keyframe.values(values) }
      keyframe.keyTimes(keyTimes).calculationMode(mode)
    }
    if let transition = link as? TransitionChainLink {
      transition.type(transitionKind).subtype(direction).startProgress(startProgress).endProgress(endProgress)
      if let fromLayer { transition.fromLayer(fromLayer) }
    }
    if let completion {
      let userData = self.userData
      link.completion { done in
        done.name.withCString { name in
          done.layer.withCString { layer in
            var raw = gf_chain_completion(name: name, layer: layer, time: done.time,
                                          index: UInt32(truncatingIfNeeded: done.index),
                                          reversed: done.isReversed ? 1 : 0)
            completion(userData, &raw)
          }
        }
      }
    }
  }
}
