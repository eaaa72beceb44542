import Foundation
import GhostframeCore

/// Writes a scene as an HTML page or a standalone SVG, animated by CSS animations (no script),
/// each with the scene's own timing where CSS states it (``TimedValue``), else `@keyframes` over
/// the export span: per layer a transform group in its parent's (the layer's position, rotation,
/// scale and anchor, as CSS's individual transform properties), holding the layer's box (size,
/// corner, fill, opacity through its ancestors) and then its children's groups, a list section's
/// clipped. A gradient is a large element inside the box, clipped to
/// it, with a static linear gradient along its x axis, moved by a transform so its axis runs
/// from the layer's start point to its end point; animated stops use registered custom
/// properties (`@property`) in HTML and `stop-color` in SVG.
struct CSSWriter {
  /// The channels of one layer.
  private struct LayerPlan {
    var translate = 0, rotate = 0, scale = 0, anchor = 0, size = 0, radius = 0, fill = 0, opacity = 0
    var gradient: Int?
    var stops: Int?
    var stopCount = 0
    /// The gradient's length along its axis at the model (points).
    var length = 0.0
  }

  static func write(_ scene: Scene, planner: inout ExportPlanner, loops: Bool, svg: Bool, maximumBytes: Int)
    throws(GhostframeError) -> String
  {
    let n = scene.layers.count
    let S = ExportSlot.self
    var channels: [ExportChannel] = []
    var plans = [LayerPlan](repeating: LayerPlan(), count: n)
    let stride = SceneSampler.exportSlotCount
    for l in 0..<n {
      let layer = scene.layers[l]
      var plan = LayerPlan()
      // The transform as CSS's individual properties, each animated on its own: translate,
      // rotate, scale, then `transform` moving the anchor point to the origin.
      plan.translate = channels.count
      channels.append(LayerChannels.position(l))
      plan.rotate = channels.count
      channels.append(LayerChannels.rotation(l))
      plan.scale = channels.count
      channels.append(LayerChannels.scale(l))
      plan.anchor = channels.count
      channels.append(LayerChannels.anchor(l))
      plan.size = channels.count
      channels.append(LayerChannels.size(l))
      plan.radius = channels.count
      channels.append(LayerChannels.radius(l))
      plan.fill = channels.count
      channels.append(combined([LayerChannels.color(l), LayerChannels.alpha(l)]))
      plan.opacity = channels.count
      channels.append(LayerChannels.opacity(l, chain: planner.chain(of: l)))
      let stops = LayerChannels.isHole(layer) ? 0 : LayerChannels.stopCount(of: layer)
      if stops > 0 {
        let row = l * stride, m = planner.model
        let dx = (m[row + S.gradientEnd] - m[row + S.gradientStart]) * m[row + S.width]
        let dy = (m[row + S.gradientEnd + 1] - m[row + S.gradientStart + 1]) * m[row + S.height]
        let length = (dx * dx + dy * dy).squareRoot()
        if length > 1e-9, length.isFinite {
          plan.length = length
          plan.stopCount = stops
          plan.gradient = channels.count
          channels.append(gradientTransform(l, length: length))
          plan.stops = channels.count
          channels.append(LayerChannels.gradientStops(l, stops: stops))
        }
      }
      plans[l] = plan
    }
    let values = try planner.resolve(channels, timed: true)
    try ExportSize.check(values, layers: n, perLayer: svg ? 420 : 300, maximumBytes: maximumBytes)
    let customs = planner.customChannels()

    var css = CSSSheet(window: planner.window, loops: loops)
    // Custom properties (a skeleton's content opacity): registered, inherited numbers on the
    // layer's element, for the page's own content to read.
    var registered = Set<String>()
    for custom in customs {
      if registered.insert(custom.cssName).inserted {
        css.property(custom.cssName, syntax: "<number>", initial: "0", inherits: true)
      }
      css.rule("#l\(custom.layer)", custom.value, svg: svg) { v in [custom.cssName: ExportText.number(v[0], 5)] }
    }
    let stage = LayerChannels.stage(scene)
    let parents = planner.parents
    let order = LayerChannels.drawingOrder(scene, parents: parents)
    var children = [[Int]](repeating: [], count: n)
    var roots: [Int] = []
    for l in order {
      if parents[l] >= 0 { children[parents[l]].append(l) } else { roots.append(l) }
    }
    var body = ""
    // Depth first, with explicit closing of each layer's group after its children.
    var stack: [(layer: Int, closing: Bool)] = roots.reversed().map { ($0, false) }
    while let (l, closing) = stack.popLast() {
      let layer = scene.layers[l]
      let plan = plans[l]
      if closing {
        if LayerChannels.clipsChildren(layer) && !children[l].isEmpty { body += svg ? "</g>" : "</div>" }
        body += svg ? "</g>\n" : "</div>\n"
        continue
      }
      let title = ExportText.markup(layer.id)
      if case .constant(let p) = values[plan.translate], case .constant([0]) = values[plan.rotate],
         case .constant([100, 100]) = values[plan.scale], case .constant(let a) = values[plan.anchor] {
        // A layer that only sits somewhere: one translation.
        css.rule("#l\(l)", .constant([p[0] - a[0], p[1] - a[1]]), svg: svg, identity: [0, 0]) { v in
          ["translate": "\(px(v[0])) \(px(v[1]))"]
        }
      } else {
        css.rule("#l\(l)", values[plan.translate], svg: svg, identity: [0, 0]) { v in ["translate": "\(px(v[0])) \(px(v[1]))"] }
        css.rule("#l\(l)", values[plan.rotate], svg: svg, identity: [0]) { v in ["rotate": "\(ExportText.number(v[0], 4))deg"] }
        css.rule("#l\(l)", values[plan.scale], svg: svg, identity: [100, 100]) { v in
          ["scale": "\(ExportText.number(v[0] / 100, 5)) \(ExportText.number(v[1] / 100, 5))"]
        }
        css.rule("#l\(l)", values[plan.anchor], svg: svg, identity: [0, 0]) { v in
          ["transform": "translate(\(px(-v[0])),\(px(-v[1])))"]
        }
      }
      css.rule(svg ? "#r\(l)" : "#b\(l)", values[plan.size], svg: svg) { v in
        ["width": px(v[0]), "height": px(v[1])]
      }
      css.rule(svg ? "#r\(l)" : "#b\(l)", values[plan.radius], svg: svg, identity: [0]) { v in
        svg ? ["rx": px(v[0]), "ry": px(v[0])] : ["border-radius": px(v[0])]
      }
      if LayerChannels.isHole(layer) {
        css.rule(svg ? "#r\(l)" : "#b\(l)", .constant([1, 1, 1, 100]), svg: svg) { v in
          [svg ? "fill" : "background-color": ExportText.cssColor(v[0..<3], alpha: v[3] / 100)]
        }
      } else {
        css.rule(svg ? "#r\(l)" : "#b\(l)", values[plan.fill], svg: svg) { v in
          [svg ? "fill" : "background-color": ExportText.cssColor(v[0..<3], alpha: v[3] / 100)]
        }
      }
      css.rule("#b\(l)", values[plan.opacity], svg: svg, identity: [100]) { v in ["opacity": ExportText.number(v[0] / 100, 4)] }
      if svg {
        body += "<g id=\"l\(l)\" class=\"l\"><title>\(title)</title><g id=\"b\(l)\"><rect id=\"r\(l)\"/>"
      } else {
        body += "<div id=\"l\(l)\" title=\"\(title)\"><div id=\"b\(l)\" class=\"b\">"
      }
      if let g = plan.gradient, let s = plan.stops {
        // A whole number of pixels: the element's offset is laid out, and a layout offset snaps.
        let reach = (gradientReach(values[g], size: values[plan.size], window: planner.window) + plan.length + 2).rounded(.up)
        let k = ExportText.number(reach, 2), span = ExportText.number(plan.length + 2 * reach, 2)
        css.rule(svg ? "#g\(l)" : "#g\(l)", values[g], svg: svg) { v in
          ["transform": "translate(\(px(v[0])),\(px(v[1]))) rotate(\(ExportText.number(v[2], 4))deg) scale(\(ExportText.number(v[3], 5)))"]
        }
        if svg {
          // The clip follows the box's size and corner.
          css.rule("#q\(l)", values[plan.size], svg: svg) { v in ["width": px(v[0]), "height": px(v[1])] }
          css.rule("#q\(l)", values[plan.radius], svg: svg) { v in ["rx": px(v[0]), "ry": px(v[0])] }
          body += "<clipPath id=\"c\(l)\"><rect id=\"q\(l)\"/></clipPath>"
          body += "<linearGradient id=\"d\(l)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" x2=\"\(ExportText.number(plan.length, 3))\" y2=\"0\">"
          let initial = values[s].initial
          for i in 0..<plan.stopCount {
            body += "<stop id=\"s\(l)-\(i)\" offset=\"\(ExportText.number(min(max(initial[5 * i], 0), 1), 4))\"/>"
            css.rule("#s\(l)-\(i)", stopValue(values[s], stop: i), svg: svg) { v in
              ["stop-color": ExportText.cssColor(v[0..<3]), "stop-opacity": ExportText.number(v[3], 4)]
            }
          }
          body += "</linearGradient><g clip-path=\"url(#c\(l))\"><rect id=\"g\(l)\" x=\"-\(k)\" y=\"-\(k)\" width=\"\(span)\" height=\"\(ExportText.number(2 * reach, 2))\" fill=\"url(#d\(l))\"/></g>"
        } else {
          var stopsText: [String] = []
          if values[s].isAnimated {
            for i in 0..<plan.stopCount {
              css.property("--c\(l)-\(i)", syntax: "<color>", initial: "transparent")
              css.property("--p\(l)-\(i)", syntax: "<length>", initial: "0px")
              stopsText.append("var(--c\(l)-\(i)) var(--p\(l)-\(i))")
            }
            css.rule("#g\(l)", values[s], svg: false) { v in
              var declarations: [String: String] = [:]
              for i in 0..<plan.stopCount {
                declarations["--c\(l)-\(i)"] = ExportText.cssColor(v[(5 * i + 1)..<(5 * i + 4)], alpha: v[5 * i + 4])
                declarations["--p\(l)-\(i)"] = px(reach + v[5 * i] * plan.length)
              }
              return declarations
            }
          } else {
            let v = values[s].initial
            for i in 0..<plan.stopCount {
              stopsText.append("\(ExportText.cssColor(v[(5 * i + 1)..<(5 * i + 4)], alpha: v[5 * i + 4])) \(px(reach + v[5 * i] * plan.length))")
            }
          }
          css.staticRule("#g\(l)", [
            "left": "-\(k)px", "top": "-\(k)px", "width": "\(span)px", "height": "\(ExportText.number(2 * reach, 2))px",
            "transform-origin": "\(k)px \(k)px",
            "background-image": "linear-gradient(to right,\(stopsText.joined(separator: ",")))",
          ])
          body += "<div id=\"g\(l)\"></div>"
        }
      }
      body += svg ? "</g>" : "</div>"
      if LayerChannels.clipsChildren(layer) && !children[l].isEmpty {
        if svg {
          css.rule("#k\(l)", values[plan.size], svg: svg) { v in ["width": px(v[0]), "height": px(v[1])] }
          body += "<clipPath id=\"x\(l)\"><rect id=\"k\(l)\"/></clipPath><g clip-path=\"url(#x\(l))\">"
        } else {
          css.rule("#k\(l)", values[plan.size], svg: svg) { v in ["width": px(v[0]), "height": px(v[1])] }
          css.staticRule("#k\(l)", ["overflow": "hidden"])
          body += "<div id=\"k\(l)\">"
        }
      }
      body += "\n"
      stack.append((l, true))
      for child in children[l].reversed() { stack.append((child, false)) }
      if body.utf8.count + css.bytes > maximumBytes { throw ExportSize.limitError(maximumBytes) }
    }
    let w = ExportText.number(stage.width), h = ExportText.number(stage.height)
    var text: String
    if svg {
      // The sheet as character data: `@property` syntaxes hold a `<`, which XML (and HTML's parser
      // inside an <svg>) would read as a tag.
      text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n<style><![CDATA[\n"
      text += "svg *{transform-box:view-box;transform-origin:0 0}\n"
      text += css.text(reducedMotionSelector: "svg *")
      text += "]]></style>\n" + body + "</svg>\n"
    } else {
      text = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>ghostframe</title><style>\n"
      text += "body{margin:0;background:#fff}\n.gf{position:relative;overflow:hidden;width:\(w)px;height:\(h)px}\n"
      text += ".gf div{position:absolute;left:0;top:0;transform-origin:0 0}\n.gf .b{overflow:hidden}\n"
      text += css.text(reducedMotionSelector: ".gf div")
      text += "</style></head><body><div class=\"gf\">\n" + body + "</div></body></html>\n"
    }
    if text.utf8.count > maximumBytes { throw ExportSize.limitError(maximumBytes) }
    return text
  }

  /// `[tx, ty, degrees, scale]` that maps the gradient element's x axis from (0, 0)–(length, 0)
  /// onto the layer's start and end points.
  static func gradientTransform(_ l: Int, length: Double) -> ExportChannel {
    let start = LayerChannels.gradientPoint(l, end: false), end = LayerChannels.gradientPoint(l, end: true)
    return ExportChannel(inputs: start.inputs + end.inputs, errorScale: [1, 1, 1, length]) { r, out in
      let s = start.evaluate(r), e = end.evaluate(r)
      let dx = e[0] - s[0], dy = e[1] - s[1]
      out[0] = s[0]
      out[1] = s[1]
      out[2] = atan2(dy, dx) * 180 / Double.pi
      out[3] = (dx * dx + dy * dy).squareRoot() / length
    }
  }

  /// How far the box's corners lie from the gradient's start, in the gradient element's units,
  /// over the window.
  static func gradientReach(_ transform: ChannelValue, size: ChannelValue, window: Double) -> Double {
    var reach = 0.0
    for i in 0...200 {
      let t = window * Double(i) / 200
      let g = transform.values(at: t), s = size.values(at: t)
      guard g.count == 4, s.count == 2, g[3] > 1e-6 else { continue }
      for (x, y) in [(0.0, 0.0), (s[0], 0), (0, s[1]), (s[0], s[1])] {
        let d = ((x - g[0]) * (x - g[0]) + (y - g[1]) * (y - g[1])).squareRoot() / g[3]
        reach = max(reach, d)
      }
    }
    return min(reach, 1e6)
  }

  /// One stop's `[r, g, b, a]` from the stops channel.
  static func stopValue(_ value: ChannelValue, stop i: Int) -> ChannelValue {
    value.mapped { v in 5 * i + 4 < v.count ? Array(v[(5 * i + 1)...(5 * i + 4)]) : [0, 0, 0, 0] }
  }

  static func px(_ v: Double) -> String { ExportText.number(v, 3) + "px" }

  /// Several channels as one: their values laid end to end.
  static func combined(_ parts: [ExportChannel]) -> ExportChannel {
    ExportChannel(inputs: parts.flatMap(\.inputs), errorScale: parts.flatMap(\.errorScale)) { r, out in
      var offset = 0
      for part in parts {
        for v in part.evaluate(r) {
          out[offset] = v
          offset += 1
        }
      }
    }
  }
}

/// The style sheet: static declarations per selector, `@keyframes` (each distinct one once),
/// and the animations each selector runs.
struct CSSSheet {
  let window: Double
  let loops: Bool
  private var selectors: [String] = []
  private var declarations: [String: [(String, String)]] = [:]
  private var animations: [String: [String]] = [:]
  private var keyframes: [String] = []
  /// The name of each distinct `@keyframes` body.
  private var names: [String: String] = [:]
  private var properties: [String] = []
  private(set) var bytes = 0

  init(window: Double, loops: Bool) {
    self.window = window
    self.loops = loops
  }

  private mutating func touch(_ selector: String) {
    if declarations[selector] == nil {
      selectors.append(selector)
      declarations[selector] = []
    }
  }

  /// Declarations that never change.
  mutating func staticRule(_ selector: String, _ values: [String: String]) {
    touch(selector)
    for key in values.keys.sorted() { declarations[selector, default: []].append((key, values[key] ?? "")) }
    bytes += values.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
  }

  /// A `@property` registration.
  mutating func property(_ name: String, syntax: String, initial: String, inherits: Bool = false) {
    properties.append("@property \(name){syntax:'\(syntax)';inherits:\(inherits);initial-value:\(initial)}")
  }

  /// The declarations `make` gives for a channel: static (left out when it is `identity`, the
  /// property's initial value), a `@keyframes` over the window, or the scene's own animations
  /// with their own timings, each a `@keyframes` over one iteration.
  mutating func rule(_ selector: String, _ value: ChannelValue, svg: Bool, identity: [Double]? = nil,
                     _ make: ([Double]) -> [String: String]) {
    switch value {
    case .constant(let v):
      if let identity, v == identity {
        touch(selector)
        return
      }
      staticRule(selector, make(v))
    case .animated(let track, _):
      // The first values as the static state too (before the animation applies, reduced motion).
      staticRule(selector, make(track.keyframes.first?.values ?? []))
      let name = keyframes(track, span: window, make)
      animations[selector, default: []].append("\(name) \(ExportText.number(window, 4))s linear 0s \(loops ? "infinite" : "1") both")
    case .timed(let timed):
      // The value without animations as the static state (between them, reduced motion).
      if let identity, timed.base == identity { touch(selector) } else { staticRule(selector, make(timed.base)) }
      for animation in timed.animations {
        let name = keyframes(animation.track, span: 1, make)
        animations[selector, default: []].append("\(name) \(animation.timing.text)")
      }
    }
  }

  /// The `@keyframes` of `track` (times in [0, `span`]), named once per distinct body.
  private mutating func keyframes(_ track: ExportTrack, span: Double, _ make: ([Double]) -> [String: String]) -> String {
    var frames = ExportSize.separated(track.keyframes, by: span * 1e-5).filter { $0.time >= 0 && $0.time <= span }
    if let first = frames.first, first.time > 0 {
      frames.insert(ExportKeyframe(time: 0, values: track.values(at: 0), ease: .linear), at: 0)
    }
    if let last = frames.last, last.time < span {
      frames.append(ExportKeyframe(time: span, values: last.values, ease: .linear))
    }
    var body = ""
    for (i, frame) in frames.enumerated() {
      let offset = span > 0 ? frame.time / span * 100 : 0
      let declarations = make(frame.values).sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        .joined(separator: ";")
      var timing = ""
      // (A hold between equal values needs none.)
      if i + 1 < frames.count, frame.ease != .linear, !(frame.ease == .hold && frames[i + 1].values == frame.values) {
        timing = ";animation-timing-function:" + frame.ease.cssText
      }
      body += "\(ExportText.number(offset, 4))%{\(declarations)\(timing)}"
    }
    if let name = names[body] { return name }
    let name = "k\(keyframes.count)"
    names[body] = name
    let text = "@keyframes \(name){\(body)}"
    keyframes.append(text)
    bytes += text.utf8.count
    return name
  }

  /// The sheet: registrations, rules with their animations, keyframes, reduced motion.
  func text(reducedMotionSelector: String) -> String {
    var out = properties.joined(separator: "\n")
    if !out.isEmpty { out += "\n" }
    for selector in selectors {
      var parts = (declarations[selector] ?? []).map { "\($0.0):\($0.1)" }
      if let list = animations[selector], !list.isEmpty {
        parts.append("animation:" + list.joined(separator: ","))
      }
      guard !parts.isEmpty else { continue }
      out += "\(selector){\(parts.joined(separator: ";"))}\n"
    }
    out += keyframes.joined(separator: "\n")
    out += "\n@media (prefers-reduced-motion: reduce){\(reducedMotionSelector){animation:none!important}}\n"
    return out
  }
}
