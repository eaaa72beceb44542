import Glibc

extension SceneSampler {
  /// Turns the composed slots of `layers` into layer states, parents before children: frames in
  /// root coordinates, transforms concatenated, opacity multiplied, hidden inherited. Writes
  /// every field of every state in place, so the same t gives the same bytes.
  ///
  /// The compose started at layer `begin`, and `slots` holds the rows of `begin` onwards:
  /// parents inside the compose are read from `output`, parents before it from `path` (the
  /// range's private ancestors). Kept beside ``writeState(layer:parent:parentState:slots:stops:staticFlags:into:)``
  /// so the state writer is inlined into it.
  @inline(__always)
  static func writeRangeStates(
    _ layers: Range<Int>, begin: Int, slots: UnsafePointer<Double>, pass: ComposePass, path: inout AncestorPath,
    into output: UnsafeMutablePointer<LayerState>
  ) {
    // In locals: stores to `output` could alias the handle's fields as far as the optimizer knows.
    let parents = pass.sampler.parents, gradientStops = pass.sampler.gradientStops
    let staticFlags = pass.sampler.staticFlags, rows = pass.sampler.rowStarts, gradientBase = pass.gradientBase
    let firstSlot = rows[begin]
    // The last parent before the range and its state: siblings (children of a root before the
    // range, say) then look their parent up once, which keeps a range that starts among them as
    // fast as one that does not. Only `path.state(of:pass:)` moves the path, so the state stays
    // valid until the next look-up.
    var lastAncestor = Int32(-1), lastAncestorState: UnsafePointer<LayerState>? = nil
    for layer in layers {
      let parent = parents[layer]
      var parentState: UnsafePointer<LayerState>? = nil
      if parent >= 0, Int(parent) < layer {
        if Int(parent) >= begin {
          parentState = UnsafePointer(output + Int(parent))
        } else if parent == lastAncestor {
          parentState = lastAncestorState
        } else {
          parentState = path.state(of: Int(parent), pass: pass)
          lastAncestor = parent
          lastAncestorState = parentState
        }
      }
      writeState(
        layer: layer, parent: parent, parentState: parentState, slots: slots + (rows[layer] &- firstSlot), gradientBase: gradientBase,
        stops: gradientStops[layer], staticFlags: staticFlags[layer], into: output + layer)
    }
  }

  /// Writes one layer's state from its composed row `s` and its parent's state (nil for a
  /// root, or a parent that does not come before it): the body of
  /// ``writeRangeStates(_:begin:slots:pass:path:into:)``, and of the ancestors a range
  /// writes. A layer with gradient stops keeps the gradient's slots, from `gradientBase` of its row.
  @inline(__always)
  static func writeState(
    layer: Int, parent: Int32, parentState: UnsafePointer<LayerState>?, slots s: UnsafePointer<Double>,
    gradientBase: Int, stops: UInt32, staticFlags: UInt32, into out: UnsafeMutablePointer<LayerState>
  ) {
    let S = LayerSlots.self
    let w = s[S.width], h = s[S.height]
    let anchorX = s[S.anchorX] * w, anchorY = s[S.anchorY] * h
    let originX = s[S.positionX] - anchorX, originY = s[S.positionY] - anchorY
    // Layer space → parent space: to the anchor, scale, rotate, translate, to the position.
    let rotation = s[S.rotation]
    let cosine = rotation == 0 ? 1 : cos(rotation), sine = rotation == 0 ? 0 : sin(rotation)
    let sx = s[S.scaleX], sy = s[S.scaleY]
    let a = cosine * sx, b = sine * sx, c = -sine * sy, d = cosine * sy
    let local = AffineTransform(
      a: a, b: b, c: c, d: d,
      tx: s[S.positionX] + s[S.translationX] - (a * anchorX + c * anchorY),
      ty: s[S.positionY] + s[S.translationY] - (b * anchorX + d * anchorY))
    var hidden = s[S.hidden] >= 0.5
    var opacity = s[S.opacity]
    if let p = parentState {
      out.pointee.x = p.pointee.x + originX
      out.pointee.y = p.pointee.y + originY
      out.pointee.transform = p.pointee.transform.concatenating(local)
      opacity *= p.pointee.opacity
      hidden = hidden || p.pointee.flags.contains(.hidden)
    } else {
      out.pointee.x = originX
      out.pointee.y = originY
      out.pointee.transform = local
    }
    // Geometry from astronomically large values (a cumulative animation saturates at
    // ±greatestFiniteMagnitude at extreme times) may overflow; an infinity is kept,
    // but an undefined combination of infinities (∞ − ∞, 0 × ∞) reads as 0, never NaN.
    // The sum is finite only when every coordinate is (a NaN among them makes it NaN), so the
    // check costs one branch; it depends on this layer alone, so a range of layers gives the
    // bytes of the whole sample.
    let m = out.pointee.transform
    if !(out.pointee.x + out.pointee.y + m.a + m.b + m.c + m.d + m.tx + m.ty).isFinite {
      clearNaN(in: out)
    }
    out.pointee.index = UInt32(truncatingIfNeeded: layer)
    out.pointee.parent = parent
    out.pointee.flags = LayerState.Flags(rawValue: (hidden ? LayerState.Flags.hidden.rawValue : 0) | staticFlags)
    out.pointee.gradientStopCount = stops
    out.pointee.width = w
    out.pointee.height = h
    // The properties the state shows as the slots hold them (LayerProperty.stateOffset).
    // The fields LayerProperty.all marks as copied (LayerSlots.stateCopies, checked by a
    // test), written out: a loop over that table cost 5 % of a sample.
    out.pointee.cornerRadius = s[S.cornerRadius]
    out.pointee.red = s[S.color]
    out.pointee.green = s[S.color + 1]
    out.pointee.blue = s[S.color + 2]
    out.pointee.alpha = s[S.color + 3]
    out.pointee.zPosition = s[S.zPosition]
    // Written so NaN (never produced from finite input, but not passed on if it were) is 0.
    out.pointee.opacity = opacity >= 0 ? min(opacity, 1) : 0
    if stops > 0 {
      // The gradient's slots, as the fixed table orders them, from `gradientBase` on.
      let g = s + (gradientBase - S.gradientStart)
      out.pointee.gradientStart = Point(x: g[S.gradientStart], y: g[S.gradientStart + 1])
      out.pointee.gradientEnd = Point(x: g[S.gradientEnd], y: g[S.gradientEnd + 1])
      for i in 0..<4 { out.pointee.gradientLocations[i] = g[S.gradientLocations + i] }
      for i in 0..<16 { out.pointee.gradientColors[i] = g[S.gradientColors + i] }
    } else {
      // Without a gradient the gradient fields are zero, as the C struct promises: stores of
      // constants the compiler sees (a memset of a counted run was a call per layer).
      out.pointee.gradientStart = Point(x: 0, y: 0)
      out.pointee.gradientEnd = Point(x: 0, y: 0)
      out.pointee.gradientLocations = InlineArray(repeating: 0)
      // Element by element: `InlineArray(repeating:)` of 16 was a call per layer and a copy
      // through the stack (25 instructions of a layer's 294).
      for i in 0..<16 { out.pointee.gradientColors[i] = 0 }
    }
  }

  /// Replaces NaN coordinates of a state by 0 (see ``writeState(layer:parent:parentState:slots:gradientBase:stops:staticFlags:into:)``).
  static func clearNaN(in state: UnsafeMutablePointer<LayerState>) {
    func clear(_ value: inout Double) { if value.isNaN { value = 0 } }
    clear(&state.pointee.x)
    clear(&state.pointee.y)
    clear(&state.pointee.transform.a)
    clear(&state.pointee.transform.b)
    clear(&state.pointee.transform.c)
    clear(&state.pointee.transform.d)
    clear(&state.pointee.transform.tx)
    clear(&state.pointee.transform.ty)
  }
}
