import CGhostframe
import Ghostframe

/// The body gf_scrub_create and gf_scrub_create_with_spring share.
private func createScrub(
  _ call: inout BridgeCall, _ scene: OpaquePointer?, _ inputStart: Double, _ inputEnd: Double, _ timeStart: Double,
  _ timeEnd: Double, _ curve: OpaquePointer?, _ spring: UnsafePointer<gf_spring>?,
  _ outScrub: UnsafeMutablePointer<OpaquePointer?>?
) throws(BridgeError) {
  let out = try required(outScrub, "out_scrub")
  let sceneBox: SceneBox = try call.enter(scene, "scene", .read)
  try finite(inputStart, "input_start")
  try finite(inputEnd, "input_end")
  try finite(timeStart, "time_start")
  try finite(timeEnd, "time_end")
  var easing: Curve?
  if let curve { easing = (try resolve(curve, "curve") as CurveBox).curve }
  let physics = try readOptionalSpring(spring)
  let scrub = try engine(Scrub(
    scene: sceneBox.scene, inputRange: (inputStart, inputEnd), timeRange: (timeStart, timeEnd), curve: easing,
    spring: physics))
  try publish(ScrubBox(scrub), into: out)
}

@c @implementation
public func gf_scrub_create(
  _ scene: OpaquePointer?, _ inputStart: Double, _ inputEnd: Double, _ timeStart: Double, _ timeEnd: Double,
  _ curve: OpaquePointer?, _ outScrub: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try createScrub(&call, scene, inputStart, inputEnd, timeStart, timeEnd, curve, nil, outScrub)
  }
}

@c @implementation
public func gf_scrub_create_with_spring(
  _ scene: OpaquePointer?, _ inputStart: Double, _ inputEnd: Double, _ timeStart: Double, _ timeEnd: Double,
  _ curve: OpaquePointer?, _ spring: UnsafePointer<gf_spring>?, _ outScrub: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try createScrub(&call, scene, inputStart, inputEnd, timeStart, timeEnd, curve, spring, outScrub)
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
    try sampleLayerStates(&call, scrub, "scrub", value, "value", outStates, capacity, outCount) {
      (box: ScrubBox, states) throws(GhostframeError) in try box.scrub.sample(at: value, into: states)
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
    // An unreleased scrub reports that whatever the capacity (the check runs before the buffer's).
    try sampleLayerStates(
      &call, scrub, "scrub", t, "t", outStates, capacity, outCount,
      check: { (box: ScrubBox) throws(GhostframeError) in _ = try box.scrub.value(atClock: t) }
    ) { (box: ScrubBox, states) throws(GhostframeError) in try box.scrub.sample(atClock: t, into: states) }
  }
}
