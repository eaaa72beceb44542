import Glibc

extension SceneSampler {
  /// Turns the composed slots into layer states, parents before children: frames in root
  /// coordinates, transforms concatenated, opacity multiplied, hidden inherited.
  func writeStates(from slots: UnsafePointer<Double>, into output: UnsafeMutablePointer<LayerState>) {
    let S = LayerSlots.self
    for layer in 0..<layerCount {
      let s = slots + layer * slotCount
      let w = s[S.width], h = s[S.height]
      let anchorX = s[S.anchorX] * w, anchorY = s[S.anchorY] * h
      let originX = s[S.positionX] - anchorX, originY = s[S.positionY] - anchorY
      // Layer space → parent space: to the anchor, scale, rotate, translate, to the position.
      let cosine = cos(s[S.rotation]), sine = sin(s[S.rotation])
      let sx = s[S.scaleX], sy = s[S.scaleY]
      let a = cosine * sx, b = sine * sx, c = -sine * sy, d = cosine * sy
      let local = AffineTransform(
        a: a, b: b, c: c, d: d,
        tx: s[S.positionX] + s[S.translationX] - (a * anchorX + c * anchorY),
        ty: s[S.positionY] + s[S.translationY] - (b * anchorX + d * anchorY))

      var state = LayerState()
      state.index = UInt32(truncatingIfNeeded: layer)
      let parent = parents[layer]
      state.parent = parent
      var hidden = s[S.hidden] >= 0.5
      var opacity = s[S.opacity]
      if parent >= 0, Int(parent) < layer {
        let p = output[Int(parent)]
        state.x = p.x + originX
        state.y = p.y + originY
        state.transform = p.transform.concatenating(local)
        opacity *= p.opacity
        hidden = hidden || p.isHidden
      } else {
        state.x = originX
        state.y = originY
        state.transform = local
      }
      state.width = w
      state.height = h
      state.cornerRadius = s[S.cornerRadius]
      state.red = s[S.color]
      state.green = s[S.color + 1]
      state.blue = s[S.color + 2]
      state.alpha = s[S.color + 3]
      state.opacity = min(max(opacity, 0), 1)
      state.zPosition = s[S.zPosition]
      let stops = gradientStops[layer]
      state.gradientStopCount = stops
      state.flags = (hidden ? LayerState.hiddenFlag : 0) | (stops > 0 ? LayerState.gradientFlag : 0)
      if stops > 0 {
        state.gradientStart = Point(x: s[S.gradientStart], y: s[S.gradientStart + 1])
        state.gradientEnd = Point(x: s[S.gradientEnd], y: s[S.gradientEnd + 1])
        for i in 0..<4 { state.gradientLocations[i] = s[S.gradientLocations + i] }
        for i in 0..<16 { state.gradientColors[i] = s[S.gradientColors + i] }
      }
      output[layer] = state
    }
  }
}
