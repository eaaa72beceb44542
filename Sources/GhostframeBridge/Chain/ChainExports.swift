import CGhostframe
import Ghostframe

@c @implementation
public func gf_chain_link_desc_init(_ desc: UnsafeMutablePointer<gf_chain_link_desc>?) {
  guard let desc else { return }
  var d = gf_chain_link_desc()
  d.struct_size = UInt32(MemoryLayout<gf_chain_link_desc>.size)
  d.kind = GF_CHAIN_BASIC
  d.placement = GF_CHAIN_NEXT
  d.mass = 1
  d.stiffness = 100
  d.damping = 10
  d.end_progress = 1
  d.anchor = GF_CHAIN_LAST
  desc.pointee = d
}

@c @implementation
public func gf_chain_create(_ layerID: UnsafePointer<CChar>?, _ outChain: UnsafeMutablePointer<OpaquePointer?>?)
  -> gf_status
{
  bridge { _ throws(BridgeError) in
    let out = try required(outChain, "out_chain")
    let layer = try requiredText(layerID, "layer_id")
    try engine(AnimationChain.checkLayer(layer))
    try publish(ChainBox(layer: layer), into: out)
  }
}

@c @implementation
public func gf_chain_free(_ chain: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(chain, .chain, "chain") }
}

@c @implementation
public func gf_chain_add(
  _ chain: OpaquePointer?, _ desc: UnsafePointer<gf_chain_link_desc>?, _ outIndex: UnsafeMutablePointer<UInt32>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ChainBox = try call.enter(chain, "chain")
    let settings = try ChainLinkSettings(desc)
    guard box.chain.count < AnimationChain.maximumLinks else {
      throw BridgeError(GF_E_LIMIT, "chain: more than \(AnimationChain.maximumLinks) links (GF_MAX_CHAIN_LINKS)")
    }
    let anchor: ChainLink?
    if settings.anchor == GF_CHAIN_LAST {
      anchor = box.links.last
    } else {
      guard let index = Int(exactly: settings.anchor), box.links.indices.contains(index) else {
        throw BridgeError(GF_E_INVALID_ARGUMENT,
          "anchor \(settings.anchor) is neither GF_CHAIN_LAST nor the index of one of the chain's \(box.links.count) links")
      }
      anchor = box.links[index]
    }
    // The engine checks the link, alone and placed in the chain, and leaves the chain as it was
    // if it refuses it (a bad link, or one that ends past the largest duration).
    box.links.append(try engine(box.chain.add(checking: { settings.add(to: $0, after: anchor) })))
    outIndex?.pointee = UInt32(truncatingIfNeeded: box.chain.count - 1)
  }
}

@c @implementation
public func gf_chain_duration(_ chain: OpaquePointer?, _ outDuration: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ChainBox = try call.enter(chain, "chain", .read)
    let out = try required(outDuration, "out_duration")
    out.pointee = try engine(box.chain.duration)
  }
}

@c @implementation
public func gf_chain_schedule(
  _ chain: OpaquePointer?, _ outEntries: UnsafeMutablePointer<gf_timeline_entry>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ChainBox = try call.enter(chain, "chain")
    let count = try required(outCount, "out_count")
    try validCapacity(capacity, elementSize: MemoryLayout<gf_timeline_entry>.stride, "capacity")
    let entries = try engine(box.chain.schedule()).entries
    guard capacity >= entries.count else {
      count.pointee = entries.count
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "the schedule has \(entries.count) entries; capacity is \(capacity)")
    }
    guard !entries.isEmpty else {
      count.pointee = 0
      return
    }
    let out = try required(outEntries, "out_entries")
    var converted: [gf_timeline_entry] = []
    converted.reserveCapacity(entries.count)
    for entry in entries {
      guard let name = box.strings.pointer(entry.name), let layer = box.strings.pointer(entry.layer) else {
        throw BridgeError(GF_E_INTERNAL, "out of memory copying a chain string")
      }
      converted.append(gf_timeline_entry(name: name, layer: layer, begin: entry.begin, end: entry.end))
    }
    for (index, entry) in converted.enumerated() { out[index] = entry }
    count.pointee = entries.count
  }
}

@c @implementation
public func gf_chain_apply(
  _ chain: OpaquePointer?, _ scene: OpaquePointer?, _ layerID: UnsafePointer<CChar>?, _ startTime: Double
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: ChainBox = try call.enter(chain, "chain")
    let sceneBox: SceneBox = try call.enter(scene, "scene")
    let layer = try optionalText(layerID, "layer_id")
    try finite(startTime, "start_time")
    let run = try engine(box.chain.animate(in: &sceneBox.scene, layer: layer, at: startTime))
    box.runs.removeAll { $0.scene == nil }
    box.runs.append(ChainBox.Applied(scene: sceneBox, run: run))
  }
}

@c @implementation
public func gf_chain_advance(
  _ chain: OpaquePointer?, _ scene: OpaquePointer?, _ t: Double, _ callback: gf_event_fn?,
  _ userData: UnsafeMutableRawPointer?
) -> gf_status {
  bridge { call throws(BridgeError) in
    // Both stay entered while callbacks run: a callback calling into either gets GF_E_MISUSE.
    let box: ChainBox = try call.enter(chain, "chain")
    let sceneBox: SceneBox = try call.enter(scene, "scene")
    try finite(t, "t")
    let runs = box.runs.filter { $0.scene === sceneBox }.map(\.run)
    let events = try engine(sceneBox.scene.advance(to: t))
    for event in events {
      if let callback {
        event.layer.withCString { layer in
          func deliver(_ key: UnsafePointer<CChar>?) {
            var raw = gf_event(
              kind: event.kind == .started ? GF_EVENT_STARTED : GF_EVENT_ENDED, reversed: event.isReversed ? 1 : 0,
              animation_id: event.animation, time: event.time, layer_id: layer, key: key)
            callback(userData, &raw)
          }
          if let key = event.key { key.withCString { deliver($0) } } else { deliver(nil) }
        }
      }
      for run in runs { run.deliver([event]) }
    }
  }
}
