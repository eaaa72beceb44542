import CGhostframe
import Ghostframe

/// Moves the timeline's player with `move` and reports the events crossed to `callback`; without
/// a callback the move suppresses its events (none are made, and no event limit applies). The
/// timeline stays entered (for writing) while the callback runs, so a callback calling into it is
/// answered with GF_E_MISUSE (busy).
private func play(
  _ call: inout BridgeCall, _ timeline: OpaquePointer?, _ callback: gf_timeline_event_fn?,
  _ userData: UnsafeMutableRawPointer?,
  _ move: (inout TimelinePlayer, _ suppressingEvents: Bool) throws(GhostframeError) -> [TimelineEvent]
) throws(BridgeError) {
  let box: TimelineBox = try call.enter(timeline, "timeline")
  let playback = box.playback
  // Before the move, so running out of memory leaves the player where it was.
  if callback != nil { try playback.prepareEvents() }
  let events = try engine(move(&playback.player, callback == nil))
  guard let callback else { return }
  try playback.deliver(events, to: callback, userData)
}

@c @implementation
public func gf_timeline_seek(
  _ timeline: OpaquePointer?, _ t: Double, _ callback: gf_timeline_event_fn?, _ userData: UnsafeMutableRawPointer?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try finite(t, "t")
    try play(&call, timeline, callback, userData) { player, quiet throws(GhostframeError) in
      try player.seek(to: t, suppressingEvents: quiet)
    }
  }
}

@c @implementation
public func gf_timeline_advance(
  _ timeline: OpaquePointer?, _ hostSeconds: Double, _ callback: gf_timeline_event_fn?,
  _ userData: UnsafeMutableRawPointer?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try finite(hostSeconds, "host_seconds")
    try play(&call, timeline, callback, userData) { player, quiet throws(GhostframeError) in
      try player.advance(by: hostSeconds, suppressingEvents: quiet)
    }
  }
}

@c @implementation
public func gf_timeline_set_rate(_ timeline: OpaquePointer?, _ rate: Double) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline")
    try engine(box.playback.player.setRate(rate))
  }
}

@c @implementation
public func gf_timeline_rate(_ timeline: OpaquePointer?, _ outRate: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline", .read)
    let out = try required(outRate, "out_rate")
    out.pointee = box.playback.player.rate
  }
}

@c @implementation
public func gf_timeline_reverse(_ timeline: OpaquePointer?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline")
    box.playback.player.reverse()
  }
}

@c @implementation
public func gf_timeline_time(_ timeline: OpaquePointer?, _ outTime: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline", .read)
    let out = try required(outTime, "out_time")
    out.pointee = box.playback.player.time
  }
}
