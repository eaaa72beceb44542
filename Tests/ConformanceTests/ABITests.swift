import CGhostframe
import Foundation
import Ghostframe
import Testing

/// The library's exports against the header: the same set, callable, and versioned as declared.
@Suite("ABI")
struct ABITests {
  @Test("the library loads for the dynamic-host side")
  func libraryLoads() throws {
    if case .failure(let error) = NativeLibrary.shared {
      Issue.record("\(error)")
    }
    #expect(engines.count == 2)
  }

  @Test("the header parses into the function list")
  func headerParses() {
    let names = Set(Header.functions.map(\.name))
    #expect(names.count == Header.functions.count, "a function is declared twice")
    for required in ["gf_version_string", "gf_abi_version", "gf_status_string", "gf_last_error_message",
                     "gf_curve_parse", "gf_curve_eval", "gf_curve_eval_n", "gf_curve_free"] {
      #expect(names.contains(required))
    }
  }

  @Test("exported gf_* symbols equal the declared ones")
  func exportsEqualDeclarations() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let nm = Process()
    nm.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    nm.arguments = ["nm", "-D", "--defined-only", library.path]
    let pipe = Pipe()
    nm.standardOutput = pipe
    try nm.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    nm.waitUntilExit()
    let exported = Set(output.split(separator: "\n").compactMap { line -> String? in
      let fields = line.split(separator: " ")
      guard fields.count == 3, fields[1] == "T" else { return nil }
      return String(fields[2].split(separator: "@").first ?? "")
    })
    let declared = Set(Header.functions.map(\.name))
    #expect(exported.subtracting(declared).isEmpty, "exported but not declared")
    #expect(declared.subtracting(exported).isEmpty, "declared but not exported")
    #expect(!exported.isEmpty)
  }

  @Test("runtime versions equal the header's macros and the Swift API's")
  func versions() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    #expect(library.call("gf_abi_version", returns: .uint32, []).uint32 == UInt32(GF_ABI_VERSION))
    let number = UInt32(GF_VERSION_MAJOR * 10000 + GF_VERSION_MINOR * 100 + GF_VERSION_PATCH)
    #expect(library.call("gf_version_number", returns: .uint32, []).uint32 == number)
    let text = try #require(library.call("gf_version_string", returns: .pointer, []).pointer)
    let version = String(cString: text.assumingMemoryBound(to: CChar.self))
    #expect(version == GF_VERSION_STRING)
    #expect(version == "\(GF_VERSION_MAJOR).\(GF_VERSION_MINOR).\(GF_VERSION_PATCH)")
    #expect(GhostframeVersion.string.description == version)
    let swiftVersion: [Int] = [GhostframeVersion.major, GhostframeVersion.minor, GhostframeVersion.patch]
    let headerVersion: [Int] = [Int(GF_VERSION_MAJOR), Int(GF_VERSION_MINOR), Int(GF_VERSION_PATCH)]
    #expect(swiftVersion == headerVersion)
  }

  @Test("every status code has a name, and the Swift error codes are the C codes")
  func statusNames() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    func name(_ status: Int32) -> String {
      guard let p = library.call("gf_status_string", returns: .pointer, [(.int32, .int32(status))]).pointer
      else { return "<NULL>" }
      return String(cString: p.assumingMemoryBound(to: CChar.self))
    }
    let expected: [Int32: String] = [
      GF_OK: "GF_OK", GF_E_NULL_ARGUMENT: "GF_E_NULL_ARGUMENT", GF_E_INVALID_ARGUMENT: "GF_E_INVALID_ARGUMENT",
      GF_E_PARSE: "GF_E_PARSE", GF_E_BUFFER_TOO_SMALL: "GF_E_BUFFER_TOO_SMALL",
      GF_E_INVALID_UTF8: "GF_E_INVALID_UTF8", GF_E_NOT_FOUND: "GF_E_NOT_FOUND", GF_E_LIMIT: "GF_E_LIMIT",
      GF_E_MISUSE: "GF_E_MISUSE", GF_E_CALLBACK: "GF_E_CALLBACK", GF_E_IO: "GF_E_IO", GF_E_INTERNAL: "GF_E_INTERNAL",
    ]
    for (status, text) in expected { #expect(name(status) == text) }
    #expect(name(12345) == "unknown status")
    for code in GhostframeError.Code.allCases {
      #expect(expected[code.rawValue] != nil, "Swift code \(code) has no C status")
    }
  }
}

/// The engine writes LayerState straight into a caller's gf_layer_state buffer: every field
/// must sit at the same offset with the same size.
@Suite("Layer state layout")
struct LayerStateLayoutTests {
  @Test("LayerState and gf_layer_state have the same layout, field for field")
  func sameLayout() throws {
    typealias C = gf_layer_state
    typealias S = LayerState
    #expect(MemoryLayout<S>.size == MemoryLayout<C>.size)
    #expect(MemoryLayout<S>.stride == MemoryLayout<C>.stride)
    let pairs: [(String, Int?, Int?)] = [
      ("index", MemoryLayout<S>.offset(of: \.index), MemoryLayout<C>.offset(of: \.index)),
      ("parent", MemoryLayout<S>.offset(of: \.parent), MemoryLayout<C>.offset(of: \.parent)),
      ("flags", MemoryLayout<S>.offset(of: \.flags), MemoryLayout<C>.offset(of: \.flags)),
      ("stops", MemoryLayout<S>.offset(of: \.gradientStopCount), MemoryLayout<C>.offset(of: \.gradient_stop_count)),
      ("x", MemoryLayout<S>.offset(of: \.x), MemoryLayout<C>.offset(of: \.x)),
      ("height", MemoryLayout<S>.offset(of: \.height), MemoryLayout<C>.offset(of: \.height)),
      ("corner", MemoryLayout<S>.offset(of: \.cornerRadius), MemoryLayout<C>.offset(of: \.corner_radius)),
      ("red", MemoryLayout<S>.offset(of: \.red), MemoryLayout<C>.offset(of: \.r)),
      ("alpha", MemoryLayout<S>.offset(of: \.alpha), MemoryLayout<C>.offset(of: \.a)),
      ("opacity", MemoryLayout<S>.offset(of: \.opacity), MemoryLayout<C>.offset(of: \.opacity)),
      ("transform", MemoryLayout<S>.offset(of: \.transform), MemoryLayout<C>.offset(of: \.transform)),
      ("transform.ty", MemoryLayout<S>.offset(of: \.transform.ty), MemoryLayout<C>.offset(of: \.transform.5)),
      ("z", MemoryLayout<S>.offset(of: \.zPosition), MemoryLayout<C>.offset(of: \.z_position)),
      ("start", MemoryLayout<S>.offset(of: \.gradientStart), MemoryLayout<C>.offset(of: \.gradient_start_x)),
      ("end.y", MemoryLayout<S>.offset(of: \.gradientEnd.y), MemoryLayout<C>.offset(of: \.gradient_end_y)),
      ("locations", MemoryLayout<S>.offset(of: \.gradientLocations), MemoryLayout<C>.offset(of: \.gradient_locations)),
      ("colors", MemoryLayout<S>.offset(of: \.gradientColors), MemoryLayout<C>.offset(of: \.gradient_colors)),
    ]
    for (name, swift, c) in pairs {
      #expect(swift != nil && swift == c, "\(name): \(String(describing: swift)) vs \(String(describing: c))")
    }
    #expect(MemoryLayout<InlineArray<16, Double>>.size == MemoryLayout.size(ofValue: C().gradient_colors))
  }

  /// The layer properties the sampler copies into a state as their slots hold them (the
  /// description's state offsets, LayerProperty+Table.swift) land on the header's fields, with as
  /// many doubles in the header as the property has slots.
  @Test("the copied layer properties land on gf_layer_state's fields, one double per slot")
  func copiedPropertiesMatchHeader() throws {
    typealias C = gf_layer_state
    let double = MemoryLayout<Double>.stride
    let red = try #require(MemoryLayout<C>.offset(of: \.r)), alpha = try #require(MemoryLayout<C>.offset(of: \.a))
    let header: [String: (offset: Int?, doubles: Int)] = [
      "cornerRadius": (MemoryLayout<C>.offset(of: \.corner_radius), 1),
      "backgroundColor": (red, (alpha - red) / double + 1),
      "zPosition": (MemoryLayout<C>.offset(of: \.z_position), 1),
    ]
    let copied = LayerProperty.all.filter { $0.stateOffset != nil }
    #expect(copied.map(\.key).sorted() == header.keys.sorted())
    for property in copied {
      let field = try #require(header[property.key])
      #expect(property.stateOffset == field.offset, "\(property.key)")
      #expect(property.slotCount == field.doubles, "\(property.key)")
    }
  }
}
