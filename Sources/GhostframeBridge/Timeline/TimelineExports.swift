import CGhostframe
import Ghostframe

@c @implementation
public func gf_timeline_from_json(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outTimeline: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outTimeline, "out_timeline")
    let text = try jsonText(json, length)
    try publish(TimelineBox(engine(Timeline(json: text))), into: out)
  }
}

@c @implementation
public func gf_timeline_from_file(
  _ path: UnsafePointer<CChar>?, _ outTimeline: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outTimeline, "out_timeline")
    let file = try DocumentFile(path: path)
    try file.named { () throws(BridgeError) in try publish(TimelineBox(engine(Timeline(json: file.text))), into: out) }
  }
}

@c @implementation
public func gf_timeline_free(_ timeline: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(timeline, .timeline, "timeline") }
}

@c @implementation
public func gf_timeline_duration(_ timeline: OpaquePointer?, _ outDuration: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline", .read)
    let out = try required(outDuration, "out_duration")
    out.pointee = box.schedule.duration
  }
}

@c @implementation
public func gf_timeline_schedule(
  _ timeline: OpaquePointer?, _ outEntries: UnsafeMutablePointer<gf_timeline_entry>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline", .read)
    let count = try required(outCount, "out_count")
    try validCapacity(capacity, elementSize: MemoryLayout<gf_timeline_entry>.stride, "capacity")
    let needed = box.entries.count
    guard capacity >= needed else {
      count.pointee = needed
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(needed) timeline entries needed, capacity is \(capacity)")
    }
    if needed > 0 {
      let out = try required(outEntries, "out_entries")
      _ = UnsafeMutableBufferPointer(start: out, count: needed).update(fromContentsOf: box.entries)
    }
    count.pointee = needed
  }
}

@c @implementation
public func gf_timeline_apply(_ timeline: OpaquePointer?, _ scene: OpaquePointer?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline", .read)
    let sceneBox: SceneBox = try call.enter(scene, "scene")
    // The schedule the box made once; apply builds on a copy, so an error leaves the scene as it was.
    _ = try engine(box.schedule.apply(to: &sceneBox.scene))
  }
}

@c @implementation
public func gf_timeline_to_json(
  _ timeline: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBox = try call.enter(timeline, "timeline", .read)
    let out = try required(outJSON, "out_json")
    let text = try engine(box.timeline.json())
    guard let copy = ownedCString(text) else { throw BridgeError(GF_E_INTERNAL, "out of memory copying the JSON") }
    out.pointee = copy
  }
}

@c @implementation
public func gf_timeline_define(
  _ name: UnsafePointer<CChar>?, _ curveSpec: UnsafePointer<CChar>?, _ changesJSON: UnsafePointer<CChar>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let name = try requiredText(name, "name")
    let spec = try optionalText(curveSpec, "curve_spec")
    let changes = try requiredText(changesJSON, "changes_json")
    let curve = try spec.map { (spec) throws(BridgeError) in try engine(Curve(parsing: spec)) } ?? .linear
    let definition = try engine(TimelineDefinition(name: name, curve: curve, changesJSON: changes))
    TimelineRegistry.shared.register(definition)
  }
}

@c @implementation
public func gf_timeline_undefine(_ name: UnsafePointer<CChar>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let name = try requiredText(name, "name")
    guard TimelineRegistry.shared.removeDefinition(named: name) else {
      throw BridgeError(GF_E_NOT_FOUND, "no timeline definition \(Identifier.quoted(name)) in the registry")
    }
  }
}
