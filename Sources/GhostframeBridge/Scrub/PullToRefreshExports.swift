import CGhostframe
import Ghostframe

@c @implementation
public func gf_pull_to_refresh_create(
  _ width: Double, _ triggerDistance: Double, _ maximumPull: Double, _ thresholdDistance: Double,
  _ maximumRadius: Double, _ ringWidth: Double, _ logoSize: Double, _ spinDuration: Double,
  _ outControl: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outControl, "out_control")
    try finite(width, "width")
    try finite(triggerDistance, "trigger_distance")
    try finite(maximumPull, "maximum_pull")
    try finite(thresholdDistance, "threshold_distance")
    try finite(maximumRadius, "maximum_radius")
    try finite(ringWidth, "ring_width")
    try finite(logoSize, "logo_size")
    try finite(spinDuration, "spin_duration")
    let control = try engine(PullToRefresh(
      width: width, triggerDistance: triggerDistance, maximumPull: maximumPull, thresholdDistance: thresholdDistance,
      maximumRadius: maximumRadius, ringWidth: ringWidth, logoSize: logoSize, spinDuration: spinDuration))
    try publish(PullToRefreshBox(control), into: out)
  }
}

@c @implementation
public func gf_pull_to_refresh_free(_ control: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(control, .pullToRefresh, "control") }
}

@c @implementation
public func gf_pull_to_refresh_sample(
  _ control: OpaquePointer?, _ pull: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: PullToRefreshBox = try call.enter(control, "control", .read)
    let count = try required(outCount, "out_count")
    try finite(pull, "pull")
    let engineControl = box.control
    try box.write(outStates, capacity, count) { (states) throws(GhostframeError) in
      try engineControl.sample(atPull: pull, into: states)
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
    let box: PullToRefreshBox = try call.enter(control, "control", .read)
    let count = try required(outCount, "out_count")
    try finite(t, "t")
    let engineControl = box.control
    try box.write(outStates, capacity, count) { (states) throws(GhostframeError) in
      try engineControl.sample(atClock: t, into: states)
    }
  }
}
