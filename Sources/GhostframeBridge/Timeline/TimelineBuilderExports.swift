import CGhostframe
import Ghostframe

/// The object behind a `gf_timeline_builder *`: the engine's ``TimelineBuilder`` (a value, so a
/// refused call leaves it as it was).
final class TimelineBuilderBox: ExclusiveHandleBox {
  static var kind: HandleKind { .timelineBuilder }
  var builder: TimelineBuilder

  init(_ builder: TimelineBuilder) {
    self.builder = builder
  }
}

@c @implementation
public func gf_tween_options_init(_ options: UnsafeMutablePointer<gf_tween_options>?) {
  guard let options else { return }
  options.pointee = gf_tween_options(
    struct_size: UInt32(MemoryLayout<gf_tween_options>.size), duration: TimelineBuilder.defaultDuration, ease: nil,
    position: nil, stagger_json: nil)
}

@c @implementation
public func gf_timeline_timing_init(_ timing: UnsafeMutablePointer<gf_timeline_timing>?) {
  guard let timing else { return }
  timing.pointee = gf_timeline_timing(
    struct_size: UInt32(MemoryLayout<gf_timeline_timing>.size), repeat: 0, yoyo: 0, repeat_delay: 0, time_scale: 1)
}

/// A tween's options, read and checked: GSAP's defaults for NULL.
private struct TweenOptions {
  var duration = TimelineBuilder.defaultDuration
  var ease: Curve?
  var position: TimelinePosition?
  var stagger: TimelineStagger?

  init(_ pointer: UnsafePointer<gf_tween_options>?) throws(BridgeError) {
    guard let pointer else { return }
    let raw = pointer.pointee
    try structSize(raw.struct_size, atLeast: MemoryLayout<gf_tween_options>.size, "gf_tween_options")
    try finite(raw.duration, "duration")
    duration = raw.duration
    if let spec = try optionalText(raw.ease, "ease") { ease = try engine(Curve(parsing: spec)) }
    position = try readPosition(raw.position)
    if let text = try optionalText(raw.stagger_json, "stagger_json") {
      do throws(BridgeError) {
        stagger = try engine(TimelineStagger(json: text))
      } catch {
        throw BridgeError(error.status, "stagger_json: \(error.message)")
      }
    }
  }
}

/// GSAP position text, or nil for NULL.
private func readPosition(_ pointer: UnsafePointer<CChar>?) throws(BridgeError) -> TimelinePosition? {
  guard let text = try optionalText(pointer, "position") else { return nil }
  return try engine(TimelinePosition(parsing: text))
}

/// `count` layer ids from a caller array (copied).
private func readLayers(_ layers: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) throws(BridgeError) -> [String] {
  guard count >= 0, count <= Timeline.maximumEntries else {
    throw BridgeError(GF_E_LIMIT, "layer_count \(UInt(bitPattern: count)) is past GF_MAX_TIMELINE_ENTRIES "
                      + "(\(Timeline.maximumEntries))")
  }
  guard count > 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "layer_count is 0: a tween needs a layer") }
  let array = try required(layers, "layers")
  var ids: [String] = []
  ids.reserveCapacity(count)
  for index in 0..<count {
    guard let id = array[index] else { throw BridgeError(GF_E_NULL_ARGUMENT, "layers[\(index)] is NULL") }
    ids.append(try readText(id, length: nil, "layers[i]"))
  }
  return ids
}

/// A values object (`{"opacity": 0}`).
private func readValues(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(BridgeError) -> [String: [Double]] {
  let text = try requiredText(pointer, name)
  do throws(BridgeError) {
    return try engine(TimelineDefinition.values(json: text))
  } catch {
    throw BridgeError(error.status, "\(name): \(error.message)")
  }
}

/// Runs one step on the builder in `box`: the box keeps the new builder only when the step
/// succeeds.
private func step(_ box: TimelineBuilderBox, _ body: (TimelineBuilder) throws(BridgeError) -> TimelineBuilder)
  throws(BridgeError)
{
  box.builder = try body(box.builder)
}

@c @implementation
public func gf_timeline_builder_create(
  _ timing: UnsafePointer<gf_timeline_timing>?, _ outBuilder: UnsafeMutablePointer<OpaquePointer?>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outBuilder, "out_builder")
    var builder = TimelineBuilder()
    if let timing {
      let raw = timing.pointee
      try structSize(raw.struct_size, atLeast: MemoryLayout<gf_timeline_timing>.size, "gf_timeline_timing")
      let yoyo = try flag(raw.yoyo, "yoyo")
      try finite(raw.repeat_delay, "repeat_delay")
      try finite(raw.time_scale, "time_scale")
      builder = try engine(builder.timed(TimelineNodeTiming(repeat: Int(raw.repeat), yoyo: yoyo,
                                                            repeatDelay: raw.repeat_delay, timeScale: raw.time_scale)))
    }
    try publish(TimelineBuilderBox(builder), into: out)
  }
}

@c @implementation
public func gf_timeline_builder_free(_ builder: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(builder, .timelineBuilder, "builder") }
}

@c @implementation
public func gf_timeline_builder_to(
  _ builder: OpaquePointer?, _ layers: UnsafePointer<UnsafePointer<CChar>?>?, _ layerCount: Int,
  _ valuesJSON: UnsafePointer<CChar>?, _ options: UnsafePointer<gf_tween_options>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try tween(&call, builder, layers, layerCount, valuesJSON, options) { b, ids, values, o throws(GhostframeError) in
      try b.to(ids, values, duration: o.duration, ease: o.ease ?? TimelineBuilder.defaultEase, position: o.position,
               stagger: o.stagger)
    }
  }
}

@c @implementation
public func gf_timeline_builder_from(
  _ builder: OpaquePointer?, _ layers: UnsafePointer<UnsafePointer<CChar>?>?, _ layerCount: Int,
  _ valuesJSON: UnsafePointer<CChar>?, _ options: UnsafePointer<gf_tween_options>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    try tween(&call, builder, layers, layerCount, valuesJSON, options) { b, ids, values, o throws(GhostframeError) in
      try b.from(ids, values, duration: o.duration, ease: o.ease ?? TimelineBuilder.defaultEase, position: o.position,
                 stagger: o.stagger)
    }
  }
}

/// One `to` or `from` step: the builder, the layers, the values and the options read and checked
/// as every step reads them, then `body` applied to the builder.
private func tween(
  _ call: inout BridgeCall, _ builder: OpaquePointer?, _ layers: UnsafePointer<UnsafePointer<CChar>?>?, _ layerCount: Int,
  _ valuesJSON: UnsafePointer<CChar>?, _ options: UnsafePointer<gf_tween_options>?,
  _ body: (TimelineBuilder, [String], [String: [Double]], TweenOptions) throws(GhostframeError) -> TimelineBuilder
) throws(BridgeError) {
  let box: TimelineBuilderBox = try call.enter(builder, "builder")
  let ids = try readLayers(layers, layerCount)
  let values = try readValues(valuesJSON, "values_json")
  let o = try TweenOptions(options)
  try step(box) { b throws(BridgeError) in try engine(body(b, ids, values, o)) }
}

@c @implementation
public func gf_timeline_builder_from_to(
  _ builder: OpaquePointer?, _ layers: UnsafePointer<UnsafePointer<CChar>?>?, _ layerCount: Int,
  _ fromJSON: UnsafePointer<CChar>?, _ toJSON: UnsafePointer<CChar>?, _ options: UnsafePointer<gf_tween_options>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBuilderBox = try call.enter(builder, "builder")
    let ids = try readLayers(layers, layerCount)
    let from = try readValues(fromJSON, "from_json")
    let to = try readValues(toJSON, "to_json")
    let o = try TweenOptions(options)
    try step(box) { b throws(BridgeError) in
      try engine(b.fromTo(ids, from: from, to: to, duration: o.duration, ease: o.ease ?? TimelineBuilder.defaultEase,
                          position: o.position, stagger: o.stagger))
    }
  }
}

@c @implementation
public func gf_timeline_builder_anim(
  _ builder: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ layers: UnsafePointer<UnsafePointer<CChar>?>?,
  _ layerCount: Int, _ options: UnsafePointer<gf_tween_options>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBuilderBox = try call.enter(builder, "builder")
    let definition = try requiredText(name, "name")
    let ids = try readLayers(layers, layerCount)
    let o = try TweenOptions(options)
    guard o.ease == nil else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "options->ease must be NULL for gf_timeline_builder_anim: the "
                        + "definition \(Identifier.quoted(definition)) has its own curve")
    }
    try step(box) { b throws(BridgeError) in
      try engine(b.anim(definition, layers: ids, duration: o.duration, position: o.position, stagger: o.stagger))
    }
  }
}

@c @implementation
public func gf_timeline_builder_add_label(
  _ builder: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ position: UnsafePointer<CChar>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBuilderBox = try call.enter(builder, "builder")
    let label = try requiredText(name, "name")
    let at = try readPosition(position)
    try step(box) { b throws(BridgeError) in try engine(b.addLabel(label, position: at)) }
  }
}

@c @implementation
public func gf_timeline_builder_add(
  _ builder: OpaquePointer?, _ timeline: OpaquePointer?, _ position: UnsafePointer<CChar>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBuilderBox = try call.enter(builder, "builder")
    let other: TimelineBox = try call.enter(timeline, "timeline", .read)
    let nested = other.timeline
    let at = try readPosition(position)
    try step(box) { b throws(BridgeError) in try engine(b.add(nested, position: at)) }
  }
}

@c @implementation
public func gf_timeline_builder_call(
  _ builder: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ position: UnsafePointer<CChar>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: TimelineBuilderBox = try call.enter(builder, "builder")
    let point = try requiredText(name, "name")
    let at = try readPosition(position)
    try step(box) { b throws(BridgeError) in try engine(b.call(point, position: at)) }
  }
}

@c @implementation
public func gf_timeline_builder_build(_ builder: OpaquePointer?, _ outTimeline: UnsafeMutablePointer<OpaquePointer?>?)
  -> gf_status
{
  bridge { call throws(BridgeError) in
    let box: TimelineBuilderBox = try call.enter(builder, "builder", .read)
    let out = try required(outTimeline, "out_timeline")
    try publish(TimelineBox(box.builder.timeline), into: out)
  }
}
