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
// Sendable, checked by the compiler: the revision and the sampler live inside a `Mutex`, so they
// are reachable only under its lock, and the sampler (whose scratch memory is not thread-safe) is
// used only while the lock is held: threads sharing one presentation take turns instead of racing.
// (`body` must not keep the sampler past the call; the callers, Scene+Sampling.swift, only sample.)
final class ScenePresentation: Sendable {
  /// What the lock guards.
  private struct State {
    /// The scene revision `sampler` was compiled from.
    var revision: UInt64 = 0
    var sampler: SceneSampler?
  }

  private let state = Mutex(State())

  /// Runs `body` with the sampler of `scene` (at `scene.revision`), compiling it if needed.
  ///
  /// - Complexity: O(1) when the scene has not changed since the last use; else a compile,
  ///   O(layers + animations + keyframes).
  func withSampler<R: Sendable, E: Error>(
    of scene: Scene, _ body: (SceneSampler) throws(E) -> R
  ) throws(E) -> R {
    let (use, stale) = try state.withLock {
      (state: inout sending State) throws(E) -> sending (SamplerUse<R>, CheckedOutSampler?) in
      let current: SceneSampler
      // A replaced sampler leaves the lock with the result: it may hold the last reference to a
      // host curve, whose free_user_data must not run under this lock.
      var stale: CheckedOutSampler?
      if let sampler = state.sampler, state.revision == scene.revision {
        current = sampler
      } else {
        current = scene.compiled()
        stale = state.sampler.map(CheckedOutSampler.init(sampler:))
        state.sampler = current
        state.revision = scene.revision
      }
      guard current.usesHostCallbacks else { return (.done(try body(current)), stale) }
      // Host callbacks never run under a lock: take the sampler out (a thread sampling the
      // same presentation meanwhile compiles one of its own) and put it back afterwards.
      state.sampler = nil
      return (.checkedOut(CheckedOutSampler(sampler: current)), stale)
    }
    _ = stale  // released here, after the lock
    switch use {
    case .done(let result):
      return result
    case .checkedOut(let checkedOut):
      defer {
        state.withLock { state in
          if state.sampler == nil && state.revision == scene.revision { state.sampler = checkedOut.sampler }
        }
      }
      return try body(checkedOut.sampler)
    }
  }

  /// The sampler of `scene` (at `scene.revision`), compiled if needed, for the one sampler
  /// method that may run outside the lock, on several threads at once
  /// (``SceneSampler/sample(at:layers:into:)`` and the pool built on it). Range samples use
  /// none of the scratch memory the lock guards, only workspaces of their own.
  func rangeSampler(of scene: Scene) -> RangeSampler {
    withSampler(of: scene) { RangeSampler(sampler: $0) }
  }

  /// Whether the kept sampler was compiled from the scene revision `revision`.
  func isCurrent(_ revision: UInt64) -> Bool {
    state.withLock { state in state.sampler != nil && state.revision == revision }
  }
}

/// What ``ScenePresentation/withSampler(of:_:)`` did under the lock: ran the body, or took the
/// sampler out to run a body that calls host callbacks outside the lock.
private enum SamplerUse<R: Sendable>: Sendable {
  case done(R)
  case checkedOut(CheckedOutSampler)
}

/// A sampler taken out of its presentation.
// @unchecked Sendable: the sampler was removed from the presentation's state under its lock, so
// the thread that took it is its only user until it puts it back (or drops it).
private struct CheckedOutSampler: @unchecked Sendable {
  let sampler: SceneSampler
}

/// A sampler handed out of its presentation's lock for range samples only.
// @unchecked Sendable: it is used only through SceneSampler.sample(at:layers:into:) and
// sample(at:into:threads:), which touch no state shared between calls except the workspace
// pool (behind its own lock); the sampler's fields they read never change after init.
struct RangeSampler: @unchecked Sendable {
  let sampler: SceneSampler
}
