/// What the exporters (GhostframeExport) read of a compiled scene and its curves: the composed
/// model slots of every layer at a time, the slot table, and a curve's definition. `package`
/// only: nothing here is public API.
extension SceneSampler {
  /// The fixed slots of one layer's row (``LayerSlots/fixedCount``): what ``exportSlots(at:)``
  /// returns per layer.
  package static var exportSlotCount: Int { LayerSlots.fixedCount }

  /// The parent of each layer (-1 for a root), by index.
  package var exportParents: [Int32] {
    storage.withHandle { sampler in (0..<layerCount).map { sampler.parents[$0] } }
  }

  /// The composed fixed slots of every layer at `t` (the model with every animation applied,
  /// before the output step multiplies opacity and concatenates transforms), layer after layer,
  /// ``exportSlotCount`` each, in the fixed table's order; a layer whose row keeps no gradient
  /// slots gets the slots a layer without a gradient holds (``LayerSlots/writeGradient(_:into:)``).
  package func exportSlots(at t: Double) -> [Double] {
    let fixed = LayerSlots.fixedCount, core = LayerSlots.coreCount, count = layerCount
    var result = [Double](repeating: 0, count: count * fixed)
    var defaults = [Double](repeating: 0, count: LayerSlots.gradientSlotCount)
    defaults.withUnsafeMutableBufferPointer { buffer in
      if let g = buffer.baseAddress { LayerSlots.writeGradient(nil, into: g) }
    }
    guard count > 0 else { return result }
    compose(0, count, at: t, animates: t.isFinite, workspace: frameWorkspace, into: nil)
    // The frame workspace holds every layer's composed row, layer 0 first.
    let slots = UnsafePointer(frameWorkspace.handle.slots)
    result.withUnsafeMutableBufferPointer { out in
      guard let o = out.baseAddress else { return }
      for layer in 0..<count {
        let row = slots + rowStarts[layer], target = o + layer * fixed
        for k in 0..<core { target[k] = row[k] }
        // The gradient's slots follow the custom ones in a row that keeps them.
        let keepsGradient = rowStarts[layer + 1] - rowStarts[layer] > gradientBase
        for k in core..<fixed { target[k] = keepsGradient ? row[gradientBase + k - core] : defaults[k - core] }
      }
    }
    return result
  }
}

/// The slot table for the exporters: where each model property's numbers sit in a row of
/// ``SceneSampler/exportSlots(at:)`` (and where an ``AnimatableProperty/Mapping/slots(_:)``
/// offset points).
package enum ExportSlot {
  /// The position (where the anchor point sits), x.
  package static var positionX: Int { LayerSlots.positionX }
  /// The position's y.
  package static var positionY: Int { LayerSlots.positionY }
  /// The width.
  package static var width: Int { LayerSlots.width }
  /// The height.
  package static var height: Int { LayerSlots.height }
  /// The anchor point's x (unit space).
  package static var anchorX: Int { LayerSlots.anchorX }
  /// The anchor point's y.
  package static var anchorY: Int { LayerSlots.anchorY }
  /// The corner radius.
  package static var cornerRadius: Int { LayerSlots.cornerRadius }
  /// Red, green, blue, alpha of the fill.
  package static var color: Int { LayerSlots.color }
  /// The layer's own opacity.
  package static var opacity: Int { LayerSlots.opacity }
  /// Hidden (>= 0.5).
  package static var hidden: Int { LayerSlots.hidden }
  /// The stacking order.
  package static var zPosition: Int { LayerSlots.zPosition }
  /// Scale x, scale y, rotation, translation x, translation y.
  package static var scaleX: Int { LayerSlots.scaleX }
  /// The gradient's start point (x, y), end point, 4 locations, 4 RGBA colours.
  package static var gradientStart: Int { LayerSlots.gradientStart }
  /// The gradient's end point.
  package static var gradientEnd: Int { LayerSlots.gradientEnd }
  /// The gradient's locations.
  package static var gradientLocations: Int { LayerSlots.gradientLocations }
  /// The gradient's colours.
  package static var gradientColors: Int { LayerSlots.gradientColors }
}

/// A curve's definition as the exporters need it.
package enum ExportCurve: Sendable, Hashable {
  /// `cubic-bezier(x1, y1, x2, y2)` (the named curves and linear included).
  case bezier(Double, Double, Double, Double)
  /// `steps(count, position)`.
  case steps(Int, StepPosition)
  /// `linear()` points: (output, input in percent).
  case linearPoints([(output: Double, inputPercent: Double)])
  /// A Penner easing, a spring or a host curve: no closed form the formats share.
  case other

  package static func == (lhs: ExportCurve, rhs: ExportCurve) -> Bool {
    switch (lhs, rhs) {
    case let (.bezier(a, b, c, d), .bezier(e, f, g, h)): return a == e && b == f && c == g && d == h
    case let (.steps(a, b), .steps(c, d)): return a == c && b == d
    case let (.linearPoints(a), .linearPoints(b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.output == $1.output && $0.inputPercent == $1.inputPercent }
    case (.other, .other): return true
    default: return false
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch self {
    case let .bezier(a, b, c, d): hasher.combine(0); hasher.combine(a); hasher.combine(b); hasher.combine(c); hasher.combine(d)
    case let .steps(count, position): hasher.combine(1); hasher.combine(count); hasher.combine(position)
    case let .linearPoints(points): hasher.combine(2); hasher.combine(points.count)
    case .other: hasher.combine(3)
    }
  }
}

extension Curve {
  /// The curve's definition for the exporters.
  package var exportForm: ExportCurve {
    switch kind {
    case .bezier(let b): return .bezier(b.x1, b.y1, b.x2, b.y2)
    case .steps(let s): return .steps(s.count, s.position)
    case .linear(let l): return .linearPoints(l.points.map { ($0.output, $0.inputPercent) })
    case .penner, .spring, .host: return .other
    }
  }
}
