import Foundation
import GhostframeCore

/// The channels every format shares, for one layer: its transform in its parent's space, its
/// size, corner, fill, opacity through its ancestors (hidden folded in), and its gradient.
enum LayerChannels {
  static let S = ExportSlot.self

  /// `[x, y]` of the anchor point in the parent's space: position plus translation.
  static func position(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.positionX), (l, S.positionY), (l, S.scaleX + 3), (l, S.scaleX + 4)],
                  errorScale: [1, 1]) { r, out in
      out[0] = r(l, S.positionX) + r(l, S.scaleX + 3)
      out[1] = r(l, S.positionY) + r(l, S.scaleX + 4)
    }
  }

  /// `[x, y]` of the anchor point in the layer's own space (points).
  static func anchor(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.anchorX), (l, S.anchorY), (l, S.width), (l, S.height)], errorScale: [1, 1]) { r, out in
      out[0] = r(l, S.anchorX) * r(l, S.width)
      out[1] = r(l, S.anchorY) * r(l, S.height)
    }
  }

  /// `[x, y]` scale in percent.
  static func scale(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.scaleX), (l, S.scaleX + 1)], errorScale: [1, 1]) { r, out in
      out[0] = r(l, S.scaleX) * 100
      out[1] = r(l, S.scaleX + 1) * 100
    }
  }

  /// `[degrees]`, clockwise on a y-down screen.
  static func rotation(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.scaleX + 2)], errorScale: [1]) { r, out in out[0] = r(l, S.scaleX + 2) * 180 / Double.pi }
  }

  /// `[width, height]`.
  static func size(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.width), (l, S.height)], errorScale: [1, 1]) { r, out in
      out[0] = r(l, S.width)
      out[1] = r(l, S.height)
    }
  }

  /// `[width / 2, height / 2]`: the middle of the layer in its own space.
  static func center(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.width), (l, S.height)], errorScale: [1, 1]) { r, out in
      out[0] = r(l, S.width) / 2
      out[1] = r(l, S.height) / 2
    }
  }

  /// `[radius]`, clamped to half the shorter side, as the preview draws it.
  static func radius(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.cornerRadius), (l, S.width), (l, S.height)], errorScale: [1]) { r, out in
      out[0] = max(0, min(r(l, S.cornerRadius), r(l, S.width) / 2, r(l, S.height) / 2))
    }
  }

  /// `[red, green, blue]` in [0, 1].
  static func color(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.color), (l, S.color + 1), (l, S.color + 2)], errorScale: [255, 255, 255]) { r, out in
      for c in 0..<3 { out[c] = r(l, S.color + c) }
    }
  }

  /// `[alpha]` of the fill, in percent.
  static func alpha(_ l: Int) -> ExportChannel {
    ExportChannel(inputs: [(l, S.color + 3)], errorScale: [2.55]) { r, out in out[0] = min(max(r(l, S.color + 3), 0), 1) * 100 }
  }

  /// `[opacity]` in percent: the layer's opacity multiplied through its ancestors (each step
  /// clamped to [0, 1], as the sampler does), 0 where it or an ancestor is hidden.
  static func opacity(_ l: Int, chain: [Int]) -> ExportChannel {
    ExportChannel(inputs: chain.flatMap { [($0, S.opacity), ($0, S.hidden)] }, errorScale: [2.55]) { r, out in
      var opacity = 1.0
      for a in chain {
        if r(a, S.hidden) >= 0.5 {
          out[0] = 0
          return
        }
        let o = r(a, S.opacity) * opacity
        opacity = o >= 0 ? min(o, 1) : 0
      }
      out[0] = opacity * 100
    }
  }

  /// `[x, y]` of the gradient's start (`end` false) or end point, in the layer's own space.
  static func gradientPoint(_ l: Int, end: Bool) -> ExportChannel {
    let p = end ? S.gradientEnd : S.gradientStart
    return ExportChannel(inputs: [(l, p), (l, p + 1), (l, S.width), (l, S.height)], errorScale: [1, 1]) { r, out in
      out[0] = r(l, p) * r(l, S.width)
      out[1] = r(l, p + 1) * r(l, S.height)
    }
  }

  /// The gradient's stops: `stops` × [location, red, green, blue, alpha], locations made
  /// non-decreasing (as the preview draws them).
  static func gradientStops(_ l: Int, stops: Int) -> ExportChannel {
    var inputs: [(layer: Int, slot: Int)] = []
    for i in 0..<stops {
      inputs.append((l, S.gradientLocations + i))
      for c in 0..<4 { inputs.append((l, S.gradientColors + 4 * i + c)) }
    }
    return ExportChannel(inputs: inputs, errorScale: Array(repeating: 255, count: 5 * stops)) { r, out in
      var last = -Double.infinity
      for i in 0..<stops {
        let location = max(r(l, S.gradientLocations + i), last)
        last = location
        out[5 * i] = location
        for c in 0..<4 { out[5 * i + 1 + c] = min(max(r(l, S.gradientColors + 4 * i + c), 0), 1) }
      }
    }
  }

  /// The number of gradient stops the layer draws (0 without a gradient).
  static func stopCount(of layer: Layer) -> Int {
    min(layer.gradient?.colors.count ?? 0, Gradient.maximumStops)
  }

  /// Layers in drawing order: depth first, parents before children, siblings by their model
  /// zPosition (stable).
  static func drawingOrder(_ scene: Scene, parents: [Int]) -> [Int] {
    let n = parents.count
    var children = [[Int]](repeating: [], count: n)
    var roots: [Int] = []
    for i in 0..<n {
      let p = parents[i]
      if p >= 0 && p < i { children[p].append(i) } else { roots.append(i) }
    }
    func sorted(_ list: [Int]) -> [Int] {
      list.enumerated().sorted { (scene.layers[$0.element].zPosition, $0.offset) < (scene.layers[$1.element].zPosition, $1.offset) }
        .map(\.element)
    }
    var order: [Int] = []
    order.reserveCapacity(n)
    var stack: [[Int]] = [sorted(roots).reversed()]
    while var top = stack.popLast() {
      guard let next = top.popLast() else { continue }
      stack.append(top)
      order.append(next)
      if !children[next].isEmpty { stack.append(sorted(children[next]).reversed()) }
    }
    return order
  }

  /// The extent of the root layers' frames at the model: the stage a document shows.
  static func stage(_ scene: Scene) -> (width: Double, height: Double) {
    var width = 0.0, height = 0.0
    for layer in scene.layers where layer.parent == nil {
      width = max(width, layer.frame.x + layer.frame.width)
      height = max(height, layer.frame.y + layer.frame.height)
    }
    return (width, height)
  }

  /// Whether the layer is a kept bone of a skeleton (custom `hole` 1): the page shows through.
  static func isHole(_ layer: Layer) -> Bool { layer.custom["hole"] == 1 }

  /// Whether the layer clips its descendants: a skeleton's list section (`container:` ids).
  static func clipsChildren(_ layer: Layer) -> Bool { layer.id.hasPrefix("container:") }
}
