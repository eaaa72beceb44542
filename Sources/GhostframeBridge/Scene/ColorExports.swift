import CGhostframe
import Ghostframe

@c @implementation
public func gf_color_parse(_ text: UnsafePointer<CChar>?, _ outRGBA: UnsafeMutablePointer<Double>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outRGBA, "out_rgba")
    let string = try requiredText(text, "text")
    let color = try engine(Color.parse(string, what: "text"))
    out[0] = color.red
    out[1] = color.green
    out[2] = color.blue
    out[3] = color.alpha
  }
}
