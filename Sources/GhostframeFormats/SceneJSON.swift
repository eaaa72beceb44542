import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// The scene file format (docs/scene-format.md): a ``/GhostframeCore/Scene`` as JSON, read with
/// path-naming errors and written in a canonical form that reads back to a scene sampling bit for
/// bit the same.
extension Scene {
  /// The value of the document's `"format"` member.
  public static let jsonFormatName = "ghostframe-scene"
  /// The version of the format this library reads and writes.
  public static let jsonFormatVersion = 1

  /// Reads a scene from scene-format JSON text.
  ///
  /// Layers may come in any order: they are added parents first, otherwise in document
  /// order. Animations are attached in document order, which is the order they compose in.
  ///
  /// - Parameter text: The document.
  /// - Throws: `.parse` for malformed JSON (with line and column) or a malformed curve spec;
  ///   `.invalidArgument` for a wrong shape or value, `.notFound` for an unknown layer, parent
  ///   or key path, `.limit` past the JSON reader's limits (64 MiB, 10,000,000 values, 128 levels),
  ///   ``/GhostframeCore/Scene/maximumLayers`` or ``/GhostframeCore/Scene/maximumDepth``. Every
  ///   message after parsing starts with the JSON path of the problem:
  ///   `layers[3].frame: expected 4 numbers, found 3`. On error nothing is built.
  /// - Complexity: O(n) in the size of the document, plus the engine's own checks.
  public init(json text: String) throws(GhostframeError) {
    self = try JSONTape.withDocument(parsing: text) { document throws(GhostframeError) in
      try SceneJSONReader.scene(from: document)
    }
  }

  /// Reads a scene from scene-format JSON given as UTF-8 bytes, validating the encoding first.
  ///
  /// - Parameter bytes: The document as UTF-8; it may be empty or have a nil base address.
  /// - Throws: `.invalidUTF8` naming the byte offset of the first ill-formed sequence, `.limit`
  ///   for a document over the JSON reader's 64 MiB, and otherwise as `init(json:)` for a `String`.
  public init(json bytes: UnsafeBufferPointer<UInt8>) throws(GhostframeError) {
    self = try JSONTape.withDocument(parsing: bytes, validateUTF8: true) { document throws(GhostframeError) in
      try SceneJSONReader.scene(from: document)
    }
  }

  /// The scene as scene-format JSON in canonical form.
  ///
  /// Every layer with every field (`parent` and `gradient` only when present), every
  /// animation with an explicit `"timing"` object (a Core Animation timing is written as the
  /// Web Animations fields it maps to), easings as their canonical
  /// ``/GhostframeCore/Curve/description``, colours as `"#RRGGBBAA"` when each channel is exactly
  /// `n / 255`, else as `[r, g, b, a]`, and numbers in the shortest form that reads back to the
  /// same `Double`. Reading the text back gives a scene whose samples are identical bit for bit,
  /// and writing that scene gives the same text.
  ///
  /// Whatever this writes, ``init(json:)-(String)`` reads: the engine holds a scene to the reader's
  /// own rules (``/GhostframeCore/Scene/maximumLayers``,
  /// ``/GhostframeCore/Animation/maximumGroupDepth``, ``/GhostframeCore/Curve/maximumSpecLength``,
  /// names without NUL), and a scene whose text would pass the JSON reader's limits (64 MiB,
  /// 10,000,000 values, 128 levels) is refused here instead of written.
  ///
  /// - Parameter pretty: Whether to indent (2 spaces a level, arrays of plain values on one
  ///   line); true by default. Compact output has no whitespace.
  /// - Returns: The JSON text, without a trailing newline.
  /// - Throws: `.limit` when the text would be more than the JSON reader reads: a plain
  ///   layer takes about 360 bytes pretty, 230 compact, and 24 values, so past about 180,000
  ///   layers (290,000 compact; fewer with animations) nothing is returned.
  public func json(pretty: Bool = true) throws(GhostframeError) -> String {
    try SceneJSONWriter.text(for: self, pretty: pretty)
  }
}
