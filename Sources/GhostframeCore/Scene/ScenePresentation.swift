import Synchronization

/// A scene's presentation: its compiled sampler, made on first use after a change and kept until
/// the next one, so a host that samples every frame compiles once per edit, whichever API it uses.
///
/// Copies of a scene share one presentation until one of them changes; the changed copy then
/// takes a presentation of its own (``Scene/invalidatePresentation()``), so two diverged copies
/// never recompile in turn. The sampler's scratch memory is used under the lock, so copies of one
/// scene sampled from several threads at once wait for each other instead of racing. A sampler
/// that calls host callbacks (host curves) is checked out of the lock while it runs, so no
/// callback runs under it; a thread sampling the same presentation meanwhile compiles its own.
// @unchecked Sendable: `revision` and `sampler` are read and written only inside `lock.withLock`, and
// the sampler (whose scratch memory is not thread-safe) is used only while the lock is held, so
// sharing one presentation between threads serialises its uses instead of racing.
final class ScenePresentation: @unchecked Sendable {
  private let lock = Mutex<Void>(())
  /// The scene revision `sampler` was compiled from.
  private var revision: UInt64 = 0
  private var sampler: SceneSampler?

  /// Runs `body` with the sampler of `scene` (at `scene.revision`), compiling it if needed.
  ///
  /// - Complexity: O(1) when the scene has not changed since the last use; else a compile,
  ///   O(layers + animations + keyframes).
  func withSampler<R: Sendable, E: Error>(
    of scene: Scene, _ body: (SceneSampler) throws(E) -> R
  ) throws(E) -> R {
    let (result, checkedOut) = try lock.withLock { _ throws(E) -> (R?, SceneSampler?) in
      let current: SceneSampler
      if let sampler, revision == scene.revision {
        current = sampler
      } else {
        current = scene.compiled()
        sampler = current
        revision = scene.revision
      }
      guard current.usesHostCallbacks else { return (try body(current), nil) }
      // Host callbacks never run under a lock: take the sampler out (a thread sampling the
      // same presentation meanwhile compiles one of its own) and put it back afterwards.
      sampler = nil
      return (nil, current)
    }
    guard let checkedOut else {
      // The body ran under the lock: `result` is its value (always set on this path).
      guard let result else { return try body(scene.compiled()) }
      return result
    }
    defer {
      lock.withLock { _ in
        if sampler == nil && revision == scene.revision { sampler = checkedOut }
      }
    }
    return try body(checkedOut)
  }

  /// Whether the kept sampler was compiled from the scene revision `revision`.
  func isCurrent(_ revision: UInt64) -> Bool {
    lock.withLock { _ in sampler != nil && self.revision == revision }
  }
}
