/// One stop of a CSS Easing 2 `linear()` curve.
public struct LinearStop: Sendable, Hashable {
  /// The output value at this stop.
  public var output: Double
  /// The input progress as a fraction (50% is 0.5), or `nil` to place the stop
  /// automatically (0 for the first stop, max(1, largest input) for the last,
  /// evenly spaced between its neighbours otherwise).
  public var input: Double?

  /// Creates a stop.
  ///
  /// - Parameters:
  ///   - output: The output value at this stop.
  ///   - input: The input progress as a fraction, or `nil` to place it automatically.
  public init(output: Double, input: Double? = nil) {
    self.output = output
    self.input = input
  }
}
