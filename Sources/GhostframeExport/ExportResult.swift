/// A written document and what the export did to get it.
public struct ExportResult: Sendable, Hashable {
  /// The document.
  public var text: String
  /// The seconds it covers from scene time 0.
  public var duration: Double
  /// The frame rate it was baked at (Lottie's frame rate).
  public var fps: Double
  /// Whether the document repeats forever (a cycle of repeating effects) or plays once and holds.
  public var loops: Bool
  /// How many of the document's animated properties were baked (sampled at ``fps``, linear
  /// between samples) or approximated (a spring, Penner or host curve as a point list within
  /// 0.1 % of the change) rather than written with the scene's own keyframes and curves.
  public var bakedProperties: Int
  /// How many animated properties were written with the scene's own keyframes and curves.
  public var exactProperties: Int
  /// The largest error baking or approximating introduced against the scene's sampler:
  /// measured halfway between baked samples, and for an approximated curve the larger of its
  /// stated bound (0.1 % of the range the property moves through) and what was measured; in
  /// points for lengths and positions, degrees for rotations, percent for scales, and 8-bit
  /// levels (0–255) for colours and opacities. 0 when nothing was baked or approximated.
  public var maximumError: Double
}
