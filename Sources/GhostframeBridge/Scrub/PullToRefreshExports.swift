import CGhostframe
import Ghostframe

@c @implementation
public func gf_pull_to_refresh_params_init(_ params: UnsafeMutablePointer<gf_pull_to_refresh_params>?) {
  guard let params else { return }
  params.pointee = defaultPullToRefreshParams()
}

/// The defaults gf_pull_to_refresh_params_init writes: the engine's ``PullToRefresh`` defaults,
/// read from a control built with them, and ``Scrub``'s default spring.
private func defaultPullToRefreshParams() -> gf_pull_to_refresh_params {
  var p = gf_pull_to_refresh_params()
  p.struct_size = UInt32(MemoryLayout<gf_pull_to_refresh_params>.size)
  // Building with the defaults cannot fail; the values below stand in if it ever did.
  guard let d = try? PullToRefresh() else { return p }
  (p.width, p.trigger_distance, p.maximum_pull, p.threshold_distance) =
    (d.width, d.triggerDistance, d.maximumPull, d.thresholdDistance)
  (p.maximum_radius, p.ring_width, p.logo_size, p.spin_duration) = (d.maximumRadius, d.ringWidth, d.logoSize, d.spinDuration)
  (p.fill_r, p.fill_g, p.fill_b, p.fill_a) = (d.fillColor.red, d.fillColor.green, d.fillColor.blue, d.fillColor.alpha)
  (p.background_r, p.background_g, p.background_b, p.background_a) =
    (d.backgroundColor.red, d.backgroundColor.green, d.backgroundColor.blue, d.backgroundColor.alpha)
  let spring = d.scrub.spring
  p.spring = gf_spring(
    struct_size: UInt32(MemoryLayout<gf_spring>.size), allows_overdamping: spring.allowsOverdamping ? 1 : 0,
    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initial_velocity: 0)
  return p
}

/// Builds a control from checked parameters and publishes it (gf_pull_to_refresh_create and
/// gf_pull_to_refresh_create_with_params).
private func createControl(
  _ p: gf_pull_to_refresh_params, logoImage: String?, _ outControl: UnsafeMutablePointer<OpaquePointer?>?
) throws(BridgeError) {
  let out = try required(outControl, "out_control")
  let numbers: [(Double, StaticString)] = [
    (p.width, "width"), (p.trigger_distance, "trigger_distance"), (p.maximum_pull, "maximum_pull"),
    (p.threshold_distance, "threshold_distance"), (p.maximum_radius, "maximum_radius"), (p.ring_width, "ring_width"),
    (p.logo_size, "logo_size"), (p.spin_duration, "spin_duration"),
  ]
  for (value, name) in numbers { try finite(value, name) }
  let spring = try withUnsafePointer(to: p.spring) { (spring) throws(BridgeError) in try readSpring(spring) }
  // The engine checks the ranges and the colours (NaN included) and names the first bad one.
  let control = try engine(PullToRefresh(
    width: p.width, triggerDistance: p.trigger_distance, maximumPull: p.maximum_pull,
    thresholdDistance: p.threshold_distance, maximumRadius: p.maximum_radius, ringWidth: p.ring_width,
    logoSize: p.logo_size, spinDuration: p.spin_duration,
    fillColor: Color(red: p.fill_r, green: p.fill_g, blue: p.fill_b, alpha: p.fill_a),
    backgroundColor: Color(red: p.background_r, green: p.background_g, blue: p.background_b, alpha: p.background_a),
    logoImage: logoImage ?? "refresh_logo", spring: spring))
  try publish(PullToRefreshBox(control), into: out)
}

@c @implementation
public func gf_pull_to_refresh_create(
  _ width: Double, _ triggerDistance: Double, _ maximumPull: Double, _ thresholdDistance: Double,
  _ maximumRadius: Double, _ ringWidth: Double, _ logoSize: Double, _ spinDuration: Double,
  _ outControl: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    var p = defaultPullToRefreshParams()
    (p.width, p.trigger_distance, p.maximum_pull, p.threshold_distance) =
      (width, triggerDistance, maximumPull, thresholdDistance)
    (p.maximum_radius, p.ring_width, p.logo_size, p.spin_duration) = (maximumRadius, ringWidth, logoSize, spinDuration)
    try createControl(p, logoImage: nil, outControl)
  }
}

@c @implementation
public func gf_pull_to_refresh_create_with_params(
  _ params: UnsafePointer<gf_pull_to_refresh_params>?, _ outControl: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let raw = try required(params, "params")
    _ = try required(outControl, "out_control")
    let p = try readVersioned(raw, defaults: { $0.pointee = defaultPullToRefreshParams() },
                              oldestSize: MemoryLayout<gf_pull_to_refresh_params>.size, "params")
    guard p.reserved == 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "params.reserved must be 0") }
    let logo = try optionalText(p.logo_image, "logo_image")
    try createControl(p, logoImage: logo, outControl)
  }
}

@c @implementation
public func gf_pull_to_refresh_free(_ control: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(control, .pullToRefresh, "control") }
}

@c @implementation
public func gf_pull_to_refresh_scene(_ control: OpaquePointer?, _ outScene: UnsafeMutablePointer<OpaquePointer?>?)
  -> gf_status
{
  bridge { call throws(BridgeError) in
    let box: PullToRefreshBox = try call.enter(control, "control", .read)
    let out = try required(outScene, "out_scene")
    try publish(SceneBox(box.control.scene), into: out)
  }
}

@c @implementation
public func gf_pull_to_refresh_sample(
  _ control: OpaquePointer?, _ pull: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try sampleLayerStates(&call, control, "control", pull, "pull", outStates, capacity, outCount) {
      (box: PullToRefreshBox, states) throws(GhostframeError) in try box.control.sample(atPull: pull, into: states)
    }
  }
}

@c @implementation
public func gf_pull_to_refresh_begin(_ control: OpaquePointer?, _ t: Double) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: PullToRefreshBox = try call.enter(control, "control")
    try finite(t, "t")
    try engine(box.control.beginRefreshing(at: t))
  }
}

@c @implementation
public func gf_pull_to_refresh_end(_ control: OpaquePointer?, _ t: Double) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: PullToRefreshBox = try call.enter(control, "control")
    try finite(t, "t")
    try engine(box.control.endRefreshing(at: t))
  }
}

@c @implementation
public func gf_pull_to_refresh_sample_at_clock(
  _ control: OpaquePointer?, _ t: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try sampleLayerStates(&call, control, "control", t, "t", outStates, capacity, outCount) {
      (box: PullToRefreshBox, states) throws(GhostframeError) in try box.control.sample(atClock: t, into: states)
    }
  }
}
