import GhostframeCore

/// The output limit, checked on the plan before a document is written, and the one step
/// every writer shares on keyframes.
enum ExportSize {
  static func limitError(_ maximumBytes: Int) -> GhostframeError {
    GhostframeError(.limit, "the export would take more than \(maximumBytes) bytes (the stated maximum); export a shorter duration, a lower fps or fewer layers")
  }

  /// Throws `.limit` when the resolved channels would make a document past `maximumBytes`:
  /// a lower bound of what the writers print (`perLayer` bytes a layer, 8 a number, 16 a keyframe).
  static func check(_ values: [ChannelValue], layers: Int, perLayer: Int, maximumBytes: Int) throws(GhostframeError) {
    var bytes = layers * perLayer
    for value in values {
      switch value {
      case .constant(let v): bytes += 4 * v.count
      case .animated(let track, _): bytes += track.keyframes.count * (16 + 4 * track.width)
      case .timed(let timed):
        for animation in timed.animations { bytes += 40 + animation.track.keyframes.count * (16 + 4 * animation.track.width) }
      }
      if bytes > maximumBytes { throw limitError(maximumBytes) }
    }
  }

  /// The keyframes with each jump (two keyframes at one time) opened by `gap` seconds: the
  /// earlier one moves back, so every format's "last keyframe at or before t" reads the later
  /// one from the jump on.
  static func separated(_ keyframes: [ExportKeyframe], by gap: Double) -> [ExportKeyframe] {
    var result = keyframes
    guard result.count > 1 else { return result }
    for i in 0..<(result.count - 1) where result[i + 1].time - result[i].time < gap / 2 {
      let previous = i > 0 ? result[i - 1].time : -Double.infinity
      result[i].time = max(result[i + 1].time - gap, (previous + result[i + 1].time) / 2)
    }
    return result
  }
}
