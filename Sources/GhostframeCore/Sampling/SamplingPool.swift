import Glibc

/// A small pool of threads that sample the ranges of one frame together
/// (``SceneSampler/sample(at:into:threads:)``): the calling thread and N − 1 of the pool's
/// threads take chunks of the frame in turn, whichever is free taking the next, so a thread the
/// machine slows takes fewer chunks instead of holding the frame up.
///
/// The threads are made the first time a frame asks for them and then wait for the next frame;
/// one frame runs at a time (concurrent callers take turns). Between frames nothing allocates.
///
/// A frame asked for by a thread that is itself sampling a frame of the pool (a host curve
/// sampling a scene on threads, from the calling thread or a pool thread) runs on that thread
/// alone: waiting for the pool would wait on the frame that is waiting for it.
// @unchecked Sendable: every mutable field is read and written under `lock` (a pthread mutex);
// `frameLock` keeps frames from overlapping, so one job is in flight at a time.
final class SamplingPool: @unchecked Sendable {
  /// The pool every sampler shares.
  static let shared = SamplingPool()
  /// The most threads one frame may use (the caller's included).
  static let maxThreads = 16

  /// One frame's work, read by the threads under `lock`.
  private struct Job {
    let sampler: SceneSampler
    let t: Double
    let output: UnsafeMutablePointer<LayerState>
    let parts: Int
  }

  private let frameLock: UnsafeMutablePointer<pthread_mutex_t>
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private let wake: UnsafeMutablePointer<pthread_cond_t>
  private let finished: UnsafeMutablePointer<pthread_cond_t>
  /// Under `lock`: the threads made so far, the frame counter, the job, and the parts not done.
  private var threadCount = 0
  private var generation: UInt64 = 0
  private var job: Job?
  private var pending = 0
  /// Under `lock`: the first layer of the next chunk of the current frame, and a chunk's layers.
  private var nextChunk = 0
  private var chunkLayers = 1
  /// The first host-callback failure a pool thread recorded during the current frame, handed to
  /// the calling thread's record when the frame ends (a failure is reported by the thread that asked).
  private var workerFailure: String?

  private init() {
    frameLock = .allocate(capacity: 1)
    frameLock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(frameLock, nil)
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
    wake = .allocate(capacity: 1)
    wake.initialize(to: pthread_cond_t())
    pthread_cond_init(wake, nil)
    finished = .allocate(capacity: 1)
    finished.initialize(to: pthread_cond_t())
    pthread_cond_init(finished, nil)
  }

  /// Samples every layer of `sampler` at `t` into `output` on `parts` threads (2...maxThreads).
  /// Returns false (having sampled nothing) when the pool cannot make the threads it needs.
  func run(_ sampler: SceneSampler, at t: Double, into output: UnsafeMutablePointer<LayerState>, parts: Int) -> Bool {
    if Self.isInFrame {
      sampleAlone(sampler: sampler, at: t, into: output)
      return true
    }
    pthread_mutex_lock(frameLock)
    defer { pthread_mutex_unlock(frameLock) }
    guard startThreads(parts - 1) else { return false }
    pthread_mutex_lock(lock)
    job = Job(sampler: sampler, t: t, output: output, parts: parts)
    nextChunk = 0
    chunkLayers = Self.chunkLayers(count: sampler.layerCount, parts: parts, preferred: sampler.blockLayers)
    pending = parts - 1
    generation &+= 1
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(lock)
    Self.isInFrame = true
    sampleChunks(sampler: sampler, at: t, into: output)
    Self.isInFrame = false
    pthread_mutex_lock(lock)
    while pending > 0 { pthread_cond_wait(finished, lock) }
    job = nil
    let failure = workerFailure
    workerFailure = nil
    pthread_mutex_unlock(lock)
    if let failure { HostCallbackFailure.record(failure) }
    return true
  }

  /// The layers one chunk of a frame holds: small enough that a thread slowed by the machine
  /// leaves few layers to the others, large enough that a chunk's own costs (its ancestors, its
  /// first timings) stay small beside its layers and each of its passes streams its arrays. A
  /// chunk is at most one of the sampler's blocks (`preferred`, ``SceneSampler/blockLayers``):
  /// on 2 threads at 100,000 layers, chunks of 4,096 took 2.5–2.7 ms a frame where chunks of
  /// 1,024 took 2.5–3.3 ms.
  static func chunkLayers(count: Int, parts: Int, preferred: Int) -> Int {
    max(min(preferred, (count + parts - 1) / max(parts, 1)), 1)
  }

  /// The layers of the next chunk when `remaining` are left: `largest` while there is plenty,
  /// then a share of what is left (a half per thread, at least ``smallestChunk``), so the
  /// threads finish together instead of one waiting on another's last large chunk.
  static func tailChunk(remaining: Int, parts: Int, largest: Int) -> Int {
    let share = remaining / max(2 * parts, 1)
    return max(min(largest, share), min(largest, smallestChunk), 1)
  }

  /// The smallest chunk ``tailChunk(remaining:parts:largest:)`` hands out.
  static let smallestChunk = 256

  /// Samples chunks of the current frame until none is left: every thread of a frame runs
  /// this, so a thread the machine slows takes fewer chunks instead of holding the frame up.
  private func sampleChunks(sampler: SceneSampler, at t: Double, into output: UnsafeMutablePointer<LayerState>) {
    var workspace: SampleWorkspace?
    while true {
      pthread_mutex_lock(lock)
      let begin = nextChunk
      let size = Self.tailChunk(remaining: sampler.layerCount - begin, parts: job?.parts ?? 1, largest: chunkLayers)
      nextChunk = min(begin + size, sampler.layerCount)
      pthread_mutex_unlock(lock)
      let end = min(begin + size, sampler.layerCount)
      guard begin < end else { break }
      let lent = workspace ?? sampler.borrowWorkspace(for: begin, end)
      workspace = lent
      sampler.compose(begin, end, at: t, animates: t.isFinite, workspace: lent, into: output)
    }
    if let workspace { sampler.returnWorkspace(workspace) }
  }

  /// Samples every layer of a frame on the calling thread, for a frame asked for from inside one.
  private func sampleAlone(sampler: SceneSampler, at t: Double, into output: UnsafeMutablePointer<LayerState>) {
    let workspace = sampler.borrowWorkspace(for: 0, sampler.layerCount)
    sampler.compose(0, sampler.layerCount, at: t, animates: t.isFinite, workspace: workspace, into: output)
    sampler.returnWorkspace(workspace)
  }

  /// Whether the calling thread is sampling a frame of the pool: set on the calling thread while
  /// it takes chunks, and on the pool's threads for good (they do nothing else).
  private static var isInFrame: Bool {
    get { frameKey.map { pthread_getspecific($0) != nil } ?? false }
    set { if let frameKey { pthread_setspecific(frameKey, newValue ? UnsafeRawPointer(bitPattern: 1) : nil) } }
  }

  /// The thread-specific key behind ``isInFrame`` (nil if the system has no key left: then a
  /// nested frame waits, as before).
  private static let frameKey: pthread_key_t? = {
    var key = pthread_key_t()
    return pthread_key_create(&key, nil) == 0 ? key : nil
  }()

  /// Makes threads until there are `count` (called under `frameLock`).
  private func startThreads(_ count: Int) -> Bool {
    while threadCount < count {
      // The thread waits for frames after the current counter, read now: it may first run
      // after this frame has begun.
      pthread_mutex_lock(lock)
      let current = generation
      pthread_mutex_unlock(lock)
      let start = Unmanaged.passRetained(ThreadStart(pool: self, index: threadCount, generation: current))
        .toOpaque()
      var thread = pthread_t()
      guard pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
        start.pool.work(index: start.index, after: start.generation)
      }, start) == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(start).release()
        return false
      }
      pthread_detach(thread)
      pthread_mutex_lock(lock)
      threadCount += 1
      pthread_mutex_unlock(lock)
    }
    return true
  }

  /// A pool thread: waits for each frame and samples part `index + 1` of it when there is one.
  private func work(index: Int, after generation: UInt64) -> Never {
    Self.isInFrame = true
    pthread_mutex_lock(lock)
    var seen = generation
    while true {
      while self.generation == seen { pthread_cond_wait(wake, lock) }
      seen = self.generation
      guard let job, index + 1 < job.parts else { continue }
      pthread_mutex_unlock(lock)
      let sampler = job.sampler, t = job.t, output = job.output
      // This thread's failures go to the frame's caller (run), which reports them.
      var failure: String?
      if sampler.usesHostCallbacks {
        failure = HostCallbackFailure.failure { sampleChunks(sampler: sampler, at: t, into: output) }
      } else {
        sampleChunks(sampler: sampler, at: t, into: output)
      }
      pthread_mutex_lock(lock)
      if let failure, workerFailure == nil { workerFailure = failure }
      pending -= 1
      if pending == 0 { pthread_cond_signal(finished) }
    }
  }
}

/// What a new pool thread starts with.
private final class ThreadStart {
  let pool: SamplingPool
  let index: Int
  let generation: UInt64
  init(pool: SamplingPool, index: Int, generation: UInt64) {
    self.pool = pool
    self.index = index
    self.generation = generation
  }
}
