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
  /// between samples) rather than written with the scene's own keyframes and curves.
  public var bakedProperties: Int
  /// How many animated properties were written with the scene's own keyframes and curves.
  public var exactProperties: Int
  /// The largest error baking introduced, measured halfway between baked samples against the
  /// scene's sampler: in points for lengths and positions, degrees for rotations, percent for
  /// scales, and 8-bit levels (0–255) for colours and opacities. 0 when nothing was baked.
  public var maximumError: Double
}
