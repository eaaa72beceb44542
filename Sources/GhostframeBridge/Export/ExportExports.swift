import CGhostframe
import Ghostframe

/// The formats by their GF_EXPORT_* values.
private let formats: [Int32: ExportFormat] = [GF_EXPORT_LOTTIE: .lottie, GF_EXPORT_HTML: .html, GF_EXPORT_SVG: .svg]

@c @implementation
public func gf_export_params_init(_ params: UnsafeMutablePointer<gf_export_params>?) {
  guard let params else { return }
  params.pointee = gf_export_params(
    struct_size: UInt32(MemoryLayout<gf_export_params>.size), format: GF_EXPORT_LOTTIE, duration: 0, fps: 60,
    max_bytes: UInt64(GF_MAX_EXPORT_BYTES))
}

@c @implementation
public func gf_export_report_init(_ report: UnsafeMutablePointer<gf_export_report>?) {
  guard let report else { return }
  report.pointee = gf_export_report(
    struct_size: UInt32(MemoryLayout<gf_export_report>.size), loops: 0, duration: 0, fps: 0, max_error: 0,
    baked_properties: 0, exact_properties: 0)
}

@c @implementation
public func gf_scene_export(
  _ scene: OpaquePointer?, _ params: UnsafePointer<gf_export_params>?, _ buffer: UnsafeMutablePointer<CChar>?,
  _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?, _ outReport: UnsafeMutablePointer<gf_export_report>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SceneBox = try call.enter(scene, "scene", .read)
    let length = try required(outLength, "out_length")
    var p = gf_export_params()
    gf_export_params_init(&p)
    if let params {
      p = try readVersioned(params, defaults: { gf_export_params_init($0) },
                            oldestSize: MemoryLayout<gf_export_params>.size, "gf_export_params")
    }
    if let outReport {
      try structSize(outReport.pointee.struct_size, atLeast: MemoryLayout<gf_export_report>.size, "out_report")
    }
    guard let format = formats[p.format] else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "format \(p.format) is not a GF_EXPORT_* value")
    }
    guard !p.duration.isNaN, p.duration >= 0, p.duration <= Double(GF_MAX_EXPORT_DURATION) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "duration must be 0 (the default) or in (0, \(GF_MAX_EXPORT_DURATION)] (got \(p.duration))")
    }
    guard p.fps.isFinite, p.fps > 0, p.fps <= Double(GF_MAX_EXPORT_FPS) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "fps must be in (0, \(GF_MAX_EXPORT_FPS)] (got \(p.fps))")
    }
    guard p.max_bytes >= 1, p.max_bytes <= UInt64(GF_MAX_EXPORT_BYTES) else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "max_bytes must be in 1...\(GF_MAX_EXPORT_BYTES) (got \(p.max_bytes))")
    }
    try validCapacity(capacity, elementSize: 1, "capacity")
    let options = ExportOptions(duration: p.duration == 0 ? nil : p.duration, fps: p.fps, maximumBytes: Int(p.max_bytes))
    let result = try engine(SceneExporter.export(box.scene, as: format, options: options))
    let bytes = result.text.utf8.count
    guard let buffer, capacity > bytes else {
      length.pointee = bytes
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "the document takes \(bytes) bytes and a NUL; the buffer holds \(capacity)")
    }
    var text = result.text
    text.withUTF8 { utf8 in
      if let base = utf8.baseAddress {
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes)
      }
    }
    buffer[bytes] = 0
    length.pointee = bytes
    if let outReport {
      outReport.pointee.loops = result.loops ? 1 : 0
      outReport.pointee.duration = result.duration
      outReport.pointee.fps = result.fps
      outReport.pointee.max_error = result.maximumError
      outReport.pointee.baked_properties = UInt32(clamping: result.bakedProperties)
      outReport.pointee.exact_properties = UInt32(clamping: result.exactProperties)
    }
  }
}
