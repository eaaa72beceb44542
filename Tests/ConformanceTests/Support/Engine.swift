import Ghostframe

/// The result of one operation on either side: a value, or the status and message it failed with.
struct Outcome<T> {
  var value: T?
  var status: Int32
  var message: String
  static func ok(_ value: T) -> Outcome { Outcome(value: value, status: 0, message: "") }
  static func failed(_ status: Int32, _ message: String) -> Outcome { Outcome(value: nil, status: status, message: message) }
  func map<U>(_ transform: (T) -> U) -> Outcome<U> {
    Outcome<U>(value: value.map(transform), status: status, message: message)
  }
}

/// Spring parameters as both sides take them (raw doubles, so bad values reach the engine).
struct SpringRequest: Sendable {
  var mass = 1.0, stiffness = 100.0, damping = 10.0, initialVelocity = 0.0
  var allowsOverdamping = false
}

/// Timing parameters as both sides take them.
enum TimingRequest: Sendable {
  case web(duration: Double, delay: Double, endDelay: Double, iterations: Double, iterationStart: Double,
           direction: PlaybackDirection, fill: FillMode, easing: String?, playbackRate: Double, timeOffset: Double)
  case coreAnimation(duration: Double, beginTime: Double, speed: Double, timeOffset: Double, repeatCount: Double,
                     repeatDuration: Double, autoreverses: Bool, fillMode: FillMode, easing: String?)
}

/// What the conformance cases ask of Ghostframe. Implemented over the Swift API
/// (``SwiftEngine``) and over libghostframe.so through dlopen + libffi (``LibraryEngine``);
/// every case runs on both, so the two sides cannot disagree.
protocol Engine: Sendable, CustomStringConvertible {
  /// Parses `spec` and evaluates it at each x, one call per value.
  func evaluate(_ spec: String, at xs: [Double], beforeFlag: Bool) -> Outcome<[Double]>
  /// Parses `spec` and evaluates it at all xs in one batch call.
  func evaluateBatch(_ spec: String, at xs: [Double]) -> Outcome<[Double]>
  /// The canonical spec of a parsed curve.
  func canonical(_ spec: String) -> Outcome<String>
  func springValue(_ spring: SpringRequest, at t: Double) -> Outcome<Double>
  func springVelocity(_ spring: SpringRequest, at t: Double) -> Outcome<Double>
  func settlingDuration(_ spring: SpringRequest, epsilon: Double) -> Outcome<Double>
  /// Builds the timing and computes its state at each time.
  func timingStates(_ timing: TimingRequest, at times: [Double]) -> Outcome<[TimingState]>
  /// Loads a scene from JSON and samples every layer at each time; states keyed by layer index.
  func sceneStates(json: String, at times: [Double]) -> Outcome<[[LayerState]]>
  /// Loads a scene from JSON and samples the custom property `name` of every layer at each
  /// time (`Scene.compiled().customValues` / `gf_scene_sample_custom`).
  func sceneCustomValues(json: String, name: String, at times: [Double]) -> Outcome<[[Double]]>
  /// Generates a skeleton from a view tree in JSON; returns its layer count and, at each
  /// time, the states of the named layers (nil for a name the scene does not have).
  func skeletonStates(json: String, layers: [String], at times: [Double]) -> Outcome<(count: Int, states: [[LayerState?]])>
  /// Builds the timing and reads back its (mapped) parameters: active duration, end time, iterations.
  func timingSummary(_ timing: TimingRequest) -> Outcome<(activeDuration: Double, endTime: Double, iterations: Double)>
}

/// Both sides, for parameterized tests. The library side is present when the library loads.
let engines: [any Engine] = {
  var all: [any Engine] = [SwiftEngine()]
  if case .success(let library) = NativeLibrary.shared { all.append(LibraryEngine(library)) }
  return all
}()
