/// The document formats a ``SceneExporter`` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
  /// A Lottie 1.0 (Bodymovin) JSON animation: one shape layer per layer.
  case lottie
  /// A self-contained HTML page with CSS `@keyframes`, no script.
  case html
  /// One standalone `<svg>` with its CSS inside.
  case svg
}
