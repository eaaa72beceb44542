import GhostframeCore

/// A scene with one 100 × 50 layer "a" at (10, 20), opacity 0.2.
package func oneLayerScene() throws -> Scene {
  var scene = Scene()
  try scene.addLayer(Layer(id: "a", frame: Rect(x: 10, y: 20, width: 100, height: 50), opacity: 0.2))
  return scene
}

/// Samples one layer's state at t.
package func state(_ scene: Scene, _ layer: Int = 0, at t: Double) -> LayerState {
  scene.compiled().sample(at: t)[layer]
}

/// A one-second linear timing that holds its end value.
package func second(_ delay: Double = 0, iterations: Double = 1) throws -> Timing {
  try Timing(duration: 1, delay: delay, iterations: iterations, fill: .forwards)
}
