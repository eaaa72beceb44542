import CGhostframe
import Ghostframe

/// Reads a caller's levels into the engine's chain: GF_E_LIMIT past the engine's maximum (before
/// anything is read), GF_E_NULL_ARGUMENT for NULL levels with a count, and the engine's
/// GF_E_INVALID_ARGUMENT naming the first bad level.
private func readViewChain(_ levels: UnsafePointer<gf_view_level>?, _ count: Int) throws(BridgeError) -> ViewChain {
  guard count >= 0, count <= ViewChain.maximumLevels else {
    throw BridgeError(GF_E_LIMIT, "level_count \(UInt(bitPattern: count)) exceeds the limit of \(ViewChain.maximumLevels)")
  }
  guard count > 0 else { return try engine(ViewChain(levels: [])) }
  let levels = try required(levels, "levels")
  var read: [ViewChain.Level] = []
  read.reserveCapacity(count)
  for level in UnsafeBufferPointer(start: levels, count: count) {
    let f = level.frame, o = level.scroll_offset
    read.append(ViewChain.Level(frame: Rect(x: f.0, y: f.1, width: f.2, height: f.3), scrollOffset: Point(x: o.0, y: o.1)))
  }
  return try engine(ViewChain(levels: read))
}

/// Reads the 4 doubles of a rect argument (each finite).
private func readRect(_ rect: UnsafePointer<Double>?) throws(BridgeError) -> Rect {
  let r = try readDoubles(try required(rect, "rect"), 4, "rect")
  return Rect(x: r[0], y: r[1], width: r[2], height: r[3])
}

/// Writes a rect to a caller's 4 doubles.
private func write(_ rect: Rect, to out: UnsafeMutablePointer<Double>) {
  (out[0], out[1], out[2], out[3]) = (rect.x, rect.y, rect.width, rect.height)
}

@c @implementation
public func gf_view_chain_offset(
  _ levels: UnsafePointer<gf_view_level>?, _ levelCount: Int, _ outOffset: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outOffset, "out_offset")
    let chain = try readViewChain(levels, levelCount)
    let offset = try engine(chain.offsetToWindow)
    (out[0], out[1]) = (offset.x, offset.y)
  }
}

@c @implementation
public func gf_view_chain_window_rect(
  _ levels: UnsafePointer<gf_view_level>?, _ levelCount: Int, _ rect: UnsafePointer<Double>?,
  _ out: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let output = try required(out, "out")
    let r = try readRect(rect)
    let chain = try readViewChain(levels, levelCount)
    write(try engine(chain.windowRect(of: r)), to: output)
  }
}

@c @implementation
public func gf_view_chain_content_rect(
  _ levels: UnsafePointer<gf_view_level>?, _ levelCount: Int, _ rect: UnsafePointer<Double>?,
  _ out: UnsafeMutablePointer<Double>?
) -> gf_status {
  bridge { _ throws(BridgeError) in
    let output = try required(out, "out")
    let r = try readRect(rect)
    let chain = try readViewChain(levels, levelCount)
    write(try engine(chain.contentRect(ofWindowRect: r)), to: output)
  }
}
