import CGhostframe
import Ghostframe

@c @implementation
public func gf_scrub_create(
  _ scene: OpaquePointer?, _ inputStart: Double, _ inputEnd: Double, _ timeStart: Double, _ timeEnd: Double,
  _ curve: OpaquePointer?, _ outScrub: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let out = try required(outScrub, "out_scrub")
    let sceneBox: SceneBox = try call.enter(scene, "scene", .read)
    try finite(inputStart, "input_start")
    try finite(inputEnd, "input_end")
    try finite(timeStart, "time_start")
    try finite(timeEnd, "time_end")
    var easing: Curve?
    if let curve { easing = (try resolve(curve, "curve") as CurveBox).curve }
    let scrub = try engine(
      Scrub(scene: sceneBox.scene, inputRange: (inputStart, inputEnd), timeRange: (timeStart, timeEnd), curve: easing))
    try publish(ScrubBox(scrub), into: out)
  }
}

@c @implementation
public func gf_scrub_free(_ scrub: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(scrub, .scrub, "scrub") }
}

@c @implementation
public func gf_scrub_time(_ scrub: OpaquePointer?, _ value: Double, _ outTime: UnsafeMutablePointer<Double>?)
  -> gf_status
{
  bridge { call throws(BridgeError) in
    let box: ScrubBox = try call.enter(scrub, "scrub", .read)
    let out = try required(outTime, "out_t")
    try finite(value, "value")
    out.pointee = try engine(box.scrub.time(at: value))
  }
}

@c @implementation
public func gf_scrub_sample(
  _ scrub: OpaquePointer?, _ value: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ScrubBox = try call.enter(scrub, "scrub", .read)
    let count = try required(outCount, "out_count")
    try finite(value, "value")
    let engineScrub = box.scrub
    try box.write(outStates, capacity, count) { (states) throws(GhostframeError) in
      try engineScrub.sample(at: value, into: states)
    }
  }
}

@c @implementation
public func gf_scrub_release(
  _ scrub: OpaquePointer?, _ hostTime: Double, _ value: Double, _ velocity: Double, _ rest: Double
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ScrubBox = try call.enter(scrub, "scrub")
    try finite(hostTime, "host_time")
    try finite(value, "value")
    try finite(velocity, "velocity")
    try finite(rest, "rest")
    try engine(box.scrub.release(at: hostTime, value: value, velocity: velocity, rest: rest))
  }
}

@c @implementation
public func gf_scrub_value_at_clock(_ scrub: OpaquePointer?, _ t: Double, _ outValue: UnsafeMutablePointer<Double>?)
  -> gf_status
{
  bridge { call throws(BridgeError) in
    let box: ScrubBox = try call.enter(scrub, "scrub", .read)
    let out = try required(outValue, "out_value")
    try finite(t, "t")
    out.pointee = try engine(box.scrub.value(atClock: t))
  }
}

@c @implementation
public func gf_scrub_sample_at_clock(
  _ scrub: OpaquePointer?, _ t: Double, _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ScrubBox = try call.enter(scrub, "scrub", .read)
    let count = try required(outCount, "out_count")
    try finite(t, "t")
    // Checked before the buffer so that an unreleased scrub reports that, whatever the capacity.
    _ = try engine(box.scrub.value(atClock: t))
    let engineScrub = box.scrub
    try box.write(outStates, capacity, count) { (states) throws(GhostframeError) in
      try engineScrub.sample(atClock: t, into: states)
    }
  }
}
