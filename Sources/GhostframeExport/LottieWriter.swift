import GhostframeCore

/// Writes a scene as a Lottie 1.0 (Bodymovin) document: one shape layer per layer, parented as
/// the scene's layers are, each a group of a rounded rectangle, its fill and (when the layer has
/// one) a gradient fill over it, with the layer's transform and its opacity through its
/// ancestors (Lottie's parenting carries transforms, not opacity). A list section's container
/// clips its rows: they are a precomposition over it, masked by its rectangle.
struct LottieWriter {
  /// The channels of one layer, in the order ``write(_:planner:loops:markers:maximumBytes:)`` lists them.
  private enum Slot: Int, CaseIterable {
    case opacity, rotation, position, anchor, scale, center, size, radius, color, alpha
  }

  static func write(_ scene: Scene, planner: inout ExportPlanner, loops: Bool, markers: [String] = [],
                    maximumBytes: Int) throws(GhostframeError) -> String
  {
    let n = scene.layers.count
    var channels: [ExportChannel] = []
    var firstChannel = [Int](repeating: 0, count: n)
    var stops = [Int](repeating: 0, count: n)
    for l in 0..<n {
      firstChannel[l] = channels.count
      let chain = planner.chain(of: l)
      channels += [
        LayerChannels.opacity(l, chain: chain), LayerChannels.rotation(l), LayerChannels.position(l),
        LayerChannels.anchor(l), LayerChannels.scale(l), LayerChannels.center(l), LayerChannels.size(l),
        LayerChannels.radius(l), LayerChannels.color(l), LayerChannels.alpha(l),
      ]
      let layer = scene.layers[l]
      stops[l] = LayerChannels.isHole(layer) ? 0 : LayerChannels.stopCount(of: layer)
      if stops[l] > 0 {
        channels += [LayerChannels.gradientPoint(l, end: false), LayerChannels.gradientPoint(l, end: true),
                     LayerChannels.gradientStops(l, stops: stops[l])]
      }
    }
    let values = try planner.resolve(channels)
    try ExportSize.check(values, layers: n, perLayer: 700, maximumBytes: maximumBytes)
    let fps = planner.fps
    let lastFrame = planner.window * fps
    let stage = LayerChannels.stage(scene)
    let parents = planner.parents
    let order = LayerChannels.drawingOrder(scene, parents: parents)
    // Clipping (a list section's container clips its rows): Lottie's parenting carries
    // transforms only, so a container's descendants are drawn in a precomposition of their own,
    // laid over the container in its space and masked by its rectangle.
    var host = [Int](repeating: -1, count: n)
    var clips = [Bool](repeating: false, count: n)
    for l in 0..<n where parents[l] >= 0 { clips[parents[l]] = true }
    for l in 0..<n { clips[l] = clips[l] && LayerChannels.clipsChildren(scene.layers[l]) }
    for l in order where parents[l] >= 0 {
      let p = parents[l]
      host[l] = clips[p] ? p : host[p]
    }
    /// Per composition (-1 the main one, else a clipping container's), its members in drawing
    /// order: a layer, or (`precomp`) the precomposition of a container's descendants.
    var members: [Int: [(layer: Int, precomp: Bool)]] = [-1: []]
    for l in order {
      members[host[l], default: []].append((l, false))
      if clips[l] {
        members[host[l], default: []].append((l, true))
        members[l] = members[l] ?? []
      }
    }
    func layerText(_ l: Int) -> String {
      let layer = scene.layers[l]
      let c = firstChannel[l]
      func value(_ slot: Slot) -> ChannelValue { values[c + slot.rawValue] }
      var out = "{\"ddd\":0,\"ind\":\(l + 1),\"ty\":4,\"nm\":\(ExportText.json(layer.id)),"
      if parents[l] >= 0, parents[l] != host[l] { out += "\"parent\":\(parents[l] + 1)," }
      if case .constant(let o) = value(.opacity), o == [0] { out += "\"hd\":true," }
      out += "\"sr\":1,\"ks\":{\"o\":\(property(value(.opacity), fps: fps, scalar: true, digits: 2)),"
      out += "\"r\":\(property(value(.rotation), fps: fps, scalar: true)),"
      out += "\"p\":\(property(value(.position), fps: fps)),\"a\":\(property(value(.anchor), fps: fps)),"
      out += "\"s\":\(property(value(.scale), fps: fps))},\"ao\":0,\"shapes\":[{\"ty\":\"gr\",\"nm\":\"box\",\"it\":["
      out += "{\"ty\":\"rc\",\"nm\":\"rect\",\"d\":1,\"p\":\(property(value(.center), fps: fps)),"
      out += "\"s\":\(property(value(.size), fps: fps)),\"r\":\(property(value(.radius), fps: fps, scalar: true))},"
      if stops[l] > 0 {
        let stopValues = values[c + Slot.allCases.count + 2]
        let alpha = hasAlpha(stopValues, stops: stops[l])
        out += "{\"ty\":\"gf\",\"nm\":\"gradient\",\"o\":{\"a\":0,\"k\":100},\"r\":1,"
        out += "\"s\":\(property(values[c + Slot.allCases.count], fps: fps)),"
        out += "\"e\":\(property(values[c + Slot.allCases.count + 1], fps: fps)),\"t\":1,"
        out += "\"g\":{\"p\":\(stops[l]),\"k\":\(property(lottieStops(stopValues, stops: stops[l], alpha: alpha), fps: fps, digits: 4))}},"
      }
      if LayerChannels.isHole(layer) {
        out += "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":{\"a\":0,\"k\":[1,1,1]},\"o\":{\"a\":0,\"k\":100},\"r\":1},"
      } else {
        out += "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(property(value(.color), fps: fps, digits: 4)),"
        out += "\"o\":\(property(value(.alpha), fps: fps, scalar: true, digits: 2)),\"r\":1},"
      }
      out += "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},"
      out += "\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}],"
      out += "\"ip\":0,\"op\":\(ExportText.number(lastFrame)),\"st\":0,\"bm\":0}"
      return out
    }
    /// The precomposition layer of container `l`: in its space (parented to it, no transform of
    /// its own), as large as it ever is, masked by its rectangle.
    func precompText(_ l: Int) -> String {
      let size = values[firstChannel[l] + Slot.size.rawValue]
      var width = 0.0, height = 0.0
      for v in size.writtenValues where v.count == 2 {
        width = max(width, v[0])
        height = max(height, v[1])
      }
      var out = "{\"ddd\":0,\"ind\":\(n + l + 1),\"ty\":0,\"nm\":\(ExportText.json("clip " + scene.layers[l].id)),"
      out += "\"refId\":\"clip\(l)\",\"parent\":\(l + 1),\"sr\":1,"
      out += "\"ks\":{\"o\":{\"a\":0,\"k\":100},\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0]},"
      out += "\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]}},\"ao\":0,\"hasMask\":true,"
      out += "\"masksProperties\":[{\"nm\":\"clip\",\"mode\":\"a\",\"inv\":false,\"o\":{\"a\":0,\"k\":100},"
      out += "\"x\":{\"a\":0,\"k\":0},\"pt\":\(rectanglePath(size, fps: fps))}],"
      out += "\"w\":\(ExportText.number(width.rounded(.up))),\"h\":\(ExportText.number(height.rounded(.up))),"
      out += "\"ip\":0,\"op\":\(ExportText.number(lastFrame)),\"st\":0,\"bm\":0}"
      return out
    }
    var bytes = 0
    func composition(_ key: Int) throws(GhostframeError) -> String {
      var parts: [String] = []
      for member in (members[key] ?? []).reversed() {
        let text = member.precomp ? precompText(member.layer) : layerText(member.layer)
        bytes += text.utf8.count
        if bytes > maximumBytes { throw ExportSize.limitError(maximumBytes) }
        parts.append(text)
      }
      return "[" + parts.joined(separator: ",") + "]"
    }
    var assets: [String] = []
    for l in order where clips[l] {
      assets.append("{\"id\":\"clip\(l)\",\"nm\":\(ExportText.json("clip " + scene.layers[l].id)),\"layers\":\(try composition(l))}")
    }
    let main = try composition(-1)
    var out = "{\"v\":\"5.7.0\",\"fr\":\(ExportText.number(fps)),\"ip\":0,\"op\":\(ExportText.number(lastFrame)),"
    out += "\"w\":\(ExportText.number(stage.width)),\"h\":\(ExportText.number(stage.height)),\"nm\":\"ghostframe\","
    out += "\"ddd\":0,\"assets\":[\(assets.joined(separator: ","))],\"layers\":\(main),\"markers\":[\(markers.joined(separator: ","))]}"
    if out.utf8.count > maximumBytes { throw ExportSize.limitError(maximumBytes) }
    return out
  }

  /// A closed rectangle path from (0, 0) to the size `[w, h]`, animated with the size.
  static func rectanglePath(_ size: ChannelValue, fps: Double) -> String {
    func shape(_ v: [Double]) -> String {
      let w = ExportText.number(v.count > 0 ? v[0] : 0), h = ExportText.number(v.count > 1 ? v[1] : 0)
      return "{\"c\":true,\"v\":[[0,0],[\(w),0],[\(w),\(h)],[0,\(h)]],\"i\":[[0,0],[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0],[0,0]]}"
    }
    guard case .animated(let track, _) = size else {
      return "{\"a\":0,\"k\":\(shape(size.initial))}"
    }
    return animated(track, fps: fps) { "[" + shape($0) + "]" }
  }

  /// Whether a stop's alpha is ever below 1.
  static func hasAlpha(_ value: ChannelValue, stops: Int) -> Bool {
    value.writtenValues.contains { v in (0..<stops).contains { i in 5 * i + 4 < v.count && v[5 * i + 4] < 1 } }
  }

  /// [location, r, g, b] per stop, then [location, alpha] per stop when `alpha`.
  static func lottieStops(_ value: ChannelValue, stops: Int, alpha: Bool) -> ChannelValue {
    value.mapped { v in
      var colors: [Double] = [], alphas: [Double] = []
      for i in 0..<stops where 5 * i + 4 < v.count {
        colors += [v[5 * i], v[5 * i + 1], v[5 * i + 2], v[5 * i + 3]]
        alphas += [v[5 * i], v[5 * i + 4]]
      }
      return alpha ? colors + alphas : colors
    }
  }

  /// A property: `{"a":0,"k":value}` or `{"a":1,"k":[keyframes]}` with times in frames.
  static func property(_ value: ChannelValue, fps: Double, scalar: Bool = false, digits: Int = 3) -> String {
    func list(_ v: [Double]) -> String {
      if scalar, v.count == 1 { return ExportText.number(v[0], digits) }
      return "[" + v.map { ExportText.number($0, digits) }.joined(separator: ",") + "]"
    }
    switch value {
    case .constant(let v):
      return "{\"a\":0,\"k\":\(list(v))}"
    case .timed(let timed):
      // (Lottie documents are resolved without timed values.)
      return "{\"a\":0,\"k\":\(list(timed.base))}"
    case .animated(let track, _):
      return animated(track, fps: fps) { v in "[" + v.map { ExportText.number($0, digits) }.joined(separator: ",") + "]" }
    }
  }

  /// An animated property: `{"a":1,"k":[keyframes]}`, times in frames, each keyframe's value
  /// (`s`) written by `value`, its ease as Lottie's `o`/`i` tangents or a hold (`steps()` and
  /// `linear()` expanded into linear keyframes first).
  static func animated(_ track: ExportTrack, fps: Double, value: ([Double]) -> String) -> String {
    let keyframes = ExportSize.separated(track.expanded.keyframes, by: 0.001 / fps)
    var parts: [String] = []
    for (i, keyframe) in keyframes.enumerated() {
      var text = "{\"t\":\(ExportText.number(keyframe.time * fps, 4)),\"s\":" + value(keyframe.values)
      if i + 1 < keyframes.count {
        switch keyframe.ease {
        case .hold: text += ",\"h\":1"
        case .linear, .bezier, .steps, .points:
          let (x1, y1, x2, y2) = keyframe.ease.controlPoints
          text += ",\"o\":{\"x\":\(ExportText.number(x1, 4)),\"y\":\(ExportText.number(y1, 4))}"
          text += ",\"i\":{\"x\":\(ExportText.number(x2, 4)),\"y\":\(ExportText.number(y2, 4))}"
        }
      }
      parts.append(text + "}")
    }
    return "{\"a\":1,\"k\":[" + parts.joined(separator: ",") + "]}"
  }
}
